/**
 * The one streaming writer of CSV and XLSX downloads (grid export, record query export, audit log,
 * clients, an import's error report). A module describes its columns — a header and a kind — and
 * hands over its rows as an async iterable of batches (it reads the database in chunks as it
 * likes); the writer turns them into the file's bytes as they come, so memory stays flat.
 *
 * - CSV: papaparse `unparse`, UTF-8 with a byte-order mark (Excel then reads Chinese correctly),
 *   CRLF line ends, formula-looking strings escaped with a leading `'` (papaparse escapeFormulae;
 *   numbers and booleans are never escaped). Cells are written as given; a `Date` is written as
 *   `YYYY-MM-DD` in a `date` column and as ISO 8601 (UTC) elsewhere. An empty batch writes nothing.
 * - XLSX: exceljs's streaming WorkbookWriter, one sheet, cells by their column's kind:
 *   `text` as text cut to Excel's 32,767 characters (ending with `…`); `number` as a number when a
 *   double holds the value exactly (see exactNumber), else as text; `date` and `datetime` as real
 *   Excel dates (UTC) with the number formats DATE_FORMAT / DATETIME_FORMAT — from a `Date`, from
 *   `YYYY-MM-DD` or from ISO 8601 text; `boolean` as an Excel boolean. An empty cell of a non-text
 *   column is left blank; a value that does not fit its kind is kept as text.
 *
 * exceljs is loaded on the first XLSX export (`import('exceljs')` once, cached): requiring it costs
 * most of a second, which the server's start and every test process would otherwise pay.
 * A failure while reading rows destroys the stream, so the client sees a cut download, never a
 * wrong file. Both formats read the next batch only once the bytes so far have been taken.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';

/** The two file formats of every export. */
export type ExportFileFormat = 'csv' | 'xlsx';

/** How a column's cells are written to XLSX (CSV writes every kind as text). */
export type ExportKind = 'text' | 'number' | 'date' | 'datetime' | 'boolean';

/** One column of an export: its header (first row) and its kind (default `text`). */
export interface ExportColumn {
  header: string;
  kind?: ExportKind;
}

/** One cell as a module hands it over; `null`/`undefined` are empty cells. */
export type ExportCell = string | number | boolean | Date | null | undefined;

/** What to write: the columns, the rows in batches (each row in the columns' order), the sheet's name. */
export interface ExportSource {
  columns: readonly ExportColumn[];
  batches: AsyncIterable<readonly (readonly ExportCell[])[]>;
  /** XLSX only: the worksheet's name, cut to Excel's 31 characters with `\ / ? * [ ] :` as `_` (default "Sheet1"). */
  sheetName?: string;
}

/** Content-Type and file extension of each format. */
export const EXPORT_FILE_TYPES: Record<ExportFileFormat, { contentType: string; ext: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', ext: 'csv' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
};

/** `<base>-YYYYMMDD-HHmmss.<ext>` (UTC), the name of a download made at `now`. */
export function exportFileName(base: string, format: ExportFileFormat, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${base}-${stamp}.${EXPORT_FILE_TYPES[format].ext}`;
}

/** Excel's limit of characters in a cell. */
export const XLSX_CELL_MAX = 32_767;
/** The number format of `date` cells. */
export const DATE_FORMAT = 'yyyy-mm-dd';
/** The number format of `datetime` cells (the time is UTC). */
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * A decimal text (PostgreSQL's numeric form) as a number when a double holds it exactly (it prints
 * back the same, trailing fraction zeros aside), else the text: no digit of money is lost.
 */
export function exactNumber(text: string): number | string {
  const n = Number(text);
  const canonical = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return Number.isFinite(n) && String(n) === canonical ? n : text;
}

let excel: Promise<typeof ExcelJS> | undefined;

/** exceljs, imported on first use and cached (see the file's comment). */
export function loadExcel(): Promise<typeof ExcelJS> {
  excel ??= import('exceljs').then((m) => ((m as { default?: typeof ExcelJS }).default ?? (m as unknown as typeof ExcelJS)));
  return excel;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A `date`/`datetime` cell's value as a Date, or null when it is not one. */
function dateOf(value: string | Date): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const day = DAY.exec(value);
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  if (!ISO_DATETIME.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A cell for papaparse: as given (it escapes only strings), dates as text, booleans as true/false. */
function csvCell(value: ExportCell, kind: ExportKind): ExportCell {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : kind === 'date' ? value.toISOString().slice(0, 10) : value.toISOString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

type XlsxValue = string | number | boolean | Date | null;

const cut = (text: string): string => (text.length > XLSX_CELL_MAX ? `${text.slice(0, XLSX_CELL_MAX - 1)}…` : text);

/** A cell as exceljs writes it, by its column's kind (see the file's comment). */
export function xlsxCell(value: ExportCell, kind: ExportKind): XlsxValue {
  if (value === null || value === undefined) return null;
  if (kind !== 'text' && value === '') return null;
  switch (kind) {
    case 'number':
      if (typeof value === 'string') {
        const n = exactNumber(value);
        return typeof n === 'number' ? n : cut(n);
      }
      break;
    case 'date':
    case 'datetime':
      if (typeof value === 'string' || value instanceof Date) return dateOf(value) ?? cut(String(value));
      break;
    case 'boolean':
      if (value === 'true' || value === 'false') return value === 'true';
      break;
    case 'text':
      break;
  }
  if (typeof value === 'string') return cut(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return value;
}

const csvLines = (rows: readonly (readonly ExportCell[])[]) => Papa.unparse(rows as ExportCell[][], { newline: '\r\n', escapeFormulae: true }) + '\r\n';

async function* csvChunks(source: ExportSource): AsyncGenerator<string> {
  const kinds = source.columns.map((c) => c.kind ?? 'text');
  yield '\uFEFF' + csvLines([source.columns.map((c) => c.header)]);
  for await (const batch of source.batches) {
    if (batch.length) yield csvLines(batch.map((row) => row.map((v, i) => csvCell(v, kinds[i] ?? 'text'))));
  }
}

/** The CSV file's bytes (see the file's comment). */
export function csvStream(source: ExportSource): Readable {
  return Readable.from(csvChunks(source));
}

/** A worksheet name Excel accepts: at most 31 characters, none of `\ / ? * [ ] :`. */
export const sheetNameOf = (name: string | undefined): string => (name ?? '').slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Sheet1';

/** The XLSX file's bytes, written by exceljs's streaming WorkbookWriter (see the file's comment). */
export function xlsxStream(source: ExportSource): Readable {
  const out = new PassThrough();
  const kinds = source.columns.map((c) => c.kind ?? 'text');
  const formats = kinds.map((k) => (k === 'date' ? DATE_FORMAT : k === 'datetime' ? DATETIME_FORMAT : undefined));
  void (async () => {
    const { stream } = await loadExcel();
    // styles on: the date cells carry their number format
    const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetNameOf(source.sheetName));
    sheet.addRow(source.columns.map((c) => c.header)).commit();
    for await (const batch of source.batches) {
      if (out.destroyed) return; // the client went away
      for (const values of batch) {
        const row = sheet.addRow(values.map((v, i) => xlsxCell(v, kinds[i] ?? 'text')));
        formats.forEach((numFmt, i) => {
          if (numFmt) row.getCell(i + 1).numFmt = numFmt;
        });
        row.commit();
      }
      // backpressure: exceljs writes without waiting, so the next batch is read only once the
      // compressed bytes so far have been taken (a slow client does not pile the file up in memory)
      await new Promise(setImmediate);
      while (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** The export in `format` as a stream of the file's bytes. */
export function exportStream(format: ExportFileFormat, source: ExportSource): Readable {
  return format === 'csv' ? csvStream(source) : xlsxStream(source);
}
