/**
 * /api/v1/rule-sets (contracts/rules.ts, docs/rules-api.md): rule sets, their drafts, publishing
 * and versions. Writes and reads by id are for administrators; the list also for members (viewer+)
 * of the application it is filtered by (RULE_SET_ROUTE_ACCESS, which the access matrix reads).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  okSchema,
  pageQuerySchema,
  pageSchema,
  ruleIdParamsSchema,
  ruleSetInputSchema,
  ruleSetListQuerySchema,
  ruleSetPatchSchema,
  ruleSetPublishSchema,
  ruleSetSchema,
  ruleSetVersionParamsSchema,
  ruleSetVersionSchema,
} from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import {
  createRuleSet,
  deleteRuleSet,
  getRuleSet,
  getRuleSetVersion,
  listRuleSets,
  listRuleSetVersions,
  publishRuleSet,
  updateRuleSet,
} from './rule-sets.service';

/** Who may call each route; rule-sets.route-specs.ts takes its allow lists from here. */
export const RULE_SET_ROUTE_ACCESS = {
  'GET /api/v1/rule-sets': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/rule-sets': ['admin'],
  'GET /api/v1/rule-sets/:id': ['admin'],
  'PATCH /api/v1/rule-sets/:id': ['admin'],
  'DELETE /api/v1/rule-sets/:id': ['admin'],
  'POST /api/v1/rule-sets/:id/publish': ['admin'],
  'GET /api/v1/rule-sets/:id/versions': ['admin'],
  'GET /api/v1/rule-sets/:id/versions/:version': ['admin'],
} as const;

const deleted = okSchema(z.object({ id: z.string() }));
const base = (summary: string) => ({ tags: ['rule-sets'], summary });
const idParams = ruleIdParamsSchema;

export const ruleSetRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /rule-sets?current&pageSize&application&q — newest first; members: `application` of theirs. 403; 404. */
  app.get(
    '/rule-sets',
    {
      preValidation: requireUser,
      schema: {
        ...base('List rule sets'),
        querystring: ruleSetListQuerySchema,
        response: { 200: pageSchema(ruleSetSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listRuleSets(app.db, userOf(request), request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /rule-sets — ruleSetInputSchema → 201; 400 naming `application`, `rules`, `subjects`; 409 naming `name`. */
  app.post(
    '/rule-sets',
    {
      preValidation: requireAdmin,
      config: { audit: ['rule_set.create'] },
      schema: {
        ...base('Create a rule set'),
        body: ruleSetInputSchema,
        response: { 201: okSchema(ruleSetSchema), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await createRuleSet(app.db, request.body, auditOf(request)))),
  );

  /** GET /rule-sets/:id — the set and its draft. 404. */
  app.get(
    '/rule-sets/:id',
    {
      preValidation: requireAdmin,
      schema: { ...base('Read a rule set'), params: idParams, response: { 200: okSchema(ruleSetSchema), ...errorResponses } },
    },
    async (request) => ok(await getRuleSet(app.db, request.params.id)),
  );

  /** PATCH /rule-sets/:id — `{ version, …keys }`; marks the draft changed; a no-op answers `unchanged`. 404; 409; 400. */
  app.patch(
    '/rule-sets/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['rule_set.update'] },
      schema: {
        ...base('Update a rule set (its draft)'),
        params: idParams,
        body: ruleSetPatchSchema,
        response: { 200: okSchema(ruleSetSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateRuleSet(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /rule-sets/:id — hard, with its versions. 404. */
  app.delete(
    '/rule-sets/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['rule_set.delete'] },
      schema: { ...base('Delete a rule set'), params: idParams, response: { 200: deleted, ...errorResponses } },
    },
    async (request) => {
      await deleteRuleSet(app.db, request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /** POST /rule-sets/:id/publish — `{ note? }` → the new version (201) with its frozen rules. 404. */
  app.post(
    '/rule-sets/:id/publish',
    {
      preValidation: requireAdmin,
      config: { audit: ['rule_set.publish'] },
      schema: {
        ...base('Publish a rule set (the next version)'),
        params: idParams,
        body: ruleSetPublishSchema,
        response: { 201: okSchema(ruleSetVersionSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await publishRuleSet(app.db, request.params.id, request.body, auditOf(request)))),
  );

  /** GET /rule-sets/:id/versions?current&pageSize — newest first, `rules` left out (`ruleCount`). 404. */
  app.get(
    '/rule-sets/:id/versions',
    {
      preValidation: requireAdmin,
      schema: {
        ...base("List a rule set's versions"),
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(ruleSetVersionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listRuleSetVersions(
        app.db,
        request.params.id,
        request.query.current,
        request.query.pageSize,
      );
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /rule-sets/:id/versions/:version — one version with its frozen rules. 404. */
  app.get(
    '/rule-sets/:id/versions/:version',
    {
      preValidation: requireAdmin,
      schema: {
        ...base('Read a rule set version'),
        params: ruleSetVersionParamsSchema,
        response: { 200: okSchema(ruleSetVersionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getRuleSetVersion(app.db, request.params.id, request.params.version)),
  );
};
