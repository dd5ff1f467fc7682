/**
 * /api/v1/auth: sign-in, sign-out, the current user, their password and preferences
 * (docs/product.md "Shell"; session rotation, sign-in back-off, revocation: server/README.md "Requests and sessions").
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  loginInputSchema,
  okSchema,
  passwordChangeResultSchema,
  passwordChangeSchema,
  preferencesInputSchema,
} from '../../../../contracts';
import { ok } from '../../lib/envelope';
import { errorResponses } from '../../lib/openapi';
import { auditOf, markUnchanged } from '../../core/audit.plugin';
import { clearSessionCookie, requireSessionUser, requireUser, setSessionCookie, userOf } from '../../core/auth.plugin';
import { changePassword, login, logout, updatePreferences } from './auth.service';
import { deviceCookieOf, setDeviceCookie } from './device-cookie';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * POST /auth/login — body loginInputSchema `{ email, password }` → 200 `{ success, data: CurrentUser }`
   * and a new session cookie (the request's previous session, if any, is ended) and the device
   * cookie (device-cookie.ts: this browser is then counted on its own by the back-off). 401
   * INVALID_CREDENTIALS (same message for an unknown e-mail and a wrong password); 403 FORBIDDEN for
   * a disabled account; 429 RATE_LIMITED with Retry-After during the back-off; 400 VALIDATION_FAILED.
   */
  app.post(
    '/auth/login',
    {
      config: { audit: ['auth.login'] },
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginInputSchema,
        response: { 200: okSchema(currentUserSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await login(
        app.db,
        request.body,
        {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
          previousSessionId: request.sessionId,
          deviceCookie: deviceCookieOf(request),
        },
        auditOf(request),
      );
      setSessionCookie(request, reply, result.token, result.maxAgeMs);
      setDeviceCookie(request, reply, result.deviceCookie);
      return ok(result.user);
    },
  );

  /**
   * POST /auth/logout — ends the session (audited `auth.logout`) and clears the cookie; 200
   * `{ success, data: null }` even when anonymous (then nothing is written).
   */
  app.post(
    '/auth/logout',
    {
      config: { audit: ['auth.logout'] },
      schema: { tags: ['auth'], summary: 'Sign out', response: { 200: okSchema(z.null()), ...errorResponses } },
    },
    async (request, reply) => {
      if (request.sessionId) await logout(app.db, request.sessionId, auditOf(request));
      else markUnchanged(request);
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
   * POST /auth/me/password — body passwordChangeSchema `{ currentPassword, newPassword }` → 200
   * PasswordChangeResult `{ user, otherSessionsRevoked, tokensRevoked }` and a new session cookie;
   * every other session of the user is ended and every active API token revoked. 400
   * VALIDATION_FAILED (wrong current password: details field currentPassword; weak or unchanged new
   * password, or one the password policy refuses: newPassword); 401 anonymous; 403 when signed in by
   * an API token (a browser session is needed); 429 RATE_LIMITED during the back-off.
   */
  app.post(
    '/auth/me/password',
    {
      preValidation: requireSessionUser,
      config: { audit: ['auth.password_change'] },
      schema: {
        tags: ['auth'],
        summary: 'Change my password (signs out my other sessions, revokes my API tokens)',
        body: passwordChangeSchema,
        response: { 200: okSchema(passwordChangeResultSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await changePassword(
        app.db,
        userOf(request),
        request.sessionId,
        request.body,
        { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null, deviceCookie: deviceCookieOf(request) },
        auditOf(request),
      );
      setSessionCookie(request, reply, result.token, result.maxAgeMs);
      return ok({ user: result.user, otherSessionsRevoked: result.otherSessionsRevoked, tokensRevoked: result.tokensRevoked });
    },
  );

  /**
   * PATCH /auth/me/preferences — body preferencesInputSchema `{ locale?, lastApp? }` (lastApp a slug
   * or null) → 200 CurrentUser. 401 anonymous; 404 unknown application; 403 not a member.
   */
  app.patch(
    '/auth/me/preferences',
    {
      preValidation: requireUser,
      config: { audit: ['user.preferences'] },
      schema: {
        tags: ['auth'],
        summary: 'Update language / last application',
        body: preferencesInputSchema,
        response: { 200: okSchema(currentUserSchema), ...errorResponses },
      },
    },
    async (request) => ok(await updatePreferences(app.db, userOf(request), request.body, auditOf(request))),
  );
};
