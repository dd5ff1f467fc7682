/** Access and audit specs of /api/v1/settings (server/src/test/route-specs.ts). */
import { call } from '../../test/helpers';
import { ROLES, type RouteSpecs } from '../../test/route-specs';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/settings/public': { allow: ROLES, call: (w, cookie) => call(w.app, 'GET', '/api/v1/settings/public', { cookie }) },
  'GET /api/v1/settings': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/settings', { cookie }) },
  'PATCH /api/v1/settings': {
    allow: ['admin'],
    // invalid input (400): the matrix's sessions and settings stay as they are
    call: (w, cookie) => call(w.app, 'PATCH', '/api/v1/settings', { cookie, body: { passwordMinLength: 2 } }),
    audit: { run: (w) => call(w.app, 'PATCH', '/api/v1/settings', { cookie: w.users.admin.cookie, body: { siteName: 'Walked Assay' } }) },
  },
};
