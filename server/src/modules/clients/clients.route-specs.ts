/**
 * Access and audit specs of /api/v1/clients (server/src/test/route-specs.ts): who may call each
 * route comes from the resource definition (contracts/clients.resource.ts, `routeAccess`), the
 * same declaration the routes' guards read.
 */
import { clientResource } from '../../../../contracts';
import { routeAccess } from '../../../../contracts/resource';
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';

const allow = routeAccess(clientResource);

/** Creates a client as the administrator and returns its id. */
async function makeClient(w: World, code: string): Promise<string> {
  const res = await call(w.app, 'POST', '/api/v1/clients', { cookie: w.users.admin.cookie, body: { code, name: `Client ${code}` } });
  if (res.statusCode !== 201) throw new Error(`client ${code}: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/clients': { allow: allow['GET /api/v1/clients'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/clients?sort=name:desc', { cookie }) },
  'GET /api/v1/clients/industries': { allow: allow['GET /api/v1/clients/industries'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/clients/industries', { cookie }) },
  'GET /api/v1/clients/export': { allow: allow['GET /api/v1/clients/export'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/clients/export?format=csv', { cookie }) },
  'GET /api/v1/clients/:id': { allow: allow['GET /api/v1/clients/:id'], call: (w, cookie) => call(w.app, 'GET', `/api/v1/clients/${MISSING_ID}`, { cookie }) },
  'POST /api/v1/clients': {
    allow: allow['POST /api/v1/clients'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/clients', { cookie, body: {} }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/clients', { cookie: w.users.admin.cookie, body: { code: 'WALK-1', name: 'Walk' } }) },
  },
  'PATCH /api/v1/clients/:id': {
    allow: allow['PATCH /api/v1/clients/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/clients/${MISSING_ID}`, { cookie, body: { name: 'X' } }),
    audit: {
      prepare: (w) => makeClient(w, 'WALK-2'),
      run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/clients/${id}`, { cookie: w.users.admin.cookie, body: { status: 'inactive' } }),
    },
  },
  'DELETE /api/v1/clients/:id': {
    allow: allow['DELETE /api/v1/clients/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/clients/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: (w) => makeClient(w, 'WALK-3'),
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/clients/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
};
