/**
 * /api/v1/auth/me/…: the personal center of the signed-in user (contracts/account.ts). Every route is for any signed-in user about themselves; creating and
 * revoking API tokens needs a browser session (a token cannot mint or revoke tokens: 403).
 * The password and the language are auth.routes.ts's (/auth/me/password, /auth/me/preferences).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountPageQuerySchema,
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenSchema,
  auditEntrySchema,
  okSchema,
  pageSchema,
  profileSchema,
  profileUpdateSchema,
} from '../../../../contracts';
import { ok, page } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf, markUnchanged } from '../../core/audit.plugin';
import { requireSessionUser, requireUser, userOf } from '../../core/auth.plugin';
import { createToken, getProfile, listActivity, listTokens, revokeToken, updateProfile } from './account.service';

const idParams = z.object({ id: z.uuid() });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  /** GET /auth/me/profile — signed in → 200 Profile. 401. */
  app.get(
    '/auth/me/profile',
    {
      preValidation: requireUser,
      schema: { tags: ['account'], summary: 'My profile', response: { 200: okSchema(profileSchema), ...errorResponses } },
    },
    async (request) => ok(await getProfile(app.db, userOf(request).id)),
  );

  /** PATCH /auth/me/profile — body profileUpdateSchema `{ name?, title?, phone? }` → 200 Profile; audited `user.profile`. 400 naming the field; 401. */
  app.patch(
    '/auth/me/profile',
    {
      preValidation: requireUser,
      config: { audit: ['user.profile'] },
      schema: {
        tags: ['account'],
        summary: 'Change my name, title, phone',
        body: profileUpdateSchema,
        response: { 200: okSchema(profileSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { profile, changed } = await updateProfile(app.db, userOf(request), request.body, auditOf(request));
      if (!changed) markUnchanged(request);
      return ok(profile);
    },
  );

  /** GET /auth/me/tokens?current&pageSize — signed in → page of ApiToken (newest first; never the token). 401. */
  app.get(
    '/auth/me/tokens',
    {
      preValidation: requireUser,
      schema: {
        tags: ['account'],
        summary: 'My API tokens',
        querystring: accountPageQuerySchema,
        response: { 200: pageSchema(apiTokenSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listTokens(app.db, userOf(request).id, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );

  /**
   * POST /auth/me/tokens — body apiTokenCreateSchema `{ name, expiresAt? }` → 201 `{ item, token }`
   * (the token is shown this once); audited `token.create`. 400 (expiresAt past or > 366 days);
   * 401; 403 when called with a token instead of a browser session.
   */
  app.post(
    '/auth/me/tokens',
    {
      preValidation: requireSessionUser,
      config: { audit: ['token.create'] },
      schema: {
        tags: ['account'],
        summary: 'Create an API token',
        body: apiTokenCreateSchema,
        response: { 201: okSchema(apiTokenCreatedSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createToken(app.db, userOf(request), request.body, auditOf(request));
      return reply.code(201).send(ok(created));
    },
  );

  /** DELETE /auth/me/tokens/:id — revokes my token → 200 ApiToken (status revoked); audited `token.revoke`. 404 (not mine / already revoked); 401; 403 with a token. */
  app.delete(
    '/auth/me/tokens/:id',
    {
      preValidation: requireSessionUser,
      config: { audit: ['token.revoke'] },
      schema: {
        tags: ['account'],
        summary: 'Revoke an API token',
        params: idParams,
        response: { 200: okSchema(apiTokenSchema), ...errorResponses },
      },
    },
    async (request) => ok(await revokeToken(app.db, userOf(request), request.params.id, auditOf(request))),
  );

  /** GET /auth/me/activity?current&pageSize — my audit entries, newest first → page of AuditEntry. 401. */
  app.get(
    '/auth/me/activity',
    {
      preValidation: requireUser,
      schema: {
        tags: ['account'],
        summary: 'My recent activity (my audit entries)',
        querystring: accountPageQuerySchema,
        response: { 200: pageSchema(auditEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listActivity(app.db, userOf(request).id, request.query);
      return page(items, total, request.query.current, request.query.pageSize);
    },
  );
};
