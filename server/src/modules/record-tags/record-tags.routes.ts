/**
 * A record's tags and categories (Records): PUT the full set.
 * /api/v1/applications/:slug/subjects/:key/records/:id/{tags,categories}. Rules: record-tags.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categorySchema, okSchema, recordCategoriesSchema, recordTagsSchema, tagSchema } from '../../../../contracts';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { setRecordCategories, setRecordTags } from './record-tags.service';

const recordParams = z.object({ slug: z.string().min(1).max(100), key: z.string().min(1).max(100), id: z.uuid() });
const PATH = '/applications/:slug/subjects/:key/records/:id';
const refOf = (p: { slug: string; key: string; id: string }) => ({ slug: p.slug, key: p.key, recordId: p.id });

export const recordTagRoutes: FastifyPluginAsyncZod = async (app) => {
  /** PUT …/records/:id/tags — editors, owners, administrators; `{ tagIds }` (≤ 50) → Tag[] now. 400 naming tagIds; 403; 404. */
  app.put(
    `${PATH}/tags`,
    {
      preValidation: requireUser,
      config: { audit: ['record.tag'] },
      schema: {
        tags: ['records'],
        summary: "Replace a record's tags",
        params: recordParams,
        body: recordTagsSchema,
        response: { 200: okSchema(z.array(tagSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await setRecordTags(app.db, userOf(request), refOf(request.params), request.body.tagIds, auditOf(request), app.readCache)),
  );

  /** PUT …/records/:id/categories — editors, owners, administrators; `{ categoryIds }` (≤ 50) → Category[] now. 400 naming categoryIds; 403; 404. */
  app.put(
    `${PATH}/categories`,
    {
      preValidation: requireUser,
      config: { audit: ['record.categorize'] },
      schema: {
        tags: ['records'],
        summary: "Replace a record's categories",
        params: recordParams,
        body: recordCategoriesSchema,
        response: { 200: okSchema(z.array(categorySchema)), ...errorResponses },
      },
    },
    async (request) =>
      ok(await setRecordCategories(app.db, userOf(request), refOf(request.params), request.body.categoryIds, auditOf(request), app.readCache)),
  );
};
