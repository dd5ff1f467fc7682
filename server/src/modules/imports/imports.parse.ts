/**
 * Reading an uploaded file as rows of text cells ("CSV, XLSX and JSON (use papaparse and
 * exceljs, not hand-written parsers)"; "Large files stream (100k rows without loading all in
 * memory)"). Each reader is an async generator of rows (string[]); the first row is the header.
 * - CSV: the text decoded as it streams (imports.decode.ts: UTF-8, UTF-16 LE/BE, GB18030, detected
 *   or chosen), papaparse's Node stream (NODE_STREAM_INPUT) with the delimiter and line break it
 *   guesses from the first 64 KiB, fed whole rows by CsvGuard (imports.guard.ts), blank lines
 *   skipped;
 * - XLSX: exceljs's streaming reader, the first worksheet, every part counted as it is unzipped
 *   (imports.xlsx.ts); cells as text: dates as 'YYYY-MM-DD' (midnight UTC) or ISO datetimes,
 *   numbers as written, formulas by their result, rich text and hyperlinks by their text;
 * - JSON: the text decoded like CSV's, an array of objects — or an object holding it under a
 *   top-level key, chosen by `jsonPath` (jsonRows) — streamed item by item (stream-json, behind
 *   JsonGuard), so it has the CSV/XLSX size limit (IMPORT_MAX_BYTES); items are numbered from 1; the header is every
 *   key in order of first appearance, which grows while the items stream (FileRows.header); arrays
 *   become their items joined with ', ', objects their JSON.
 * Every row is checked as it is read (imports.limits.ts checkCells: a cell at most
 * IMPORT_MAX_CELL_CHARS, a row IMPORT_MAX_ROW_CHARS, no U+0000); a breach is a 400 naming the row,
 * the column and the cap.
 */
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import Assembler from 'stream-json/assembler.js';
import parser from 'stream-json/parser.js';
import type { ImportEncoding, ImportFormat, ImportTextEncoding, JsonArrayChoice } from '../../../../contracts';
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
 * 400 errors.import.jsonPick: the file is an object; `conflict.jsonArrays` lists its keys holding
 * arrays of objects (key, rows) for the user to pick one (upload again with `jsonPath`).
 */
const jsonPick = (arrays: JsonArrayChoice[]) => {
  const keys = arrays.map((a) => `${a.key} (${a.rows})`).join(', ');
  return new HttpError(400, 'BAD_REQUEST', 'errors.import.jsonPick', [{ field: 'jsonPath', messageKey: 'errors.import.jsonPick', params: { keys } }], {
    params: { keys },
    conflict: { jsonArrays: arrays },
  });
};
/** 400 errors.import.jsonPath: `jsonPath` names no array of objects of the file's top-level object. */
const jsonPathMissing = (key: string) =>
  new HttpError(400, 'BAD_REQUEST', 'errors.import.jsonPath', [{ field: 'jsonPath', messageKey: 'errors.import.jsonPath', params: { key: key.slice(0, 100) } }], {
    params: { key: key.slice(0, 100) },
  });

/** A stream-json token (packed: keys and values arrive whole). */
type Token = parser.Token;
const OPENS = new Set(['startObject', 'startArray']);
const CLOSES = new Set(['endObject', 'endArray']);
const VALUES = new Set(['startObject', 'startArray', 'stringValue', 'numberValue', 'nullValue', 'trueValue', 'falseValue']);

/**
 * JSON rows, streamed item by item (the text decoded like CSV's, JsonGuard in front of
 * stream-json's parser; its tokens are followed here and each item assembled alone by stream-json's
 * Assembler: memory holds one item, not the file). Accepted shapes:
 * - an array of objects: `[{…}, {…}]`;
 * - an object with the array of objects under a top-level key, `{"639-3": [{…}, …]}` (Debian's
 *   iso-codes): `jsonPath` names the key. Without it, the whole file is scanned (counting, nothing
 *   kept) and answered 400 errors.import.jsonPick naming the keys that hold arrays of objects with
 *   their lengths (`conflict.jsonArrays`), or errors.import.jsonShape when none does; a
 *   `jsonPath` that names no such array is 400 errors.import.jsonPath.
 * Else (a scalar, an item that is not an object) 400 errors.import.jsonShape; broken or truncated
 * JSON is 400 errors.import.unreadable naming the parser's complaint. `header` grows as keys first
 * appear (each checked as a cell of the item that brings it, its column unnamed); a row holds the cells of the keys seen so far, so an
 * item yielded before a later key appeared is shorter than the final header.
 */
async function* jsonRows(input: Readable, header: string[], choice: ImportEncoding, found: Decoded, jsonPath?: string): AsyncGenerator<string[]> {
  // packed tokens only (no per-character value chunks): 2–3× faster, each value is needed whole anyway
  const tokens = parser.asStream({ packValues: true, streamValues: false });
  const guard = new JsonGuard();
  async function* guarded(): AsyncGenerator<string> {
    for await (const s of decodeText(bytesOf(input), choice, found)) yield guard.feed(s);
  }
  const source = Readable.from(guarded());
  source.on('error', (e) => tokens.destroy(e));
  source.pipe(tokens);
  const seen = new Set<string>();
  const keys: string[] = []; // the keys as written (header holds them checked)
  let item = 0; // the item's row number (from 1)
  const rowOf = (value: unknown): string[] => {
    item += 1;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw jsonShape();
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(k);
        const cell = [k];
        try {
          checkCells(cell, item);
        } catch (e) {
          // a key is no cell of the row's: its column is unknown
          throw e instanceof LimitBreach && (e.breach.kind === 'cell' || e.breach.kind === 'nul') ? new LimitBreach({ ...e.breach, column: '?' }) : e;
        }
        header.push(cell[0]);
      }
    }
    return keys.map((h) => jsonCell(o[h]));
  };
  let depth = 0; // the nesting before the token
  let top: 'array' | 'object' | null = null;
  let itemsAt = 0; // the depth of the items being read (0: none)
  let picked = false; // the array under jsonPath was found
  let key: string | null = null; // the last key of the top-level object
  let asm: Assembler | null = null;
  const arrays: JsonArrayChoice[] = [];
  let scan: { key: string; rows: number; objects: boolean } | null = null;
  try {
    for await (const t of tokens as AsyncIterable<Token>) {
      if (top === null) {
        if (t.name === 'startArray') {
          top = 'array';
          itemsAt = 1;
        } else if (t.name === 'startObject') top = 'object';
        else throw jsonShape();
      } else if (asm) {
        asm.consume(t);
        if (asm.done) {
          yield rowOf(asm.current);
          asm = null;
        }
      } else if (itemsAt > 0 && depth === itemsAt && VALUES.has(t.name)) {
        if (t.name !== 'startObject') throw jsonShape();
        asm = new Assembler();
        asm.consume(t);
      } else if (top === 'object' && depth === 1 && t.name === 'keyValue') key = String((t as { value: unknown }).value);
      else if (top === 'object' && depth === 1 && VALUES.has(t.name) && key !== null) {
        if (jsonPath !== undefined) {
          if (key === jsonPath && !picked) {
            if (t.name !== 'startArray') throw jsonPathMissing(jsonPath);
            picked = true;
            itemsAt = 2;
          }
        } else if (t.name === 'startArray') scan = { key, rows: 0, objects: true };
        key = null;
      } else if (scan && depth === 2 && VALUES.has(t.name)) {
        scan.rows += 1;
        if (t.name !== 'startObject') scan.objects = false;
      }
      if (OPENS.has(t.name)) depth += 1;
      else if (CLOSES.has(t.name)) {
        depth -= 1;
        if (itemsAt > 0 && depth === itemsAt - 1 && top === 'object') itemsAt = 0; // the picked array ended
        if (scan && depth === 1) {
          if (scan.objects && scan.rows > 0) arrays.push({ key: scan.key, rows: scan.rows });
          scan = null;
        }
      }
    }
    if (top === null) throw jsonShape();
    if (top === 'object') {
      if (jsonPath !== undefined && !picked) throw jsonPathMissing(jsonPath);
      if (jsonPath === undefined) throw arrays.length > 0 ? jsonPick(arrays) : jsonShape();
    }
  } finally {
    source.unpipe(tokens);
    source.destroy();
    tokens.destroy();
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

/** JSON's data rows, each checked (JSON items are numbered from 1: the first item is row 1). */
async function* checked(source: AsyncGenerator<string[]>): AsyncGenerator<string[]> {
  let row = 0;
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
 * CSV and JSON text (imports.decode.ts; XLSX ignores it). `jsonPath`: the top-level key whose
 * array of objects holds a JSON file's rows (ignored when the top level is an array, and by CSV/XLSX).
 * @throws HttpError 400 naming `file` when the file cannot be read (errors.import.unreadable), a
 *   JSON file is not an array of objects nor an object holding one (errors.import.jsonShape), is an
 *   object and `jsonPath` is not given (errors.import.jsonPick naming `jsonPath`, the candidate
 *   keys in `conflict.jsonArrays`) or names no such array (errors.import.jsonPath), or a cell, a row or the file
 *   is over a cap (imports.limits.ts toHttpError: errors.import.cellTooLarge, rowTooLarge, nul,
 *   tooManyColumns, textTooLarge, partTooLarge, unzippedTooLarge; 413 errors.import.tooManyRows).
 */
export function readRows(input: Readable, format: ImportFormat, encoding: ImportEncoding = 'auto', jsonPath?: string): FileRows {
  const header: string[] = [];
  const found: Decoded = {};
  const source =
    format === 'csv' ? afterHeader(csvRows(input, encoding, found), header) : format === 'xlsx' ? afterHeader(xlsxRows(input), header) : checked(jsonRows(input, header, encoding, found, jsonPath));
  async function* rows(): AsyncGenerator<string[]> {
    try {
      yield* source;
    } catch (e) {
      if (e instanceof HttpError) throw e;
      if (e instanceof LimitBreach) throw toHttpError(e.breach, header, format === 'json' ? 0 : 1);
      throw unreadable(e instanceof Error ? e.message : String(e));
    }
  }
  return { header, rows: rows(), encoding: () => (format === 'xlsx' ? null : (found.encoding ?? null)) };
}
