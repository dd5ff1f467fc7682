/**
 * Reading an uploaded file as rows of text cells (issue 7: "CSV, XLSX and JSON (use papaparse and
 * exceljs, not hand-written parsers)"; "Large files stream (100k rows without loading all in
 * memory)"). Each reader is an async generator of rows (string[]); the first row is the header.
 * - CSV: papaparse's Node stream (NODE_STREAM_INPUT), a byte-order mark dropped, blank lines skipped;
 * - XLSX: exceljs's streaming WorkbookReader, the first worksheet; cells as text: dates as
 *   'YYYY-MM-DD' (midnight UTC) or ISO datetimes, numbers as written, formulas by their result,
 *   rich text and hyperlinks by their text;
 * - JSON: an array of objects, streamed item by item (stream-json), so it has the CSV/XLSX size
 *   limit (IMPORT_MAX_BYTES); the header is every key in order of first appearance, which grows
 *   while the items stream (FileRows.header); arrays become their items joined with ', ', objects
 *   their JSON.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { streamArray } from 'stream-json/streamers/stream-array.js';
import type { ImportFormat } from '../../../../contracts';
import { HttpError } from '../../lib/http-error';

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

/** CSV rows from a byte stream (papaparse streaming; memory holds one chunk at a time). */
async function* csvRows(input: Readable): AsyncGenerator<string[]> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' }) as unknown as NodeJS.ReadWriteStream & AsyncIterable<string[]>;
  input.on('error', (e) => (parser as unknown as Readable).destroy(e));
  input.pipe(parser);
  let first = true;
  for await (const row of parser) {
    if (first && row.length > 0) row[0] = row[0].replace(/^\uFEFF/, '');
    first = false;
    yield row;
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

/** XLSX rows of the first worksheet (exceljs streaming reader). */
async function* xlsxRows(input: Readable): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'emit',
  });
  let width = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[];
      if (width === 0) width = values.length - 1;
      const cells: string[] = [];
      for (let i = 1; i < Math.max(values.length, width + 1); i += 1) cells.push(cellText(values[i]).trim() === '' ? '' : cellText(values[i]));
      while (cells.length > width && cells[cells.length - 1] === '') cells.pop();
      if (cells.every((c) => c === '')) continue; // empty rows are skipped like CSV's blank lines
      yield cells;
    }
    return; // the first worksheet only
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
 * JSON rows, streamed item by item (stream-json's parser + streamArray: memory holds one item, not
 * the file). The top level must be an array and each item an object (else 400
 * errors.import.jsonShape); broken or truncated JSON is 400 errors.import.unreadable naming the
 * parser's complaint. `header` grows as keys first appear; a row holds the cells of the keys seen
 * so far, so an item yielded before a later key appeared is shorter than the final header.
 */
async function* jsonRows(input: Readable, header: string[]): AsyncGenerator<string[]> {
  // packed tokens only (no per-character value chunks): 2–3× faster, each value is needed whole anyway
  const items = streamArray.withParserAsStream({ streamValues: false });
  input.on('error', (e) => items.destroy(e));
  input.pipe(items);
  const seen = new Set<string>();
  try {
    for await (const { value } of items as AsyncIterable<{ key: number; value: unknown }>) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw jsonShape();
      const o = value as Record<string, unknown>;
      for (const k of Object.keys(o)) {
        if (!seen.has(k)) {
          seen.add(k);
          header.push(k);
        }
      }
      yield header.map((h) => jsonCell(o[h]));
    }
  } catch (e) {
    // streamArray's own complaint about the top level (an object, a string…): the shape, not a syntax error
    if (e instanceof Error && /^Top-level object should be an array/.test(e.message)) throw jsonShape();
    throw e;
  } finally {
    input.unpipe(items);
    items.destroy();
  }
}

/** Rows of a CSV or XLSX reader whose first row is the header: that row moved into `header`. */
async function* afterHeader(source: AsyncGenerator<string[]>, header: string[]): AsyncGenerator<string[]> {
  let first = true;
  for await (const row of source) {
    if (first) header.push(...row);
    else yield row;
    first = false;
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
}

/**
 * The rows of an uploaded file of `format`, and its header (FileRows). Every format streams: memory
 * holds a chunk or a JSON item at a time, whatever the file's size.
 * @throws HttpError 400 naming `file` when the file cannot be read (errors.import.unreadable) or a
 *   JSON file is not an array of objects (errors.import.jsonShape).
 */
export function readRows(input: Readable, format: ImportFormat): FileRows {
  const header: string[] = [];
  const source = format === 'csv' ? afterHeader(csvRows(input), header) : format === 'xlsx' ? afterHeader(xlsxRows(input), header) : jsonRows(input, header);
  async function* rows(): AsyncGenerator<string[]> {
    try {
      yield* source;
    } catch (e) {
      if (e instanceof HttpError) throw e;
      throw unreadable(e instanceof Error ? e.message : String(e));
    }
  }
  return { header, rows: rows() };
}
