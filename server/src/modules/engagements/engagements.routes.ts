/**
 * Audit engagements API, the model's part (contracts/engagements.ts, docs/engagements.md):
 * - GET /applications/:slug/audit/model (members): the audit objects' subjects and the settings;
 * - PATCH /applications/:slug/audit/settings (owners): the findings' SLA days.
 * Enabling the Audit module (PATCH /applications/:slug with `modules`) applies the model
 * (engagements.service.ts registers the enabler); the start-up upgrade runs when the server is ready.
 * The domain's other routes are in the audit-*.routes.ts files beside this one.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditModelSchema, auditSettingsUpdateSchema, okSchema } from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { getAuditModel, updateAuditSettings } from './engagements.service';
import { upgradeAuditModels } from './model-apply';
import './reminders.action';

const MEMBERS = ['viewer', 'editor', 'owner', 'admin'] as const;

/** Who may call each route; engagements.route-specs.ts takes its allow lists from here. */
export const ENGAGEMENT_MODEL_ROUTE_ACCESS = {
  'GET /api/v1/applications/:slug/audit/model': MEMBERS,
  'PATCH /api/v1/applications/:slug/audit/settings': ['owner', 'admin'],
} as const;

const TAGS = ['audit engagements'];
const slugParams = z.object({ slug: z.string().min(1).max(64) });

export const engagementRoutes: FastifyPluginAsyncZod = async (app) => {
  // the model's upgrade step: applications on an older model version get the current one
  app.addHook('onReady', async () => {
    const upgraded = await upgradeAuditModels(app.db);
    if (upgraded > 0) app.log.info({ upgraded }, 'audit model upgraded');
  });

  /** GET /applications/:slug/audit/model — members → AuditModel. 404 errors.engagement.moduleOff; 403; 404. */
  app.get(
    '/applications/:slug/audit/model',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: "An application's audit model", params: slugParams, response: { 200: okSchema(auditModelSchema), ...errorResponses } },
    },
    async (request) => ok(await getAuditModel(app.db, userOf(request), request.params.slug, app.readCache)),
  );

  /** PATCH /applications/:slug/audit/settings — owners; { slaDays } → AuditModel. 400 naming slaDays.<severity>; 403; 404. */
  app.patch(
    '/applications/:slug/audit/settings',
    {
      preValidation: requireUser,
      config: { audit: ['engagement.settings'] },
      schema: {
        tags: TAGS,
        summary: 'Change the audit settings (findings SLA)',
        params: slugParams,
        body: auditSettingsUpdateSchema,
        response: { 200: okSchema(auditModelSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateAuditSettings(app.db, userOf(request), request.params.slug, request.body, auditOf(request))),
  );
};
