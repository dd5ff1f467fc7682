/**
 * Characters never kept in a name a user gave and others read (attachment file names): C0 and
 * C1 controls (U+0000–U+001F, U+007F–U+009F), the line and paragraph separators (U+2028, U+2029)
 * and the bidirectional formatting characters of Unicode UAX #9 — embeddings and overrides
 * U+202A–U+202E, isolates U+2066–U+2069, marks U+200E, U+200F and U+061C — with which
 * `invoice\u202Efdp.exe` displays as "invoiceexe.pdf" (CVE-2021-42574 "Trojan Source" names the
 * same trick in code). Joiners (U+200C, U+200D) stay: emoji and some scripts need them.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** `text` without the characters listed in the module comment. Linear time. */
export function withoutUnsafeChars(text: string): string {
  return text.replace(UNSAFE, '');
}
