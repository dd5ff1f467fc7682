/**
 * The auth layer (docs/code-style.md "Server in layers": plugins → auth → modules): resolves the session
 * cookie — or a personal API token sent as `Authorization: Bearer <token>` (personal API
 * tokens, docs/product.md "Users and groups") — of every /api request into `request.user`, and gives routes their permission checks
 * (docs/product.md "Roles": the server checks the permission of every route).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ApiTokenScope, CurrentUser } from '../../../contracts';
import { isMutatingMethod } from '../lib/csrf';
import { forbidden, unauthenticated } from '../lib/http-error';
import type { Database } from '../db/client';
import type { ReadCache } from '../lib/read-cache';

/** The session cookie's name over plain http. */
export const SESSION_COOKIE = 'assay_session';
/**
 * The session cookie's name over https: the `__Host-` prefix makes the browser require Secure,
 * Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-assay_session';
/** Default absolute expiry: 7 days (ms) after login, whatever the activity; settings sessionAbsoluteDays. */
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;

/** A signed-in session: its id and user. */
export interface ResolvedSession {
  sessionId: string;
  user: CurrentUser;
}

/**
 * How the auth layer turns credentials into a user. The core knows no module: app.ts hands it the
 * auth module's session lookups (modules/auth/auth.service.ts) and the account module's token
 * lookup (modules/account/account.service.ts).
 */
export interface AuthResolvers {
  /** The session of a cookie token, or null (unknown, expired, disabled user); may write (expiry, touch). */
  session(db: Database, token: string, now: Date, cache: ReadCache): Promise<ResolvedSession | null>;
  /** The session from the read cache alone: a session, null (known bad), or undefined when not cached. */
  cachedSession(db: Database, token: string, cache: ReadCache): ResolvedSession | null | undefined;
  /** The user and scope of a personal API token (`Authorization: Bearer`), or null. */
  apiToken(db: Database, token: string): Promise<{ scope: ApiTokenScope; user: CurrentUser } | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** How `request.user` signed in: a session cookie, a personal API token (Bearer), or null (anonymous). */
    authMethod: 'session' | 'token' | null;
    /** The scope of the API token the request signed in with (authMethod 'token'), else null. */
    tokenScope: ApiTokenScope | null;
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), or undefined.
 */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

/**
 * The session cookie's name for this request: `__Host-assay_session` when it came over https (a
 * TLS socket, or X-Forwarded-Proto from a trusted proxy), else `assay_session`. Over https only the
 * `__Host-` cookie is read, so a cookie planted without Secure (from http or a sibling host) is ignored.
 */
export function sessionCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** True for the URLs whose requests carry a session: the API and the server loader (`/__serverLoader?…`). */
export function isSessionUrl(url: string): boolean {
  return url.startsWith('/api/') || url === '/__serverLoader' || url.startsWith('/__serverLoader?');
}

/**
 * Adds an onRequest hook: for the API and the server loader (isSessionUrl), a request with an
 * `Authorization: Bearer` header is signed in by that API token alone (the cookie is then ignored;
 * `authMethod` 'token', `tokenScope` its scope, `sessionId` null; a read-only token on a
 * POST/PUT/PATCH/DELETE is 403 FORBIDDEN errors.token.readOnly at once); otherwise a valid session cookie sets `request.user` and
 * `request.sessionId` (`authMethod` 'session'). All stay null otherwise (anonymous is not an error
 * here: an invalid, revoked or expired token leaves the request anonymous, so routes answer 401).
 * Static files and pages never touch the database.
 */
export function registerAuth(app: FastifyInstance, resolvers: AuthResolvers): void {
  app.decorateRequest('authMethod', null);
  app.decorateRequest('tokenScope', null);
  const signIn = (request: FastifyRequest, resolved: ResolvedSession | null) => {
    if (resolved) {
      request.user = resolved.user;
      request.sessionId = resolved.sessionId;
      request.authMethod = 'session';
    }
  };
  // callback style with a synchronous fast lane (a cached session answers without a promise): the
  // hook runs on every API request (bench/api-throughput.mjs)
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isSessionUrl(request.url)) return done();
    const bearer = bearerToken(request);
    if (bearer !== undefined) {
      resolvers.apiToken(app.db, bearer).then((byToken) => {
        if (!byToken) return done();
        // a read-only token reads: every POST/PUT/PATCH/DELETE is refused before its route runs
        if (byToken.scope === 'read-only' && isMutatingMethod(request.method)) return done(forbidden('errors.token.readOnly'));
        request.user = byToken.user;
        request.authMethod = 'token';
        request.tokenScope = byToken.scope;
        done();
      }, done);
      return;
    }
    const token = request.cookies[sessionCookieName(request)];
    if (!token) return done();
    const cached = resolvers.cachedSession(app.db, token, app.readCache);
    if (cached !== undefined) {
      signIn(request, cached);
      return done();
    }
    resolvers.session(app.db, token, new Date(), app.readCache).then((resolved) => {
      signIn(request, resolved);
      done();
    }, done);
  });
}

/*
 * The permission hooks are callback-style and synchronous (no promise per request: they run on
 * every API request, bench/api-throughput.mjs); an error passed to `done` goes to the error handler like
 * a thrown one.
 */

/** preValidation hook (runs before the body is validated, so a refused caller learns nothing of the input rules): 401 UNAUTHENTICATED unless signed in. */
export function requireUser(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  done(request.user ? undefined : unauthenticated());
}

/**
 * preValidation hook for what only a browser session may do (changing the password, creating or
 * revoking API tokens: a leaked token must not be able to entrench itself): 401 when anonymous,
 * 403 FORBIDDEN (errors.sessionRequired) when signed in by an API token.
 */
export function requireSessionUser(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!request.user) return done(unauthenticated());
  done(request.authMethod === 'session' ? undefined : forbidden('errors.sessionRequired'));
}

/** preValidation hook: 401 UNAUTHENTICATED when anonymous, 403 FORBIDDEN when not an administrator. */
export function requireAdmin(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (!request.user) return done(unauthenticated());
  done(request.user.isAdmin ? undefined : forbidden());
}

/**
 * Sets the session cookie (sessionCookieName): HttpOnly, SameSite=Lax, Path=/, no Domain, Secure
 * when the request came over https (directly, or via a trusted proxy's X-Forwarded-Proto),
 * Max-Age = the session's absolute expiry (`maxAgeMs`: the system settings' session timeout;
 * default ABSOLUTE_TIMEOUT_MS, 604,800 s).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number = ABSOLUTE_TIMEOUT_MS): void {
  reply.setCookie(sessionCookieName(request), token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** Clears the session cookie (same attributes, expired). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(request), {
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
