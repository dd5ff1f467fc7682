/**
 * The Content-Disposition header of a download (RFC 6266), with the file name as RFC 5987's
 * `filename*=UTF-8''<percent-encoded>` (any language) and a plain ASCII `filename="…"` fallback
 * for old clients. Control and bidirectional formatting characters are dropped first
 * (lib/unsafe-chars.ts), also from names stored before uploads were cleaned of them.
 */
import { withoutUnsafeChars } from './unsafe-chars';

/** Media types a browser may show in place (`disposition=inline`); everything else downloads. */
export const INLINE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
  'text/plain',
]);

/** RFC 5987 `value-chars`: percent-encodes everything but attr-char (encodeURIComponent leaves `'()*` and `!`). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The name with non-ASCII, control, quote and backslash characters replaced by `_` (the fallback). */
function asciiFallback(value: string): string {
  return value.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/**
 * `attachment; filename="report_.pdf"; filename*=UTF-8''report%E2%80%94.pdf` for `report—.pdf`
 * (`old\u202Efdp.exe` gives `filename="oldfdp.exe"`).
 */
export function contentDisposition(type: 'attachment' | 'inline', raw: string): string {
  const fileName = withoutUnsafeChars(raw);
  return `${type}; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeRfc5987(fileName)}`;
}
