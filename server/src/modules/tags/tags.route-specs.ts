/** Access and audit specs of /api/v1/tags (server/src/test/route-specs.ts). */
import { call, json } from '../../test/helpers';
import { MISSING_ID, SIGNED_IN, type RouteSpecs, type World } from '../../test/route-specs';

let made = 0;
/** Creates a tag as the administrator; returns its id. */
async function makeTag(w: World): Promise<string> {
  made += 1;
  const res = await call(w.app, 'POST', '/api/v1/tags', { cookie: w.users.admin.cookie, body: { name: `walk-${made}`, color: '#1677ff' } });
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/tags': { allow: SIGNED_IN, call: (w, cookie) => call(w.app, 'GET', '/api/v1/tags', { cookie }) },
  'POST /api/v1/tags': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/tags', { cookie, body: { name: '' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/tags', { cookie: w.users.admin.cookie, body: { name: 'Walk', color: '#ff0000' } }) },
  },
  'PATCH /api/v1/tags/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/tags/${MISSING_ID}`, { cookie, body: { color: '#000000' } }),
    audit: {
      prepare: makeTag,
      run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/tags/${id}`, { cookie: w.users.admin.cookie, body: { color: '#00ff00' } }),
    },
  },
  'DELETE /api/v1/tags/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/tags/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: makeTag,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/tags/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'PUT /api/v1/tags/assign': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PUT', '/api/v1/tags/assign', { cookie, body: { targetType: 'Bad type' } }),
    audit: {
      prepare: makeTag,
      run: (w, id: string) =>
        call(w.app, 'PUT', '/api/v1/tags/assign', {
          cookie: w.users.admin.cookie,
          body: { targetType: 'application', targetId: w.appId, tagIds: [id] },
        }),
    },
  },
  'GET /api/v1/tags/of': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/tags/of?targetType=application&targetId=${w.appId}`, { cookie }),
  },
};
