/**
 * Webhook signatures (docs/outbound.md "Signatures"), in the scheme Stripe made common: the header
 *
 *     X-Assay-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>
 *
 * where the HMAC is keyed with the shared secret and taken over `${t}.${body}` (the exact bytes
 * sent). The time stamp inside the signed text lets a receiver refuse a replayed delivery older than
 * its tolerance; several `v1=` values may appear (a receiver accepts any match), so that a secret can
 * be rotated by signing with both for a while.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header's name (HTTP header names are case-insensitive; receivers see `x-assay-signature` in node). */
export const SIGNATURE_HEADER = 'X-Assay-Signature';
/** Default tolerance of `verifyWebhookSignature`: 300 s (5 minutes) either way. */
export const SIGNATURE_TOLERANCE_S = 300;

/** The hex HMAC-SHA256 of `${t}.${body}` keyed with `secret`. */
function hmac(secret: string, t: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
}

/**
 * The header value for `body` sent at `now`: `t=<unix s>,v1=<hex>`; one `v1` per secret given.
 * @param secrets one secret, or several while rotating (the new one first).
 * @param now time of sending (default the clock), as a Date.
 * @throws Error when no secret, or an empty one, is given.
 */
export function signWebhook(body: string | Buffer, secrets: string | readonly string[], now: Date = new Date()): string {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (list.length === 0 || list.some((s) => !s)) throw new Error('signWebhook: an empty secret');
  const t = Math.floor(now.getTime() / 1000);
  return [`t=${t}`, ...list.map((s) => `v1=${hmac(s, t, body)}`)].join(',');
}

/** Why a signature was refused. */
export type SignatureProblem = 'missing' | 'malformed' | 'expired' | 'mismatch';

/**
 * Checks a signature header against the body as received (the raw bytes, before any JSON parsing):
 * the time stamp within `toleranceS` seconds of `now` either way, and some `v1` equal to the HMAC,
 * compared in constant time (crypto.timingSafeEqual).
 * @returns `{ ok: true, t }` with the signed time (unix s), or `{ ok: false, problem }`.
 */
export function verifyWebhookSignature(
  body: string | Buffer,
  header: string | string[] | undefined,
  secret: string,
  opts: { toleranceS?: number; now?: Date } = {},
): { ok: true; t: number } | { ok: false; problem: SignatureProblem } {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !secret) return { ok: false, problem: 'missing' };
  let t: number | undefined;
  const candidates: string[] = [];
  for (const part of value.split(',', 20)) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(v)) t = Number(v);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(v)) candidates.push(v);
  }
  if (t === undefined || candidates.length === 0) return { ok: false, problem: 'malformed' };
  const now = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - t) > (opts.toleranceS ?? SIGNATURE_TOLERANCE_S)) return { ok: false, problem: 'expired' };
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  const match = candidates.some((c) => timingSafeEqual(Buffer.from(c, 'hex'), expected));
  return match ? { ok: true, t } : { ok: false, problem: 'mismatch' };
}
