/**
 * Access and audit specs of /api/v1/tags (server/src/test/route-specs.ts); who may call each
 * route comes from the resource definition (contracts/tags.resource.ts, `routeAccess`).
 */
import { tagResource } from '../../../../contracts';
import { routeAccess } from '../../../../contracts/resource';
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';

const allow = routeAccess(tagResource);

let made = 0;
/** Creates a tag as the administrator; returns its id. */
async function makeTag(w: World): Promise<string> {
  made += 1;
  const res = await call(w.app, 'POST', '/api/v1/tags', { cookie: w.users.admin.cookie, body: { name: `walk-${made}`, color: '#1677ff' } });
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/tags': { allow: allow['GET /api/v1/tags'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/tags', { cookie }) },
  'POST /api/v1/tags': {
    allow: allow['POST /api/v1/tags'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/tags', { cookie, body: { name: '' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/tags', { cookie: w.users.admin.cookie, body: { name: 'Walk', color: '#ff0000' } }) },
  },
  'PATCH /api/v1/tags/:id': {
    allow: allow['PATCH /api/v1/tags/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/tags/${MISSING_ID}`, { cookie, body: { color: '#000000' } }),
    audit: {
      prepare: makeTag,
      run: (w, id: string) => call(w.app, 'PATCH', `/api/v1/tags/${id}`, { cookie: w.users.admin.cookie, body: { color: '#00ff00' } }),
    },
  },
  'DELETE /api/v1/tags/:id': {
    allow: allow['DELETE /api/v1/tags/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/tags/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: makeTag,
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/tags/${id}`, { cookie: w.users.admin.cookie }),
    },
  },
  'PUT /api/v1/tags/assign': {
    allow: allow['PUT /api/v1/tags/assign'],
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
    allow: allow['GET /api/v1/tags/of'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/tags/of?targetType=application&targetId=${w.appId}`, { cookie }),
  },
};
