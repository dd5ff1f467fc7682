/** Access and audit specs of /api/v1/setup (server/src/test/route-specs.ts). */
import { call, DEFAULT_PASSWORD } from '../../test/helpers';
import { ROLES, type RouteSpecs } from '../../test/route-specs';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/setup/status': { allow: ROLES, call: (w, cookie) => call(w.app, 'GET', '/api/v1/setup/status', { cookie }) },
  'POST /api/v1/setup/init': {
    // open to anyone, and closed (409) once an administrator exists
    allow: ROLES,
    call: (w, cookie) => call(w.app, 'POST', '/api/v1/setup/init', { cookie, body: { name: 'X', email: 'x@example.com', password: DEFAULT_PASSWORD } }),
    // the walk runs this one first, on an empty database (audit.routes-walk.test.ts)
    audit: {
      run: (w) =>
        call(w.app, 'POST', '/api/v1/setup/init', { body: { name: 'Admin', email: 'admin@example.com', password: DEFAULT_PASSWORD } }),
    },
  },
};
