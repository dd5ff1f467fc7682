/**
 * Reading an uploaded file as rows of text cells (issue 7: "CSV, XLSX and JSON (use papaparse and
 * exceljs, not hand-written parsers)"; "Large files stream (100k rows without loading all in
 * memory)"). Each reader is an async generator of rows (string[]); the first row is the header.
 * - CSV: papaparse's Node stream (NODE_STREAM_INPUT), a byte-order mark dropped, blank lines skipped;
 * - XLSX: exceljs's streaming WorkbookReader, the first worksheet; cells as text: dates as
 *   'YYYY-MM-DD' (midnight UTC) or ISO datetimes, numbers as written, formulas by their result,
 *   rich text and hyperlinks by their text;
 * - JSON: an array of objects, parsed whole (no streaming JSON parser in the stack), so the file is
 *   capped at IMPORT_JSON_MAX_BYTES; the header is every key in order of first appearance; arrays
 *   become their items joined with ', ', objects their JSON.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { IMPORT_JSON_MAX_BYTES, type ImportFormat } from '../../../../contracts';
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

/** JSON rows: the file read whole (at most IMPORT_JSON_MAX_BYTES), an array of objects. */
async function* jsonRows(input: Readable): AsyncGenerator<string[]> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += (chunk as Buffer).length;
    if (size > IMPORT_JSON_MAX_BYTES) {
      const n = Math.round(IMPORT_JSON_MAX_BYTES / 1024 / 1024);
      throw new HttpError(413, 'BAD_REQUEST', 'errors.import.tooLarge', [{ field: 'file', messageKey: 'errors.import.tooLarge', params: { n } }], { params: { n } });
    }
    chunks.push(chunk as Buffer);
  }
  let data: unknown;
  try {
    data = JSON.parse(Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, ''));
  } catch (e) {
    throw unreadable((e as Error).message);
  }
  chunks.length = 0;
  if (!Array.isArray(data) || data.some((o) => o === null || typeof o !== 'object' || Array.isArray(o))) {
    throw new HttpError(400, 'BAD_REQUEST', 'errors.import.jsonShape', [{ field: 'file', messageKey: 'errors.import.jsonShape' }]);
  }
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const o of data as Record<string, unknown>[]) {
    for (const k of Object.keys(o)) {
      if (!seen.has(k)) {
        seen.add(k);
        headers.push(k);
      }
    }
  }
  yield headers;
  for (let i = 0; i < data.length; i += 1) {
    const o = data[i] as Record<string, unknown>;
    yield headers.map((h) => jsonCell(o[h]));
    data[i] = null; // let the rows already staged go
  }
}

/**
 * The rows of an uploaded file of `format` (the first is the header).
 * @throws HttpError 400 naming `file` when the file cannot be read; 413 for a JSON file too large.
 */
export async function* readRows(input: Readable, format: ImportFormat): AsyncGenerator<string[]> {
  const source = format === 'csv' ? csvRows(input) : format === 'xlsx' ? xlsxRows(input) : jsonRows(input);
  try {
    yield* source;
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw unreadable(e instanceof Error ? e.message : String(e));
  }
}
