/** Access and audit specs of /api/v1/health and /api/v1/openapi.json (server/src/test/route-specs.ts). */
import { call } from '../../test/helpers';
import { ROLES, type RouteSpecs } from '../../test/route-specs';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/health': { allow: ROLES, call: (w, cookie) => call(w.app, 'GET', '/api/v1/health', { cookie }) },
  // the OpenAPI document (server/src/app.ts): public, like the route list it describes
  'GET /api/v1/openapi.json': { allow: ROLES, call: (w, cookie) => call(w.app, 'GET', '/api/v1/openapi.json', { cookie }) },
};
