/** Access and audit specs of the audit model's routes (server/src/test/route-specs.ts). */
import { call } from '../../test/helpers';
import type { RouteSpecs } from '../../test/route-specs';
import { worldAudit } from './engagements.test-support';
import { ENGAGEMENT_MODEL_ROUTE_ACCESS as allow } from './engagements.routes';

let days = 40;

export const ROUTE_SPECS: RouteSpecs = {
  'GET /api/v1/applications/:slug/audit/model': {
    allow: allow['GET /api/v1/applications/:slug/audit/model'],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'GET', `/api/v1/applications/${w.slug}/audit/model`, { cookie });
    },
  },
  'PATCH /api/v1/applications/:slug/audit/settings': {
    allow: allow['PATCH /api/v1/applications/:slug/audit/settings'],
    call: async (w, cookie) => {
      await worldAudit(w);
      return call(w.app, 'PATCH', `/api/v1/applications/${w.slug}/audit/settings`, { cookie, body: { slaDays: {} } });
    },
    audit: {
      prepare: worldAudit,
      run: (w) => call(w.app, 'PATCH', `/api/v1/applications/${w.slug}/audit/settings`, { cookie: w.users.admin.cookie, body: { slaDays: { low: (days += 1) } } }),
      noop: (w) => call(w.app, 'PATCH', `/api/v1/applications/${w.slug}/audit/settings`, { cookie: w.users.admin.cookie, body: { slaDays: { low: days } } }),
    },
  },
};
