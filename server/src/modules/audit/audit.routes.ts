/**
 * /api/v1/audit: the audit log for administrators (PRODUCT.md "Audit log": filterable, each entry
 * hash-chained; "verify chain" reports the first broken link). Reads only: no entry is written.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditQuerySchema, auditVerifySchema, okSchema, pageSchema } from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { requireAdmin } from '../auth/auth.plugin';
import { listAudit, verifyChain } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /audit?current&pageSize&actorId&actor&action&cursor — administrators; newest first.
   * `action` exact or a prefix (`auth` = `auth.*`); `cursor` lists entries with seq below it. 401/403.
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
   * GET /audit/verify — administrators; walks the whole chain (and the signed heads) →
   * `{ intact, entries, signedHeads, firstBroken? }` (contracts auditVerifySchema). 401/403.
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
    async () => ok(await verifyChain(app.db, app.auditSigningKey)),
  );
};
