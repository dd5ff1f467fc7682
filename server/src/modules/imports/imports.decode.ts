/**
 * The text of an uploaded CSV or JSON file, decoded as it streams (WHATWG TextDecoder with
 * `{stream: true}`, so a character cut between two chunks comes out whole). Encodings: UTF-8
 * (with or without a byte-order mark), UTF-16 LE and BE (Excel's "Unicode text" is UTF-16 LE with
 * a mark, tab-separated) and GB18030 (GBK, what Chinese Windows writes).
 *
 * Detection ('auto'):
 * 1. a byte-order mark: EF BB BF UTF-8, FF FE UTF-16 LE, FE FF UTF-16 BE;
 * 2. else UTF-16 without a mark when, in the first 4 KiB, at least a third of the odd (LE) or even
 *    (BE) bytes are 0 and almost none of the others (ASCII text in UTF-16);
 * 3. else ASCII passes as it comes (the same in UTF-8 and GB18030); at the first byte ≥ 0x80, the
 *    next 64 KiB decide: valid UTF-8 → UTF-8; else valid GB18030 → GB18030; else UTF-8 (bytes it
 *    cannot read become U+FFFD, as before).
 * A file that is UTF-8 in its first 64 KiB of non-ASCII text and something else later is read as
 * UTF-8: the user chooses the encoding then (the wizard re-reads the file with it).
 */
import { isAscii } from 'node:buffer';
import type { ImportEncoding, ImportTextEncoding } from '../../../../contracts';

/** Bytes looked at from the first non-ASCII byte to tell UTF-8 from GB18030. */
const SNIFF_BYTES = 64 * 1024;
/** Bytes looked at for UTF-16 without a byte-order mark. */
const UTF16_SNIFF_BYTES = 4 * 1024;

function bomOf(b: Uint8Array): ImportTextEncoding | undefined {
  if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8';
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** UTF-16 without a mark: mostly-ASCII text has a 0 in every other byte. */
function utf16Without(b: Uint8Array): ImportTextEncoding | undefined {
  const n = Math.min(b.length, UTF16_SNIFF_BYTES) & ~1;
  if (n < 4) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (b[i] === 0) even += 1;
    if (b[i + 1] === 0) odd += 1;
  }
  const half = n / 2;
  if (odd >= half / 3 && even <= half / 50) return 'utf-16le';
  if (even >= half / 3 && odd <= half / 50) return 'utf-16be';
  return undefined;
}

/** Whether `b` decodes in `encoding` without an error (an incomplete last character is fine unless `end`). */
function decodes(b: Uint8Array, encoding: 'utf-8' | 'gb18030', end: boolean): boolean {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(b, { stream: !end });
    return true;
  } catch {
    return false;
  }
}

function firstNonAscii(b: Uint8Array): number {
  if (isAscii(b)) return -1;
  for (let i = 0; i < b.length; i += 1) if (b[i] >= 0x80) return i;
  return -1;
}

/** Largest piece decoded at once (bytes): a reader that refuses early has not decoded a whole large chunk. */
const PIECE_BYTES = 64 * 1024;

/** `input`'s chunks cut into pieces of at most PIECE_BYTES (views, not copies). */
async function* pieces(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const chunk of input) {
    for (let at = 0; at < chunk.length; at += PIECE_BYTES) yield chunk.subarray(at, at + PIECE_BYTES);
  }
}

/** What decodeText reports once it knows (before it yields anything but ASCII). */
export interface Decoded {
  encoding?: ImportTextEncoding;
}

/**
 * The text of `input` (a byte stream), in chunks as they arrive, read in `choice` ('auto':
 * detected, see above; 'utf-16': LE unless a byte-order mark says BE). A byte-order mark matching
 * the encoding is dropped. `found.encoding` is set to the encoding used once known (at the end
 * for a file of ASCII only: 'utf-8').
 */
export async function* decodeText(input: AsyncIterable<Uint8Array>, choice: ImportEncoding, found: Decoded): AsyncGenerator<string> {
  const it = pieces(input);
  let head: Buffer = Buffer.alloc(0);
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const r = await it.next();
    if (r.done) {
      ended = true;
      return false;
    }
    head = head.length ? Buffer.concat([head, r.value]) : Buffer.from(r.value.buffer, r.value.byteOffset, r.value.length);
    return true;
  };
  while (head.length < 3 && (await more()));

  let encoding: ImportTextEncoding | undefined;
  const bom = bomOf(head);
  if (choice === 'utf-8' || choice === 'gb18030') encoding = choice;
  else if (choice === 'utf-16') encoding = bom === 'utf-16be' ? 'utf-16be' : 'utf-16le';
  else if (bom) encoding = bom;
  else {
    while (head.length < UTF16_SNIFF_BYTES && (await more()));
    encoding = utf16Without(head);
  }
  if (!encoding) {
    // ASCII passes until the first byte that is not; then 64 KiB from there decide
    for (;;) {
      const at = firstNonAscii(head);
      if (at === -1) {
        if (head.length) yield head.toString('latin1');
        head = Buffer.alloc(0);
        if (!(await more())) {
          found.encoding = 'utf-8';
          return;
        }
        continue;
      }
      if (at > 0) {
        yield head.subarray(0, at).toString('latin1');
        head = head.subarray(at);
      }
      while (head.length < SNIFF_BYTES && (await more()));
      encoding = decodes(head, 'utf-8', ended) ? 'utf-8' : decodes(head, 'gb18030', ended) ? 'gb18030' : 'utf-8';
      break;
    }
  }
  found.encoding = encoding;
  const decoder = new TextDecoder(encoding);
  if (head.length) {
    const s = decoder.decode(head, { stream: true });
    if (s) yield s;
  }
  head = Buffer.alloc(0);
  for (;;) {
    const r = await it.next();
    if (r.done) break;
    const s = decoder.decode(r.value, { stream: true });
    if (s) yield s;
  }
  const tail = decoder.decode();
  if (tail) yield tail;
}
