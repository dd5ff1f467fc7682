/** Access and audit specs of /api/v1/users (server/src/test/route-specs.ts). Administrators only. */
import { call, createUser, DEFAULT_PASSWORD, json, login } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs, type World } from '../../test/route-specs';

const admin = (w: World) => w.users.admin.cookie;

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/users': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/users?sort=email:desc', { cookie }) },
  'POST /api/v1/users': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/users', { cookie, body: { email: 'bad' } }),
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/users', { cookie: admin(w), body: { name: 'Walker', email: 'walker@example.com', password: DEFAULT_PASSWORD } }),
    },
  },
  'GET /api/v1/users/:id': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', `/api/v1/users/${MISSING_ID}`, { cookie }) },
  'PATCH /api/v1/users/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/users/${MISSING_ID}`, { cookie, body: { name: 'Nobody' } }),
    audit: {
      prepare: (w) => createUser(w.app, admin(w)),
      run: (w, created: { user: { id: string } }) =>
        call(w.app, 'PATCH', `/api/v1/users/${created.user.id}`, { cookie: admin(w), body: { name: 'Walked', title: 'Auditor' } }),
    },
  },
  'DELETE /api/v1/users/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/users/${MISSING_ID}`, { cookie }),
    audit: {
      prepare: (w) => createUser(w.app, admin(w)),
      run: (w, created: { user: { id: string } }) => call(w.app, 'DELETE', `/api/v1/users/${created.user.id}`, { cookie: admin(w) }),
    },
  },
  'POST /api/v1/users/:id/password-reset': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', `/api/v1/users/${MISSING_ID}/password-reset`, { cookie }),
    audit: {
      prepare: (w) => createUser(w.app, admin(w)),
      run: (w, created: { user: { id: string } }) =>
        call(w.app, 'POST', `/api/v1/users/${created.user.id}/password-reset`, { cookie: admin(w) }),
    },
  },
  'GET /api/v1/users/:id/sessions': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/users/${MISSING_ID}/sessions`, { cookie }),
  },
  'DELETE /api/v1/users/:id/sessions/:sessionId': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'DELETE', `/api/v1/users/${MISSING_ID}/sessions/${'0'.repeat(64)}`, { cookie }),
    audit: {
      prepare: async (w) => {
        const created = await createUser(w.app, admin(w));
        await login(w.app, created.email, created.password);
        const sessions = json<{ data: { id: string }[] }>(await call(w.app, 'GET', `/api/v1/users/${created.user.id}/sessions`, { cookie: admin(w) }));
        return { userId: created.user.id, sessionId: sessions.data[0].id };
      },
      run: (w, p: { userId: string; sessionId: string }) =>
        call(w.app, 'DELETE', `/api/v1/users/${p.userId}/sessions/${p.sessionId}`, { cookie: admin(w) }),
    },
  },
  'GET /api/v1/users/:id/audit': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', `/api/v1/users/${w.users.viewer.id}/audit`, { cookie }),
  },
};
