/**
 * Connectors API (contracts/connectors.ts, docs/connectors.md; the route table:
 * server/src/modules/connectors/README.md). Administrators only (the console, /admin/connector).
 * Rules: connectors.service.ts (connectors, browsing, plans), connectors.syncs.ts (syncs, runs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectorCreateSchema,
  connectorIdParamsSchema,
  connectorListQuerySchema,
  connectorRunDetailSchema,
  connectorRunIdParamsSchema,
  connectorRunListQuerySchema,
  connectorRunSchema,
  connectorRunStartSchema,
  connectorSchema,
  connectorSyncCreateSchema,
  connectorSyncIdParamsSchema,
  connectorSyncListQuerySchema,
  connectorSyncSchema,
  connectorSyncUpdateSchema,
  connectorTestInputSchema,
  connectorTestResultSchema,
  connectorUpdateSchema,
  mappingPlanQuerySchema,
  mappingPlanSchema,
  okSchema,
  pageSchema,
  sourceColumnSchema,
  sourcePreviewQuerySchema,
  sourcePreviewSchema,
  sourceSchemaQuerySchema,
  sourceTableQuerySchema,
  sourceTableSchema,
  subjectFromTableResultSchema,
  subjectFromTableSchema,
  subjectPlanSchema,
} from '../../../../contracts';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, userOf } from '../../core/auth.plugin';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import './connectors.recyclable';
import { recoverInterruptedRuns } from './connectors.run';
import './connectors.schedule';
import {
  browseColumns,
  browseSchemas,
  browseTables,
  createConnector,
  createSubjectFromTable,
  deleteConnector,
  getConnector,
  listConnectors,
  mappingPlan,
  previewTable,
  subjectPlan,
  testConnection,
  testConnector,
  updateConnector,
} from './connectors.service';
import { createSync, deleteSync, getRun, getSync, listRuns, listSyncs, runSyncNow, updateSync } from './connectors.syncs';

const ADMIN = ['admin'] as const;

/** Who may call each route (all administrators); connectors.route-specs.ts takes its allow lists from here. */
export const CONNECTOR_ROUTE_ACCESS = {
  'GET /api/v1/connectors': ADMIN,
  'POST /api/v1/connectors': ADMIN,
  'POST /api/v1/connectors/test': ADMIN,
  'GET /api/v1/connectors/:id': ADMIN,
  'PATCH /api/v1/connectors/:id': ADMIN,
  'DELETE /api/v1/connectors/:id': ADMIN,
  'POST /api/v1/connectors/:id/test': ADMIN,
  'GET /api/v1/connectors/:id/schemas': ADMIN,
  'GET /api/v1/connectors/:id/tables': ADMIN,
  'GET /api/v1/connectors/:id/columns': ADMIN,
  'GET /api/v1/connectors/:id/preview': ADMIN,
  'GET /api/v1/connectors/:id/subject-plan': ADMIN,
  'POST /api/v1/connectors/:id/subject': ADMIN,
  'GET /api/v1/connectors/:id/mapping-plan': ADMIN,
  'GET /api/v1/connectors/syncs': ADMIN,
  'POST /api/v1/connectors/:id/syncs': ADMIN,
  'GET /api/v1/connectors/syncs/:syncId': ADMIN,
  'PATCH /api/v1/connectors/syncs/:syncId': ADMIN,
  'DELETE /api/v1/connectors/syncs/:syncId': ADMIN,
  'POST /api/v1/connectors/syncs/:syncId/run': ADMIN,
  'GET /api/v1/connectors/syncs/:syncId/runs': ADMIN,
  'GET /api/v1/connectors/runs/:runId': ADMIN,
} as const;

const TAGS = ['connectors'];
const idParams = connectorIdParamsSchema;
const syncParams = connectorSyncIdParamsSchema;
const deleted = okSchema(z.object({ id: z.string() }));

export const connectorRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preValidation: requireAdmin };
  app.addHook('onReady', async () => {
    const n = await recoverInterruptedRuns(app.db);
    if (n > 0) app.log.warn({ runs: n }, 'connectors: interrupted runs marked failed');
  });

  /** GET /connectors?current&pageSize&q&kind → page of Connector, by name. */
  app.get(
    '/connectors',
    { ...guard, schema: { tags: TAGS, summary: 'List connectors', querystring: connectorListQuerySchema, response: { 200: pageSchema(connectorSchema), ...errorResponses } } },
    async (request) => {
      const { items, total } = await listConnectors(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /connectors → 201 Connector. 400 naming the field; 409 errors.connector.nameTaken. */
  app.post(
    '/connectors',
    {
      ...guard,
      config: { audit: ['connector.create'] },
      schema: { tags: TAGS, summary: 'Create a connector', body: connectorCreateSchema, response: { 201: okSchema(connectorSchema), ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(ok(await createConnector(app.db, request.body as never, userOf(request), auditOf(request)))),
  );

  /** POST /connectors/test { kind, config } → ConnectorTestResult (an unsaved connector). 400; 422 CONNECTOR_HOST_NOT_ALLOWED. */
  app.post(
    '/connectors/test',
    { ...guard, config: { audit: false }, schema: { tags: TAGS, summary: 'Test an unsaved connection', body: connectorTestInputSchema, response: { 200: okSchema(connectorTestResultSchema), ...errorResponses } } },
    async (request) => ok(await testConnection(app.db, request.body.kind, request.body.config, request.locale)),
  );

  /** GET /connectors/syncs?current&pageSize&connector → page of ConnectorSync, newest first. */
  app.get(
    '/connectors/syncs',
    { ...guard, schema: { tags: TAGS, summary: 'List syncs', querystring: connectorSyncListQuerySchema, response: { 200: pageSchema(connectorSyncSchema), ...errorResponses } } },
    async (request) => {
      const { items, total } = await listSyncs(app.db, request.query, request.locale);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /connectors/syncs/:syncId → ConnectorSync. 404. */
  app.get(
    '/connectors/syncs/:syncId',
    { ...guard, schema: { tags: TAGS, summary: 'Read a sync', params: syncParams, response: { 200: okSchema(connectorSyncSchema), ...errorResponses } } },
    async (request) => ok(await getSync(app.db, request.params.syncId, request.locale)),
  );

  /** PATCH /connectors/syncs/:syncId → ConnectorSync (a no-op answers unchanged). 400; 404. */
  app.patch(
    '/connectors/syncs/:syncId',
    {
      ...guard,
      config: { audit: ['connector_sync.update'] },
      schema: { tags: TAGS, summary: 'Update a sync', params: syncParams, body: connectorSyncUpdateSchema, response: { 200: okSchema(connectorSyncSchema), ...errorResponses } },
    },
    async (request) => {
      const audit = auditOf(request);
      const { data, changed } = await updateSync(app.db, request.params.syncId, request.body, userOf(request), audit, request.locale);
      if (!changed) audit.unchanged();
      return ok(data);
    },
  );

  /** DELETE /connectors/syncs/:syncId → { id } (with its runs). 404; 409 while it runs. */
  app.delete(
    '/connectors/syncs/:syncId',
    { ...guard, config: { audit: ['connector_sync.delete'] }, schema: { tags: TAGS, summary: 'Delete a sync', params: syncParams, response: { 200: deleted, ...errorResponses } } },
    async (request) => {
      await deleteSync(app.db, request.params.syncId, auditOf(request));
      return ok({ id: request.params.syncId });
    },
  );

  /** POST /connectors/syncs/:syncId/run { wait } → ConnectorRun (finished; 202 queued when not waited for). 404; 409 running / connector deleted. */
  app.post(
    '/connectors/syncs/:syncId/run',
    {
      ...guard,
      config: { audit: ['connector_sync.run'] },
      schema: {
        tags: TAGS,
        summary: 'Run a sync now',
        params: syncParams,
        body: connectorRunStartSchema.optional(),
        response: { 200: okSchema(connectorRunSchema), 202: okSchema(connectorRunSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const wait = request.body?.wait ?? true;
      const run = await runSyncNow(app.db, request.params.syncId, userOf(request), auditOf(request), wait, request.locale, request.log);
      return reply.code(wait ? 200 : 202).send(ok(run));
    },
  );

  /** GET /connectors/syncs/:syncId/runs?current&pageSize → page of ConnectorRun, newest first. 404. */
  app.get(
    '/connectors/syncs/:syncId/runs',
    {
      ...guard,
      schema: { tags: TAGS, summary: "List a sync's runs", params: syncParams, querystring: connectorRunListQuerySchema, response: { 200: pageSchema(connectorRunSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listRuns(app.db, request.params.syncId, request.query, request.locale);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /connectors/runs/:runId → ConnectorRunDetail (with the first row errors). 404. */
  app.get(
    '/connectors/runs/:runId',
    { ...guard, schema: { tags: TAGS, summary: 'Read a sync run', params: connectorRunIdParamsSchema, response: { 200: okSchema(connectorRunDetailSchema), ...errorResponses } } },
    async (request) => ok(await getRun(app.db, request.params.runId, request.locale)),
  );

  /** GET /connectors/:id → Connector. 404. */
  app.get(
    '/connectors/:id',
    { ...guard, schema: { tags: TAGS, summary: 'Read a connector', params: idParams, response: { 200: okSchema(connectorSchema), ...errorResponses } } },
    async (request) => ok(await getConnector(app.db, request.params.id)),
  );

  /** PATCH /connectors/:id { name?, description?, config? } → Connector (a no-op answers unchanged). 400; 404; 409. */
  app.patch(
    '/connectors/:id',
    {
      ...guard,
      config: { audit: ['connector.update'] },
      schema: { tags: TAGS, summary: 'Update a connector', params: idParams, body: connectorUpdateSchema, response: { 200: okSchema(connectorSchema), ...errorResponses } },
    },
    async (request) => {
      const audit = auditOf(request);
      const { data, changed } = await updateConnector(app.db, request.params.id, request.body, audit);
      if (!changed) audit.unchanged();
      return ok(data);
    },
  );

  /** DELETE /connectors/:id → { id } (to the recycle bin). 404. */
  app.delete(
    '/connectors/:id',
    { ...guard, config: { audit: ['connector.delete'] }, schema: { tags: TAGS, summary: 'Delete a connector (to the recycle bin)', params: idParams, response: { 200: deleted, ...errorResponses } } },
    async (request) => {
      await deleteConnector(app.db, request.params.id, userOf(request), auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /** POST /connectors/:id/test → ConnectorTestResult. 404; 400; 422. */
  app.post(
    '/connectors/:id/test',
    { ...guard, config: { audit: false }, schema: { tags: TAGS, summary: 'Test a connector', params: idParams, response: { 200: okSchema(connectorTestResultSchema), ...errorResponses } } },
    async (request) => ok(await testConnector(app.db, request.params.id, request.locale)),
  );

  /** GET /connectors/:id/schemas → string[]. 404; 422; 502. */
  app.get(
    '/connectors/:id/schemas',
    { ...guard, schema: { tags: TAGS, summary: "List a source's schemas", params: idParams, response: { 200: okSchema(z.array(z.string())), ...errorResponses } } },
    async (request) => ok(await browseSchemas(app.db, request.params.id)),
  );

  /** GET /connectors/:id/tables?schema → SourceTable[]. 404; 422; 502. */
  app.get(
    '/connectors/:id/tables',
    {
      ...guard,
      schema: { tags: TAGS, summary: "List a source's tables", params: idParams, querystring: sourceSchemaQuerySchema, response: { 200: okSchema(z.array(sourceTableSchema)), ...errorResponses } },
    },
    async (request) => ok(await browseTables(app.db, request.params.id, request.query.schema)),
  );

  /** GET /connectors/:id/columns?schema&table → SourceColumn[]. 404; 422; 502 (tableNotFound…). */
  app.get(
    '/connectors/:id/columns',
    {
      ...guard,
      schema: { tags: TAGS, summary: "List a source table's columns", params: idParams, querystring: sourceTableQuerySchema, response: { 200: okSchema(z.array(sourceColumnSchema)), ...errorResponses } },
    },
    async (request) => ok(await browseColumns(app.db, request.params.id, request.query.schema, request.query.table)),
  );

  /** GET /connectors/:id/preview?schema&table&limit → SourcePreview (≤ 50 rows). 404; 422; 502. */
  app.get(
    '/connectors/:id/preview',
    {
      ...guard,
      schema: { tags: TAGS, summary: "Preview a source table's rows", params: idParams, querystring: sourcePreviewQuerySchema, response: { 200: okSchema(sourcePreviewSchema), ...errorResponses } },
    },
    async (request) => ok(await previewTable(app.db, request.params.id, request.query.schema, request.query.table, request.query.limit)),
  );

  /** GET /connectors/:id/subject-plan?schema&table → SubjectPlan (nothing written). 404; 422; 502. */
  app.get(
    '/connectors/:id/subject-plan',
    {
      ...guard,
      schema: { tags: TAGS, summary: 'Plan a subject from a source table', params: idParams, querystring: sourceTableQuerySchema, response: { 200: okSchema(subjectPlanSchema), ...errorResponses } },
    },
    async (request) => ok(await subjectPlan(app.db, request.params.id, request.query.schema, request.query.table, request.locale)),
  );

  /** POST /connectors/:id/subject → 201 SubjectFromTableResult (audited subject.create). 400; 404; 409 KEY_TAKEN; 422; 502. */
  app.post(
    '/connectors/:id/subject',
    {
      ...guard,
      config: { audit: ['subject.create'] },
      schema: { tags: TAGS, summary: 'Make a subject from a source table', params: idParams, body: subjectFromTableSchema, response: { 201: okSchema(subjectFromTableResultSchema), ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(ok(await createSubjectFromTable(app.db, request.params.id, request.body, userOf(request), auditOf(request)))),
  );

  /** GET /connectors/:id/mapping-plan?schema&table&application&subject → MappingPlan. 404; 422; 502. */
  app.get(
    '/connectors/:id/mapping-plan',
    {
      ...guard,
      schema: { tags: TAGS, summary: 'Match a source table to a subject', params: idParams, querystring: mappingPlanQuerySchema, response: { 200: okSchema(mappingPlanSchema), ...errorResponses } },
    },
    async (request) => ok(await mappingPlan(app.db, request.params.id, request.query, userOf(request))),
  );

  /** POST /connectors/:id/syncs → 201 ConnectorSync. 400; 404. */
  app.post(
    '/connectors/:id/syncs',
    {
      ...guard,
      config: { audit: ['connector_sync.create'] },
      schema: { tags: TAGS, summary: 'Create a sync', params: idParams, body: connectorSyncCreateSchema, response: { 201: okSchema(connectorSyncSchema), ...errorResponses } },
    },
    async (request, reply) => reply.code(201).send(ok(await createSync(app.db, request.params.id, request.body, userOf(request), auditOf(request), request.locale))),
  );
};
