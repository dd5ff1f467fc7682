/**
 * /api/v1/record-queries (`/admin/record-query`): saved record queries, running a
 * definition (saved or not) page by page, and exporting its result as CSV or XLSX. The admin
 * console's: administrators only. Rules: record-queries.service.ts; columns: query-columns.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  okSchema,
  pageSchema,
  RECORD_QUERY_EXPORT_MAX_ROWS,
  recordQueryExportQuerySchema,
  recordQueryExportSchema,
  recordQueryPageSchema,
  recordQueryRunSchema,
  savedQueryCreateSchema,
  savedQueryListQuerySchema,
  savedQuerySchema,
  savedQueryUpdateSchema,
  type AuditExportFormat,
  type Locale,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses, exportFileSchema } from '../../lib/openapi';
import { contentDisposition } from '../../lib/content-disposition';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, userOf } from '../../core/auth.plugin';
import { countRecords } from '../records/list';
import { exportQueryStream, QUERY_EXPORT_TYPES, queryExportFileName } from './query-export';
import { prepareQuery, type PreparedQuery } from './query-run';
import './record-queries.recyclable';
import {
  createSavedQuery,
  deleteSavedQuery,
  getSavedQuery,
  listSavedQueries,
  prepareSavedQuery,
  runRecordQuery,
  updateSavedQuery,
} from './record-queries.service';

const idParams = z.object({ id: z.uuid() });

export const recordQueryRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Sends `prepared`'s rows as a download: Content-Type, Content-Disposition (`<name>-<UTC stamp>.<ext>`,
   * RFC 5987), X-Total-Count (rows matching; an estimate past the cap) and X-Export-Truncated.
   */
  async function sendExport(reply: FastifyReply, prepared: PreparedQuery, name: string, format: AuditExportFormat, locale: Locale) {
    const { total, exact } = await countRecords(app.db, prepared.subject, prepared.where, RECORD_QUERY_EXPORT_MAX_ROWS);
    reply
      .type(QUERY_EXPORT_TYPES[format].contentType)
      .header('Content-Disposition', contentDisposition('attachment', queryExportFileName(name, format)))
      .header('Cache-Control', 'no-store')
      .header('X-Total-Count', String(total))
      .header('X-Export-Truncated', String(!exact));
    return reply.send(exportQueryStream(app.db, prepared, format, locale, RECORD_QUERY_EXPORT_MAX_ROWS, app.readCache));
  }

  /** GET /record-queries?current&pageSize&q&subjectId — administrators → page of SavedQuery, most recently changed first. */
  app.get(
    '/record-queries',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['record-queries'],
        summary: 'List saved record queries',
        querystring: savedQueryListQuerySchema,
        response: { 200: pageSchema(savedQuerySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listSavedQueries(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * POST /record-queries/run — administrators; `{ definition, current, pageSize }` → RecordQueryPage
   * (cells keyed by column, labels). A read: no audit entry. 400 naming `definition.*`.
   */
  app.post(
    '/record-queries/run',
    {
      preValidation: requireAdmin,
      config: { audit: false },
      schema: {
        tags: ['record-queries'],
        summary: 'Run a record query',
        body: recordQueryRunSchema,
        response: { 200: recordQueryPageSchema, ...errorResponses },
      },
    },
    async (request) => runRecordQuery(app.db, request.body, app.readCache),
  );

  /**
   * POST /record-queries/export — administrators; `{ definition, format, name? }` → the file
   * (at most 100,000 rows). A read: no audit entry. 400 naming `definition.*`.
   */
  app.post(
    '/record-queries/export',
    {
      preValidation: requireAdmin,
      config: { audit: false },
      schema: {
        tags: ['record-queries'],
        summary: 'Export an unsaved record query as CSV or XLSX',
        body: recordQueryExportSchema,
        response: { 200: exportFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const prepared = await prepareQuery(app.db, request.body.definition, app.readCache);
      return sendExport(reply, prepared, request.body.name ?? 'record-query', request.body.format, request.locale);
    },
  );

  /** GET /record-queries/:id — administrators → SavedQuery. 404. */
  app.get(
    '/record-queries/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['record-queries'],
        summary: 'A saved record query',
        params: idParams,
        response: { 200: okSchema(savedQuerySchema), ...errorResponses },
      },
    },
    async (request) => ok(await getSavedQuery(app.db, request.params.id)),
  );

  /** GET /record-queries/:id/export?format=csv|xlsx — administrators → the saved query's result as a file. 404; 400 when its definition broke. */
  app.get(
    '/record-queries/:id/export',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['record-queries'],
        summary: 'Export a saved record query as CSV or XLSX',
        params: idParams,
        querystring: recordQueryExportQuerySchema,
        response: { 200: exportFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { name, prepared } = await prepareSavedQuery(app.db, request.params.id, app.readCache);
      return sendExport(reply, prepared, name, request.query.format, request.locale);
    },
  );

  /** POST /record-queries — administrators; `{ name, description?, definition }` → 201 SavedQuery. 400 naming the field (`definition.*`). */
  app.post(
    '/record-queries',
    {
      preValidation: requireAdmin,
      config: { audit: ['query.create'] },
      schema: {
        tags: ['record-queries'],
        summary: 'Save a record query',
        body: savedQueryCreateSchema,
        response: { 201: okSchema(savedQuerySchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createSavedQuery(app.db, userOf(request), request.body, auditOf(request), app.readCache);
      reply.code(201);
      return ok(created);
    },
  );

  /** PATCH /record-queries/:id — administrators; `{ name?, description?, definition? }` → SavedQuery. 400; 404. */
  app.patch(
    '/record-queries/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['query.update'] },
      schema: {
        tags: ['record-queries'],
        summary: 'Change a saved record query',
        params: idParams,
        body: savedQueryUpdateSchema,
        response: { 200: okSchema(savedQuerySchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateSavedQuery(app.db, userOf(request), request.params.id, request.body, auditOf(request), app.readCache)),
  );

  /** DELETE /record-queries/:id — administrators; to the recycle bin (type 'query') → `{ id }`. 404. */
  app.delete(
    '/record-queries/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['query.delete'] },
      schema: {
        tags: ['record-queries'],
        summary: 'Delete a saved record query (to the recycle bin)',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteSavedQuery(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );
};
