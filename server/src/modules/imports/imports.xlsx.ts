/**
 * XLSX rows of the first worksheet, streamed (exceljs's streaming reader), with every part of the
 * zip counted as it is unzipped so a zip bomb is refused before it holds memory or disk:
 * - all parts together at most IMPORT_XLSX_MAX_UNZIPPED bytes once unzipped; the shared strings
 *   (held in memory while the sheet is read) at most IMPORT_XLSX_MAX_SHARED_STRINGS; the other
 *   parts parsed (workbook, relationships, styles) at most IMPORT_XLSX_MAX_PART. A size the zip
 *   declares (its local header) over the cap refuses the part before it is unzipped; the bytes are
 *   counted anyway, as a declared size may lie.
 * - the worksheet: at most IMPORT_MAX_ROWS + 1 <row> elements (the header and the rows; empty rows
 *   count here), each at most IMPORT_MAX_ROW_CHARS characters of text and 4 × that of XML; a
 *   shared string at most IMPORT_MAX_CELL_CHARS characters of text and 8 × that of XML (a cell
 *   can otherwise not be held to the cap: exceljs assembles a text node whole).
 *
 * The zip is read by unzipper, the reader exceljs itself uses; each part goes to exceljs's own
 * part parsers (`_parseRels`, `_parseWorkbook`, `_parseSharedStrings`, `_parseStyles`,
 * `_parseWorksheet` of WorkbookReader: its `parse` loop redone here, with the counting, the first
 * worksheet only, and its temporary file removed in every case). The parts reach exceljs as text
 * decoded with `{stream: true}`: exceljs decodes each chunk alone, which broke a character cut
 * between two chunks (Chinese text of a large sheet came out with U+FFFD in it).
 * Worksheet before the shared strings (the order Excel writes): the worksheet's XML is written to
 * a temporary file while counted, and read once the shared strings are.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type ExcelJS from 'exceljs';
import {
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_XLSX_MAX_PART,
  IMPORT_XLSX_MAX_SHARED_STRINGS,
  IMPORT_XLSX_MAX_UNZIPPED,
} from '../../../../contracts';
import { loadExcel } from '../../lib/export-writer';
import { LimitBreach, type Breach } from './imports.limits';

/** An entry of unzipper's Parse stream (a file of the zip, its bytes as they are unzipped). */
interface ZipEntry extends Readable {
  path: string;
  type: 'File' | 'Directory';
  /** The local header's fields; uncompressedSize is 0 when the sizes follow the data. */
  vars: { uncompressedSize: number };
  extra?: { uncompressedSize?: number };
}
type Unzipper = { Parse(options: { forceStream: true }): Duplex };
let unzipperModule: Unzipper | undefined;
/** exceljs's own zip reader (a dependency of exceljs, not of this project: resolved from there), required on first use. */
const unzipper = (): Unzipper => (unzipperModule ??= createRequire(require.resolve('exceljs'))('unzipper') as Unzipper);

/** WorkbookReader's part parsers and state (exceljs 4.4 lib/stream/xlsx/workbook-reader.js). */
interface ReaderParts {
  sharedStrings?: unknown[];
  model?: { sheets?: unknown[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<string>, sheetNo: string): Generator<{ eventType: string; value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

/** The bytes of all parts, unzipped so far. */
class Unzipped {
  private bytes = 0;
  add(n: number): void {
    this.bytes += n;
    if (this.bytes > IMPORT_XLSX_MAX_UNZIPPED) throw new LimitBreach({ kind: 'unzipped', limit: IMPORT_XLSX_MAX_UNZIPPED });
  }
}

/** Whether a tag's text `name` (what follows '<') is the element `tag` (then a space, '/', '>' or the end). */
function isTag(name: string, at: number, tag: string): boolean {
  if (!name.startsWith(tag, at)) return false;
  const next = name.charCodeAt(at + tag.length);
  return Number.isNaN(next) || next === 0x2f || next === 0x3e || next <= 0x20;
}

/**
 * Counts, in a part's XML as it streams, the elements named `tag` (<row> of a worksheet, <si> of
 * the shared strings) and the text and XML characters of the one open: over the caps, the breach
 * `over(count)`; more than `caps.count` elements: the rows breach.
 */
class ElementScan {
  private inTag = false;
  /** the start of a tag cut by the end of a chunk, until it can be told (null: told already) */
  private name: string | null = null;
  private open = false;
  private text = 0;
  private xml = 0;
  private readonly look: number;
  private readonly first: number;
  count = 0;

  constructor(
    private readonly tag: string,
    private readonly caps: { text: number; xml: number; count?: number },
    private readonly over: (count: number) => Breach,
    private readonly closes: string[] = [],
  ) {
    this.look = Math.max(tag.length + 2, ...closes.map((c) => c.length + 1));
    this.first = tag.charCodeAt(0);
  }

  /** A tag whose first characters are `name`: the element opens or closes. */
  private tell(name: string): void {
    if (isTag(name, 0, this.tag)) {
      this.count += 1;
      if (this.caps.count !== undefined && this.count > this.caps.count) throw new LimitBreach({ kind: 'rows' });
      this.open = true;
      this.text = 0;
      this.xml = 0;
    } else if (name.charCodeAt(0) === 0x2f && (isTag(name, 1, this.tag) || this.closes.some((t) => isTag(name, 1, t)))) {
      this.open = false;
    }
  }

  feed(s: string): void {
    let i = 0;
    while (i < s.length) {
      if (this.inTag) {
        const j = s.indexOf('>', i);
        const end = j === -1 ? s.length : j;
        if (this.name !== null) {
          this.name += s.slice(i, Math.min(end, i + this.look));
          if (j !== -1 || this.name.length >= this.look) {
            this.tell(this.name);
            this.name = null;
          }
        }
        this.xml += end - i + (j === -1 ? 0 : 1);
        if (j === -1) break;
        this.inTag = false;
        if (!this.open) {
          this.text = 0;
          this.xml = 0;
        }
        i = j + 1;
      } else {
        const j = s.indexOf('<', i);
        const end = j === -1 ? s.length : j;
        this.text += end - i;
        this.xml += end - i;
        if (j === -1) break;
        this.inTag = true;
        this.xml += 1;
        i = j + 1;
        const first = s.charCodeAt(i);
        if (first !== this.first && first !== 0x2f && i < s.length) continue; // another element: nothing to tell
        if (i + this.look <= s.length) this.tell(s.slice(i, i + this.look));
        else this.name = '';
      }
    }
    if (this.text > this.caps.text || this.xml > this.caps.xml) throw new LimitBreach(this.over(this.count));
  }
}

/** A part's text, decoded as it is unzipped, counted against `cap` (bytes) and the whole, scanned by `scan`. */
async function* partText(entry: ZipEntry, cap: number, unzipped: Unzipped, scan?: ElementScan): AsyncGenerator<string> {
  const declared = Math.max(entry.vars.uncompressedSize === 0xffffffff ? 0 : entry.vars.uncompressedSize, entry.extra?.uncompressedSize ?? 0);
  const breach = (): Breach => (cap === IMPORT_XLSX_MAX_UNZIPPED ? { kind: 'unzipped', limit: cap } : { kind: 'part', part: entry.path, limit: cap });
  if (declared > cap) throw new LimitBreach(breach());
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > cap) throw new LimitBreach(breach());
    unzipped.add(chunk.length);
    const s = decoder.decode(chunk, { stream: true });
    if (s) {
      scan?.feed(s);
      yield s;
    }
  }
  const tail = decoder.decode();
  if (tail) {
    scan?.feed(tail);
    yield tail;
  }
}

/** A part not read: unzipped (counted) and dropped. */
async function skip(entry: ZipEntry, unzipped: Unzipped): Promise<void> {
  for await (const chunk of entry as AsyncIterable<Buffer>) unzipped.add(chunk.length);
}

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * The rows of `input`'s first worksheet as exceljs reads them (Row objects), the parts counted as
 * described above. @throws LimitBreach past a cap; Error when the zip or its XML cannot be read.
 */
export async function* xlsxSheetRows(input: Readable): AsyncGenerator<ExcelJS.Row> {
  // exceljs is loaded on the first XLSX (lib/export-writer.ts loadExcel): the server starts without
  // it; an input error while it loads is kept and thrown once it has
  let early: Error | undefined;
  const keep = (e: Error) => (early ??= e);
  input.once('error', keep);
  const { stream } = await loadExcel();
  input.off('error', keep);
  if (early) throw early;
  const reader = new stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  const parts = reader as unknown as ReaderParts;
  const zip = unzipper().Parse({ forceStream: true });
  const failed = (e: Error) => zip.destroy(e);
  input.on('error', failed);
  input.pipe(zip);
  const unzipped = new Unzipped();
  const sheetScan = () =>
    new ElementScan('row', { text: IMPORT_MAX_ROW_CHARS, xml: 4 * IMPORT_MAX_ROW_CHARS, count: IMPORT_MAX_ROWS + 1 }, (row) => ({ kind: 'row', row }), ['/sheetData']);
  let dir: string | undefined;
  let spooled: { file: string; sheetNo: string } | undefined;
  let sheetSeen = false;

  async function* rowsOf(text: AsyncIterable<string>, sheetNo: string): AsyncGenerator<ExcelJS.Row> {
    parts.sharedStrings ??= [];
    parts.model ??= { sheets: [] };
    for (const { value } of parts._parseWorksheet(text, sheetNo)) {
      yield* value as AsyncIterable<ExcelJS.Row>;
      return;
    }
  }

  try {
    for await (const entry of zip as AsyncIterable<ZipEntry>) {
      if (entry.type !== 'File') {
        await skip(entry, unzipped);
        continue;
      }
      const sheet = SHEET.exec(entry.path);
      const small = () => Readable.from(partText(entry, IMPORT_XLSX_MAX_PART, unzipped));
      if (entry.path === 'xl/_rels/workbook.xml.rels') await parts._parseRels(small());
      else if (entry.path === 'xl/workbook.xml') await parts._parseWorkbook(small());
      else if (entry.path === 'xl/styles.xml') await parts._parseStyles(small());
      else if (entry.path === 'xl/sharedStrings.xml') {
        const scan = new ElementScan('si', { text: IMPORT_MAX_CELL_CHARS, xml: 8 * IMPORT_MAX_CELL_CHARS }, (index) => ({
          kind: 'sharedString',
          index,
          limit: IMPORT_MAX_CELL_CHARS,
        }));
        for await (const _ of parts._parseSharedStrings(Readable.from(partText(entry, IMPORT_XLSX_MAX_SHARED_STRINGS, unzipped, scan)))) {
          // 'cache': the strings are kept on the reader, nothing is yielded
        }
      } else if (sheet && !sheetSeen) {
        sheetSeen = true;
        const text = partText(entry, IMPORT_XLSX_MAX_UNZIPPED, unzipped, sheetScan());
        if (parts.sharedStrings) {
          yield* rowsOf(text, sheet[1]);
          return; // the first worksheet only
        }
        // the shared strings come later (Excel's order) or not at all: keep the sheet's XML until then
        dir = await mkdtemp(path.join(os.tmpdir(), 'assay-xlsx-'));
        spooled = { file: path.join(dir, 'sheet.xml'), sheetNo: sheet[1] };
        await pipeline(Readable.from(text), createWriteStream(spooled.file, { encoding: 'utf8' }));
      } else await skip(entry, unzipped);
    }
    if (spooled) yield* rowsOf(createReadStream(spooled.file, { encoding: 'utf8' }) as AsyncIterable<string>, spooled.sheetNo);
  } finally {
    input.off('error', failed);
    input.unpipe(zip);
    zip.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
