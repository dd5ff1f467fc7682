/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account holds a signed token saying so, and the sign-in back-off
 * (login-throttle.ts) counts its failures apart from everyone else's. A stranger who guesses an
 * account's password then locks out only the untrusted clients of that account (no valid device
 * cookie), never the owner's known browsers.
 *
 * - One entry per account: `<user id>.<nonce>.<signature>`; nonce: 16 random bytes, base64url;
 *   signature: HMAC-SHA-256 of `<user id>.<nonce>` (base64url, 43 characters) under a key derived
 *   from the server's secret key (variables.crypto.ts: ASSAY_SECRET_KEY or DATA_DIR/secret.key)
 *   with HKDF-SHA-256 (info DEVICE_KEY_INFO), so every API process on one PostgreSQL agrees, and
 *   a new secret key invalidates every device cookie (they become untrusted, nothing worse).
 * - One cookie holds the entries of up to MAX_DEVICE_ENTRIES accounts (a shared computer), the most
 *   recent sign-in first, joined by `~`: `assay_device`, or `__Secure-assay_device` over https
 *   (Secure; only that name is read over https). HttpOnly, SameSite=Strict, Path=/api/v1/auth (sent
 *   to the sign-in and the password change only), Max-Age DEVICE_COOKIE_MAX_AGE_S (1 year),
 *   renewed at each sign-in.
 * - A planted or altered entry fails the signature check and only makes the request untrusted.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { currentSecretKey, type SecretKey } from '../variables/variables.crypto';

/** The device cookie's name over plain http. */
export const DEVICE_COOKIE = 'assay_device';
/** Its name over https (the prefix makes the browser require Secure). */
export const SECURE_DEVICE_COOKIE = '__Secure-assay_device';
/** The cookie's path: the sign-in and the password change are under it. */
export const DEVICE_COOKIE_PATH = '/api/v1/auth';
/** Lifetime of a device cookie: one year (s), from the last sign-in. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Accounts remembered by one browser's cookie (the most recent sign-ins). */
export const MAX_DEVICE_ENTRIES = 5;
/** HKDF `info` of the device-cookie key: the secret key is never used directly. */
export const DEVICE_KEY_INFO = 'assay device cookie v1';
/** Random bytes of a device nonce (128 bits). */
const NONCE_BYTES = 16;
/** A longer cookie value is ignored (5 entries are ≈ 520 characters). */
const MAX_COOKIE_LENGTH = 1024;
const ENTRY = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** A verified entry: the account it is for and its nonce (the back-off key of this browser). */
export interface DeviceEntry {
  userId: string;
  nonce: string;
  /** The entry as it is written in the cookie. */
  text: string;
}

const derived = new WeakMap<SecretKey, Buffer>();

/** The HMAC key of device cookies, derived once per secret key (HKDF-SHA-256, 32 bytes). */
function deviceKey(secret: SecretKey): Buffer {
  let key = derived.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret.key, Buffer.alloc(0), DEVICE_KEY_INFO, 32));
    derived.set(secret, key);
  }
  return key;
}

function sign(userId: string, nonce: string, secret: SecretKey): string {
  return createHmac('sha256', deviceKey(secret)).update(`${userId}.${nonce}`).digest('base64url');
}

/** A new entry for `userId` (a fresh nonce, signed). */
export function newDeviceEntry(userId: string, secret: SecretKey = currentSecretKey()): DeviceEntry {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return { userId, nonce, text: `${userId}.${nonce}.${sign(userId, nonce, secret)}` };
}

/** The entries of a cookie value as written (unverified), at most MAX_DEVICE_ENTRIES; [] for a missing or oversized value. */
function entriesOf(value: string | undefined): string[] {
  if (!value || value.length > MAX_COOKIE_LENGTH) return [];
  return value.split('~').slice(0, MAX_DEVICE_ENTRIES);
}

/**
 * The verified entry of `userId` in a cookie value, or null (no entry for that account, or a bad
 * signature: the request is then an untrusted client). Constant-time signature comparison.
 */
export function trustedDevice(value: string | undefined, userId: string, secret: SecretKey = currentSecretKey()): DeviceEntry | null {
  for (const text of entriesOf(value)) {
    const m = ENTRY.exec(text);
    if (!m || m[1] !== userId) continue;
    const expected = Buffer.from(sign(m[1], m[2], secret));
    const given = Buffer.from(m[3]);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return { userId, nonce: m[2], text };
  }
  return null;
}

/** The cookie value after a sign-in with `entry`: it first, then the other accounts' entries (well-formed), at most MAX_DEVICE_ENTRIES. */
export function withDevice(value: string | undefined, entry: DeviceEntry): string {
  const others = entriesOf(value).filter((text) => {
    const m = ENTRY.exec(text);
    return m !== null && m[1] !== entry.userId;
  });
  return [entry.text, ...others].slice(0, MAX_DEVICE_ENTRIES).join('~');
}

/** The device cookie's name for this request: `__Secure-assay_device` over https, else `assay_device`. */
export function deviceCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
}

/** The request's device cookie value (raw), or undefined. */
export function deviceCookieOf(request: FastifyRequest): string | undefined {
  return request.cookies[deviceCookieName(request)];
}

/** Sets the device cookie (see the module comment for its attributes). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(deviceCookieName(request), value, {
    httpOnly: true,
    sameSite: 'strict',
    path: DEVICE_COOKIE_PATH,
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}
