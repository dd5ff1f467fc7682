/** Access and audit specs of /api/v1/categories (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MISSING_ID, SIGNED_IN, type RouteSpecs, type World } from '../../test/route-specs';

let made = 0;
/** Creates a root category as the administrator; returns its id. */
async function makeCategory(w: World): Promise<string> {
  made += 1;
  const res = await call(w.app, 'POST', '/api/v1/categories', { cookie: w.users.admin.cookie, body: { name: `Walk ${made}` } });
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/categories': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/categories', { cookie }) },
  'GET /api/v1/categories/of': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/categories/of?targetType=application&targetId=${w.appId}`, { cookie }),
  },
  'GET /api/v1/categories/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/categories/${MISSING_ID}`, { cookie }),
  },
  'POST /api/v1/categories': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/categories', { cookie, body: { name: '' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/categories', { cookie: w.users.admin.cookie, body: { name: 'Walk root' } }) },
  },
  'PATCH /api/v1/categories/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/categories/${MISSING_ID}`, { cookie, body: { name: 'x' } }),
    audit: {
      prepare: makeCategory,
      run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/categories/${id}`, { cookie: w.users.admin.cookie, body: { description: 'Walked' } }),
    },
  },
  'PUT /api/v1/categories/:id/move': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PUT', `/api/v1/categories/${MISSING_ID}/move`, { cookie, body: { parentId: null, position: 0 } }),
    audit: {
      prepare: async (w) => ({ parent: await makeCategory(w), child: await makeCategory(w) }),
      run: (w, p: { parent: string; child: string }) =>
        call(w.app, 'PUT', `/api/v1/categories/${p.child}/move`, { cookie: w.users.admin.cookie, body: { parentId: p.parent, position: 0 } }),
    },
  },
  'DELETE /api/v1/categories/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/categories/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: makeCategory,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/categories/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'PUT /api/v1/categories/assign': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PUT', '/api/v1/categories/assign', { cookie, body: { targetType: 'Bad type' } }),
    audit: {
      prepare: makeCategory,
      run: (w, id: string) =>
        call(w.app, 'PUT', '/api/v1/categories/assign', {
          cookie: w.users.admin.cookie,
          body: { targetType: 'application', targetId: w.appId, categoryIds: [id] },
        }),
    },
  },
};
