/**
 * Response security headers (OWASP ASVS 5.0 V3 "Web frontend security"), on every
 * response:
 * - Content-Security-Policy on pages (CSP_DIRECTIVES): scripts only from this origin (no inline script, no
 *   eval), styles from this origin or carrying this response's nonce (antd's cssinjs `<style>` tags:
 *   the web reads the nonce from index.html's `<meta name="csp-nonce">`, static.ts templates it),
 *   images and fonts from this origin or `data:`, no plugins, no framing (`frame-ancestors 'none'`),
 *   forms and `<base>` only to this origin; violations are reported to POST /api/v1/csp-report.
 *   API answers (JSON, never rendered) get the fixed API_CSP, which allows nothing at all.
 * - Helmet's other protections with fixed values, on pages and static files (STATIC_HEADERS):
 *   X-Content-Type-Options nosniff, X-Frame-Options DENY, Referrer-Policy no-referrer,
 *   Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy same-origin, Origin-Agent-Cluster,
 *   X-DNS-Prefetch-Control off, X-Download-Options noopen, X-Permitted-Cross-Domain-Policies none,
 *   X-XSS-Protection 0.
 * - API answers get the set of the OWASP REST Security Cheat Sheet ("Security headers": the others
 *   only mean something to a document a browser renders) (API_HEADERS): X-Content-Type-Options
 *   nosniff, X-Frame-Options DENY, Cross-Origin-Resource-Policy same-origin, and Cache-Control
 *   no-store (ASVS 5.0 V14.3: audit data is not kept by browsers or proxies; a route may set its
 *   own, e.g. attachments). Fewer bytes on every answer also count (bench/api-throughput.mjs: an API
 *   answer carried 736 bytes of which the body was 90).
 * - Strict-Transport-Security (one year, includeSubDomains) only when the request came over https
 *   (TLS socket, or X-Forwarded-Proto behind a trusted proxy): over plain http it must not pin a
 *   name that is not served over TLS.
 * The page CSP is built by @fastify/helmet's `contentSecurityPolicy` (helmet's own directive
 * validation and serialisation), once at start; only the nonce (16 random bytes, base64) changes
 * per page. Registering the @fastify/helmet plugin instead would rebuild all of helmet on every
 * request (it calls `helmet(options)` per request): measured here, a bare route fell from ~40k to
 * ~10k requests/s with it, and keeps its speed this way (bench/api-throughput.mjs).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiUrl } from './csrf';

/** Where browsers send violation reports (modules/security/csp-report.routes.ts). */
export const CSP_REPORT_PATH = '/api/v1/csp-report';
/** HSTS value over https: one year (31,536,000 s), subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/** The CSP directives; `style-src` gets `'nonce-<this response's nonce>'` appended. */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'report-uri': [CSP_REPORT_PATH],
} as const;

/** The CSP of /api answers: nothing may load, nothing may frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The other headers helmet sets by default, with Assay's choices (DENY rather than SAMEORIGIN). */
export const STATIC_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The headers of every /api answer besides API_CSP (module comment). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': API_CSP,
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const nonces = new WeakMap<IncomingMessage, string>();

/** Adds the onRequest hook setting the headers (before any route, so every response has them). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const directives: Record<string, (string | ((req: IncomingMessage) => string))[]> = {};
  for (const [name, values] of Object.entries(CSP_DIRECTIVES)) directives[name] = [...values];
  directives['style-src'] = ["'self'", (req: IncomingMessage) => `'nonce-${nonces.get(req) ?? ''}'`];
  const setCsp: (req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => void =
    fastifyHelmet.contentSecurityPolicy({ useDefaults: false, directives });
  const fail = (err?: Error) => {
    if (err) throw err;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiUrl(request.url)) {
      reply.headers(API_HEADERS);
    } else {
      reply.headers(STATIC_HEADERS);
      const nonce = randomBytes(16).toString('base64');
      request.cspNonce = nonce;
      nonces.set(request.raw, nonce);
      setCsp(request.raw, reply.raw, fail);
    }
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    done();
  });
}
