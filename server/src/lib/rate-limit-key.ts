/**
 * The key the API rate limit counts a request under (@fastify/rate-limit `keyGenerator`):
 * - a signed-in request (a verified session cookie or API token: `request.user`, set by the auth
 *   hook, which runs before the limiter) counts for its user, `user:<id>`: an office behind one NAT
 *   gets one budget per person, and a user cannot multiply theirs by opening sessions or tokens;
 * - an anonymous request — also one with an unknown, expired or forged cookie or token, so a random
 *   cookie buys no fresh budget — counts for its client address, `ip:<address>`, an IPv6 address
 *   by its /64 network (one subscriber's whole allocation; RFC 6177), an IPv4-mapped IPv6 address
 *   as the IPv4 address.
 */
import type { FastifyRequest } from 'fastify';
import { isIP } from 'node:net';

/**
 * The eight 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail converted), or
 * null when `ip` is not IPv6. A zone (`%eth0`) is dropped.
 */
export function ipv6Groups(ip: string): number[] | null {
  const address = ip.split('%')[0];
  if (isIP(address) !== 6) return null;
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The address a client is counted under: IPv4 as it is; IPv6 as its /64 prefix (`2001:db8:1:2::/64`);
 * `::ffff:a.b.c.d` as `a.b.c.d`; anything else as given.
 */
export function clientAddressKey(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** The rate-limit key of a request (see the module comment): `user:<id>` or `ip:<address or /64>`. */
export function rateLimitKey(request: Pick<FastifyRequest, 'user' | 'ip'>): string {
  return request.user ? `user:${request.user.id}` : `ip:${clientAddressKey(request.ip)}`;
}
