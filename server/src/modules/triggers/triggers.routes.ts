/**
 * /api/v1/triggers, /api/v1/trigger-runs and /api/v1/actions: triggers, their runs (the dead
 * letters: `state=dead`) and the action library (contracts/triggers.ts, docs/triggers.md),
 * administrators only (TRIGGER_ROUTE_ACCESS, the access matrix reads the same list). Every change is
 * audited (the `config.audit` of each route); the rest are reads.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionInputSchema,
  actionListQuerySchema,
  actionPatchSchema,
  actionSchema,
  actionTypeInfoSchema,
  okSchema,
  pageSchema,
  triggerCronCheckSchema,
  triggerCronFiresSchema,
  triggerIdParamsSchema,
  triggerInputSchema,
  triggerListQuerySchema,
  triggerManualRunResultSchema,
  triggerManualRunSchema,
  triggerPatchSchema,
  triggerRunListQuerySchema,
  triggerRunSchema,
  triggerSchema,
  triggerTestSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin } from '../../core/auth.plugin';
import './triggers.runner';
import { nextFires } from './triggers.schedule';
import {
  actionTypeInfos,
  createAction,
  createTrigger,
  deleteAction,
  deleteTrigger,
  getAction,
  getRun,
  getTrigger,
  listActions,
  listRuns,
  listTriggers,
  replayRun,
  runTriggerManually,
  setTriggerEnabled,
  testTrigger,
  updateAction,
  updateTrigger,
} from './triggers.service';

/** Who may call each route (all: administrators); triggers.route-specs.ts takes its allow lists from here. */
export const TRIGGER_ROUTE_ACCESS = {
  'GET /api/v1/triggers': ['admin'],
  'POST /api/v1/triggers': ['admin'],
  'POST /api/v1/triggers/next-fires': ['admin'],
  'GET /api/v1/triggers/:id': ['admin'],
  'PATCH /api/v1/triggers/:id': ['admin'],
  'DELETE /api/v1/triggers/:id': ['admin'],
  'POST /api/v1/triggers/:id/enable': ['admin'],
  'POST /api/v1/triggers/:id/disable': ['admin'],
  'POST /api/v1/triggers/:id/test': ['admin'],
  'POST /api/v1/triggers/:id/run': ['admin'],
  'GET /api/v1/triggers/:id/runs': ['admin'],
  'GET /api/v1/trigger-runs': ['admin'],
  'GET /api/v1/trigger-runs/:id': ['admin'],
  'POST /api/v1/trigger-runs/:id/replay': ['admin'],
  'GET /api/v1/actions': ['admin'],
  'GET /api/v1/actions/types': ['admin'],
  'POST /api/v1/actions': ['admin'],
  'GET /api/v1/actions/:id': ['admin'],
  'PATCH /api/v1/actions/:id': ['admin'],
  'DELETE /api/v1/actions/:id': ['admin'],
} as const;

const idParams = triggerIdParamsSchema;
const deleted = okSchema(z.object({ id: z.string() }));

export const triggerRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = (summary: string, tags = ['triggers']) => ({ tags, summary });

  /** GET /triggers?current&pageSize&application&event&enabled&q — newest first. */
  app.get(
    '/triggers',
    {
      preValidation: requireAdmin,
      schema: {
        ...base('List triggers'),
        querystring: triggerListQuerySchema,
        response: { 200: pageSchema(triggerSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listTriggers(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /triggers — a trigger (triggerInputSchema) → 201; 400 naming the field. */
  app.post(
    '/triggers',
    {
      preValidation: requireAdmin,
      config: { audit: ['trigger.create'] },
      schema: {
        ...base('Create a trigger'),
        body: triggerInputSchema,
        response: { 201: okSchema(triggerSchema), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await createTrigger(app.db, request.body, auditOf(request)))),
  );

  /** POST /triggers/next-fires — `{ cron, timezone }` checked → the next fire times; 400 naming `cron` or `timezone`. */
  app.post(
    '/triggers/next-fires',
    {
      preValidation: requireAdmin,
      config: { audit: false },
      schema: {
        ...base('Next fire times of a cron'),
        body: triggerCronCheckSchema,
        response: { 200: okSchema(triggerCronFiresSchema), ...errorResponses },
      },
    },
    async (request) => ok({ nextFires: nextFires(request.body.cron, request.body.timezone) }),
  );

  /** GET /triggers/:id — one trigger. 404. */
  app.get(
    '/triggers/:id',
    {
      preValidation: requireAdmin,
      schema: { ...base('Read a trigger'), params: idParams, response: { 200: okSchema(triggerSchema), ...errorResponses } },
    },
    async (request) => ok(await getTrigger(app.db, request.params.id)),
  );

  /** PATCH /triggers/:id — any keys of a trigger; a no-op answers `unchanged`. 404; 400. */
  app.patch(
    '/triggers/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['trigger.update'] },
      schema: {
        ...base('Update a trigger'),
        params: idParams,
        body: triggerPatchSchema,
        response: { 200: okSchema(triggerSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateTrigger(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /triggers/:id — the trigger and its runs. 404. */
  app.delete(
    '/triggers/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['trigger.delete'] },
      schema: { ...base('Delete a trigger'), params: idParams, response: { 200: deleted, ...errorResponses } },
    },
    async (request) => {
      await deleteTrigger(app.db, request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  for (const [verb, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    /** POST /triggers/:id/enable | disable — asking twice answers `unchanged`. 404. */
    app.post(
      `/triggers/:id/${verb}`,
      {
        preValidation: requireAdmin,
        config: { audit: [`trigger.${verb}`] },
        schema: {
          ...base(`${verb === 'enable' ? 'Enable' : 'Disable'} a trigger`),
          params: idParams,
          response: { 200: okSchema(triggerSchema), ...errorResponses },
        },
      },
      async (request) => ok(await setTriggerEnabled(app.db, request.params.id, enabled, auditOf(request))),
    );
  }

  /** POST /triggers/:id/test — `{ recordId? }` → the run as it would go, its writes rolled back. 404; 400 naming `recordId`. */
  app.post(
    '/triggers/:id/test',
    {
      preValidation: requireAdmin,
      config: { audit: ['trigger.test'] },
      schema: {
        ...base('Test a trigger (writes rolled back)'),
        params: idParams,
        body: triggerTestSchema,
        response: { 200: okSchema(triggerRunSchema), ...errorResponses },
      },
    },
    async (request) => ok(await testTrigger(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** POST /triggers/:id/run — `{ recordIds }` → a queued run per record (201). 404; 400 naming `recordIds`. */
  app.post(
    '/triggers/:id/run',
    {
      preValidation: requireAdmin,
      config: { audit: ['trigger.run'] },
      schema: {
        ...base('Run a trigger for records'),
        params: idParams,
        body: triggerManualRunSchema,
        response: { 201: okSchema(triggerManualRunResultSchema), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send(ok(await runTriggerManually(app.db, request.params.id, request.body, auditOf(request)))),
  );

  /** GET /triggers/:id/runs?current&pageSize&state — the trigger's runs, newest first. 404. */
  app.get(
    '/triggers/:id/runs',
    {
      preValidation: requireAdmin,
      schema: {
        ...base("List a trigger's runs"),
        params: idParams,
        querystring: triggerRunListQuerySchema,
        response: { 200: pageSchema(triggerRunSchema), ...errorResponses },
      },
    },
    async (request) => {
      await getTrigger(app.db, request.params.id);
      const { items, total } = await listRuns(app.db, { ...request.query, trigger: request.params.id });
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /trigger-runs?state=dead&trigger — every trigger's runs (the dead-letter list with `state=dead`). */
  app.get(
    '/trigger-runs',
    {
      preValidation: requireAdmin,
      schema: {
        ...base('List trigger runs'),
        querystring: triggerRunListQuerySchema,
        response: { 200: pageSchema(triggerRunSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listRuns(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /trigger-runs/:id — one run with its steps' log. 404. */
  app.get(
    '/trigger-runs/:id',
    {
      preValidation: requireAdmin,
      schema: {
        ...base('Read a trigger run'),
        params: idParams,
        response: { 200: okSchema(triggerRunSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getRun(app.db, request.params.id)),
  );

  /** POST /trigger-runs/:id/replay — a dead run queued again. 404; 409 unless dead. */
  app.post(
    '/trigger-runs/:id/replay',
    {
      preValidation: requireAdmin,
      config: { audit: ['trigger.replay'] },
      schema: {
        ...base('Replay a dead run'),
        params: idParams,
        response: { 200: okSchema(triggerRunSchema), ...errorResponses },
      },
    },
    async (request) => ok(await replayRun(app.db, request.params.id, auditOf(request))),
  );

  const actionTags = ['actions'];

  /** GET /actions?current&pageSize&type&application&q — newest first (`application=global`: the global ones). */
  app.get(
    '/actions',
    {
      preValidation: requireAdmin,
      schema: {
        ...base('List actions', actionTags),
        querystring: actionListQuerySchema,
        response: { 200: pageSchema(actionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listActions(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /actions/types — the registered action types, each with its configuration's JSON schema. */
  app.get(
    '/actions/types',
    {
      preValidation: requireAdmin,
      schema: {
        ...base('List action types', actionTags),
        response: { 200: okSchema(z.array(actionTypeInfoSchema)), ...errorResponses },
      },
    },
    async () => ok(actionTypeInfos()),
  );

  /** POST /actions — `{ name, type, config, application? }` → 201; 400 naming `type` or `config.<path>`. */
  app.post(
    '/actions',
    {
      preValidation: requireAdmin,
      config: { audit: ['action.create'] },
      schema: {
        ...base('Create an action', actionTags),
        body: actionInputSchema,
        response: { 201: okSchema(actionSchema), ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await createAction(app.db, request.body, auditOf(request)))),
  );

  /** GET /actions/:id. 404. */
  app.get(
    '/actions/:id',
    {
      preValidation: requireAdmin,
      schema: {
        ...base('Read an action', actionTags),
        params: idParams,
        response: { 200: okSchema(actionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getAction(app.db, request.params.id)),
  );

  /** PATCH /actions/:id — `{ name?, config? }`; a no-op answers `unchanged`. 404; 400. */
  app.patch(
    '/actions/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['action.update'] },
      schema: {
        ...base('Update an action', actionTags),
        params: idParams,
        body: actionPatchSchema,
        response: { 200: okSchema(actionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateAction(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /actions/:id. 404; 409 while a trigger uses it. */
  app.delete(
    '/actions/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['action.delete'] },
      schema: { ...base('Delete an action', actionTags), params: idParams, response: { 200: deleted, ...errorResponses } },
    },
    async (request) => {
      await deleteAction(app.db, request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );
};
