/**
 * The auth layer (STYLE.md "Server in layers": plugins → auth → modules): resolves the session
 * cookie of every /api request into `request.user`, and gives routes their permission checks
 * (PRODUCT.md "Every route checks its permission on the server").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CurrentUser } from '../../../../contracts';
import { forbidden, unauthenticated } from '../../lib/http-error';
import { ABSOLUTE_TIMEOUT_MS, resolveSession, SESSION_COOKIE } from './auth.service';

/**
 * Adds an onRequest hook: for URLs under /api, a valid `assay_session` cookie sets
 * `request.user` and `request.sessionId` (both stay null otherwise; anonymous is not an error here).
 */
export function registerAuth(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const resolved = await resolveSession(app.db, token);
    if (resolved) {
      request.user = resolved.user;
      request.sessionId = resolved.sessionId;
    }
  });
}

/** preHandler: 401 UNAUTHENTICATED unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

/** preHandler: 401 UNAUTHENTICATED when anonymous, 403 FORBIDDEN when not an administrator. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (!request.user.isAdmin) throw forbidden();
}

/**
 * Sets the session cookie: HttpOnly, SameSite=Lax, path /, Secure when the request came over
 * https (directly, or via a trusted proxy's X-Forwarded-Proto), Max-Age = the absolute expiry (s).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: Math.floor(ABSOLUTE_TIMEOUT_MS / 1000),
  });
}

/** Clears the session cookie (same attributes, expired). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

/** The signed-in user of a route behind requireUser/requireAdmin. @throws HttpError 401 if anonymous. */
export function userOf(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
