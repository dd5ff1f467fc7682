/**
 * What every request carries besides Fastify's own fields: its language (lib/i18n.ts), under /api
 * the signed-in user and session (core/auth.plugin.ts), the audit actions it wrote
 * (core/audit.plugin.ts) and the CSP nonce of its page (lib/security-headers.ts); and what
 * routes may declare in their `config`. Declared once here.
 */
import type { FastifyInstance } from 'fastify';
import type { CurrentUser, Locale } from '../../../contracts';
import { localeFromAcceptLanguage } from './i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's language, from Accept-Language (zh-CN by default). */
    locale: Locale;
    /** The signed-in user, or null (anonymous, expired session, disabled account). */
    user: CurrentUser | null;
    /** The session's id (SHA-256 hex of the cookie token), or null. */
    sessionId: string | null;
    /** Audit actions this request wrote (a successful mutation writes exactly one). */
    auditActions: string[];
    /** A fresh random nonce (base64, 128 bits) for this page's CSP `style-src` (empty on /api answers). */
    cspNonce: string;
  }
  interface FastifyContextConfig {
    /**
     * Required on every POST/PUT/PATCH/DELETE route under /api: the audit actions a successful
     * request may write (it writes exactly one of them), or `false` for a route that changes no
     * data (say why beside it). Checked when the route is added (core/audit.plugin.ts).
     */
    audit?: readonly string[] | false;
    /** `false` skips the CSRF checks (only for the CSP report endpoint, which browsers call bare). */
    csrf?: boolean;
  }
}

/** Decorates requests with `locale`, `user`, `sessionId`, `auditActions`, `cspNonce`; sets the locale first thing (onRequest). */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('auditActions', null as unknown as string[]);
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
    request.auditActions = [];
    done();
  });
}
