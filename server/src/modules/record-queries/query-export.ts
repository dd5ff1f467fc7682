/**
 * Export of a record query's result (`/admin/record-query`: a query is saved and exported),
 * like the audit log's export (modules/audit/audit.export.ts): streamed in batches of 2,000 rows
 * (memory stays flat), at most RECORD_QUERY_EXPORT_MAX_ROWS (100,000), in the query's order.
 * - headers: the columns' field names in the request's language (`Relation.Field` through a
 *   relation; system columns by their translated names);
 * - cells: users, related records and attachments by their names (the page's `labels`, the id
 *   when there is none), lists joined with ', ', booleans as true/false; in XLSX, numbers (number,
 *   money, percent, numeric formulas) as numbers when they fit a double exactly, else as text;
 * - CSV: papaparse, UTF-8 with a byte-order mark, CRLF, formula-looking cells escaped; XLSX:
 *   exceljs's streaming writer, one sheet.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { RECORD_QUERY_EXPORT_MAX_ROWS, type AuditExportFormat, type Locale } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { ReadCache } from '../../lib/read-cache';
import { exactNumber } from '../../lib/export-file';
import { kindOf } from '../subjects/values';
import type { QueryColumn } from './query-columns';
import { labelsOf } from './query-labels';
import { selectRows, type PreparedQuery } from './query-run';

/** Rows per database read. */
const BATCH = 2000;

/** The headers of the export in `locale`. */
export const exportHeaders = (columns: readonly QueryColumn[], locale: Locale) => columns.map((c) => c.header(locale));

/** A cell as export text: ids named by `labels`, lists joined, booleans as true/false, empty as ''. */
function cellText(value: unknown, named: boolean, labels: Record<string, string>): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => cellText(v, named, labels)).filter((v) => v !== '').join(', ');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = String(value);
  return named ? (labels[text] ?? text) : text;
}

const isNumeric = (c: QueryColumn) => !c.many && c.field !== null && kindOf(c.field) === 'number';

/** Excel's limit of characters in a cell. */
const XLSX_CELL_MAX = 32_767;

/** Batches of export rows (cells as text), at most `max` rows. */
async function* exportBatches(db: Executor, q: PreparedQuery, max: number, cache?: ReadCache): AsyncGenerator<string[][]> {
  for (let offset = 0; offset < max; offset += BATCH) {
    const rows = await selectRows(db, q, Math.min(BATCH, max - offset), offset);
    if (!rows.length) return;
    const labels = await labelsOf(db, q.columns, rows.map((r) => r.cells), cache);
    yield rows.map((r) => q.columns.map((c, i) => cellText(r.cells[i], c.refers !== null, labels)));
    if (rows.length < BATCH) return;
  }
}

async function* csvChunks(db: Executor, q: PreparedQuery, headers: string[], max: number, cache?: ReadCache): AsyncGenerator<string> {
  yield '\uFEFF' + Papa.unparse([headers], { newline: '\r\n', escapeFormulae: true }) + '\r\n';
  for await (const rows of exportBatches(db, q, max, cache)) {
    yield Papa.unparse(rows, { newline: '\r\n', escapeFormulae: true }) + '\r\n';
  }
}

/**
 * The query's rows as a stream of the file's bytes (at most `max` rows). A read failure mid-way
 * destroys the stream (the client sees a cut download, never a wrong file).
 */
export function exportQueryStream(
  db: Executor,
  q: PreparedQuery,
  format: AuditExportFormat,
  locale: Locale,
  max: number = RECORD_QUERY_EXPORT_MAX_ROWS,
  cache?: ReadCache,
): Readable {
  const headers = exportHeaders(q.columns, locale);
  if (format === 'csv') return Readable.from(csvChunks(db, q, headers, max, cache));
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(q.subject.name.slice(0, 31).replace(/[\\/?*[\]:]/g, '_') || 'Records');
  sheet.addRow(headers).commit();
  const numeric = q.columns.map(isNumeric);
  void (async () => {
    for await (const rows of exportBatches(db, q, max, cache)) {
      for (const row of rows) {
        sheet
          .addRow(row.map((text, i) => (numeric[i] && text !== '' ? exactNumber(text) : text.length > XLSX_CELL_MAX ? `${text.slice(0, XLSX_CELL_MAX - 1)}…` : text)))
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
