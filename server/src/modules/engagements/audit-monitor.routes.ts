/**
 * The audit process monitor's route (contracts/audit-monitor.ts, monitor.ts,
 * docs/engagements-monitor.md):
 * - GET /applications/:slug/audit/monitor?engagementId&state&current&pageSize (members): the
 *   running, queued and failed tasks and trigger runs of the application, or of one engagement.
 * Reads only; nothing to audit.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditMonitorQuerySchema, auditMonitorSchema, okSchema } from '../../../../contracts';
import { requireUser, userOf } from '../../core/auth.plugin';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { readMonitor } from './monitor';

const MEMBERS = ['viewer', 'editor', 'owner', 'admin'] as const;

/** Who may call each route; audit-monitor.route-specs.ts takes its allow lists from here. */
export const AUDIT_MONITOR_ROUTE_ACCESS = {
  'GET /api/v1/applications/:slug/audit/monitor': MEMBERS,
} as const;

const TAGS = ['audit engagements'];
const slugParams = z.object({ slug: z.string().min(1).max(64) });

export const auditMonitorRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /applications/:slug/audit/monitor — members → AuditMonitor (each list one page of its
   * bucket, newest first; `totals` per bucket). 400 naming `engagementId`/`state`/`current`/`pageSize`;
   * 403 not a member; 404 no application, Audit module off (errors.engagement.moduleOff), or no such
   * engagement (errors.engagement.notFound).
   */
  app.get(
    '/applications/:slug/audit/monitor',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: 'Running, queued and failed background work of an application or engagement',
        params: slugParams,
        querystring: auditMonitorQuerySchema,
        response: { 200: okSchema(auditMonitorSchema), ...errorResponses },
      },
    },
    async (request) => ok(await readMonitor(app.db, userOf(request), request.params.slug, request.query, app.readCache)),
  );
};
