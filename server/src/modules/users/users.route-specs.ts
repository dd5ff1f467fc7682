/** Access and audit specs of /api/v1/users (server/src/test/route-specs.ts). */
import { call, createUser, DEFAULT_PASSWORD } from '../../test/helpers';
import { MISSING_ID, type RouteSpecs } from '../../test/route-specs';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/users': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/users', { cookie }) },
  'POST /api/v1/users': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/users', { cookie, body: { email: 'bad' } }),
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/users', { cookie: w.users.admin.cookie, body: { name: 'Walker', email: 'walker@example.com', password: DEFAULT_PASSWORD } }),
    },
  },
  'PATCH /api/v1/users/:id': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'PATCH', `/api/v1/users/${MISSING_ID}`, { cookie, body: { name: 'Nobody' } }),
    audit: {
      prepare: (w) => createUser(w.app, w.users.admin.cookie),
      run: (w, created: { user: { id: string } }) =>
        call(w.app, 'PATCH', `/api/v1/users/${created.user.id}`, { cookie: w.users.admin.cookie, body: { name: 'Walked' } }),
    },
  },
};
