/**
 * Excel (XLSX) output (docs/report-rendering.md "XLSX"): exceljs' streaming WorkbookWriter (rows are
 * committed as written, so memory stays flat however many rows): one sheet of the record's fields
 * (field name, value) and one per related list, or one sheet of a query's rows; headers are the
 * field names. Numbers and money are written as numbers (exact decimal strings that a double
 * cannot hold stay text), dates as text as the records grid shows them, lists joined with ", ",
 * ids named through the model's `labels`.
 */
import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportDataModel, ReportField } from './model';

const NUMERIC = new Set(['number', 'money', 'decimal', 'percent', 'rate', 'autoNumber', 'integer']);

/** A cell value of a field's value. */
function cellOf(field: ReportField | undefined, v: unknown, labels: Record<string, string>): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  const name = (x: unknown) => (typeof x === 'string' && Object.prototype.hasOwnProperty.call(labels, x) ? labels[x] : x);
  if (Array.isArray(v)) return v.map((x) => (x !== null && typeof x === 'object' ? String((x as { title?: unknown }).title ?? '') : String(name(x)))).join(', ');
  if (typeof v === 'boolean' || typeof v === 'number') return v;
  if (typeof v === 'string' && field && NUMERIC.has(field.type)) {
    const n = Number(v);
    return Number.isFinite(n) && String(n) === v.replace(/\.?0+$/, '').replace(/^(-?)0+(\d)/, '$1$2') ? n : v;
  }
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
 * Sheets: a query's rows (one row per result row, a column per query column); or the record's
 * fields (two columns: field name, value; relations as the related titles) and one sheet per related
 * list (a column per target field, plus id).
 */
export async function writeXlsx(model: ReportDataModel, stream: Writable, opts: { locale?: 'zh-CN' | 'en-US' } = {}): Promise<void> {
  const zh = (opts.locale ?? model.locale) === 'zh-CN';
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
  const used = new Set<string>();
  const listSheet = (name: string, fields: ReportField[], rows: Record<string, unknown>[]) => {
    const ws = wb.addWorksheet(sheetName(name, used));
    ws.addRow(['ID', ...fields.map((f) => f.name)]).commit();
    for (const row of rows) ws.addRow([String(row.id ?? ''), ...fields.map((f) => cellOf(f, row[f.key], model.labels))]).commit();
    ws.commit();
  };
  if (model.rows) {
    listSheet(model.schema.lists.rows?.name ?? model.subject.name, model.schema.fields, model.rows);
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
      if (Array.isArray(rows)) listSheet(list.name, list.fields, rows as Record<string, unknown>[]);
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
