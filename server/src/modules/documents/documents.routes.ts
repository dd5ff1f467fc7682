/**
 * Documents (the evidence store) over HTTP — the contract of docs/documents.md "API":
 * - folders: GET/POST /applications/:slug/document-folders and /document-folders (console,
 *   administrators), PATCH/DELETE /document-folders/:id;
 * - documents: GET …/documents, POST …/documents/upload (multipart), GET/PATCH/DELETE /documents/:id,
 *   version content, text and restore, PUT/DELETE legal hold (administrators);
 * - links: GET/POST /documents/:id/links, DELETE …/:linkId, GET a record's documents;
 * - share links: POST /documents/:id/shares, DELETE …/:shareId, and the PUBLIC
 *   GET /document-shares/info and /document-shares/content (rate-limited SHARE_RATE_LIMIT a minute per IP).
 * Rules: documents.service.ts, documents.shares.ts; access: documents.access.ts.
 */
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import {
  documentDetailSchema,
  documentFolderCreateSchema,
  documentFolderSchema,
  documentFolderUpdateSchema,
  documentLegalHoldSchema,
  documentLinkCreateSchema,
  documentLinkSchema,
  documentListQuerySchema,
  documentPageSchema,
  documentShareCreatedSchema,
  documentShareCreateSchema,
  documentSharedInfoSchema,
  documentSummarySchema,
  documentTextSchema,
  documentUploadResultSchema,
  DOCUMENT_UPLOAD_FILES_MAX,
  documentUpdateSchema,
  okSchema,
} from '../../../../contracts';
import type { DocumentVersionRow } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { HttpError } from '../../lib/http-error';
import { errorResponses } from '../../lib/openapi';
import { contentDisposition, INLINE_TYPES } from '../../lib/content-disposition';
import { auditOf } from '../../core/audit.plugin';
import { requireUser, userOf } from '../../core/auth.plugin';
import { checkDeclaredLength, uploadLimit } from '../attachments/attachments.service';
import { SHARE_RATE_LIMIT } from '../views/shares.service';
import './documents.recyclable';
import { extractPending } from './documents.extract';
import {
  createFolder,
  createLink,
  deleteDocument,
  deleteFolder,
  deleteLink,
  documentUploadLimits,
  getDocument,
  listDocuments,
  listFolders,
  listLinks,
  openVersion,
  recordDocuments,
  requireDocument,
  restoreVersion,
  setLegalHold,
  updateDocument,
  updateFolder,
  uploadDocuments,
  versionText,
} from './documents.service';
import { createDocumentShare, revokeDocumentShare, sharedContent, sharedInfo } from './documents.shares';
import { bindDocumentBlobs } from './documents.store';

const TAGS = ['documents'];
const idParams = z.object({ id: z.uuid() });
const slugParams = z.object({ slug: z.string().min(1).max(100) });
const versionParams = idParams.extend({ version: z.coerce.number().int().min(1).max(1_000_000) });
const linkParams = idParams.extend({ linkId: z.uuid() });
const shareParams = idParams.extend({ shareId: z.uuid() });
const recordParams = slugParams.extend({ key: z.string().min(1).max(100), recordId: z.uuid() });
const tokenQuery = z.object({ token: z.string().min(20).max(200) });
const contentQuery = z.object({ download: z.enum(['0', '1']).optional() });
const noContent = { 204: z.null().describe('No content') };
const fileResponse = { 200: z.unknown().describe('The file (a stream, sent with its stored content type)'), 304: z.null() };

/**
 * Sends a version's bytes: Content-Type the version's, ETag its SHA-256, Cache-Control private,
 * nosniff and a sandboxing CSP always; `inline` only for INLINE_TYPES (PDF, images, plain text),
 * anything else (HTML, SVG…) as an attachment with its file name (RFC 5987).
 */
function sendVersion(reply: FastifyReply, ifNoneMatch: string | undefined, version: DocumentVersionRow, content: Readable, inline: boolean) {
  const etag = `"${version.sha256}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', 'private, no-cache')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; sandbox");
  if (ifNoneMatch === etag) {
    content.destroy();
    return reply.code(304).send(null);
  }
  const asInline = inline && INLINE_TYPES.has(version.mimeType);
  return reply
    .type(version.mimeType)
    .header('Content-Length', String(version.size))
    .header('Content-Disposition', contentDisposition(asInline ? 'inline' : 'attachment', version.fileName))
    .send(content);
}

const passwordOf = (header: string | string[] | undefined) => (typeof header === 'string' && header !== '' ? header : undefined);

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { throwFileSizeLimit: false });
  bindDocumentBlobs(app.db, app.blobs);
  app.addHook('onReady', async () => {
    // versions left pending by a stopped process
    await extractPending(app.db, app.blobs).catch(() => 0);
  });
  const deps = app;

  // ---------- folders ----------
  for (const scoped of [true, false]) {
    const base = scoped ? '/applications/:slug' : '';
    const params = scoped ? slugParams : z.object({});
    const slugOf = (p: unknown) => (scoped ? (p as { slug: string }).slug : undefined);
    const who = scoped ? 'members of the application' : 'administrators (console)';
    const writers = scoped ? 'editors, owners, administrators' : 'administrators (console)';

    /** GET …/document-folders — readers → { items: DocumentFolder[] } (every live folder, flat). 403; 404. */
    app.get(
      `${base}/document-folders`,
      {
        preValidation: requireUser,
        schema: { tags: TAGS, summary: `Document folders (${who})`, params, response: { 200: okSchema(z.object({ items: z.array(documentFolderSchema) })), ...errorResponses } },
      },
      async (request) => ok({ items: await listFolders(deps, userOf(request), slugOf(request.params)) }),
    );

    /** POST …/document-folders — writers; { name, parentId?, retentionDays? } → 201 DocumentFolder. 400; 403; 409 name taken. */
    app.post(
      `${base}/document-folders`,
      {
        preValidation: requireUser,
        config: { audit: ['document_folder.create'] },
        schema: { tags: TAGS, summary: `Create a document folder (${writers})`, params, body: documentFolderCreateSchema, response: { 201: okSchema(documentFolderSchema), ...errorResponses } },
      },
      async (request, reply) => {
        const created = await createFolder(deps, userOf(request), slugOf(request.params), request.body, auditOf(request));
        reply.code(201);
        return ok(created);
      },
    );

    /**
     * GET …/documents?folderId&q&tag&category&page&pageSize&sort — readers → { items, total, page, pageSize }
     * (q: name, file name or extracted text, case-insensitive). 400; 403; 404.
     */
    app.get(
      `${base}/documents`,
      {
        preValidation: requireUser,
        schema: { tags: TAGS, summary: `Documents (${who})`, params, querystring: documentListQuerySchema, response: { 200: okSchema(documentPageSchema), ...errorResponses } },
      },
      async (request) => ok(await listDocuments(deps, userOf(request), slugOf(request.params), request.query)),
    );

    /**
     * POST …/documents/upload — writers; multipart: fields folderId?, documentId?, category?, tags?
     * (comma separated) before one or more `file` parts (≤ DOCUMENT_UPLOAD_FILES_MAX, each ≤ settings
     * uploadMaxMb) → 201 { items: [{ document, version, created }] }. 400 naming the field; 403; 404;
     * 413 naming the file; 415 not multipart.
     */
    app.post(
      `${base}/documents/upload`,
      {
        preValidation: requireUser,
        config: { audit: ['document.upload'] },
        schema: { tags: TAGS, summary: `Upload documents (${writers})`, consumes: ['multipart/form-data'], params, response: { 201: okSchema(documentUploadResultSchema), ...errorResponses } },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415, 'BAD_REQUEST', 'errors.attachment.multipart');
        const limit = await uploadLimit(app.db);
        // several files: the declared length may reach the limit once per file
        checkDeclaredLength(request.headers['content-length'], { maxMb: limit.maxMb, maxBytes: limit.maxBytes * DOCUMENT_UPLOAD_FILES_MAX });
        const parts = request.parts({ limits: documentUploadLimits(limit.maxBytes) });
        const result = await uploadDocuments(deps, userOf(request), slugOf(request.params), parts, limit, auditOf(request));
        reply.code(201);
        return ok(result);
      },
    );
  }

  /** PATCH /document-folders/:id — writers of its scope; { name?, parentId?, retentionDays? } → DocumentFolder. 400 (cycle); 403; 404; 409. */
  app.patch(
    '/document-folders/:id',
    {
      preValidation: requireUser,
      config: { audit: ['document_folder.update'] },
      schema: { tags: TAGS, summary: 'Change a document folder', params: idParams, body: documentFolderUpdateSchema, response: { 200: okSchema(documentFolderSchema), ...errorResponses } },
    },
    async (request) => ok(await updateFolder(deps, userOf(request), request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /document-folders/:id — writers; → 204, to the recycle bin. 403; 404; 409 still holds documents or folders. */
  app.delete(
    '/document-folders/:id',
    {
      preValidation: requireUser,
      config: { audit: ['document_folder.delete'] },
      schema: { tags: TAGS, summary: 'Delete a document folder (to the recycle bin)', params: idParams, response: { ...noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await deleteFolder(deps, userOf(request), request.params.id, auditOf(request));
      return reply.code(204).send(null);
    },
  );

  // ---------- documents ----------

  /** GET /documents/:id — readers of its scope → DocumentDetail. 403; 404. */
  app.get(
    '/documents/:id',
    { preValidation: requireUser, schema: { tags: TAGS, summary: 'A document', params: idParams, response: { 200: okSchema(documentDetailSchema), ...errorResponses } } },
    async (request) => ok(await getDocument(deps, userOf(request), request.params.id)),
  );

  /** PATCH /documents/:id — writers; { name?, description?, category?, tags?, folderId? } → DocumentDetail. 400; 403; 404. */
  app.patch(
    '/documents/:id',
    {
      preValidation: requireUser,
      config: { audit: ['document.update'] },
      schema: { tags: TAGS, summary: 'Change a document', params: idParams, body: documentUpdateSchema, response: { 200: okSchema(documentDetailSchema), ...errorResponses } },
    },
    async (request) => ok(await updateDocument(deps, userOf(request), request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /documents/:id — writers → 204, to the recycle bin (type `document`). 403; 404. */
  app.delete(
    '/documents/:id',
    {
      preValidation: requireUser,
      config: { audit: ['document.delete'] },
      schema: { tags: TAGS, summary: 'Delete a document (to the recycle bin)', params: idParams, response: { ...noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await deleteDocument(deps, userOf(request), request.params.id, auditOf(request));
      return reply.code(204).send(null);
    },
  );

  /**
   * GET /documents/:id/versions/:version/content?download=1 — readers → the bytes (inline for PDF,
   * images and plain text unless download=1; anything else as an attachment). ETag = sha256, 304 on
   * a match. 403; 404.
   */
  app.get(
    '/documents/:id/versions/:version/content',
    { preValidation: requireUser, schema: { tags: TAGS, summary: "A document version's bytes", params: versionParams, querystring: contentQuery, response: { ...fileResponse, ...errorResponses } } },
    async (request, reply) => {
      const { version, content } = await openVersion(deps, userOf(request), request.params.id, request.params.version);
      return sendVersion(reply, request.headers['if-none-match'], version, content, request.query.download !== '1');
    },
  );

  /** GET /documents/:id/versions/:version/text — readers → { textState, text } (the extracted text). 403; 404. */
  app.get(
    '/documents/:id/versions/:version/text',
    { preValidation: requireUser, schema: { tags: TAGS, summary: "A document version's extracted text", params: versionParams, response: { 200: okSchema(documentTextSchema), ...errorResponses } } },
    async (request) => ok(await versionText(deps, userOf(request), request.params.id, request.params.version)),
  );

  /** POST /documents/:id/versions/:version/restore — writers → 201 { version } (a new version with those bytes, restoredFrom set). 403; 404. */
  app.post(
    '/documents/:id/versions/:version/restore',
    {
      preValidation: requireUser,
      config: { audit: ['document.restore_version'] },
      schema: { tags: TAGS, summary: 'Restore a document version (as a new version)', params: versionParams, response: { 201: okSchema(z.object({ version: z.number() })), ...errorResponses } },
    },
    async (request, reply) => {
      const result = await restoreVersion(deps, userOf(request), request.params.id, request.params.version, auditOf(request));
      reply.code(201);
      return ok(result);
    },
  );

  /** PUT /documents/:id/legal-hold — administrators; { reason (1–500) } → DocumentDetail (same reason again: unchanged). 400; 403; 404. */
  app.put(
    '/documents/:id/legal-hold',
    {
      preValidation: requireUser,
      config: { audit: ['document.legal_hold'] },
      schema: { tags: TAGS, summary: 'Put a document under legal hold (administrators)', params: idParams, body: documentLegalHoldSchema, response: { 200: okSchema(documentDetailSchema), ...errorResponses } },
    },
    async (request) => ok(await setLegalHold(deps, userOf(request), request.params.id, request.body.reason, auditOf(request))),
  );

  /** DELETE /documents/:id/legal-hold — administrators → DocumentDetail (released; not held: unchanged). 403; 404. */
  app.delete(
    '/documents/:id/legal-hold',
    {
      preValidation: requireUser,
      config: { audit: ['document.release_hold'] },
      schema: { tags: TAGS, summary: "Release a document's legal hold (administrators)", params: idParams, response: { 200: okSchema(documentDetailSchema), ...errorResponses } },
    },
    async (request) => ok(await setLegalHold(deps, userOf(request), request.params.id, null, auditOf(request))),
  );

  // ---------- links ----------

  /** GET /documents/:id/links — readers → { items: DocumentLink[] }. 403; 404. */
  app.get(
    '/documents/:id/links',
    { preValidation: requireUser, schema: { tags: TAGS, summary: 'What links to a document', params: idParams, response: { 200: okSchema(z.object({ items: z.array(documentLinkSchema) })), ...errorResponses } } },
    async (request) => ok({ items: await listLinks(deps, userOf(request), request.params.id) }),
  );

  /** POST /documents/:id/links — writers; { sourceType, sourceId, subjectKey? } → 201 DocumentLink. 400; 403; 404 (document, source); 409 linked already. */
  app.post(
    '/documents/:id/links',
    {
      preValidation: requireUser,
      config: { audit: ['document.link'] },
      schema: { tags: TAGS, summary: 'Link a document from a record, finding or report', params: idParams, body: documentLinkCreateSchema, response: { 201: okSchema(documentLinkSchema), ...errorResponses } },
    },
    async (request, reply) => {
      const link = await createLink(deps, userOf(request), request.params.id, request.body, auditOf(request));
      reply.code(201);
      return ok(link);
    },
  );

  /** DELETE /documents/:id/links/:linkId — writers → 204. 403; 404. */
  app.delete(
    '/documents/:id/links/:linkId',
    {
      preValidation: requireUser,
      config: { audit: ['document.unlink'] },
      schema: { tags: TAGS, summary: 'Remove a link to a document', params: linkParams, response: { ...noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await deleteLink(deps, userOf(request), request.params.id, request.params.linkId, auditOf(request));
      return reply.code(204).send(null);
    },
  );

  /** GET /applications/:slug/subjects/:key/records/:recordId/documents — readers of the record → { items: DocumentSummary[] } linked from it. 403; 404. */
  app.get(
    '/applications/:slug/subjects/:key/records/:recordId/documents',
    { preValidation: requireUser, schema: { tags: TAGS, summary: 'Documents linked from a record', params: recordParams, response: { 200: okSchema(z.object({ items: z.array(documentSummarySchema) })), ...errorResponses } } },
    async (request) => {
      const { slug, key, recordId } = request.params;
      return ok({ items: await recordDocuments(deps, userOf(request), slug, key, recordId) });
    },
  );

  // ---------- share links ----------

  /** POST /documents/:id/shares — writers; { expiresAt, version?, password? } → 201 { share, token } (token shown once). 400; 403; 404. */
  app.post(
    '/documents/:id/shares',
    {
      preValidation: requireUser,
      config: { audit: ['document.share'] },
      schema: { tags: TAGS, summary: 'Create a share link of a document', params: idParams, body: documentShareCreateSchema, response: { 201: okSchema(documentShareCreatedSchema), ...errorResponses } },
    },
    async (request, reply) => {
      await requireDocument(app.db, userOf(request), request.params.id, 'write');
      const created = await createDocumentShare(app.db, userOf(request), request.params.id, request.body, auditOf(request));
      reply.code(201);
      return ok(created);
    },
  );

  /** DELETE /documents/:id/shares/:shareId — writers → 204 (revoked). 403; 404. */
  app.delete(
    '/documents/:id/shares/:shareId',
    {
      preValidation: requireUser,
      config: { audit: ['document.revoke_share'] },
      schema: { tags: TAGS, summary: 'Revoke a share link of a document', params: shareParams, response: { ...noContent, ...errorResponses } },
    },
    async (request, reply) => {
      await requireDocument(app.db, userOf(request), request.params.id, 'write');
      await revokeDocumentShare(app.db, request.params.id, request.params.shareId, auditOf(request));
      return reply.code(204).send(null);
    },
  );

  /**
   * GET /document-shares/info?token — PUBLIC (the token admits; password in X-Share-Password) →
   * { name, fileName, mimeType, size, version, expiresAt }. 404 unknown/expired/revoked (same
   * message); 401/423/429 of the password guard; 429 past SHARE_RATE_LIMIT a minute per IP.
   */
  app.get(
    '/document-shares/info',
    {
      config: { rateLimit: { max: SHARE_RATE_LIMIT, timeWindow: 60_000 } },
      schema: { tags: TAGS, summary: 'What a document share link shares (public, by token)', querystring: tokenQuery, response: { 200: okSchema(documentSharedInfoSchema), ...errorResponses } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return ok(await sharedInfo(app.db, request.query.token, passwordOf(request.headers['x-share-password']), auditOf(request)));
    },
  );

  /** GET /document-shares/content?token — PUBLIC → the shared version's bytes, always as an attachment. Errors as /info. */
  app.get(
    '/document-shares/content',
    {
      config: { rateLimit: { max: SHARE_RATE_LIMIT, timeWindow: 60_000 } },
      schema: { tags: TAGS, summary: 'Download a shared document (public, by token)', querystring: tokenQuery, response: { ...fileResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const { version, content } = await sharedContent(app.db, app.blobs, request.query.token, passwordOf(request.headers['x-share-password']), auditOf(request));
      reply.header('Referrer-Policy', 'no-referrer');
      return sendVersion(reply, undefined, version, content, false);
    },
  );
};
