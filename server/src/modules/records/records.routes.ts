/**
 * Records API (contracts/records.ts):
 * /api/v1/applications/:slug/subjects/:key/records[/:id[/versions[/:version/restore]]],
 * …/records/bulk-update, …/records/bulk-delete, and /api/v1/records/:id (where a record lives).
 * Reading: members (viewer+) and administrators; writing: editors, owners, administrators.
 * Rules: records.service.ts; values: subjects/values.ts; filters and sorts: filter.ts, sort.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  pageQuerySchema,
  pageSchema,
  recordBulkDeleteSchema,
  recordBulkUpdateSchema,
  recordCreateSchema,
  recordDetailSchema,
  recordListQuerySchema,
  recordLocationSchema,
  recordPageSchema,
  recordUpdateSchema,
  recordExportSchema,
  recordVersionSchema,
  versionRestoreSchema,
} from '../../../../contracts';
import { contentDisposition } from '../../lib/content-disposition';
import { exportRecords } from './export';
import { ok, page } from '../../lib/envelope';
import { errorResponses, exportFileSchema } from '../../lib/openapi';
import { auditOf, markUnchanged } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import './records.recyclable';
import {
  bulkDeleteRecords,
  bulkUpdateRecords,
  createRecord,
  deleteRecord,
  getRecord,
  listRecordVersions,
  listSubjectRecords,
  locateRecord,
  restoreRecordVersion,
  updateRecord,
  type RecordActor,
} from './records.service';

/** `:slug` and `:key` as lookup keys (an unknown one is a 404, not a 400). */
const subjectParams = z.object({ slug: z.string().min(1).max(64), key: z.string().min(1).max(64) });
const recordParams = subjectParams.extend({ id: z.uuid() });
const versionParams = recordParams.extend({ version: z.coerce.number().int().min(1) });
const countSchema = z.object({ count: z.number().int() });
const BASE = '/applications/:slug/subjects/:key/records';

export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorOf = (request: Parameters<typeof userOf>[0]): RecordActor => ({ user: userOf(request), audit: auditOf(request), cache: app.readCache });

  /**
   * GET …/records?current&pageSize&q&filter&sort&cursor — members → RecordPage (labels, files,
   * totalExact, nextCursor). 400 naming filter / filter.<key> / sort / cursor; 403; 404.
   */
  app.get(
    BASE,
    {
      preValidation: requireUser,
      schema: {
        tags: ['records'],
        summary: "List a subject's records",
        params: subjectParams,
        querystring: recordListQuerySchema,
        response: { 200: recordPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key } = request.params;
      const r = await listSubjectRecords(app.db, userOf(request), slug, key, request.query, app.readCache);
      return {
        success: true as const,
        data: r.items,
        total: r.total,
        totalExact: r.totalExact,
        current: request.query.current,
        pageSize: request.query.pageSize,
        nextCursor: r.nextCursor,
        labels: r.labels,
        files: r.files,
      };
    },
  );

  /**
   * POST …/records/export — members; `{ format, columns, filter?, sort?, q? }` (the grid's state) →
   * the CSV or XLSX file of the matching records, only those columns (export.ts). A read: no audit
   * entry. 400 naming columns / filter / sort; 403; 404.
   */
  app.post(
    `${BASE}/export`,
    {
      preValidation: requireUser,
      config: { audit: false },
      schema: {
        tags: ['records'],
        summary: "Export a grid's records as CSV or XLSX",
        params: subjectParams,
        body: recordExportSchema,
        response: { 200: exportFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { slug, key } = request.params;
      const file = await exportRecords(app.db, userOf(request), slug, key, request.body, request.locale, app.readCache);
      reply.type(file.contentType).header('Content-Disposition', contentDisposition('attachment', file.fileName)).header('Cache-Control', 'no-store');
      return reply.send(file.stream);
    },
  );

  /** POST …/records — editors+; `{ values }` → 201 RecordDetail. 400 naming values.<key>; 409 VALUE_TAKEN. */
  app.post(
    BASE,
    {
      preValidation: requireUser,
      config: { audit: ['record.create'] },
      schema: {
        tags: ['records'],
        summary: 'Create a record',
        params: subjectParams,
        body: recordCreateSchema,
        response: { 201: okSchema(recordDetailSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { slug, key } = request.params;
      reply.code(201);
      return ok(await createRecord(app.db, actorOf(request), slug, key, request.body));
    },
  );

  /** POST …/records/bulk-update — editors+; `{ ids, values }` → `{ count }` changed. All or nothing. */
  app.post(
    `${BASE}/bulk-update`,
    {
      preValidation: requireUser,
      config: { audit: ['record.bulk_update'] },
      schema: {
        tags: ['records'],
        summary: 'Set the same values on many records',
        params: subjectParams,
        body: recordBulkUpdateSchema,
        response: { 200: okSchema(countSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key } = request.params;
      const result = await bulkUpdateRecords(app.db, actorOf(request), slug, key, request.body);
      if (!result.changed) markUnchanged(request);
      return ok(result.data);
    },
  );

  /** POST …/records/bulk-delete — editors+; `{ ids }` → `{ count }` moved to the recycle bin. All or nothing. */
  app.post(
    `${BASE}/bulk-delete`,
    {
      preValidation: requireUser,
      config: { audit: ['record.bulk_delete'] },
      schema: {
        tags: ['records'],
        summary: 'Delete many records (to the recycle bin)',
        params: subjectParams,
        body: recordBulkDeleteSchema,
        response: { 200: okSchema(countSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key } = request.params;
      return ok(await bulkDeleteRecords(app.db, actorOf(request), slug, key, request.body));
    },
  );

  /** GET …/records/:id — members → RecordDetail (record, labels, files, tagIds, categoryIds). 404. */
  app.get(
    `${BASE}/:id`,
    {
      preValidation: requireUser,
      schema: {
        tags: ['records'],
        summary: 'A record',
        params: recordParams,
        response: { 200: okSchema(recordDetailSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key, id } = request.params;
      return ok(await getRecord(app.db, userOf(request), slug, key, id, app.readCache));
    },
  );

  /**
   * PATCH …/records/:id — editors+; `{ version, values }` → RecordDetail. 409 STALE_VERSION with
   * `conflict` { current, changes } when `version` is not the record's; 400; 409 VALUE_TAKEN; 404.
   */
  app.patch(
    `${BASE}/:id`,
    {
      preValidation: requireUser,
      config: { audit: ['record.update'] },
      schema: {
        tags: ['records'],
        summary: 'Update a record',
        params: recordParams,
        body: recordUpdateSchema,
        response: { 200: okSchema(recordDetailSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key, id } = request.params;
      const result = await updateRecord(app.db, actorOf(request), slug, key, id, request.body);
      if (!result.changed) markUnchanged(request);
      return ok(result.data);
    },
  );

  /** DELETE …/records/:id — editors+; to the recycle bin → `{ id }`. 404. */
  app.delete(
    `${BASE}/:id`,
    {
      preValidation: requireUser,
      config: { audit: ['record.delete'] },
      schema: {
        tags: ['records'],
        summary: 'Delete a record (to the recycle bin)',
        params: recordParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key, id } = request.params;
      await deleteRecord(app.db, actorOf(request), slug, key, id);
      return ok({ id });
    },
  );

  /** GET …/records/:id/versions?current&pageSize — members → page of RecordVersion, newest first. 404. */
  app.get(
    `${BASE}/:id/versions`,
    {
      preValidation: requireUser,
      schema: {
        tags: ['records'],
        summary: "A record's history",
        params: recordParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(recordVersionSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key, id } = request.params;
      const { items, total } = await listRecordVersions(app.db, userOf(request), slug, key, id, request.query, app.readCache);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * POST …/records/:id/versions/:version/restore — editors+; `{ version }` (the record's current
   * version) → RecordDetail after restoring that version's values as a new version. 404; 409 STALE_VERSION; 400.
   */
  app.post(
    `${BASE}/:id/versions/:version/restore`,
    {
      preValidation: requireUser,
      config: { audit: ['record.restore_version'] },
      schema: {
        tags: ['records'],
        summary: 'Restore a version of a record (as a new version)',
        params: versionParams,
        body: versionRestoreSchema,
        response: { 200: okSchema(recordDetailSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key, id, version } = request.params;
      const result = await restoreRecordVersion(app.db, actorOf(request), slug, key, id, version, request.body.version);
      if (!result.changed) markUnchanged(request);
      return ok(result.data);
    },
  );

  /** GET /records/:id — administrators and members of its application → RecordLocation. 404; 403. */
  app.get(
    '/records/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['records'],
        summary: 'Where a record lives',
        params: z.object({ id: z.uuid() }),
        response: { 200: okSchema(recordLocationSchema), ...errorResponses },
      },
    },
    async (request) => ok(await locateRecord(app.db, userOf(request), request.params.id, app.readCache)),
  );
};
