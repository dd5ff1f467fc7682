/**
 * /api/v1/rule-runs and /api/v1/applications/:slug/data-quality: validation runs, their failures,
 * export and trend, and the data-quality scores (contracts/rule-runs.ts, docs/rule-runs.md).
 * Members read; editors start and cancel; administrators everything (RULE_RUN_ROUTE_ACCESS, which
 * the access matrix reads). Starts and cancels are audited.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataQualitySchema,
  okSchema,
  pageSchema,
  ruleRunExportQuerySchema,
  ruleRunFailureQuerySchema,
  ruleRunFailureSchema,
  ruleRunIdParamsSchema,
  ruleRunListQuerySchema,
  ruleRunSchema,
  ruleRunStartedSchema,
  ruleRunStartSchema,
  ruleRunTrendPointSchema,
  ruleRunTrendQuerySchema,
} from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { contentDisposition } from '../../lib/content-disposition';
import { ok, page } from '../../lib/envelope';
import { errorResponses, exportFileSchema } from '../../lib/openapi';
import { setRunEngine } from './rule-runs.engine';
import {
  cancelRuleRun,
  dataQuality,
  exportRuleRunFailures,
  getRuleRun,
  listRuleRunFailures,
  listRuleRuns,
  ruleRunTrend,
  startRuleRun,
} from './rule-runs.service';

const MEMBERS = ['viewer', 'editor', 'owner', 'admin'] as const;
const EDITORS = ['editor', 'owner', 'admin'] as const;

/** Who may call each route; rule-runs.route-specs.ts takes its allow lists from here. */
export const RULE_RUN_ROUTE_ACCESS = {
  'POST /api/v1/rule-runs': EDITORS,
  'GET /api/v1/rule-runs': MEMBERS,
  'GET /api/v1/rule-runs/trend': MEMBERS,
  'GET /api/v1/rule-runs/:id': MEMBERS,
  'GET /api/v1/rule-runs/:id/failures': MEMBERS,
  'GET /api/v1/rule-runs/:id/export': MEMBERS,
  'POST /api/v1/rule-runs/:id/cancel': EDITORS,
  'GET /api/v1/applications/:slug/data-quality': MEMBERS,
} as const;

export const ruleRunRoutes: FastifyPluginAsyncZod = async (app) => {
  setRunEngine(app.db, app.engine);
  const base = (summary: string) => ({ tags: ['rule-runs'], summary });

  /** POST /rule-runs — `{ application, subject, ruleSet? }` → 202 `{ run, merged }`. 404; 409 errors.ruleSetNotPublished; 403. */
  app.post(
    '/rule-runs',
    {
      preValidation: requireUser,
      config: { audit: ['rule_run.start'] },
      schema: { ...base('Start a validation run'), body: ruleRunStartSchema, response: { 202: okSchema(ruleRunStartedSchema), ...errorResponses } },
    },
    async (request, reply) =>
      reply.code(202).send(ok(await startRuleRun(app.db, userOf(request), request.body, auditOf(request), request.log))),
  );

  /** GET /rule-runs?application&subject&ruleSet&state&current&pageSize — newest first. */
  app.get(
    '/rule-runs',
    {
      preValidation: requireUser,
      schema: { ...base('List validation runs'), querystring: ruleRunListQuerySchema, response: { 200: pageSchema(ruleRunSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listRuleRuns(app.db, userOf(request), request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /rule-runs/trend?application&subject&limit — the last finished runs, oldest first. */
  app.get(
    '/rule-runs/trend',
    {
      preValidation: requireUser,
      schema: { ...base('Score trend of a subject'), querystring: ruleRunTrendQuerySchema, response: { 200: okSchema(z.array(ruleRunTrendPointSchema)), ...errorResponses } },
    },
    async (request) => ok(await ruleRunTrend(app.db, userOf(request), request.query)),
  );

  /** GET /rule-runs/:id — one run (results, score, version, progress). 404. */
  app.get(
    '/rule-runs/:id',
    {
      preValidation: requireUser,
      schema: { ...base('Read a validation run'), params: ruleRunIdParamsSchema, response: { 200: okSchema(ruleRunSchema), ...errorResponses } },
    },
    async (request) => ok(await getRuleRun(app.db, userOf(request), request.params.id)),
  );

  /** GET /rule-runs/:id/failures?rule&severity&current&pageSize — messages in the request's language. */
  app.get(
    '/rule-runs/:id/failures',
    {
      preValidation: requireUser,
      schema: {
        ...base("A run's failing records"),
        params: ruleRunIdParamsSchema,
        querystring: ruleRunFailureQuerySchema,
        response: { 200: pageSchema(ruleRunFailureSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listRuleRunFailures(app.db, userOf(request), request.params.id, request.query, request.locale);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /rule-runs/:id/export?format=csv|xlsx — the failures as a file. A read: no audit entry. */
  app.get(
    '/rule-runs/:id/export',
    {
      preValidation: requireUser,
      schema: {
        ...base("Export a run's failures"),
        params: ruleRunIdParamsSchema,
        querystring: ruleRunExportQuerySchema,
        response: { 200: exportFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await exportRuleRunFailures(app.db, userOf(request), request.params.id, request.query.format, request.locale);
      reply.type(file.contentType).header('Content-Disposition', contentDisposition('attachment', file.fileName)).header('Cache-Control', 'no-store');
      return reply.send(file.stream);
    },
  );

  /** POST /rule-runs/:id/cancel — stops at the next chunk. 404; 409 errors.taskNotActive. */
  app.post(
    '/rule-runs/:id/cancel',
    {
      preValidation: requireUser,
      config: { audit: ['rule_run.cancel'] },
      schema: { ...base('Cancel a validation run'), params: ruleRunIdParamsSchema, response: { 200: okSchema(ruleRunSchema), ...errorResponses } },
    },
    async (request) => ok(await cancelRuleRun(app.db, userOf(request), request.params.id, auditOf(request))),
  );

  /** GET /applications/:slug/data-quality — per subject its last run's score and active incidents. */
  app.get(
    '/applications/:slug/data-quality',
    {
      preValidation: requireUser,
      schema: {
        tags: ['rule-runs'],
        summary: 'Data-quality scores of an application',
        params: z.object({ slug: z.string().min(1).max(64) }),
        response: { 200: okSchema(dataQualitySchema), ...errorResponses },
      },
    },
    async (request) => ok(await dataQuality(app.db, userOf(request), request.params.slug)),
  );
};
