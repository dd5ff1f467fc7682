/**
 * Access and audit specs of /api/v1/variables (server/src/test/route-specs.ts): who may call each
 * route comes from the resource definition (contracts/variables.resource.ts, `routeAccess`).
 */
import { variableResource } from '../../../../contracts';
import { routeAccess } from '../../../../contracts/resource';
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';

const allow = routeAccess(variableResource);

let made = 0;
/** Creates a text variable as the administrator; returns its id. */
async function makeVariable(w: World): Promise<string> {
  made += 1;
  const res = await call(w.app, 'POST', '/api/v1/variables', {
    cookie: w.users.admin.cookie,
    body: { key: `walk_${made}`, type: 'text', value: 'v' },
  });
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/variables': {
    allow: allow['GET /api/v1/variables'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/variables', { cookie }),
  },
  'POST /api/v1/variables': {
    allow: allow['POST /api/v1/variables'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/variables', { cookie, body: { key: '' } }),
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/variables', {
          cookie: w.users.admin.cookie,
          body: { key: 'API_TOKEN', type: 'secret', value: 's3cret' },
        }),
    },
  },
  'GET /api/v1/variables/:id': {
    allow: allow['GET /api/v1/variables/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/variables/${MISSING_ID}`, { cookie }),
  },
  'PATCH /api/v1/variables/:id': {
    allow: allow['PATCH /api/v1/variables/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/variables/${MISSING_ID}`, { cookie, body: { description: 'x' } }),
    audit: {
      prepare: makeVariable,
      run: (w, id: string) =>
        call(w.app, 'PATCH', `/api/v1/variables/${id}`, { cookie: w.users.admin.cookie, body: { value: 'w' } }),
    },
  },
  'DELETE /api/v1/variables/:id': {
    allow: allow['DELETE /api/v1/variables/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/variables/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: makeVariable,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/variables/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
};
