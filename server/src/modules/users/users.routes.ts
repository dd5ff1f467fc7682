/**
 * /api/v1/users: accounts, administrators only (contracts/users.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditEntrySchema,
  managedUserSchema,
  okSchema,
  pageQuerySchema,
  pageSchema,
  passwordResetResultSchema,
  userCreateSchema,
  userDetailSchema,
  userListQuerySchema,
  userSchema,
  userSessionSchema,
  userUpdateSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf } from '../../core/audit.plugin';
import { listAudit } from '../audit/audit.service';
import { requireAdmin, userOf } from '../../core/auth.plugin';
import {
  createUser,
  deleteUser,
  getUserDetail,
  listUsers,
  listUserSessions,
  resetPassword,
  revokeUserSession,
  updateUser,
} from './users.service';

const idParams = z.object({ id: z.uuid() });
const sessionParams = z.object({ id: z.uuid(), sessionId: z.string().regex(/^[0-9a-f]{64}$/) });

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * GET /users?current&pageSize&q&sort&disabled&isAdmin&groupId — administrators → page of
   * ManagedUser (live users only). `sort` = name|email|createdAt :asc|desc. 400 bad query; 401/403.
   */
  app.get(
    '/users',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'List users',
        querystring: userListQuerySchema,
        response: { 200: pageSchema(managedUserSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listUsers(app.db, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /** POST /users — administrators; body userCreateSchema → 201 User. 409 EMAIL_TAKEN (details 'email'). */
  app.post(
    '/users',
    {
      preValidation: requireAdmin,
      config: { audit: ['user.create'] },
      schema: {
        tags: ['users'],
        summary: 'Create a user',
        body: userCreateSchema,
        response: { 201: okSchema(userSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return ok(await createUser(app.db, request.body, auditOf(request)));
    },
  );

  /** GET /users/:id — administrators → UserDetail (user, groups, memberships with effective role). 404. */
  app.get(
    '/users/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'A user with groups and memberships',
        params: idParams,
        response: { 200: okSchema(userDetailSchema), ...errorResponses },
      },
    },
    async (request) => ok(await getUserDetail(app.db, request.params.id)),
  );

  /**
   * PATCH /users/:id — administrators; body userUpdateSchema → ManagedUser. Disabling ends every
   * session of the account. 404 unknown id; 409 CONFLICT for one's own account (disable, demote) or
   * the last enabled administrator; 409 EMAIL_TAKEN.
   */
  app.patch(
    '/users/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['user.update'] },
      schema: {
        tags: ['users'],
        summary: 'Edit, disable or enable a user',
        params: idParams,
        body: userUpdateSchema,
        response: { 200: okSchema(managedUserSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updateUser(app.db, userOf(request), request.params.id, request.body, auditOf(request))),
  );

  /**
   * DELETE /users/:id — administrators: to the recycle bin (sessions ended). 404; 409 CONFLICT for
   * one's own account or the last enabled administrator.
   */
  app.delete(
    '/users/:id',
    {
      preValidation: requireAdmin,
      config: { audit: ['user.delete'] },
      schema: {
        tags: ['users'],
        summary: 'Delete a user to the recycle bin',
        params: idParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await deleteUser(app.db, userOf(request), request.params.id, auditOf(request));
      return ok({ id: request.params.id });
    },
  );

  /**
   * POST /users/:id/password-reset — administrators: a generated password, answered once
   * (PasswordResetResult); the user's sessions end. 404.
   */
  app.post(
    '/users/:id/password-reset',
    {
      preValidation: requireAdmin,
      config: { audit: ['user.password_reset'] },
      schema: {
        tags: ['users'],
        summary: 'Reset a user’s password (shown once)',
        params: idParams,
        response: { 200: okSchema(passwordResetResultSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await resetPassword(app.db, request.params.id, auditOf(request)));
    },
  );

  /** GET /users/:id/sessions — administrators → the user's unexpired sessions. 404. */
  app.get(
    '/users/:id/sessions',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'A user’s active sessions',
        params: idParams,
        response: { 200: okSchema(z.array(userSessionSchema)), ...errorResponses },
      },
    },
    async (request) => ok(await listUserSessions(app.db, request.params.id)),
  );

  /** DELETE /users/:id/sessions/:sessionId — administrators: ends that session. 404 user or session. */
  app.delete(
    '/users/:id/sessions/:sessionId',
    {
      preValidation: requireAdmin,
      config: { audit: ['user.session_revoke'] },
      schema: {
        tags: ['users'],
        summary: 'Revoke one session of a user',
        params: sessionParams,
        response: { 200: okSchema(z.object({ id: z.string() })), ...errorResponses },
      },
    },
    async (request) => {
      await revokeUserSession(app.db, request.params.id, request.params.sessionId, auditOf(request));
      return ok({ id: request.params.sessionId });
    },
  );

  /** GET /users/:id/audit?current&pageSize — administrators: entries where the user acted, newest first. */
  app.get(
    '/users/:id/audit',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['users'],
        summary: 'A user’s audit trail',
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(auditEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { current, pageSize } = request.query;
      const { items, total } = await listAudit(app.db, { actorId: request.params.id, current, pageSize });
      return page(items, total, current, pageSize);
    },
  );
};
