/**
 * /api/v1/auth: login, logout, the current user and their preferences (PRODUCT.md "Shell").
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, loginInputSchema, okSchema, preferencesInputSchema } from '../../../../contracts';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { clearSessionCookie, requireUser, setSessionCookie, userOf } from './auth.plugin';
import { login, logout, updatePreferences } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /auth/login — body loginInputSchema `{ email, password }` → 200 `{ success, data: CurrentUser }`
   * and the `assay_session` cookie. 401 INVALID_CREDENTIALS (same message for an unknown e-mail and
   * a wrong password); 403 FORBIDDEN for a disabled account; 400 VALIDATION_FAILED.
   */
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginInputSchema,
        response: { 200: okSchema(currentUserSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await login(app.db, request.body, {
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      setSessionCookie(request, reply, result.token);
      return ok(result.user);
    },
  );

  /** POST /auth/logout — deletes the session (if any) and clears the cookie; 200 `{ success, data: null }` even when anonymous. */
  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Sign out', response: { 200: okSchema(z.null()), ...errorResponses } } },
    async (request, reply) => {
      if (request.sessionId) await logout(app.db, request.sessionId);
      clearSessionCookie(request, reply);
      return ok(null);
    },
  );

  /** GET /auth/me — 200 `{ success, data: CurrentUser | null }`: null for anonymous (not a 401). */
  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null',
        response: { 200: okSchema(currentUserSchema.nullable()), ...errorResponses },
      },
    },
    async (request) => ok(request.user),
  );

  /**
   * PATCH /auth/me/preferences — body preferencesInputSchema `{ locale?, lastApp? }` (lastApp a slug
   * or null) → 200 CurrentUser. 401 anonymous; 404 unknown application; 403 not a member.
   */
  app.patch(
    '/auth/me/preferences',
    {
      preHandler: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Update language / last application',
        body: preferencesInputSchema,
        response: { 200: okSchema(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updatePreferences(app.db, userOf(request), request.body)),
  );
};
