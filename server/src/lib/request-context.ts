/**
 * What every request carries besides Fastify's own fields: its language (lib/i18n.ts) and, under
 * /api, the signed-in user and session (modules/auth/auth.plugin.ts). Declared once here.
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
  }
}

/** Decorates requests with `locale`, `user`, `sessionId` and sets the locale first thing (onRequest). */
export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request) => {
    request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
  });
}
