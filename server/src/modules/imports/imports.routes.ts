/**
 * Imports API (contracts/imports.ts):
 * - POST /applications/:slug/subjects/:key/imports (multipart upload) → 201 { batch, sample }
 * - GET /applications/:slug/imports?subject&current&pageSize (history of an application)
 * - GET /imports?application&subject&current&pageSize (administrators: every application)
 * - GET /imports/:id, POST /imports/:id/check, POST /imports/:id/run, GET /imports/:id/rows,
 *   GET /imports/:id/errors (CSV), GET /imports/:id/edited, POST /imports/:id/undo,
 *   DELETE /imports/:id (a batch never run)
 * Access: editors, owners and administrators of the subject's application. Rules: imports.service.ts.
 */
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_MAX_BYTES,
  importBatchSchema,
  importEditedRowSchema,
  importListQuerySchema,
  importRowPageSchema,
  importRowsQuerySchema,
  importSettingsSchema,
  importUndoResultSchema,
  importUndoSchema,
  importUploadQuerySchema,
  importUploadResultSchema,
  okSchema,
  pageSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses, exportFileSchema } from '../../lib/openapi';
import { contentDisposition } from '../../lib/content-disposition';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import {
  checkImport,
  deleteImport,
  getImport,
  importEditedRows,
  importErrorReport,
  listImportRows,
  listImports,
  recoverInterruptedImports,
  runImport,
  undoImport,
  uploadImport,
  type ImportActor,
} from './imports.service';
import './imports.housekeeping';

const subjectParams = z.object({ slug: z.string().min(1).max(64), key: z.string().min(1).max(64) });
const slugParams = z.object({ slug: z.string().min(1).max(64) });
const idParams = z.object({ id: z.uuid() });

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // multipart parsing for this plugin's routes only (as attachments does)
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  app.addHook('onReady', async () => {
    const n = await recoverInterruptedImports(app.db, app.engine === 'pglite' ? 0 : 10);
    if (n > 0) app.log.warn({ batches: n }, 'imports: interrupted runs discarded');
  });
  const actorOf = (request: Parameters<typeof userOf>[0]): ImportActor => ({ user: userOf(request), audit: auditOf(request), cache: app.readCache, log: request.log });

  /**
   * POST /applications/:slug/subjects/:key/imports — editors+. multipart/form-data with one file
   * (.csv, .xlsx, .json); `?encoding=auto|utf-8|utf-16|gb18030` how to read CSV/JSON text
   * (default auto: detected); `?jsonPath=<key>` the top-level key of a JSON object whose array of
   * objects holds the rows (without it such a file is 400 errors.import.jsonPick naming `jsonPath`,
   * `conflict.jsonArrays` = [{ key, rows }] the keys holding arrays of objects) → 201 { batch (headers, total, auto-matched mapping), sample (first 20
   * rows), encoding (the one used; null for XLSX) }. 400 naming `file` (none, not multipart,
   * unknown format, unreadable, a cell/row/XLSX part over its cap, a NUL character); 413 past
   * IMPORT_MAX_BYTES / IMPORT_MAX_ROWS. Caps: server/README.md "Import limits".
   */
  app.post(
    '/applications/:slug/subjects/:key/imports',
    {
      preValidation: requireUser,
      config: { audit: ['import.upload'] },
      schema: {
        tags: ['imports'],
        summary: 'Upload a file to import',
        consumes: ['multipart/form-data'],
        params: subjectParams,
        querystring: importUploadQuerySchema,
        response: { 201: okSchema(importUploadResultSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      // not multipart: no file (400 naming `file` after the access check)
      const file = request.isMultipart() ? await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }) : undefined;
      const { encoding, jsonPath } = request.query;
      const result = await uploadImport(app.db, actorOf(request), request.params.slug, request.params.key, file, encoding, jsonPath);
      reply.code(201);
      return ok(result);
    },
  );

  /** GET /applications/:slug/imports?subject&current&pageSize — members → page of ImportBatch, newest first. */
  app.get(
    '/applications/:slug/imports',
    {
      preValidation: requireUser,
      schema: {
        tags: ['imports'],
        summary: "An application's import batches",
        params: slugParams,
        querystring: importListQuerySchema,
        response: { 200: pageSchema(importBatchSchema), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await listImports(app.db, userOf(request), { slug: request.params.slug, subject: q.subject }, q, app.readCache);
      return page(items, total, q.current, q.pageSize);
    },
  );

  /** GET /imports?application&subject&current&pageSize — administrators → page of ImportBatch of every application. */
  app.get(
    '/imports',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['imports'],
        summary: 'Import batches of every application',
        querystring: importListQuerySchema,
        response: { 200: pageSchema(importBatchSchema), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await listImports(app.db, userOf(request), { application: q.application, subject: q.subject }, q, app.readCache);
      return page(items, total, q.current, q.pageSize);
    },
  );

  /** GET /imports/:id — editors+ of its application → ImportBatch (poll `processed`/`total` for progress). 404; 403. */
  app.get(
    '/imports/:id',
    {
      preValidation: requireUser,
      schema: { tags: ['imports'], summary: 'An import batch', params: idParams, response: { 200: okSchema(importBatchSchema), ...errorResponses } },
    },
    async (request) => ok(await getImport(app.db, userOf(request), request.params.id, app.readCache)),
  );

  /**
   * POST /imports/:id/check — editors+; ImportSettings → ImportBatch (status validated, counts).
   * The dry run: writes staging rows only, no audit entry. 400 naming mapping.<header>/keyFields; 409.
   */
  app.post(
    '/imports/:id/check',
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: {
        tags: ['imports'],
        summary: 'Dry-run an import',
        params: idParams,
        body: importSettingsSchema,
        response: { 200: okSchema(importBatchSchema), ...errorResponses },
      },
    },
    async (request) => ok(await checkImport(app.db, actorOf(request), request.params.id, request.body)),
  );

  /**
   * POST /imports/:id/run — editors+; ImportSettings → ImportBatch (done). 409 CONFLICT with
   * `conflict` counts when all-or-nothing meets bad rows (nothing written) or records changed meanwhile.
   */
  app.post(
    '/imports/:id/run',
    {
      preValidation: requireUser,
      config: { audit: ['import.run'] },
      schema: {
        tags: ['imports'],
        summary: 'Run an import',
        params: idParams,
        body: importSettingsSchema,
        response: { 200: okSchema(importBatchSchema), ...errorResponses },
      },
    },
    async (request) => ok(await runImport(app.db, actorOf(request), request.params.id, request.body)),
  );

  /**
   * GET /imports/:id/rows?current&pageSize&errorsOnly&warningsOnly — editors+ → page of ImportRow (errors
   * translated) with `labels`: names of the users and related records the page's values hold.
   */
  app.get(
    '/imports/:id/rows',
    {
      preValidation: requireUser,
      schema: {
        tags: ['imports'],
        summary: "An import batch's staged rows",
        params: idParams,
        querystring: importRowsQuerySchema,
        response: { 200: importRowPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total, labels } = await listImportRows(app.db, userOf(request), request.params.id, q, request.locale, app.readCache);
      return { ...page(items, total, q.current, q.pageSize), labels };
    },
  );

  /** GET /imports/:id/errors — editors+ → the error report (CSV: row, column, value, message), streamed. */
  app.get(
    '/imports/:id/errors',
    {
      preValidation: requireUser,
      schema: { tags: ['imports'], summary: "An import's error report (CSV)", params: idParams, response: { 200: exportFileSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { fileName, stream } = await importErrorReport(app.db, userOf(request), request.params.id, request.locale, app.readCache);
      reply.type('text/csv; charset=utf-8').header('Content-Disposition', contentDisposition('attachment', fileName)).header('Cache-Control', 'no-store');
      return reply.send(stream);
    },
  );

  /** GET /imports/:id/edited — editors+ → the records the import touched that were edited since (what undo leaves alone). */
  app.get(
    '/imports/:id/edited',
    {
      preValidation: requireUser,
      schema: {
        tags: ['imports'],
        summary: 'Records edited since an import',
        params: idParams,
        response: { 200: okSchema(z.array(importEditedRowSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await importEditedRows(app.db, userOf(request), request.params.id, app.readCache)),
  );

  /**
   * POST /imports/:id/undo — editors+; `{ includeEdited }` → ImportUndoResult (deleted, restored,
   * leftAlone). 409 unless the batch is done.
   */
  app.post(
    '/imports/:id/undo',
    {
      preValidation: requireUser,
      config: { audit: ['import.undo'] },
      schema: {
        tags: ['imports'],
        summary: 'Undo an import',
        params: idParams,
        body: importUndoSchema,
        response: { 200: okSchema(importUndoResultSchema), ...errorResponses },
      },
    },
    async (request) => ok(await undoImport(app.db, actorOf(request), request.params.id, request.body.includeEdited)),
  );

  /**
   * DELETE /imports/:id — editors+ → { id }: removes a batch never run (uploaded, validated,
   * failed) with its staged rows; audited `import.delete`. 409 errors.import.notRemovable when it
   * ran (undo it instead). Such batches also expire after IMPORT_ABANDONED_DAYS (ops/scheduler.ts).
   */
  app.delete(
    '/imports/:id',
    {
      preValidation: requireUser,
      config: { audit: ['import.delete'] },
      schema: { tags: ['imports'], summary: 'Remove an import never run', params: idParams, response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses } },
    },
    async (request) => {
      await deleteImport(app.db, actorOf(request), request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
