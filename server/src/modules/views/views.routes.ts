/**
 * Views API (contracts/views.ts):
 * - GET /views (administrators: every view, `/admin/view`);
 * - GET/POST /applications/:slug/subjects/:key/views (members read; editors+ create);
 * - GET/PATCH/DELETE /views/:id, GET /views/:id/rows (members read; editors+ write; DELETE to the
 *   recycle bin, views.recyclable.ts);
 * - GET/POST /views/:id/shares, DELETE /views/:id/shares/:shareId, POST …/:shareId/unlock (editors+);
 * - GET /view-shares/rows?token (PUBLIC: the token admits; rate-limited SHARE_RATE_LIMIT/min per IP,
 *   pages of at most VIEW_PAGE_MAX rows).
 * Rules: views.service.ts, shares.service.ts.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  pageSchema,
  sharedRowsQuerySchema,
  sharedViewSchema,
  viewCreateSchema,
  viewListQuerySchema,
  viewRowsQuerySchema,
  viewRowsSchema,
  viewSchema,
  viewShareCreatedSchema,
  viewShareCreateSchema,
  viewShareSchema,
  viewShareUnlockSchema,
  viewUpdateSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf, markUnchanged } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import './views.recyclable';
import { createShare, listShares, readShared, revokeShare, SHARE_RATE_LIMIT, unlockShare } from './shares.service';
import { createView, deleteView, getView, listAllViews, listApplicationViews, listSubjectViews, listViewRowsFor, updateView } from './views.service';

const subjectParams = z.object({ slug: z.string().min(1).max(64), key: z.string().min(1).max(64) });
const idParams = z.object({ id: z.uuid() });
const shareParams = idParams.extend({ shareId: z.uuid() });
const TAGS = ['views'];

export const viewRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /views?current&pageSize&q&subjectId — administrators → page of View, most recently changed first. */
  app.get(
    '/views',
    {
      preValidation: requireAdmin,
      schema: { tags: TAGS, summary: 'List every view', querystring: viewListQuerySchema, response: { 200: pageSchema(viewSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listAllViews(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /applications/:slug/views?current&pageSize&q — members → page of the application's views. 403; 404. */
  app.get(
    '/applications/:slug/views',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "List an application's views",
        params: subjectParams.pick({ slug: true }),
        querystring: viewListQuerySchema,
        response: { 200: pageSchema(viewSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listApplicationViews(app.db, userOf(request), request.params.slug, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET …/subjects/:key/views?current&pageSize&q — members → page of the subject's views. 403; 404. */
  app.get(
    '/applications/:slug/subjects/:key/views',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "List a subject's views",
        params: subjectParams,
        querystring: viewListQuerySchema,
        response: { 200: pageSchema(viewSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { slug, key } = request.params;
      const { items, total } = await listSubjectViews(app.db, userOf(request), slug, key, request.query, app.readCache);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST …/subjects/:key/views — editors+; `{ name, config }` → 201 View. 400 naming config.*; 403; 404. */
  app.post(
    '/applications/:slug/subjects/:key/views',
    {
      preValidation: requireUser,
      config: { audit: ['view.create'] },
      schema: {
        tags: TAGS,
        summary: 'Save a view of a subject',
        params: subjectParams,
        body: viewCreateSchema,
        response: { 201: okSchema(viewSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { slug, key } = request.params;
      const view = await createView(app.db, userOf(request), slug, key, request.body, auditOf(request), app.readCache);
      reply.code(201);
      return ok(view);
    },
  );

  /** GET /views/:id — members → View. 403; 404. */
  app.get(
    '/views/:id',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: 'A view', params: idParams, response: { 200: okSchema(viewSchema), ...errorResponses } },
    },
    async (request) => ok(await getView(app.db, userOf(request), request.params.id, app.readCache)),
  );

  /** PATCH /views/:id — editors+; `{ name?, config? }` → View. 400; 403; 404. */
  app.patch(
    '/views/:id',
    {
      preValidation: requireUser,
      config: { audit: ['view.update'] },
      schema: { tags: TAGS, summary: 'Change a view', params: idParams, body: viewUpdateSchema, response: { 200: okSchema(viewSchema), ...errorResponses } },
    },
    async (request) => {
      const { view, changed } = await updateView(app.db, userOf(request), request.params.id, request.body, auditOf(request), app.readCache);
      if (!changed) markUnchanged(request);
      return ok(view);
    },
  );

  /** DELETE /views/:id — editors+; moves the view to the recycle bin (type 'view'; its share links answer 404 until restored) → `{ id }`. 403; 404. */
  app.delete(
    '/views/:id',
    {
      preValidation: requireUser,
      config: { audit: ['view.delete'] },
      schema: { tags: TAGS, summary: 'Delete a view', params: idParams, response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses } },
    },
    async (request) => {
      await deleteView(app.db, userOf(request), request.params.id, auditOf(request), app.readCache);
      return ok({ id: request.params.id });
    },
  );

  /**
   * GET /views/:id/rows?pageSize&cursor&q&from&to&group — members → a keyset page of the view's
   * rows (its filter and sorts; calendar range; kanban column). 400 cursor; 403; 404.
   */
  app.get(
    '/views/:id/rows',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: "A page of a view's rows",
        params: idParams,
        querystring: viewRowsQuerySchema,
        response: { 200: viewRowsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const r = await listViewRowsFor(app.db, userOf(request), request.params.id, request.query, app.readCache);
      return { success: true as const, data: r.items, total: r.total, totalExact: r.totalExact, nextCursor: r.nextCursor, labels: r.labels };
    },
  );

  /** GET /views/:id/shares — editors+ → the view's share links (no tokens). 403; 404. */
  app.get(
    '/views/:id/shares',
    {
      preValidation: requireUser,
      schema: { tags: TAGS, summary: "A view's share links", params: idParams, response: { 200: okSchema(z.array(viewShareSchema)), ...errorResponses } },
    },
    async (request) => ok(await listShares(app.db, userOf(request), request.params.id, app.readCache)),
  );

  /** POST /views/:id/shares — editors+; `{ expiresAt?, password? }` → 201 share with its token (shown once). 400; 403; 404. */
  app.post(
    '/views/:id/shares',
    {
      preValidation: requireUser,
      config: { audit: ['view.share_create'] },
      schema: {
        tags: TAGS,
        summary: 'Create a share link of a view',
        params: idParams,
        body: viewShareCreateSchema,
        response: { 201: okSchema(viewShareCreatedSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createShare(app.db, userOf(request), request.params.id, request.body, auditOf(request), app.readCache);
      reply.code(201);
      return ok(created);
    },
  );

  /** DELETE /views/:id/shares/:shareId — editors+; revokes the link → the share. 403; 404. */
  app.delete(
    '/views/:id/shares/:shareId',
    {
      preValidation: requireUser,
      config: { audit: ['view.share_revoke'] },
      schema: { tags: TAGS, summary: 'Revoke a share link', params: shareParams, response: { 200: okSchema(viewShareSchema), ...errorResponses } },
    },
    async (request) => {
      const { share, changed } = await revokeShare(app.db, userOf(request), request.params.id, request.params.shareId, auditOf(request), app.readCache);
      if (!changed) markUnchanged(request);
      return ok(share);
    },
  );

  /**
   * POST /views/:id/shares/:shareId/unlock — editors+; `{ password? }` → the share, open again with
   * its wrong passwords forgotten (and the new password when given). Audited `view.share_unlock`;
   * nothing to do = nothing written. 400 password shorter than 8 (names `password`); 403; 404 (revoked too).
   */
  app.post(
    '/views/:id/shares/:shareId/unlock',
    {
      preValidation: requireUser,
      config: { audit: ['view.share_unlock'] },
      schema: {
        tags: TAGS,
        summary: 'Unlock a share link locked after wrong passwords (optionally with a new password)',
        params: shareParams,
        body: viewShareUnlockSchema,
        response: { 200: okSchema(viewShareSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { params } = request;
      const { share, changed } = await unlockShare(app.db, userOf(request), params.id, params.shareId, request.body ?? {}, auditOf(request), app.readCache);
      if (!changed) markUnchanged(request);
      return ok(share);
    },
  );

  /**
   * GET /view-shares/rows?token&pageSize&cursor&fields — PUBLIC (no session; the token admits).
   * Password in the `X-Share-Password` header. → SharedView (the view's visible columns only).
   * 404 for an unknown, expired or revoked token (which one is not said); 401
   * SHARE_PASSWORD_REQUIRED / SHARE_PASSWORD_WRONG; 429 past SHARE_RATE_LIMIT requests a minute per IP
   * or past the link's password guesses (share-guard.ts: 10 per 15 minutes, counted per link); 423
   * SHARE_LOCKED after 20 wrong passwords, until unlocked.
   */
  app.get(
    '/view-shares/rows',
    {
      config: { rateLimit: { max: SHARE_RATE_LIMIT, timeWindow: 60_000 } },
      schema: {
        tags: TAGS,
        summary: 'Read a shared view (public, by token)',
        querystring: sharedRowsQuerySchema.extend({ fields: z.string().max(4000).optional() }),
        response: { 200: sharedViewSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      const header = request.headers['x-share-password'];
      const password = typeof header === 'string' && header !== '' ? header : undefined;
      const fields = request.query.fields ? request.query.fields.split(',').map((s) => s.trim()).filter(Boolean) : undefined;
      const { token, pageSize, cursor } = request.query;
      return readShared(app.db, { token, password, pageSize, cursor, fields }, auditOf(request), app.readCache);
    },
  );
};
