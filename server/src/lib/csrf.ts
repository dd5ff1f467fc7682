/**
 * CSRF defence for every mutation under /api (OWASP CSRF Prevention Cheat Sheet:
 * "custom request headers" plus "verifying origin with standard headers", and Fetch Metadata).
 * A POST/PUT/PATCH/DELETE is refused with 403 CSRF_REJECTED when:
 * - it lacks the `x-assay-request` header (contracts CSRF_HEADER): a cross-site form cannot set a
 *   custom header, and a cross-site fetch that sets one needs a CORS preflight the server never grants;
 * - `Sec-Fetch-Site` is `cross-site` or `same-site` (a sibling subdomain is another site for
 *   Assay: it is served from one origin); `same-origin`, `none` and no header pass;
 * - `Origin` is present and is not this server's origin: `null` (sandboxed frames, file://), or a
 *   host (name and port) other than the request's Host (X-Forwarded-Host behind a trusted proxy),
 *   or http:// when the request came over https. Extra origins may be allowed with ALLOWED_ORIGINS.
 * and with 415 (errors.contentType) when it carries a body that is not `application/json` (or
 * `multipart/form-data`, for uploads, which carry the same header). Clients without Origin or
 * Sec-Fetch-Site (scripts, curl) pass with the header: they are not browsers riding a session.
 * The CSP report endpoint opts out (route config `csrf: false`): browsers send it bare.
 * A request signed by a personal API token (`Authorization: Bearer …`) and carrying no session
 * cookie is exempt: a browser never adds that header on its own, so a forged cross-site
 * request cannot carry it; with a session cookie present the checks apply as usual.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, type MessageKey } from '../../../contracts';
import { sendError } from './error-handler';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Body media types a mutation may carry. */
const BODY_TYPES = new Set(['application/json', 'multipart/form-data']);

/** True for URLs served by the API (`/api`, `/api/…`, `/api?…`). */
export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** True for POST, PUT, PATCH and DELETE. */
export function isMutatingMethod(method: string): boolean {
  return MUTATING.has(method);
}

/** The media type of a Content-Type value, lower-case, without parameters (`application/json`). */
export function mediaType(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  return contentType.split(';')[0].trim().toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Whether the request's `Origin` header (if any) names this server.
 * @param allowed extra origins accepted as they are written (`https://assay.example.com`).
 */
export function originAllowed(request: FastifyRequest, allowed: ReadonlySet<string> = new Set()): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  if (origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (request.protocol === 'https' && url.protocol !== 'https:') return false;
  const host = request.host.toLowerCase();
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const withPort = url.port ? url.host : `${url.hostname}:${defaultPort}`;
  return host === url.host.toLowerCase() || host === withPort.toLowerCase();
}

/** A session cookie's name in a Cookie header (`assay_session=` or `__Host-assay_session=`). */
const SESSION_COOKIE_IN_HEADER = /(?:^|;\s*)(?:__Host-)?assay_session=/;

/** True for a request authorised by a Bearer token alone: an `Authorization: Bearer` header and no session cookie. */
export function isBearerOnly(request: Pick<FastifyRequest, 'headers'>): boolean {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string' || !/^Bearer\s+\S/i.test(auth)) return false;
  const cookie = request.headers.cookie;
  return typeof cookie !== 'string' || !SESSION_COOKIE_IN_HEADER.test(cookie);
}

/** Adds the onRequest hook refusing forged mutations (see the module comment). */
export function registerCsrf(app: FastifyInstance, opts: { allowedOrigins?: readonly string[] } = {}): void {
  const allowed = new Set(opts.allowedOrigins ?? []);
  app.addHook('onRequest', (request, reply, done) => {
    const refusal = csrfRefusal(request, allowed);
    if (!refusal) return done();
    if (refusal.crossSite) {
      request.log.warn({ origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'], url: request.url }, 'csrf: cross-site mutation refused');
    }
    sendError(reply, refusal.status, refusal.code, refusal.message); // answered: done() is not called
  });
}

/** A refusal of csrfRefusal: the answer, and whether it came from another site (then logged). */
interface CsrfRefusal {
  status: 403 | 415;
  code: 'CSRF_REJECTED' | 'BAD_REQUEST';
  message: MessageKey;
  crossSite: boolean;
}

/** Why the request is refused as a possible forgery, or null to let it through. */
function csrfRefusal(request: FastifyRequest, allowed: ReadonlySet<string>): CsrfRefusal | null {
  if (!MUTATING.has(request.method) || !isApiUrl(request.url)) return null;
  if (request.routeOptions.config.csrf === false) return null;
  if (isBearerOnly(request)) return null;
  const value = request.headers[CSRF_HEADER];
  if (typeof value !== 'string' || value.length === 0) return { status: 403, code: 'CSRF_REJECTED', message: 'errors.csrf', crossSite: false };
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site' || !originAllowed(request, allowed)) return { status: 403, code: 'CSRF_REJECTED', message: 'errors.csrfOrigin', crossSite: true };
  if (hasBody(request)) {
    const type = mediaType(request.headers['content-type']);
    if (!type || !BODY_TYPES.has(type)) return { status: 415, code: 'BAD_REQUEST', message: 'errors.contentType', crossSite: false };
  }
  return null;
}
