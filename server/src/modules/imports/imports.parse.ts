/**
 * Reading an uploaded file as rows of text cells (issue 7: "CSV, XLSX and JSON (use papaparse and
 * exceljs, not hand-written parsers)"; "Large files stream (100k rows without loading all in
 * memory)"). Each reader is an async generator of rows (string[]); the first row is the header.
 * - CSV: the text decoded as it streams (imports.decode.ts: UTF-8, UTF-16 LE/BE, GB18030, detected
 *   or chosen), papaparse's Node stream (NODE_STREAM_INPUT) with the delimiter and line break it
 *   guesses from the first 64 KiB, fed whole rows by CsvGuard (imports.guard.ts), blank lines
 *   skipped;
 * - XLSX: exceljs's streaming reader, the first worksheet, every part counted as it is unzipped
 *   (imports.xlsx.ts); cells as text: dates as 'YYYY-MM-DD' (midnight UTC) or ISO datetimes,
 *   numbers as written, formulas by their result, rich text and hyperlinks by their text;
 * - JSON: the text decoded like CSV's, an array of objects, streamed item by item (stream-json,
 *   behind JsonGuard), so it has the CSV/XLSX size limit (IMPORT_MAX_BYTES); the header is every
 *   key in order of first appearance, which grows while the items stream (FileRows.header); arrays
 *   become their items joined with ', ', objects their JSON.
 * Every row is checked as it is read (imports.limits.ts checkCells: a cell at most
 * IMPORT_MAX_CELL_CHARS, a row IMPORT_MAX_ROW_CHARS, no U+0000); a breach is a 400 naming the row,
 * the column and the cap.
 */
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { ImportEncoding, ImportFormat, ImportTextEncoding } from '../../../../contracts';
import { HttpError } from '../../lib/http-error';
import { decodeText, type Decoded } from './imports.decode';
import { CsvGuard, JsonGuard } from './imports.guard';
import { checkCells, LimitBreach, toHttpError } from './imports.limits';
import { xlsxSheetRows } from './imports.xlsx';

/** The format of a file by its name's extension; undefined when not csv/xlsx/json. */
export function formatOfFileName(name: string): ImportFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'txt') return 'csv';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'json') return 'json';
  return undefined;
}

const unreadable = (reason: string) =>
  new HttpError(400, 'BAD_REQUEST', 'errors.import.unreadable', [{ field: 'file', messageKey: 'errors.import.unreadable', params: { reason: reason.slice(0, 200) } }], {
    params: { reason: reason.slice(0, 200) },
  });

/** The chunks of papaparse's guesses: the first 64 KiB of text. */
const GUESS_CHARS = 64 * 1024;

/** The upload's bytes, iterated without destroying the stream when the reader stops early (the service drains it). */
const bytesOf = (input: Readable): AsyncIterable<Uint8Array> => input.iterator({ destroyOnReturn: false });

/**
 * CSV rows from a byte stream: decoded (`choice`), papaparse's delimiter and line break guessed
 * from the first 64 KiB, then papaparse's stream fed whole rows by CsvGuard (which refuses a cell,
 * row or row width past the caps before papaparse holds it). Memory: one chunk and one row.
 */
async function* csvRows(input: Readable, choice: ImportEncoding, found: Decoded): AsyncGenerator<string[]> {
  const text = decodeText(bytesOf(input), choice, found);
  let sample = '';
  while (sample.length < GUESS_CHARS) {
    const r = await text.next();
    if (r.done) break;
    sample += r.value;
  }
  const { delimiter, linebreak } = Papa.parse<string[]>(sample.slice(0, GUESS_CHARS), { preview: 10 }).meta;
  const guard = new CsvGuard(delimiter.length === 1 ? delimiter : ',', linebreak);
  async function* rowsText(): AsyncGenerator<string> {
    let out = guard.feed(sample);
    sample = '';
    if (out) yield out;
    for await (const s of text) {
      out = guard.feed(s);
      if (out) yield out;
    }
    out = guard.end();
    if (out) yield out;
  }
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    skipEmptyLines: 'greedy',
    delimiter: delimiter.length === 1 ? delimiter : ',',
    newline: linebreak as '\r' | '\n' | '\r\n',
  }) as unknown as NodeJS.ReadWriteStream & AsyncIterable<string[]> & { destroy(e?: Error): void };
  const source = Readable.from(rowsText());
  source.on('error', (e) => parser.destroy(e));
  source.pipe(parser);
  let first = true;
  try {
    for await (const row of parser) {
      if (first && row.length > 0) row[0] = row[0].replace(/^\uFEFF/, '');
      first = false;
      yield row;
    }
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
}

/** A date as 'YYYY-MM-DD' when it is midnight UTC (how spreadsheets hold plain dates), else ISO. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** An exceljs cell value as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((t) => t.text ?? '').join('');
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if ('error' in v) return String(v.error);
  }
  return String(value);
}

/** XLSX rows of the first worksheet (imports.xlsx.ts), as text cells; empty rows skipped. */
async function* xlsxRows(input: Readable): AsyncGenerator<string[]> {
  let width = 0;
  for await (const row of xlsxSheetRows(input)) {
    const values = row.values as unknown[];
    if (width === 0) width = values.length - 1;
    const cells: string[] = [];
    for (let i = 1; i < Math.max(values.length, width + 1); i += 1) cells.push(cellText(values[i]).trim() === '' ? '' : cellText(values[i]));
    while (cells.length > width && cells[cells.length - 1] === '') cells.pop();
    if (cells.every((c) => c === '')) continue; // empty rows are skipped like CSV's blank lines
    yield cells;
  }
}

/** A JSON value as cell text. */
function jsonCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(jsonCell).join(', ');
  return JSON.stringify(v);
}

const jsonShape = () => new HttpError(400, 'BAD_REQUEST', 'errors.import.jsonShape', [{ field: 'file', messageKey: 'errors.import.jsonShape' }]);

/**
 * JSON rows, streamed item by item (the text decoded like CSV's, JsonGuard in front of
 * stream-json's parser + streamArray: memory holds one item, not the file). The top level must be
 * an array and each item an object (else 400 errors.import.jsonShape); broken or truncated JSON is
 * 400 errors.import.unreadable naming the parser's complaint. `header` grows as keys first
 * appear (each checked as a cell of row 1); a row holds the cells of the keys seen so far, so an
 * item yielded before a later key appeared is shorter than the final header.
 */
async function* jsonRows(input: Readable, header: string[], choice: ImportEncoding, found: Decoded): AsyncGenerator<string[]> {
  // packed tokens only (no per-character value chunks): 2–3× faster, each value is needed whole anyway
  const items = streamArray.withParserAsStream({ streamValues: false });
  const guard = new JsonGuard();
  async function* guarded(): AsyncGenerator<string> {
    for await (const s of decodeText(bytesOf(input), choice, found)) yield guard.feed(s);
  }
  const source = Readable.from(guarded());
  source.on('error', (e) => items.destroy(e));
  source.pipe(items);
  const seen = new Set<string>();
  const keys: string[] = []; // the keys as written (header holds them checked)
  try {
    for await (const { value } of items as AsyncIterable<{ key: number; value: unknown }>) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw jsonShape();
      const o = value as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        if (!seen.has(k)) {
          seen.add(k);
          keys.push(k);
          const cell = [k];
          checkCells(cell, 1);
          header.push(cell[0]);
        }
      }
      yield keys.map((h) => jsonCell(o[h]));
    }
  } catch (e) {
    // streamArray's own complaint about the top level (an object, a string…): the shape, not a syntax error
    if (e instanceof Error && /^Top-level object should be an array/.test(e.message)) throw jsonShape();
    throw e;
  } finally {
    source.unpipe(items);
    source.destroy();
    items.destroy();
  }
}

/** Rows of a CSV or XLSX reader whose first row is the header: each checked (row 1 = the header), that row moved into `header`. */
async function* afterHeader(source: AsyncGenerator<string[]>, header: string[]): AsyncGenerator<string[]> {
  let row = 0;
  for await (const cells of source) {
    row += 1;
    checkCells(cells, row);
    if (row === 1) header.push(...cells);
    else yield cells;
  }
}

/** JSON's data rows, each checked (the first item is row 2). */
async function* checked(source: AsyncGenerator<string[]>): AsyncGenerator<string[]> {
  let row = 1;
  for await (const cells of source) {
    row += 1;
    checkCells(cells, row);
    yield cells;
  }
}

/** The rows of a file being read (readRows). */
export interface FileRows {
  /**
   * The column names as the file writes them. CSV/XLSX: the first row's cells, set once that row
   * is read, before the first data row is yielded. JSON: every key in order of first appearance, growing while the items
   * stream (a later item may bring a new key), complete once `rows` is done.
   */
  readonly header: string[];
  /**
   * The data rows (header excluded). When a row is yielded, its cell i is the value of header[i];
   * a CSV/XLSX row may be shorter or longer than the header; a JSON row is as long as the header
   * at that moment (shorter than the final header when later items bring new keys: the missing
   * cells are empty).
   */
  readonly rows: AsyncGenerator<string[]>;
  /** The encoding CSV or JSON text is read in, once known (null for XLSX, and before the first row). */
  encoding(): ImportTextEncoding | null;
}

/**
 * The rows of an uploaded file of `format`, and its header (FileRows). Every format streams: memory
 * holds a chunk, a row or a JSON item at a time, whatever the file's size. `encoding`: how to read
 * CSV and JSON text (imports.decode.ts; XLSX ignores it).
 * @throws HttpError 400 naming `file` when the file cannot be read (errors.import.unreadable), a
 *   JSON file is not an array of objects (errors.import.jsonShape), or a cell, a row or the file
 *   is over a cap (imports.limits.ts toHttpError: errors.import.cellTooLarge, rowTooLarge, nul,
 *   tooManyColumns, textTooLarge, partTooLarge, unzippedTooLarge; 413 errors.import.tooManyRows).
 */
export function readRows(input: Readable, format: ImportFormat, encoding: ImportEncoding = 'auto'): FileRows {
  const header: string[] = [];
  const found: Decoded = {};
  const source =
    format === 'csv' ? afterHeader(csvRows(input, encoding, found), header) : format === 'xlsx' ? afterHeader(xlsxRows(input), header) : checked(jsonRows(input, header, encoding, found));
  async function* rows(): AsyncGenerator<string[]> {
    try {
      yield* source;
    } catch (e) {
      if (e instanceof HttpError) throw e;
      if (e instanceof LimitBreach) throw toHttpError(e.breach, header);
      throw unreadable(e instanceof Error ? e.message : String(e));
    }
  }
  return { header, rows: rows(), encoding: () => (format === 'xlsx' ? null : (found.encoding ?? null)) };
}
