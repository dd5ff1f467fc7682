/**
 * /api/v1/recycle: the recycle bin, administrators only (contracts/recycle.ts).
 * Restore, purge and the retention setting are audited (`recycle.restore`, `recycle.purge`,
 * `recycle.retention`); listing and reading the setting are reads.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  pageSchema,
  recycleEntrySchema,
  recycleQuerySchema,
  recycleRetentionSchema,
  recycleTargetParamsSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireAdmin } from '../../core/auth.plugin';
import { getRetention, listRecycle, purgeFromBin, restoreFromBin, setRetention } from './recycle.service';

export const recycleRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /recycle?current&pageSize&type&q&sort — administrators; every type in one list, newest
   * deletion first (`sort=deletedAt:asc` for oldest); `q` searches the label and the deleter. 400/401/403.
   */
  app.get(
    '/recycle',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['recycle'],
        summary: 'List the recycle bin',
        querystring: recycleQuerySchema,
        response: { 200: pageSchema(recycleEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listRecycle(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /recycle/retention — administrators → `{ days }` (0 = keep forever). 401/403. */
  app.get(
    '/recycle/retention',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['recycle'],
        summary: 'Read the retention of the recycle bin',
        response: { 200: okSchema(recycleRetentionSchema), ...errorResponses },
      },
    },
    async () => ok(await getRetention(app.db)),
  );

  /**
   * PUT /recycle/retention — administrators; body `{ days }` (0–3650, 0 = keep forever) → `{ days }`.
   * The scheduler's daily run purges objects deleted longer ago. 400 names `days`; 401/403.
   */
  app.put(
    '/recycle/retention',
    {
      preValidation: requireAdmin,
      config: { audit: ['recycle.retention'] },
      schema: {
        tags: ['recycle'],
        summary: 'Set the retention of the recycle bin',
        body: recycleRetentionSchema,
        response: { 200: okSchema(recycleRetentionSchema), ...errorResponses },
      },
    },
    async (request) => ok(await setRetention(app.db, request.body, auditOf(request))),
  );

  /**
   * POST /recycle/:type/:id/restore — administrators; brings the object back with its relations →
   * the bin entry it was. 404 unknown type or not in the bin; 409 when restoring would clash (the
   * handler's message says with what); 401/403.
   */
  app.post(
    '/recycle/:type/:id/restore',
    {
      preValidation: requireAdmin,
      config: { audit: ['recycle.restore'] },
      schema: {
        tags: ['recycle'],
        summary: 'Restore an object from the recycle bin',
        params: recycleTargetParamsSchema,
        response: { 200: okSchema(recycleEntrySchema), ...errorResponses },
      },
    },
    async (request) => ok(await restoreFromBin(app.db, request.params.type, request.params.id, auditOf(request))),
  );

  /**
   * DELETE /recycle/:type/:id — administrators; purges the object for good (its relations go with
   * it) → the bin entry it was. Cannot be undone. 404 unknown type or not in the bin; 401/403.
   */
  app.delete(
    '/recycle/:type/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['recycle.purge'] },
      schema: {
        tags: ['recycle'],
        summary: 'Purge an object from the recycle bin',
        params: recycleTargetParamsSchema,
        response: { 200: okSchema(recycleEntrySchema), ...errorResponses },
      },
    },
    async (request) => ok(await purgeFromBin(app.db, request.params.type, request.params.id, auditOf(request))),
  );
};
