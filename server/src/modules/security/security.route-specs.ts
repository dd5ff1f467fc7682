/** Access and audit specs of /api/v1/csp-report (server/src/test/route-specs.ts). */
import { call } from '../../test/helpers';
import { ROLES, type RouteSpecs } from '../../test/route-specs';

const report = (w: { app: import('fastify').FastifyInstance }) =>
  w.app.inject({ method: 'POST', url: '/api/v1/csp-report', headers: { 'content-type': 'application/csp-report' }, payload: '{"csp-report":{}}' });

export const ROUTE_SPECS: RouteSpecs = {
  // a browser's report: no session, no CSRF header; declared audit: false (writes nothing)
  'POST /api/v1/csp-report': { allow: ROLES, call: (w) => report(w), audit: { run: (w) => report(w) } },
  'GET /api/v1/csp-report': { allow: ['admin'], call: (w, cookie) => call(w.app, 'GET', '/api/v1/csp-report', { cookie }) },
};
