/**
 * Comments on a record (shown on its detail page):
 * /api/v1/applications/:slug/subjects/:key/records/:id/comments. Rules: comments.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentCreateSchema, commentSchema, okSchema, pageQuerySchema, pageSchema } from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { createComment, deleteComment, listComments } from './comments.service';

const recordParams = z.object({ slug: z.string().min(1).max(100), key: z.string().min(1).max(100), id: z.uuid() });
const commentParams = recordParams.extend({ commentId: z.uuid() });
const PATH = '/applications/:slug/subjects/:key/records/:id/comments';
const refOf = (p: { slug: string; key: string; id: string }) => ({ slug: p.slug, key: p.key, recordId: p.id });

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET …/records/:id/comments?current&pageSize — members, administrators → page of Comment, oldest first. 403; 404. */
  app.get(
    PATH,
    {
      preValidation: requireUser,
      schema: {
        tags: ['comments'],
        summary: "A record's comments",
        params: recordParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(commentSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listComments(app.db, userOf(request), refOf(request.params), request.query, app.readCache);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST …/records/:id/comments — editors, owners, administrators; `{ body }` (plain text) → 201 Comment. 400 naming body; 403; 404. */
  app.post(
    PATH,
    {
      preValidation: requireUser,
      config: { audit: ['comment.create'] },
      schema: {
        tags: ['comments'],
        summary: 'Comment on a record',
        params: recordParams,
        body: commentCreateSchema,
        response: { 201: okSchema(commentSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createComment(app.db, userOf(request), refOf(request.params), request.body.body, auditOf(request), app.readCache);
      reply.code(201);
      return ok(created);
    },
  );

  /** DELETE …/records/:id/comments/:commentId — the author, owners, administrators → `{ id }`. 403; 404. */
  app.delete(
    `${PATH}/:commentId`,
    {
      preValidation: requireUser,
      config: { audit: ['comment.delete'] },
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment',
        params: commentParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteComment(app.db, userOf(request), refOf(request.params), request.params.commentId, auditOf(request), app.readCache);
      return ok({ id: request.params.commentId });
    },
  );
};
