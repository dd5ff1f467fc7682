/**
 * Access and audit specs of /api/v1/groups (server/src/test/route-specs.ts): who may call each
 * route comes from the resource definition (contracts/groups.resource.ts, `routeAccess`).
 */
import { groupResource } from '../../../../contracts';
import { routeAccess } from '../../../../contracts/resource';
import { call, json } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';

const allow = routeAccess(groupResource);

const admin = (w: World) => w.users.admin.cookie;
let made = 0;

/** Creates a group as the administrator (a unique name) and returns its id. */
async function makeGroup(w: World): Promise<string> {
  made += 1;
  const res = await call(w.app, 'POST', '/api/v1/groups', { cookie: admin(w), body: { name: `Spec group ${made}` } });
  if (res.statusCode !== 201) throw new Error(`group: ${res.statusCode} ${res.body}`);
  return json<{ data: { id: string } }>(res).data.id;
}

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/groups': {
    allow: allow['GET /api/v1/groups'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/groups?sort=memberCount:desc', { cookie }),
  },
  'POST /api/v1/groups': {
    allow: allow['POST /api/v1/groups'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/groups', { cookie, body: { name: '' } }),
    audit: {
      run: (w) => call(w.app, 'POST', '/api/v1/groups', { cookie: admin(w), body: { name: 'Walk group', description: 'x' } }),
    },
  },
  'GET /api/v1/groups/:id': {
    allow: allow['GET /api/v1/groups/:id'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/groups/${MISSING_ID}`, { cookie }),
  },
  'PATCH /api/v1/groups/:id': {
    allow: allow['PATCH /api/v1/groups/:id'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/groups/${MISSING_ID}`, { cookie, body: { name: 'Nobody' } }),
    audit: {
      prepare: makeGroup,
      run: (w, id: string) =>
        call(w.app, 'PATCH', `/api/v1/groups/${id}`, { cookie: admin(w), body: { name: 'Renamed walk group' } }),
    },
  },
  'DELETE /api/v1/groups/:id': {
    allow: allow['DELETE /api/v1/groups/:id'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/groups/${MISSING_ID}`, { cookie }),
    audit: { prepare: makeGroup, run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/groups/${id}`, { cookie: admin(w) }) },
  },
  'GET /api/v1/groups/:id/members': {
    allow: allow['GET /api/v1/groups/:id/members'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/groups/${MISSING_ID}/members`, { cookie }),
  },
  'POST /api/v1/groups/:id/members': {
    allow: allow['POST /api/v1/groups/:id/members'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/groups/${MISSING_ID}/members`, { cookie, body: { userId: MISSING_ID } }),
    audit: {
      prepare: makeGroup,
      run: (w, id: string) =>
        call(w.app, 'POST', `/api/v1/groups/${id}/members`, { cookie: admin(w), body: { userId: w.users.viewer.id } }),
    },
  },
  'DELETE /api/v1/groups/:id/members/:userId': {
    allow: allow['DELETE /api/v1/groups/:id/members/:userId'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/groups/${MISSING_ID}/members/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: async (w) => {
        const id = await makeGroup(w);
        await call(w.app, 'POST', `/api/v1/groups/${id}/members`, { cookie: admin(w), body: { userId: w.users.viewer.id } });
        return id;
      },
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/groups/${id}/members/${w.users.viewer.id}`, { cookie: admin(w) }),
    },
  },
  'PUT /api/v1/groups/:id/grants/:applicationId': {
    allow: allow['PUT /api/v1/groups/:id/grants/:applicationId'],
    call: (w, cookie) =>
      call(w.app, 'PUT', `/api/v1/groups/${MISSING_ID}/grants/${w.appId}`, { cookie, body: { role: 'viewer' } }),
    audit: {
      prepare: makeGroup,
      run: (w, id: string) =>
        call(w.app, 'PUT', `/api/v1/groups/${id}/grants/${w.appId}`, { cookie: admin(w), body: { role: 'editor' } }),
    },
  },
  'DELETE /api/v1/groups/:id/grants/:applicationId': {
    allow: allow['DELETE /api/v1/groups/:id/grants/:applicationId'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/groups/${MISSING_ID}/grants/${w.appId}`, { cookie }),
    audit: {
      prepare: async (w) => {
        const id = await makeGroup(w);
        await call(w.app, 'PUT', `/api/v1/groups/${id}/grants/${w.appId}`, { cookie: admin(w), body: { role: 'viewer' } });
        return id;
      },
      run: (w, id: string) => call(w.app, 'DELETE', `/api/v1/groups/${id}/grants/${w.appId}`, { cookie: admin(w) }),
    },
  },
};
