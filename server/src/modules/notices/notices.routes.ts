/**
 * /api/v1/notices: announcements and messages (contracts/notices.ts).
 * Administrators manage them (list, read one, create, edit/publish, delete to the recycle bin,
 * send a message to a user, the groups picker); every signed-in user reads their own (`/mine`,
 * `/unread-count`, mark one or all read). Handlers are parse → service → envelope.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminNoticeSchema,
  messageSendSchema,
  myNoticeQuerySchema,
  myNoticeSchema,
  noticeCountSchema,
  noticeCreateSchema,
  noticeGroupOptionSchema,
  noticeListQuerySchema,
  noticeUpdateSchema,
  okSchema,
  pageSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf, markUnchanged } from '../../core/audit.plugin';
import { requireAdmin, requireUser, userOf } from '../../core/auth.plugin';
import './notices.recyclable';
import {
  createNotice,
  deleteNotice,
  getNotice,
  groupOptions,
  listMyNotices,
  listNotices,
  markAllRead,
  markRead,
  sendAdminMessage,
  unreadCount,
  updateNotice,
} from './notices.service';

const idParams = z.object({ id: z.uuid() });
const tags = ['notices'];

export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /notices?current&pageSize&q&kind&published&sort — administrators; page of AdminNotice (with read counts). */
  app.get(
    '/notices',
    {
      preValidation: requireAdmin,
      schema: { tags, summary: 'List notices', querystring: noticeListQuerySchema, response: { 200: pageSchema(adminNoticeSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listNotices(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /notices/groups?q — administrators; up to 50 live groups `{ id, name }` for the audience picker. */
  app.get(
    '/notices/groups',
    {
      preValidation: requireAdmin,
      schema: {
        tags,
        summary: 'Groups an announcement can address',
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: okSchema(z.array(noticeGroupOptionSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await groupOptions(app.db, request.query.q)),
  );

  /**
   * GET /notices/mine?current&pageSize&unread&app — any signed-in user; the notices visible to them
   * now, newest first, with read state; `app` (slug) leaves out other applications' notices
   * (404 unknown application, 403 not a member).
   */
  app.get(
    '/notices/mine',
    {
      preValidation: requireUser,
      schema: { tags, summary: 'My notices', querystring: myNoticeQuerySchema, response: { 200: pageSchema(myNoticeSchema), ...errorResponses } },
    },
    async (request) => {
      const { items, total } = await listMyNotices(app.db, userOf(request), request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** GET /notices/unread-count — any signed-in user; `{ count }` of visible unread notices (one query; the bell polls it). */
  app.get(
    '/notices/unread-count',
    { preValidation: requireUser, schema: { tags, summary: 'My unread count', response: { 200: okSchema(noticeCountSchema), ...errorResponses } } },
    async (request) => ok({ count: await unreadCount(app.db, userOf(request)) }),
  );

  /** POST /notices/read-all — any signed-in user; marks every visible notice read → `{ count }` marked. Audited `notice.read_all` (none when 0). */
  app.post(
    '/notices/read-all',
    {
      preValidation: requireUser,
      config: { audit: ['notice.read_all'] },
      schema: { tags, summary: 'Mark all my notices read', response: { 200: okSchema(noticeCountSchema), ...errorResponses } },
    },
    async (request) => {
      const count = await markAllRead(app.db, userOf(request), auditOf(request));
      if (count === 0) markUnchanged(request);
      return ok({ count });
    },
  );

  /** POST /notices/messages — administrators; body messageSendSchema → 201 AdminNotice (the message). 400 unknown recipient. */
  app.post(
    '/notices/messages',
    {
      preValidation: requireAdmin,
      config: { audit: ['notice.send'] },
      schema: { tags, summary: 'Send a message to a user', body: messageSendSchema, response: { 201: okSchema(adminNoticeSchema), ...errorResponses } },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await sendAdminMessage(app.db, userOf(request), request.body, auditOf(request)));
    },
  );

  /** POST /notices — administrators; body noticeCreateSchema → 201 AdminNotice. 400 names the field. */
  app.post(
    '/notices',
    {
      preValidation: requireAdmin,
      config: { audit: ['notice.create'] },
      schema: { tags, summary: 'Create an announcement', body: noticeCreateSchema, response: { 201: okSchema(adminNoticeSchema), ...errorResponses } },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createNotice(app.db, userOf(request), request.body, auditOf(request)));
    },
  );

  /** GET /notices/:id — administrators; AdminNotice. 404 unknown or deleted. */
  app.get(
    '/notices/:id',
    {
      preValidation: requireAdmin,
      schema: { tags, summary: 'A notice', params: idParams, response: { 200: okSchema(adminNoticeSchema), ...errorResponses } },
    },
    async (request) => ok(await getNotice(app.db, request.params.id)),
  );

  /**
   * PATCH /notices/:id — administrators; body noticeUpdateSchema → AdminNotice. Audited
   * notice.publish / notice.unpublish / notice.update. 404; 409 stale `updatedAt` or a message; 400.
   */
  app.patch(
    '/notices/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['notice.update', 'notice.publish', 'notice.unpublish'] },
      schema: {
        tags,
        summary: 'Edit, publish or unpublish an announcement',
        params: idParams,
        body: noticeUpdateSchema,
        response: { 200: okSchema(adminNoticeSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateNotice(app.db, request.params.id, request.body, auditOf(request))),
  );

  /** DELETE /notices/:id — administrators; moves the notice to the recycle bin → `{ id }`. 404. */
  app.delete(
    '/notices/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['notice.delete'] },
      schema: { tags, summary: 'Delete a notice (to the recycle bin)', params: idParams, response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses } },
    },
    async (request) => {
      await deleteNotice(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /** POST /notices/:id/read — any signed-in user; marks a notice visible to them read → `{ read: true }`. 404 not visible. */
  app.post(
    '/notices/:id/read',
    {
      preValidation: requireUser,
      config: { audit: ['notice.read'] },
      schema: { tags, summary: 'Mark a notice read', params: idParams, response: { 200: okSchema(z.object({ read: z.literal(true) })), ...errorResponses } },
    },
    async (request) => {
      const changed = await markRead(app.db, userOf(request), request.params.id, auditOf(request));
      if (!changed) markUnchanged(request);
      return ok({ read: true as const });
    },
  );
};
