/**
 * /api/v1/audit: the audit log for administrators (docs/product.md "Audit log": filterable, exportable,
 * each entry hash-chained; "verify chain" reports the first broken link). Reads only: no entry is
 * written, and there is no route that edits or deletes entries (the table's triggers refuse it too).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXPORT_MAX_ROWS, auditEntrySchema, auditExportQuerySchema, auditQuerySchema, auditVerifySchema, okSchema, pageSchema } from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses, exportFileSchema } from '../../lib/openapi';
import { requireAdmin } from '../../core/auth.plugin';
import { EXPORT_TYPES, exportAuditStream, exportFileName } from './audit.export';
import { countMatching } from './audit.repository';
import { listAudit, toAuditFilter, verifyChain } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /audit?current&pageSize&actorId&actor&action&targetType&targetId&from&to&cursor —
   * administrators; newest first (contracts auditQuerySchema). `action` exact or a prefix (`auth` =
   * `auth.*`); `from` inclusive, `to` exclusive (ISO 8601); `cursor` lists entries with seq below it. 400/401/403.
   */
  app.get(
    '/audit',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'List audit-log entries',
        querystring: auditQuerySchema,
        response: { 200: pageSchema(auditEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listAudit(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * GET /audit/verify — administrators; walks the whole chain, the signed heads and this process's
   * anchor file (audit.anchors.ts) → `{ intact, entries, signedHeads, firstBroken?, anchors? }`
   * (contracts auditVerifySchema; `anchors.publicKey` checks the anchors' signatures). 401/403.
   */
  app.get(
    '/audit/verify',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'Verify the hash chain',
        response: { 200: okSchema(auditVerifySchema), ...errorResponses },
      },
    },
    async () => ok(await verifyChain(app.db, app.auditSigningKey, app.auditAnchors)),
  );

  /**
   * GET /audit/export?format=csv|xlsx&<the list's filters> — administrators; the filtered set as a
   * download (audit.export.ts): newest first, at most AUDIT_EXPORT_MAX_ROWS (100,000) entries,
   * streamed in batches. Headers: Content-Type (text/csv; charset=utf-8 or the XLSX type),
   * Content-Disposition `attachment; filename="audit-log-YYYYMMDD-HHmmss.csv|xlsx"`, X-Total-Count
   * (entries matching) and X-Export-Truncated `true` when more matched than the cap.
   * Exporting is a read: it writes no audit entry. 400 bad filter or format; 401/403.
   */
  app.get(
    '/audit/export',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['audit'],
        summary: 'Export the filtered audit log as CSV or XLSX',
        querystring: auditExportQuerySchema,
        response: { 200: exportFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const filter = toAuditFilter(filters);
      const total = await countMatching(app.db, filter);
      reply
        .header('Content-Type', EXPORT_TYPES[format].contentType)
        .header('Content-Disposition', `attachment; filename="${exportFileName(format)}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Total-Count', String(total))
        .header('X-Export-Truncated', String(total > AUDIT_EXPORT_MAX_ROWS));
      return reply.send(exportAuditStream(app.db, filter, format));
    },
  );
};
