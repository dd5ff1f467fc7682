/**
 * Attachments (on a record's detail page, and attachment fields):
 * upload into an application (optionally onto a record's detail page), download, list a record's
 * attachments, delete. Rules: attachments.service.ts. Uploads are multipart/form-data and carry
 * the CSRF header like every mutation (lib/csrf.ts accepts multipart bodies).
 */
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentSchema, okSchema, pageQuerySchema, pageSchema } from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { HttpError } from '../../lib/http-error';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { contentDisposition, INLINE_TYPES } from '../../lib/content-disposition';
import {
  checkDeclaredLength,
  deleteAttachment,
  listRecordAttachments,
  openAttachment,
  uploadAttachment,
  uploadLimit,
  uploadLimits,
} from './attachments.service';

const idParams = z.object({ id: z.uuid() });
const slugParams = z.object({ slug: z.string().min(1).max(100) });
const recordParams = slugParams.extend({ key: z.string().min(1).max(100), id: z.uuid() });
const contentQuery = z.object({
  /** `inline` asks to show the file in the browser; honoured for INLINE_TYPES only (else a download). */
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // multipart parsing for this plugin's routes only; limits are set per request (the size setting)
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  /**
   * POST /applications/:slug/attachments — editors, owners, administrators. multipart/form-data:
   * optional fields `subjectKey` and `recordId` (attach to that record's detail page), one file
   * (any field name) → 201 Attachment. 400 naming `file` (missing / more than one), `recordId`,
   * `subjectKey`; 403; 404 (application, subject, record); 413 past the upload size limit
   * (system settings); 415 not multipart.
   */
  app.post(
    '/applications/:slug/attachments',
    {
      preValidation: requireUser,
      config: { audit: ['attachment.upload'] },
      schema: {
        tags: ['attachments'],
        summary: 'Upload a file',
        consumes: ['multipart/form-data'],
        params: slugParams,
        response: { 201: okSchema(attachmentSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'BAD_REQUEST', 'errors.attachment.multipart');
      const limit = await uploadLimit(app.db);
      checkDeclaredLength(request.headers['content-length'], limit);
      const parts = request.parts({ limits: uploadLimits(limit.maxBytes) });
      const created = await uploadAttachment(app, userOf(request), request.params.slug, parts, limit, auditOf(request));
      reply.code(201);
      return ok(created);
    },
  );

  /**
   * GET /attachments/:id/content?disposition=inline|attachment — members of the attachment's
   * application, administrators → the bytes, streamed. Headers: Content-Type (as uploaded),
   * Content-Length, Content-Disposition (`attachment`, or `inline` for images/PDF/plain text when
   * asked; the name as `filename*=UTF-8''…`, RFC 5987, with an ASCII fallback), ETag (the sha256),
   * X-Content-Type-Options nosniff and a sandboxing CSP. 304 for a matching If-None-Match. 403; 404.
   */
  app.get(
    '/attachments/:id/content',
    {
      preValidation: requireUser,
      schema: {
        tags: ['attachments'],
        summary: "Download an attachment's content",
        params: idParams,
        querystring: contentQuery,
        response: { 200: z.unknown().describe('The file (a stream, sent with its stored content type)'), 304: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { attachment, content } = await openAttachment(app, userOf(request), request.params.id);
      const etag = `"${attachment.sha256}"`;
      reply
        .header('ETag', etag)
        .header('Cache-Control', 'private, no-cache')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
      if (request.headers['if-none-match'] === etag) {
        content.destroy();
        return reply.code(304).send(null);
      }
      const inline = request.query.disposition === 'inline' && INLINE_TYPES.has(attachment.mimeType);
      return reply
        .type(attachment.mimeType)
        .header('Content-Length', String(attachment.size))
        .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', attachment.fileName))
        .send(content);
    },
  );

  /**
   * GET /applications/:slug/subjects/:key/records/:id/attachments?current&pageSize — members,
   * administrators → page of Attachment on the record's detail page, oldest first. 403; 404.
   */
  app.get(
    '/applications/:slug/subjects/:key/records/:id/attachments',
    {
      preValidation: requireUser,
      schema: {
        tags: ['attachments'],
        summary: "A record's attachments",
        params: recordParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(attachmentSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key, id } = request.params;
      const { items, total } = await listRecordAttachments(app, userOf(request), slug, key, id, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * DELETE /attachments/:id — editors, owners of its application, administrators → `{ id }`. Soft
   * delete; the blob goes when no live attachment references it. 403; 404.
   */
  app.delete(
    '/attachments/:id',
    {
      preValidation: requireUser,
      config: { audit: ['attachment.delete'] },
      schema: {
        tags: ['attachments'],
        summary: 'Delete an attachment',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteAttachment(app, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );
};
