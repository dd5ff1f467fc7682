/** Access specs of the audit dashboard's route (server/src/test/route-specs.ts); it writes nothing. */
import { call } from '../../test/helpers';
import type { RouteSpecs } from '../../test/route-specs';
import { AUDIT_DASHBOARD_ROUTE_ACCESS as allow } from './audit-dashboard.routes';
import { worldEngagement } from './engagements.test-support';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications/:slug/audit/dashboard': {
    allow: allow['GET /api/v1/applications/:slug/audit/dashboard'],
    call: async (w, cookie) => {
      const { id } = await worldEngagement(w);
      return call(w.app, 'GET', `/api/v1/applications/${w.slug}/audit/dashboard?engagementId=${id}`, { cookie });
    },
  },
};
