/**
 * /api/v1/rules (contracts/rules.ts, docs/rules-api.md): rules of every application. Writes and
 * reads by id are for administrators; the list also for members (viewer+) of the application it is
 * filtered by (`application=<slug>`), for the workspace page `/:app/data_validation_rule`
 * (RULE_ROUTE_ACCESS, which the access matrix reads). Every change is audited (`config.audit`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  okSchema,
  pageSchema,
  ruleIdParamsSchema,
  ruleInputSchema,
  ruleListQuerySchema,
  rulePatchSchema,
  ruleSchema,
  ruleTestResultSchema,
  ruleTestSchema,
} from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { createRule, deleteRule, getRule, listRules, testRule, updateRule } from './rules.service';

/** Who may call each route; rules.route-specs.ts takes its allow lists from here. */
export const RULE_ROUTE_ACCESS = {
  'GET /api/v1/rules': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/rules': ['admin'],
  'GET /api/v1/rules/:id': ['admin'],
  'PATCH /api/v1/rules/:id': ['admin'],
  'DELETE /api/v1/rules/:id': ['admin'],
  'POST /api/v1/rules/:id/test': ['admin'],
} as const;

const deleted = okSchema(z.object({ id: z.string() }));
const base = (summary: string) => ({ tags: ['rules'], summary });

export const ruleRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /rules?current&pageSize&application&subject&severity&enabled&tag&q — newest first.
   * Administrators: any application or all; members: `application` of theirs (403 otherwise); 404 unknown slug.
   */
  app.get(
    '/rules',
    {
      preValidation: requireUser,
      schema: {
        ...base('List rules'),
        querystring: ruleListQuerySchema,
        response: { 200: pageSchema(ruleSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listRules(app.db, userOf(request), request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /rules — ruleInputSchema → 201; 400 naming the field (`definition.<path>` when it does not fit its subject). */
  app.post(
    '/rules',
    {
      preValidation: requireAdmin,
      config: { audit: ['rule.create'] },
      schema: { ...base('Create a rule'), body: ruleInputSchema, response: { 201: okSchema(ruleSchema), ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(ok(await createRule(app.db, request.body, auditOf(request)))),
  );

  /** GET /rules/:id. 404. */
  app.get(
    '/rules/:id',
    {
      preValidation: requireAdmin,
      schema: { ...base('Read a rule'), params: ruleIdParamsSchema, response: { 200: okSchema(ruleSchema), ...errorResponses } },
    },
    async (request) => ok(await getRule(app.db, request.params.id)),
  );

  /** PATCH /rules/:id — `{ version, …keys }`; a no-op answers `unchanged`. 404; 409 STALE_VERSION; 400. */
  app.patch(
    '/rules/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['rule.update'] },
      schema: {
        ...base('Update a rule'),
        params: ruleIdParamsSchema,
        body: rulePatchSchema,
        response: { 200: okSchema(ruleSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateRule(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /rules/:id — hard delete (it leaves the rule sets' drafts). 404. */
  app.delete(
    '/rules/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['rule.delete'] },
      schema: { ...base('Delete a rule'), params: ruleIdParamsSchema, response: { 200: deleted, ...errorResponses } },
    },
    async (request) => {
      await deleteRule(app.db, request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /** POST /rules/:id/test — `{ recordId }` or `{ values }` → whether it fails and its message in both languages; writes nothing. */
  app.post(
    '/rules/:id/test',
    {
      preValidation: requireAdmin,
      config: { audit: false },
      schema: {
        ...base('Test a rule on a record or values'),
        params: ruleIdParamsSchema,
        body: ruleTestSchema,
        response: { 200: okSchema(ruleTestResultSchema), ...errorResponses },
      },
    },
    async (request) => ok(await testRule(app.db, request.params.id, request.body)),
  );
};
