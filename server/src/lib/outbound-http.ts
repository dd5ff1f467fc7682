/**
 * The guarded HTTP client for requests the server makes on a user's behalf (webhooks, anchors):
 * docs/outbound.md "Private addresses" (OWASP "Server-Side Request Forgery Prevention").
 *
 * - Only `http:` and `https:`; no user name or password in the URL.
 * - Every address the connection would reach is checked when it is resolved, in the connector
 *   (an undici Agent whose `connect` is ours): an IP literal in the URL, every address DNS gives
 *   for a name (refused when any one is private, so a name cannot mix a public and a private
 *   answer), and the socket's remote address once connected. Checking the address a name resolves
 *   to at connect time, not the name beforehand, is what stops DNS rebinding (a name that resolves
 *   to a public address for the check and to 127.0.0.1 for the connection).
 * - Refused addresses: anything ipaddr.js does not class as `unicast` — loopback (127/8, ::1),
 *   private (10/8, 172.16/12, 192.168/16), link-local (169.254/16 with the cloud metadata address
 *   169.254.169.254, fe80::/10), carrier-grade NAT (100.64/10), 0.0.0.0/8 and ::, unique-local
 *   (fc00::/7), multicast, broadcast, documentation, benchmarking and the other reserved ranges,
 *   6to4 / Teredo / NAT64 (they carry an IPv4 address inside); an IPv4-mapped IPv6 address
 *   (::ffff:127.0.0.1) is judged by its IPv4 address.
 * - An IPv4 address must be written in the URL as four decimal numbers: `http://2130706433/`,
 *   `http://0177.0.0.1/`, `http://0x7f.1/` are refused as such (the URL parser would turn them into
 *   127.0.0.1, refused anyway; a public address in such a spelling is refused too).
 * - Redirects are followed here, not by undici: each Location is resolved against the current URL
 *   and checked again from the start (scheme, spelling, allow-list, addresses), at most
 *   `maxRedirects` (5) times; a 303 (and a 301/302 after a POST) becomes a GET without body.
 * - A time limit for the whole exchange (`timeoutMs`, redirects included) and a cap on the
 *   response body (`maxBytes`): beyond it the request is aborted.
 * - The administrator's allow-list (system setting `outboundAllowedHosts`) lets named private
 *   targets through: a host name (`hooks.internal`), a domain with every name under it
 *   (`.internal.example`), an address (`10.0.0.5`) or a CIDR block (`10.20.0.0/16`, `fd00::/8`).
 *   A listed name may resolve to any address; a listed address or block admits those addresses
 *   whatever name led there.
 *
 * No module knowledge: callers pass the allow-list (modules/outbound/outbound.service.ts reads it).
 */
import dns from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOneOptions } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';

/** Default and largest time limit of one exchange, redirects included: 10 s and 60 s. */
export const OUTBOUND_TIMEOUT_MS = { default: 10_000, max: 60_000 } as const;
/** Default cap on a response body: 1 MiB (1,048,576 bytes). */
export const OUTBOUND_MAX_BYTES = 1024 * 1024;
/** Redirects followed at most. */
export const OUTBOUND_MAX_REDIRECTS = 5;
/** Entries of the allow-list at most, and characters of one entry. */
export const ALLOW_LIST_LIMITS = { entries: 100, entryChars: 253 } as const;

/** Why a request was refused before (or instead of) being sent. */
export type OutboundRefusal =
  | 'url' // not a URL
  | 'scheme' // not http/https
  | 'credentials' // user:password@ in the URL
  | 'ip-spelling' // an IPv4 address not written as four decimal numbers
  | 'address' // a private or reserved address (literal, resolved, or connected)
  | 'redirects'; // more than maxRedirects, or a redirect without a usable Location

/** A request refused by the guard (nothing was sent to the refused address). `reason` says why; `url` is the URL refused. */
export class OutboundRefusedError extends Error {
  readonly code = 'OUTBOUND_REFUSED';
  constructor(
    readonly reason: OutboundRefusal,
    readonly url: string,
    detail?: string,
  ) {
    super(`outbound request refused (${reason}): ${url}${detail ? ` — ${detail}` : ''}`);
    this.name = 'OutboundRefusedError';
  }
}

/** A request that failed on the way: time limit, response too large, or the network. */
export class OutboundFailedError extends Error {
  readonly code = 'OUTBOUND_FAILED';
  constructor(
    readonly reason: 'timeout' | 'too-large' | 'network',
    readonly url: string,
    detail?: string,
  ) {
    super(`outbound request failed (${reason}): ${url}${detail ? ` — ${detail}` : ''}`);
    this.name = 'OutboundFailedError';
  }
}

/** The compiled allow-list (see `compileAllowList`). */
export interface OutboundAllowList {
  hosts: ReadonlySet<string>;
  /** `.example.com`: that domain and every name under it. */
  suffixes: readonly string[];
  ranges: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

const LABEL = /^[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** A host name: labels of letters, digits, `-` (and `_`), 1–63 characters each, 253 in all. */
function isHostName(s: string): boolean {
  return s.length > 0 && s.length <= 253 && s.split('.').every((label) => LABEL.test(label));
}

/**
 * Why `entry` is not a valid allow-list entry, or null: a host name, `.domain`, an IP address or a
 * CIDR block (ipaddr.js parses the last two; IPv4 in four decimal numbers only).
 */
export function allowListEntryProblem(entry: string): string | null {
  const e = entry.trim().toLowerCase();
  if (!e || e.length > ALLOW_LIST_LIMITS.entryChars) return 'length';
  if (e.includes('/')) {
    if (!ipaddr.isValidCIDR(e)) return 'cidr';
    if (!e.includes(':') && !ipaddr.IPv4.isValidCIDRFourPartDecimal(e)) return 'cidr';
    return null;
  }
  if (e.includes(':')) return ipaddr.IPv6.isValid(e.replace(/^\[|\]$/g, '')) ? null : 'address';
  if (/^[0-9.]+$/.test(e)) return ipaddr.IPv4.isValidFourPartDecimal(e) ? null : 'address';
  return isHostName(e.startsWith('.') ? e.slice(1) : e) ? null : 'host';
}

/** The allow-list of the setting's entries; invalid entries are left out (the setting's schema refuses them on save). */
export function compileAllowList(entries: readonly string[] = []): OutboundAllowList {
  const hosts = new Set<string>();
  const suffixes: string[] = [];
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  for (const raw of entries.slice(0, ALLOW_LIST_LIMITS.entries)) {
    const e = raw.trim().toLowerCase().replace(/\.$/, '');
    if (allowListEntryProblem(e)) continue;
    if (e.includes('/')) ranges.push(ipaddr.parseCIDR(e));
    else if (e.includes(':') || /^[0-9.]+$/.test(e)) {
      const a = ipaddr.parse(e.replace(/^\[|\]$/g, ''));
      ranges.push([a, a.kind() === 'ipv4' ? 32 : 128]);
    } else if (e.startsWith('.')) suffixes.push(e);
    else hosts.add(e);
  }
  return { hosts, suffixes, ranges };
}

const EMPTY_ALLOW_LIST = compileAllowList([]);

/** Whether the host name (lower case, no brackets, no trailing dot) is on the list by name. */
function nameAllowed(list: OutboundAllowList, host: string): boolean {
  return list.hosts.has(host) || list.suffixes.some((s) => host === s.slice(1) || host.endsWith(s));
}

function addressAllowed(list: OutboundAllowList, addr: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  return list.ranges.some(([net, bits]) => {
    if (net.kind() !== addr.kind()) return false;
    return addr.match([net, bits]);
  });
}

/**
 * Whether `address` (an IP address as text) is one the guard refuses: anything ipaddr.js does not
 * class as unicast (see the module comment); an IPv4-mapped IPv6 address is judged by its IPv4
 * address; an address that does not parse is refused.
 */
export function isBlockedAddress(address: string): boolean {
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    a = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return true;
  }
  if (a.kind() === 'ipv6') {
    const v6 = a as ipaddr.IPv6;
    if (v6.zoneId) return true;
    if (v6.isIPv4MappedAddress()) a = v6.toIPv4Address();
  }
  return a.range() !== 'unicast';
}

/** Whether the guard lets the connection to `address` through, reached by the name `host`. */
function addressPasses(list: OutboundAllowList, host: string, address: string): boolean {
  if (!isBlockedAddress(address)) return true;
  if (nameAllowed(list, host)) return true;
  try {
    let a = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
    if (addressAllowed(list, a)) return true;
    if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) {
      a = (a as ipaddr.IPv6).toIPv4Address();
      return addressAllowed(list, a);
    }
  } catch {
    return false;
  }
  return false;
}

/** The host of the URL as written (between `//`, any `user@` and the port), lower case; '' when none. */
function rawHostOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(url.trim());
  if (!m) return '';
  const authority = m[1].slice(m[1].lastIndexOf('@') + 1);
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1).toLowerCase();
  const colon = authority.indexOf(':');
  return (colon >= 0 ? authority.slice(0, colon) : authority).toLowerCase().replace(/\.$/, '');
}

/**
 * Checks a URL before any connection: a URL, http/https, no credentials, an IPv4 literal in four
 * decimal numbers, and an IP literal not private unless allow-listed. Names are checked when they
 * resolve (the connector). @returns the parsed URL.
 * @throws OutboundRefusedError (reason url, scheme, credentials, ip-spelling or address).
 */
export function checkOutboundUrl(url: string, allowList: OutboundAllowList = EMPTY_ALLOW_LIST): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new OutboundRefusedError('url', url);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new OutboundRefusedError('scheme', url);
  if (u.username || u.password) throw new OutboundRefusedError('credentials', url);
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIPv4(host)) {
    // The URL parser turned 2130706433, 0177.0.0.1 or 0x7f.1 into 127.0.0.1: only the dotted-decimal spelling passes.
    if (rawHostOf(url) !== host) throw new OutboundRefusedError('ip-spelling', url);
  }
  if (net.isIP(host) && !addressPasses(allowList, host, host)) throw new OutboundRefusedError('address', url, host);
  return u;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** dns.lookup's shape, as net.connect calls it (tests pass one resolving made-up names). */
export type OutboundLookup = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const defaultLookup: OutboundLookup = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * The lookup net.connect uses: resolves every address of the name and refuses them all when any
 * one is blocked (error code EOUTBOUNDREFUSED), unless the name or the address is allow-listed.
 */
function guardedLookup(list: OutboundAllowList, resolve: OutboundLookup) {
  return (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    resolve(hostname, { family: options.family, hints: options.hints, all: true } as LookupAllOptions, (err, addresses) => {
      if (err) return callback(err, '');
      const name = hostname.toLowerCase().replace(/\.$/, '');
      const bad = addresses.find((a) => !addressPasses(list, name, a.address));
      if (bad || addresses.length === 0) {
        const refused: NodeJS.ErrnoException = new Error(
          `${hostname} resolves to ${bad?.address ?? 'nothing'}, a private or reserved address`,
        );
        refused.code = 'EOUTBOUNDREFUSED';
        return callback(refused, '');
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * An undici Agent whose every connection goes through the guard: an IP literal checked before
 * connecting, a name's addresses checked as they resolve (guardedLookup), and the socket's
 * remote address checked once connected (in case anything resolved around the lookup).
 */
function guardedAgent(list: OutboundAllowList, lookup: OutboundLookup, connectTimeoutMs: number): Agent {
  const connector = buildConnector({ timeout: connectTimeoutMs, lookup: guardedLookup(list, lookup) as never });
  return new Agent({
    connections: 1,
    pipelining: 0,
    connect(options, callback) {
      const host = options.hostname.replace(/^\[|\]$/g, '').toLowerCase();
      if (net.isIP(host) && !addressPasses(list, host, host)) {
        const refused: NodeJS.ErrnoException = new Error(`${host} is a private or reserved address`);
        refused.code = 'EOUTBOUNDREFUSED';
        return callback(refused, null);
      }
      connector(options, (err, socket) => {
        if (err || !socket) return callback(err ?? new Error('no socket'), null);
        const remote = socket.remoteAddress;
        if (!remote || !addressPasses(list, host, remote)) {
          socket.destroy();
          const refused: NodeJS.ErrnoException = new Error(
            `connected to ${remote ?? 'an unknown address'}, a private or reserved address`,
          );
          refused.code = 'EOUTBOUNDREFUSED';
          return callback(refused, null);
        }
        callback(null, socket);
      });
    },
  });
}

/** One request through the guard. */
export interface OutboundRequest {
  url: string;
  /** Default GET. */
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Time limit of the whole exchange, redirects included (ms): default 10,000, at most 60,000. */
  timeoutMs?: number;
  /** Cap on the response body (bytes): default 1 MiB. */
  maxBytes?: number;
  /** Past `maxBytes`: fail (`error`, the default) or keep the first `maxBytes` and stop reading (`truncate`). */
  onTooLarge?: 'error' | 'truncate';
  /** Redirects followed at most: default and at most 5; 0 = a redirect is returned as is. */
  maxRedirects?: number;
  /** Allow-list entries (the `outboundAllowedHosts` setting) or a compiled list. */
  allowList?: readonly string[] | OutboundAllowList;
  /** Name resolution (tests); default dns.lookup. */
  lookup?: OutboundLookup;
}

/** The final response. */
export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: string;
  /** URLs redirected to, in order. */
  redirects: string[];
  /** Time of the whole exchange (ms). */
  durationMs: number;
  /** True when the body was cut at `maxBytes` (onTooLarge `truncate`). */
  truncated: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Drops a body not read (its abort error is expected, not an unhandled event). */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

/**
 * Reads a body up to `maxBytes`.
 * @throws OutboundFailedError too-large beyond it, unless `truncate` (then the first `maxBytes` bytes).
 */
async function readCapped(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
  url: string,
  truncate: boolean,
): Promise<{ data: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    if (size + buf.length > maxBytes) {
      discard(body);
      if (!truncate) throw new OutboundFailedError('too-large', url, `more than ${maxBytes} bytes`);
      chunks.push(buf.subarray(0, maxBytes - size));
      return { data: Buffer.concat(chunks), truncated: true };
    }
    size += buf.length;
    chunks.push(buf);
  }
  return { data: Buffer.concat(chunks), truncated: false };
}

function isRefusal(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as NodeJS.ErrnoException).code === 'EOUTBOUNDREFUSED') return true;
  }
  return false;
}

/**
 * Sends one request through the guard (see the module comment), following redirects itself.
 * A non-2xx status is not an error here: the caller decides.
 * @throws OutboundRefusedError when the URL, a redirect or an address is refused (nothing sent to it);
 *   OutboundFailedError `timeout` past `timeoutMs`, `too-large` past `maxBytes`, `network` for
 *   anything else on the way (DNS, connection, TLS).
 */
export async function outboundRequest(req: OutboundRequest): Promise<OutboundResponse> {
  const started = performance.now();
  const list =
    Array.isArray(req.allowList) || req.allowList === undefined
      ? compileAllowList(req.allowList as readonly string[] | undefined)
      : (req.allowList as OutboundAllowList);
  const timeoutMs = Math.min(Math.max(1, req.timeoutMs ?? OUTBOUND_TIMEOUT_MS.default), OUTBOUND_TIMEOUT_MS.max);
  const maxBytes = Math.max(0, req.maxBytes ?? OUTBOUND_MAX_BYTES);
  const maxRedirects = Math.min(Math.max(0, req.maxRedirects ?? OUTBOUND_MAX_REDIRECTS), OUTBOUND_MAX_REDIRECTS);
  const agent = guardedAgent(list, req.lookup ?? defaultLookup, timeoutMs);
  const signal = AbortSignal.timeout(timeoutMs);
  const redirects: string[] = [];
  let url = req.url;
  let method: NonNullable<OutboundRequest['method']> = req.method ?? 'GET';
  let body = req.body;
  let headers = { ...(req.headers ?? {}) };
  try {
    for (;;) {
      const u = checkOutboundUrl(url, list);
      let res: Dispatcher.ResponseData;
      try {
        res = await agent.request({
          origin: u.origin,
          path: `${u.pathname}${u.search}`,
          method,
          headers,
          body,
          signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
      } catch (err) {
        if (isRefusal(err)) throw new OutboundRefusedError('address', url, (err as Error).message);
        if (signal.aborted) throw new OutboundFailedError('timeout', url, `${timeoutMs} ms`);
        throw new OutboundFailedError('network', url, (err as Error).message);
      }
      if (REDIRECTS.has(res.statusCode) && maxRedirects > 0) {
        discard(res.body);
        const location = res.headers.location;
        if (typeof location !== 'string' || !location) throw new OutboundRefusedError('redirects', url, 'no Location');
        if (redirects.length >= maxRedirects) throw new OutboundRefusedError('redirects', url, `more than ${maxRedirects}`);
        let next: string;
        try {
          next = new URL(location, url).toString();
        } catch {
          throw new OutboundRefusedError('url', location);
        }
        // A relative path keeps the host we already checked; an absolute or scheme-relative (`//host/…`)
        // Location names a host, checked as written (its spelling too).
        const trimmed = location.trim();
        url = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : /^[\\/]{2}/.test(trimmed) ? `${u.protocol}${trimmed}` : next;
        redirects.push(url);
        if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
        }
        if (new URL(url).origin !== u.origin) {
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^(authorization|cookie)$/i.test(k)));
        }
        continue;
      }
      let read: { data: Buffer; truncated: boolean };
      try {
        read = await readCapped(res.body, maxBytes, url, req.onTooLarge === 'truncate');
      } catch (err) {
        if (err instanceof OutboundFailedError) throw err;
        if (signal.aborted) throw new OutboundFailedError('timeout', url, `${timeoutMs} ms`);
        throw new OutboundFailedError('network', url, (err as Error).message);
      }
      return {
        status: res.statusCode,
        headers: res.headers,
        body: read.data,
        truncated: read.truncated,
        url,
        redirects,
        durationMs: Math.round(performance.now() - started),
      };
    }
  } finally {
    agent.destroy().catch(() => undefined);
  }
}
