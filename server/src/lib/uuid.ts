/**
 * The one test of "is this text a uuid" on the server (record ids, subject ids, import batch ids):
 * 8-4-4-4-12 hexadecimal digits, any case (PostgreSQL's `uuid` text form).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `text` is exactly a uuid (no surrounding spaces). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

/** `raw` as a canonical uuid (trimmed, lower-case), or null when it is not one (or not a string). */
export function uuidOrNull(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  return UUID.test(text) ? text.toLowerCase() : null;
}
