/**
 * Text of a stored file, for search (docs/documents.md "Text extraction"): PDF with pdfjs-dist 5
 * (its legacy build, which runs on Node 20.19+; no worker thread of its own, no font loading, no
 * network, no eval), DOCX with mammoth's `extractRawText`, and text, Markdown, CSV and JSON read as
 * UTF-8. Anything else answers `none`. The text is cut at DOCUMENT_TEXT_MAX_CHARS
 * (contracts/documents.constants.ts).
 *
 * Bounds (a hostile file must not stall the server): at most EXTRACT_MAX_BYTES are parsed (larger
 * files answer `none`), at most EXTRACT_MAX_PAGES PDF pages are read, and the whole extraction gives
 * up after EXTRACT_TIMEOUT_MS (`failed`; pdf.js yields between pages, so a timeout is noticed
 * there). Callers run it after the upload commits, off the request (modules/documents/documents.extract.ts).
 */
import path from 'node:path';
import { DOCUMENT_TEXT_MAX_CHARS } from '../../../contracts/documents.constants';

/** Largest file whose text is extracted: 50 MiB. */
export const EXTRACT_MAX_BYTES = 50 * 1024 * 1024;
/** Most PDF pages read. */
export const EXTRACT_MAX_PAGES = 2000;
/** Longest one extraction may take (ms). */
export const EXTRACT_TIMEOUT_MS = 60_000;

/** What extractText found: `done` with the text, `none` (a kind without text, or too large), `failed` (unreadable or too slow). */
export interface ExtractedText {
  state: 'done' | 'none' | 'failed';
  text: string | null;
}

const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown', 'text/csv', 'application/json', 'application/csv']);
const TEXT_EXTENSIONS = new Set(['.txt', '.md', '.markdown', '.csv', '.json', '.log']);
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type Kind = 'pdf' | 'docx' | 'text' | null;

/** Which extractor reads a file, by its media type, else by its extension. */
export function extractKind(mimeType: string, fileName: string): Kind {
  const ext = path.extname(fileName).toLowerCase();
  if (mimeType === 'application/pdf' || ext === '.pdf') return 'pdf';
  if (mimeType === DOCX_TYPE || ext === '.docx') return 'docx';
  if (TEXT_TYPES.has(mimeType) || TEXT_EXTENSIONS.has(ext)) return 'text';
  return null;
}

const cap = (text: string) => (text.length > DOCUMENT_TEXT_MAX_CHARS ? text.slice(0, DOCUMENT_TEXT_MAX_CHARS) : text);

class Timeout extends Error {}

async function pdfText(bytes: Buffer, deadline: number): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const parts: string[] = [];
    let length = 0;
    const pages = Math.min(doc.numPages, EXTRACT_MAX_PAGES);
    for (let n = 1; n <= pages && length < DOCUMENT_TEXT_MAX_CHARS; n += 1) {
      if (Date.now() > deadline) throw new Timeout();
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const line = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      parts.push(line);
      length += line.length;
      page.cleanup();
    }
    return parts.join('\n');
  } finally {
    await task.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const mammoth = await import('mammoth');
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  return value;
}

/**
 * The text of file `bytes` of type `mimeType` named `fileName` (module comment: kinds, bounds).
 * Never throws: an unreadable file is `failed`.
 */
export async function extractText(bytes: Buffer, mimeType: string, fileName: string): Promise<ExtractedText> {
  const kind = extractKind(mimeType, fileName);
  if (!kind || bytes.length > EXTRACT_MAX_BYTES) return { state: 'none', text: null };
  const deadline = Date.now() + EXTRACT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  try {
    const work = kind === 'pdf' ? pdfText(bytes, deadline) : kind === 'docx' ? docxText(bytes) : Promise.resolve(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout()), EXTRACT_TIMEOUT_MS);
    });
    const text = await Promise.race([work, timeout]);
    // NUL cannot be stored in a PostgreSQL text column
    return { state: 'done', text: cap(text.replaceAll('\u0000', '')) };
  } catch {
    return { state: 'failed', text: null };
  } finally {
    clearTimeout(timer);
  }
}
