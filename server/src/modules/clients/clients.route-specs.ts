/** Access and audit specs of /api/v1/clients (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MISSING_ID, SIGNED_IN, type RouteSpecs, type World } from '../../test/route-specs';

/** Creates a client as the administrator and returns its id. */
async function makeClient(w: World, code: string): Promise<string> {
  const res = await call(w.app, 'POST', '/api/v1/clients', { cookie: w.users.admin.cookie, body: { code, name: `Client ${code}` } });
  if (res.statusCode !== 201) throw new Error(`client ${code}: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/clients': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/clients?sort=name:desc', { cookie }) },
  'GET /api/v1/clients/industries': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/clients/industries', { cookie }) },
  'GET /api/v1/clients/export': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/clients/export?format=csv', { cookie }) },
  'GET /api/v1/clients/:id': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', `/api/v1/clients/${MISSING_ID}`, { cookie }) },
  'POST /api/v1/clients': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/clients', { cookie, body: {} }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/clients', { cookie: w.users.admin.cookie, body: { code: 'WALK-1', name: 'Walk' } }) },
  },
  'PATCH /api/v1/clients/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/clients/${MISSING_ID}`, { cookie, body: { name: 'X' } }),
    audit: {
      prepare: (w) => makeClient(w, 'WALK-2'),
      run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/clients/${id}`, { cookie: w.users.admin.cookie, body: { status: 'inactive' } }),
    },
  },
  'DELETE /api/v1/clients/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/clients/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: (w) => makeClient(w, 'WALK-3'),
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/clients/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
};
