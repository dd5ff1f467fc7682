/**
 * Excel (XLSX) output (docs/report-rendering.md "XLSX"): exceljs' streaming WorkbookWriter (rows are
 * committed as written, so memory stays flat however many rows): one sheet of the record's fields
 * (field name, value) and one per related list, or one sheet of a query's rows; headers are the
 * field names. Numbers and money are written as numbers (exact decimal strings that a double
 * cannot hold stay text), dates as text as the records grid shows them, lists joined with ", ",
 * ids named through the model's `labels`. A query's rows come from the model's `rows`, or page by
 * page from its `rowPages` (buildDataModel `streamRows`): then only one page of rows (2,000) is in
 * memory at a time, not the whole result. The writer yields to the event loop every
 * YIELD_EVERY_ROWS rows, so a 100,000-row workbook (~5 s) does not stall the server's other requests.
 */
import { once, type EventEmitter } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { exactNumber } from '../../../lib/export-writer';
import type { ReportDataModel, ReportField } from './model';

/** Rows of a list, with the names of the ids they hold (beyond the model's `labels`). */
interface RowPage {
  rows: Record<string, unknown>[];
  labels?: Record<string, string>;
}

/** Rows written between two turns of the event loop (so the output drains as it is written). */
const YIELD_EVERY_ROWS = 1_000;

/** Bytes of a sheet's XML that may wait for the zip's compressor before the writer waits for it to catch up. */
const ZIP_BACKLOG_BYTES = 1024 * 1024;

/** What the writer reads of a stream's writable side (readable-stream 2, which archiver uses, has only `_writableState`). */
interface WritableSide {
  destroyed?: boolean;
  writableLength?: number;
  writableNeedDrain?: boolean;
  _writableState?: { length?: number; needDrain?: boolean };
  once(event: string, listener: () => void): unknown;
}

/**
 * After every YIELD_EVERY_ROWS rows: one turn of the event loop, or, when more than
 * ZIP_BACKLOG_BYTES of the sheet's XML wait in front of the zip, until the zip has taken them all
 * ('drain'). exceljs' sheet stream (its StreamBuf, whose `pipes` is read here: there is no public
 * API) writes into the zip entry's stream without heeding backpressure, so without this wait the
 * whole sheet's XML (~35–55 MB for 100,000 rows × 10 columns) queues in memory ahead of the
 * compressor. Any other shape (another exceljs) falls back to the turn of the event loop.
 * @throws the entry stream's error while waiting.
 */
async function letZipCatchUp(ws: object): Promise<void> {
  const sink = (ws as { stream?: { pipes?: WritableSide[] } }).stream?.pipes?.[0];
  const waiting = sink ? (sink.writableLength ?? sink._writableState?.length ?? 0) : 0;
  const needDrain = sink ? (sink.writableNeedDrain ?? sink._writableState?.needDrain ?? false) : false;
  if (sink && !sink.destroyed && needDrain && waiting > ZIP_BACKLOG_BYTES) await once(sink as unknown as EventEmitter, 'drain');
  else await new Promise<void>((resolve) => setImmediate(resolve));
}

const NUMERIC = new Set(['number', 'money', 'decimal', 'percent', 'rate', 'autoNumber', 'integer']);

/** A cell value of a field's value. */
function cellOf(field: ReportField | undefined, v: unknown, labels: Record<string, string>): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  const name = (x: unknown) => (typeof x === 'string' && Object.prototype.hasOwnProperty.call(labels, x) ? labels[x] : x);
  if (Array.isArray(v)) return v.map((x) => (x !== null && typeof x === 'object' ? String((x as { title?: unknown }).title ?? '') : String(name(x)))).join(', ');
  if (typeof v === 'boolean' || typeof v === 'number') return v;
  if (typeof v === 'string' && field && NUMERIC.has(field.type)) return exactNumber(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(name(v));
}

/** A sheet name Excel accepts (≤ 31 characters, none of : \ / ? * [ ]), unique in the book. */
function sheetName(wanted: string, used: Set<string>): string {
  const base = (wanted.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Sheet').slice(0, 28);
  let name = base;
  for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base} ${i}`;
  used.add(name.toLowerCase());
  return name;
}

/**
 * Writes the workbook of `model` to `stream` (streaming; resolves when the workbook is complete).
 * Sheets: a query's rows (one row per result row, a column per query column; `rows`, else read
 * from `rowPages`); or the record's
 * fields (two columns: field name, value; relations as the related titles) and one sheet per related
 * list (a column per target field, plus id).
 */
export async function writeXlsx(model: ReportDataModel, stream: Writable, opts: { locale?: 'zh-CN' | 'en-US' } = {}): Promise<void> {
  const zh = (opts.locale ?? model.locale) === 'zh-CN';
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const used = new Set<string>();
  /** A sheet of rows: an ID column and one per field; rows come in pages, each with the names of its ids. */
  const listSheet = async (name: string, fields: ReportField[], pages: Iterable<RowPage> | AsyncIterable<RowPage>) => {
    const ws = wb.addWorksheet(sheetName(name, used));
    ws.addRow(['ID', ...fields.map((f) => f.name)]).commit();
    let i = 0;
    for await (const page of pages) {
      const labels = page.labels ? { ...model.labels, ...page.labels } : model.labels;
      for (const row of page.rows) {
        ws.addRow([String(row.id ?? ''), ...fields.map((f) => cellOf(f, row[f.key], labels))]).commit();
        // let the zip and the output stream drain: a synchronous loop would queue the whole file in memory
        if (i++ % YIELD_EVERY_ROWS === YIELD_EVERY_ROWS - 1) await letZipCatchUp(ws);
      }
    }
    ws.commit();
  };
  const queryName = () => model.schema.lists.rows?.name ?? model.subject.name;
  if (model.rows) {
    await listSheet(queryName(), model.schema.fields, [{ rows: model.rows }]);
  } else if (model.rowPages) {
    await listSheet(queryName(), model.schema.fields, model.rowPages());
  } else if (model.record) {
    const record = model.record;
    const ws = wb.addWorksheet(sheetName(String(record.title || model.subject.name), used));
    ws.addRow([zh ? '字段' : 'Field', zh ? '值' : 'Value']).commit();
    ws.addRow(['ID', record.id]).commit();
    for (const f of model.schema.fields) ws.addRow([f.name, cellOf(f, record[f.key], model.labels)]).commit();
    ws.addRow([zh ? '创建时间' : 'Created at', record.createdAt]).commit();
    ws.addRow([zh ? '更新时间' : 'Updated at', record.updatedAt]).commit();
    ws.commit();
    for (const [path, list] of Object.entries(model.schema.lists)) {
      const rows = record[path.replace(/^record\./, '')];
      if (Array.isArray(rows)) await listSheet(list.name, list.fields, [{ rows: rows as Record<string, unknown>[] }]);
    }
  }
  await wb.commit();
}

/** writeXlsx into a Buffer. */
export async function renderXlsx(model: ReportDataModel, opts: { locale?: 'zh-CN' | 'en-US' } = {}): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  await writeXlsx(model, sink, opts);
  await ended;
  return Buffer.concat(chunks);
}
