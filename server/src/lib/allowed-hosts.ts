/**
 * The Host allow-list (OWASP: "DNS rebinding"; Django's ALLOWED_HOSTS). A page of another site
 * whose name an attacker re-points at this server's address (e.g. 127.0.0.1) reaches it
 * same-origin for the browser, with that other name in `Host`: the CSRF origin check compares
 * Origin with Host, which then agree. So every request must name an allowed host, or it is refused
 * with 421 Misdirected Request (HOST_NOT_ALLOWED, errors.hostNotAllowed) before any route runs.
 *
 * - The host compared is the request's (`request.host`: Host, or the last X-Forwarded-Host when
 *   TRUST_PROXY is on), lower-cased, without its port and trailing dot; IPv6 in brackets (`[::1]`).
 * - Allowed: `localhost`, `127.0.0.1`, `[::1]`, the hosts of ALLOWED_ORIGINS, the configured HOST
 *   when it is a specific address (not 0.0.0.0 / ::), and the entries of ALLOWED_HOSTS: a host name
 *   or address, `.example.com` (that domain and every name under it), or `*` (the check is off).
 * - GET/HEAD /api/v1/health is exempt: load balancers probe it by address, and it answers nothing private.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

/** Hosts every install answers for (the start script, the end-to-end tests, Fastify's inject `localhost:80`). */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Bind addresses that mean "every interface": they name no host. */
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', '*']);

/**
 * A host as compared: lower-case, no port, no trailing dot; an IPv6 address in brackets.
 * `Example.COM:8000` → `example.com`; `[::1]:80` → `[::1]`; `::1` (a bare IPv6 bind address) → `[::1]`.
 */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end > 0 ? h.slice(0, end + 1) : h;
  }
  if (h.split(':').length > 2) return `[${h}]`; // a bare IPv6 address (HOST=::1)
  const colon = h.indexOf(':');
  if (colon >= 0) h = h.slice(0, colon);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

/** The compiled allow-list: exact hosts, domain suffixes (`.example.com`) and whether everything passes. */
export interface HostAllowList {
  any: boolean;
  exact: ReadonlySet<string>;
  suffixes: readonly string[];
}

/**
 * The allow-list of a configuration (see the module comment).
 * @param opts.allowedHosts ALLOWED_HOSTS entries; `opts.allowedOrigins` ALLOWED_ORIGINS (URLs);
 *   `opts.bindHost` HOST (ignored when it is a wildcard address).
 */
export function hostAllowList(opts: { allowedHosts?: readonly string[]; allowedOrigins?: readonly string[]; bindHost?: string }): HostAllowList {
  const exact = new Set<string>(LOCAL_HOSTS);
  const suffixes: string[] = [];
  let any = false;
  for (const origin of opts.allowedOrigins ?? []) {
    try {
      exact.add(normalizeHost(new URL(origin).host));
    } catch {
      // env.ts validated them as URLs
    }
  }
  if (opts.bindHost && !WILDCARD_BINDS.has(opts.bindHost.trim())) exact.add(normalizeHost(opts.bindHost));
  for (const entry of opts.allowedHosts ?? []) {
    const e = entry.trim().toLowerCase();
    if (!e) continue;
    if (e === '*') any = true;
    else if (e.startsWith('.')) suffixes.push(e.endsWith('.') ? e.slice(0, -1) : e);
    else exact.add(normalizeHost(e));
  }
  return { any, exact, suffixes };
}

/** Whether `host` (a Host header value, port allowed) is on the list. An empty host is not. */
export function isHostAllowed(list: HostAllowList, host: string): boolean {
  if (list.any) return true;
  const h = normalizeHost(host);
  if (!h) return false;
  if (list.exact.has(h)) return true;
  return list.suffixes.some((s) => h === s.slice(1) || h.endsWith(s));
}

/** True for the health probe, which load balancers call by address. */
function isHealthProbe(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.url === '/api/v1/health' || request.url.startsWith('/api/v1/health?'));
}

/**
 * Adds the onRequest hook refusing a request whose host is not on `list`: 421 HOST_NOT_ALLOWED
 * (errors.hostNotAllowed, in the request's language), logged at warn with the host. Register it
 * right after the request context (the locale) and before every other hook.
 */
export function registerAllowedHosts(app: FastifyInstance, list: HostAllowList): void {
  if (list.any) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (isHostAllowed(list, request.host) || isHealthProbe(request)) return done();
    request.log.warn({ host: request.host, url: request.url }, 'host not allowed (ALLOWED_HOSTS)');
    sendError(reply, 421, 'HOST_NOT_ALLOWED', 'errors.hostNotAllowed'); // answered: done() is not called
  });
}
