/** Access and audit specs of /api/v1/auth (server/src/test/route-specs.ts). */
import { call, createUser, DEFAULT_PASSWORD, login } from '../../test/helpers';
import { ROLES, SIGNED_IN, type RouteSpecs } from '../../test/route-specs';

export const ROUTE_SPECS: RouteSpecs = {
  'POST /api/v1/auth/login': {
    allow: ROLES,
    // invalid input (400) counts no failure for the back-off
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/auth/login', { cookie, body: { email: 'not-an-email' } }),
    audit: { run: (w) => call(w.app, 'POST', '/api/v1/auth/login', { body: { email: w.users.viewer.email, password: DEFAULT_PASSWORD } }) },
  },
  'POST /api/v1/auth/logout': {
    allow: ROLES,
    // without a session: succeeds and changes nothing (the matrix's own sessions must survive)
    call: (w) => call(w.app, 'POST', '/api/v1/auth/logout'),
    audit: {
      prepare: (w) => login(w.app, w.users.viewer.email),
      run: (w, spare: string) => call(w.app, 'POST', '/api/v1/auth/logout', { cookie: spare }),
    },
  },
  'GET /api/v1/auth/me': { allow: ROLES, call: (w, cookie) => call(w.app, 'GET', '/api/v1/auth/me', { cookie }) },
  'POST /api/v1/auth/me/password': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/auth/me/password', { cookie, body: { currentPassword: 'x' } }),
    audit: {
      // its own account: the change ends the account's other sessions
      prepare: async (w) => {
        const created = await createUser(w.app, w.users.admin.cookie);
        return login(w.app, created.email);
      },
      run: (w, cookie: string) =>
        call(w.app, 'POST', '/api/v1/auth/me/password', {
          cookie,
          body: { currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD.toUpperCase() },
        }),
    },
  },
  'PATCH /api/v1/auth/me/preferences': {
    allow: SIGNED_IN,
    call: (w, cookie) => call(w.app, 'PATCH', '/api/v1/auth/me/preferences', { cookie, body: { locale: 'xx' } }),
    audit: { run: (w) => call(w.app, 'PATCH', '/api/v1/auth/me/preferences', { cookie: w.users.admin.cookie, body: { locale: 'en-US' } }) },
  },
};
