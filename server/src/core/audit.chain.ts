/**
 * The hash chain of the audit log (docs/product.md "Audit log": each entry hash-chained to the previous
 * one). An entry's `hash` is SHA-256 (hex) over the canonical JSON of all its other fields,
 * `prevHash` included; the first entry's `prevHash` is GENESIS_HASH (64 zeros).
 *
 * Canonical JSON: JSON with object keys sorted (by UTF-16 code units) at every depth, no
 * whitespace, `seq` as a decimal string, `at` as ISO 8601 with milliseconds. JSON values stored in
 * `before`/`after`/`details` first go through normalizeJson so that what is hashed is exactly what
 * the database gives back (jsonb keeps no key order, refuses U+0000, and JSON drops undefined).
 */
import { createHash } from 'node:crypto';

/** The `prevHash` of the first entry, and the head's hash before any entry: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** A JSON value: what jsonb stores and gives back. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Keys never stored in before/after/details, at any depth (secrets: ASVS V8.3). */
const SECRET_KEYS = /^(password|passwordHash|password_hash|currentPassword|newPassword|token|secret|apiKey|api_key)$/i;

/**
 * `value` as the JSON the database will give back: Dates become ISO strings, undefined and
 * functions disappear, non-finite numbers become null, U+0000 becomes U+FFFD, -0 becomes 0, and
 * keys naming secrets (SECRET_KEYS) are dropped. undefined → null.
 */
export function normalizeJson(value: unknown): JsonValue {
  const text = JSON.stringify(value, (key, v: unknown) => (key !== '' && SECRET_KEYS.test(key) ? undefined : v));
  if (text === undefined) return null;
  return clean(JSON.parse(text) as JsonValue);
}

/** U+0000 → U+FFFD (jsonb and text refuse U+0000). */
function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.split('\u0000').join('\uFFFD') : text;
}

function clean(value: JsonValue): JsonValue {
  if (typeof value === 'string') return withoutNul(value);
  if (typeof value === 'number') return Object.is(value, -0) ? 0 : value;
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object') {
    const out: { [key: string]: JsonValue } = {};
    for (const [k, v] of Object.entries(value)) out[withoutNul(k)] = clean(v);
    return out;
  }
  return value;
}

/** Canonical JSON of a JSON value: sorted keys at every depth, no whitespace. */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

/** The fields an entry's hash covers (every stored field except `hash`). */
export interface ChainedFields {
  id: string;
  seq: number;
  at: Date;
  actorId: string | null;
  actorLabel: string;
  ip: string | null;
  /** Covered only when not null, so entries written before the column existed keep their hash. */
  userAgent?: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  prevHash: string;
}

/** The canonical JSON an entry's hash is computed over (see the module comment). */
export function canonicalEntry(e: ChainedFields): string {
  const ua: { [key: string]: JsonValue } = e.userAgent == null ? {} : { userAgent: e.userAgent };
  return canonicalJson({
    ...ua,
    id: e.id,
    seq: String(e.seq),
    at: e.at.toISOString(),
    actorId: e.actorId,
    actorLabel: e.actorLabel,
    ip: e.ip,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    before: (e.before ?? null) as JsonValue,
    after: (e.after ?? null) as JsonValue,
    details: (e.details ?? null) as JsonValue,
    prevHash: e.prevHash,
  });
}

/** SHA-256 (hex, 64 characters) of an entry's canonical content. */
export function entryHash(e: ChainedFields): string {
  return createHash('sha256').update(canonicalEntry(e), 'utf8').digest('hex');
}
