/**
 * CSRF defence, simple form (PRODUCT.md "CSRF protection on mutations"): every POST, PUT, PATCH
 * and DELETE under /api must carry the `x-assay-request` header (contracts CSRF_HEADER). A
 * cross-site HTML form cannot set a custom header, and a cross-site script that tries triggers a
 * CORS preflight this server never approves. (To be hardened later with a per-session token.)
 */
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER } from '../../../contracts';
import { sendError } from './error-handler';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for URLs served by the API (`/api`, `/api/…`, `/api?…`). */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Adds the onRequest hook answering 403 CSRF_REJECTED (errors.csrf) to a mutation without the header. */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method) || !isApiUrl(request.url)) return;
    const value = request.headers[CSRF_HEADER];
    if (typeof value === 'string' && value.length > 0) return;
    return sendError(reply, 403, 'CSRF_REJECTED', 'errors.csrf');
  });
}
