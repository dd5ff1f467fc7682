/**
 * Audit engagements API, the dashboard (contracts/audit-dashboard.ts, docs/engagements-dashboard.md):
 * - GET /applications/:slug/audit/dashboard?engagementId (members): engagements by phase,
 *   procedures done/remaining, findings by severity and age, overdue remediations, hours.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditDashboardQuerySchema, auditDashboardSchema, okSchema } from '../../../../contracts';
import { requireUser, userOf } from '../../core/auth.plugin';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { getDashboard } from './dashboard';

/** Who may call each route; audit-dashboard.route-specs.ts takes its allow lists from here. */
export const AUDIT_DASHBOARD_ROUTE_ACCESS = {
  'GET /api/v1/applications/:slug/audit/dashboard': ['viewer', 'editor', 'owner', 'admin'],
} as const;

const TAGS = ['audit engagements'];
const slugParams = z.object({ slug: z.string().min(1).max(64) });

export const auditDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /applications/:slug/audit/dashboard?engagementId — members → AuditDashboard.
   * 400 naming engagementId (not a uuid); 403; 404 errors.engagement.moduleOff / errors.engagement.notFound.
   */
  app.get(
    '/applications/:slug/audit/dashboard',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: 'The audit dashboard of an application or an engagement',
        params: slugParams,
        querystring: auditDashboardQuerySchema,
        response: { 200: okSchema(auditDashboardSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getDashboard(app.db, userOf(request), request.params.slug, request.query.engagementId, app.readCache)),
  );
};
