/**
 * /api/v1/applications/:slug/queries (`/:app/query`, `/admin/query`; docs/queries.md): run an
 * analytics query, drill into the records behind a row, export either, and the application's saved
 * queries (both kinds) with versions. Members of the application (administrators pass); saving
 * needs an editor. Rules: queries.service.ts; SQL generation: compile.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthenticated } from '../../lib/http-error';
import type { Readable } from 'node:stream';
import {
  moduleSavedQueryListSchema,
  moduleSavedQuerySchema,
  okSchema,
  pageSchema,
  queryDrillExportSchema,
  queryDrillPageSchema,
  queryDrillSchema,
  queryExportSchema,
  queryResultSchema,
  queryRunSchema,
  savedAnalyticsQueryCreateSchema,
  savedAnalyticsQueryUpdateSchema,
  savedQueryVersionSchema,
  type AuditExportFormat,
} from '../../../../contracts';
import { filterConditionSchema, timeZoneSchema } from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses, exportFileSchema } from '../../lib/openapi';
import { contentDisposition } from '../../lib/content-disposition';
import { EXPORT_FILE_TYPES, exportFileName } from '../../lib/export-writer';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import {
  createQuery,
  deleteQuery,
  drillExport,
  drillQuery,
  exportQueryResult,
  findVisibleSavedQuery,
  listQueries,
  openApplication,
  queryVersions,
  restoreQueryVersion,
  runQuery,
  runSavedQuery,
  updateQuery,
} from './queries.service';

/** Who may call each route; queries.route-specs.ts takes its allow lists from here. */
export const QUERIES_ROUTE_ACCESS = {
  'POST /api/v1/applications/:slug/queries/run': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/applications/:slug/queries/drill': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/applications/:slug/queries/export': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/applications/:slug/queries/drill/export': ['viewer', 'editor', 'owner', 'admin'],
  'GET /api/v1/applications/:slug/queries': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/applications/:slug/queries': ['editor', 'owner', 'admin'],
  'GET /api/v1/applications/:slug/queries/:id': ['viewer', 'editor', 'owner', 'admin'],
  'PATCH /api/v1/applications/:slug/queries/:id': ['editor', 'owner', 'admin'],
  'DELETE /api/v1/applications/:slug/queries/:id': ['editor', 'owner', 'admin'],
  'GET /api/v1/applications/:slug/queries/:id/versions': ['viewer', 'editor', 'owner', 'admin'],
  'POST /api/v1/applications/:slug/queries/:id/versions/:version/restore': ['editor', 'owner', 'admin'],
  'POST /api/v1/applications/:slug/queries/:id/run': ['viewer', 'editor', 'owner', 'admin'],
} as const;

const TAGS = ['queries'];
const slugParams = z.object({ slug: z.string().min(1).max(64) });
const idParams = slugParams.extend({ id: z.uuid() });
const versionParams = idParams.extend({ version: z.coerce.number().int().min(1) });
const savedRunSchema = z.object({ timeZone: timeZoneSchema.default('UTC'), conditions: z.array(filterConditionSchema).max(10).default([]) });

export const queriesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** preValidation of the writing routes: signed in and an editor (or more) of the application, before the body is read. */
  const requireEditor = async (request: FastifyRequest) => {
    if (!request.user) throw unauthenticated();
    await openApplication(app.db, userOf(request), (request.params as { slug: string }).slug, 'write', app.readCache);
  };
  const ctx = (request: { locale: 'zh-CN' | 'en-US' }) => ({ engine: app.engine, locale: request.locale });

  /** Sends a file: Content-Type, Content-Disposition (`<name>-<UTC stamp>.<ext>`), no caching. */
  function sendFile(reply: FastifyReply, stream: Readable, name: string, format: AuditExportFormat, headers: Record<string, string> = {}) {
    reply
      .type(EXPORT_FILE_TYPES[format].contentType)
      .header('Content-Disposition', contentDisposition('attachment', exportFileName(name, format)))
      .header('Cache-Control', 'no-store');
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return reply.send(stream);
  }

  /**
   * POST /applications/:slug/queries/run — members; `{ definition, timeZone, conditions }` →
   * QueryResult (`sql` for administrators). A read: no audit entry. 400 naming `definition.*`,
   * `conditions.<i>`, `timeZone`; 403; 404; 422 QUERY_TOO_COSTLY / QUERY_TIMEOUT.
   */
  app.post(
    '/applications/:slug/queries/run',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: { tags: TAGS, summary: 'Run an analytics query', params: slugParams, body: queryRunSchema, response: { 200: okSchema(queryResultSchema), ...errorResponses } },
    },
    async (request) => ok(await runQuery(app.db, userOf(request), request.params.slug, request.body, app.readCache, ctx(request))),
  );

  /** POST /applications/:slug/queries/drill — members; a run's body and `values`, a page → QueryDrillPage. 400 naming `values.<name>`. */
  app.post(
    '/applications/:slug/queries/drill',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: { tags: TAGS, summary: 'The records behind one result row', params: slugParams, body: queryDrillSchema, response: { 200: queryDrillPageSchema, ...errorResponses } },
    },
    async (request) => drillQuery(app.db, userOf(request), request.params.slug, request.body, app.readCache, ctx(request)),
  );

  /** POST /applications/:slug/queries/export — members; a run's body and `format`, `name` → the result as CSV/XLSX (X-Export-Truncated). */
  app.post(
    '/applications/:slug/queries/export',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: { tags: TAGS, summary: 'Export a query result as CSV or XLSX', params: slugParams, body: queryExportSchema, response: { 200: exportFileSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const out = await exportQueryResult(app.db, userOf(request), request.params.slug, request.body, app.readCache, ctx(request));
      return sendFile(reply, out.stream, out.name, request.body.format, { 'X-Total-Count': String(out.rows), 'X-Export-Truncated': String(out.truncated) });
    },
  );

  /** POST /applications/:slug/queries/drill/export — members; a drill's body and `format` → the records behind the row as CSV/XLSX (≤ 100,000). */
  app.post(
    '/applications/:slug/queries/drill/export',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: { tags: TAGS, summary: 'Export the records behind one result row', params: slugParams, body: queryDrillExportSchema, response: { 200: exportFileSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const out = await drillExport(app.db, userOf(request), request.params.slug, request.body, app.readCache, ctx(request));
      return sendFile(reply, out.stream, out.name, request.body.format);
    },
  );

  /** GET /applications/:slug/queries?current&pageSize&q&kind&mine — members → page of ModuleSavedQuery the caller may see. */
  app.get(
    '/applications/:slug/queries',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: 'Saved queries of an application', params: slugParams, querystring: moduleSavedQueryListSchema, response: { 200: pageSchema(moduleSavedQuerySchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listQueries(app.db, userOf(request), request.params.slug, request.query, app.readCache);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /applications/:slug/queries — editors; `{ name, description?, visibility, definition, visualization? }` → 201 ModuleSavedQuery. 400 naming the field. */
  app.post(
    '/applications/:slug/queries',
    {
      preValidation: requireEditor,
      config: { audit: ['query.create'] },
      schema: { tags: TAGS, summary: 'Save an analytics query', params: slugParams, body: savedAnalyticsQueryCreateSchema, response: { 201: okSchema(moduleSavedQuerySchema), ...errorResponses } },
    },
    async (request, reply) => {
      const created = await createQuery(app.db, userOf(request), request.params.slug, request.body, auditOf(request), app.readCache);
      reply.code(201);
      return ok(created);
    },
  );

  /** GET /applications/:slug/queries/:id — members → ModuleSavedQuery. 404 (also: private to someone else). */
  app.get(
    '/applications/:slug/queries/:id',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: 'A saved query', params: idParams, response: { 200: okSchema(moduleSavedQuerySchema), ...errorResponses } },
    },
    async (request) => ok(await findVisibleSavedQuery(app.db, userOf(request), request.params.slug, request.params.id, app.readCache)),
  );

  /** PATCH /applications/:slug/queries/:id — its owner, application owners, administrators → ModuleSavedQuery (a new version). 400; 403; 404; 409 STALE_VERSION. */
  app.patch(
    '/applications/:slug/queries/:id',
    {
      preValidation: requireEditor,
      config: { audit: ['query.update'] },
      schema: { tags: TAGS, summary: 'Change a saved analytics query', params: idParams, body: savedAnalyticsQueryUpdateSchema, response: { 200: okSchema(moduleSavedQuerySchema), ...errorResponses } },
    },
    async (request) => ok(await updateQuery(app.db, userOf(request), request.params.slug, request.params.id, request.body, auditOf(request), app.readCache)),
  );

  /** DELETE /applications/:slug/queries/:id — its owner, application owners, administrators → to the recycle bin. 403; 404. */
  app.delete(
    '/applications/:slug/queries/:id',
    {
      preValidation: requireEditor,
      config: { audit: ['query.delete'] },
      schema: { tags: TAGS, summary: 'Delete a saved query (recycle bin)', params: idParams, response: { 200: okSchema(z.null()), ...errorResponses } },
    },
    async (request) => {
      await deleteQuery(app.db, userOf(request), request.params.slug, request.params.id, auditOf(request), app.readCache);
      return ok(null);
    },
  );

  /** GET /applications/:slug/queries/:id/versions — members → the kept versions, newest first. 404. */
  app.get(
    '/applications/:slug/queries/:id/versions',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: 'Versions of a saved query', params: idParams, response: { 200: okSchema(z.array(savedQueryVersionSchema)), ...errorResponses } },
    },
    async (request) => ok(await queryVersions(app.db, userOf(request), request.params.slug, request.params.id, app.readCache)),
  );

  /** POST /applications/:slug/queries/:id/versions/:version/restore — those who may edit it → ModuleSavedQuery (the version made current as a new one). 404. */
  app.post(
    '/applications/:slug/queries/:id/versions/:version/restore',
    {
      preValidation: requireEditor,
      config: { audit: ['query.restore_version'] },
      schema: { tags: TAGS, summary: 'Restore a version of a saved query', params: versionParams, response: { 200: okSchema(moduleSavedQuerySchema), ...errorResponses } },
    },
    async (request) =>
      ok(await restoreQueryVersion(app.db, userOf(request), request.params.slug, request.params.id, request.params.version, auditOf(request), app.readCache)),
  );

  /** POST /applications/:slug/queries/:id/run — members; `{ timeZone, conditions }` → the saved query's QueryResult. 400 errors.query.kind for a record query. */
  app.post(
    '/applications/:slug/queries/:id/run',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: { tags: TAGS, summary: 'Run a saved analytics query', params: idParams, body: savedRunSchema, response: { 200: okSchema(queryResultSchema), ...errorResponses } },
    },
    async (request) => ok(await runSavedQuery(app.db, userOf(request), request.params.slug, request.params.id, request.body, app.readCache, ctx(request))),
  );
};
