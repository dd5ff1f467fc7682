/** Access and audit specs of /api/v1/audit (server/src/test/route-specs.ts). */
import { call } from '../../test/helpers';
import type { RouteSpecs } from '../../test/route-specs';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/audit': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/audit', { cookie }) },
  'GET /api/v1/audit/export': {
    allow: ['admin'],
    call: (w, cookie) => call(w.app, 'GET', '/api/v1/audit/export?format=csv&action=recycle', { cookie }),
  },
  'GET /api/v1/audit/verify': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/audit/verify', { cookie }) },
};
