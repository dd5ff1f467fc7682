/** Access spec of the audit process monitor's route (server/src/test/route-specs.ts); it writes nothing, so no audit walk. */
import { call } from '../../test/helpers';
import type { RouteSpecs } from '../../test/route-specs';
import { AUDIT_MONITOR_ROUTE_ACCESS as allow } from './audit-monitor.routes';
import { worldEngagement } from './engagements.test-support';

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications/:slug/audit/monitor': {
    allow: allow['GET /api/v1/applications/:slug/audit/monitor'],
    call: async (w, cookie) => {
      const { id } = await worldEngagement(w);
      return call(w.app, 'GET', `/api/v1/applications/${w.slug}/audit/monitor?engagementId=${id}`, { cookie });
    },
  },
};
