/**
 * Export of a record query's result (`/admin/record-query`: a query is saved and exported),
 * like the audit log's export (modules/audit/audit.export.ts): streamed in batches of 2,000 rows
 * (memory stays flat), at most RECORD_QUERY_EXPORT_MAX_ROWS (100,000), in the query's order.
 * - headers: the columns' field names in the request's language (`Relation.Field` through a
 *   relation; system columns by their translated names);
 * - cells: users, related records and attachments by their names (the page's `labels`, the id
 *   when there is none), lists joined with ', ', booleans as true/false; in XLSX, numbers (number,
 *   money, percent, numeric formulas) as numbers when they fit a double exactly, else as text;
 *   dates and datetimes (and createdAt/updatedAt) as real Excel dates;
 * - written by the shared export writer (lib/export-writer.ts): CSV with a byte-order mark, CRLF,
 *   formula-looking cells escaped; XLSX through exceljs's streaming writer, one sheet.
 */
import type { Readable } from 'node:stream';
import { RECORD_QUERY_EXPORT_MAX_ROWS, type AuditExportFormat, type Locale } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { EXPORT_FILE_TYPES, exportFileName, exportStream, type ExportKind } from '../../lib/export-writer';
import type { ReadCache } from '../../lib/read-cache';
import { kindOf } from '../subjects/values';
import type { QueryColumn } from './query-columns';
import { labelsOf } from './query-labels';
import { selectRows, type PreparedQuery } from './query-run';

export { exactNumber } from '../../lib/export-writer';

/** Rows per database read. */
const BATCH = 2000;

/** Content-Type and file extension of each format. */
export const QUERY_EXPORT_TYPES: Record<AuditExportFormat, { contentType: string; ext: string }> = EXPORT_FILE_TYPES;

/** `<name>-YYYYMMDD-HHmmss.<ext>` (UTC). */
export function queryExportFileName(name: string, format: AuditExportFormat, now: Date = new Date()): string {
  return exportFileName(name, format, now);
}

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

/** A column's XLSX kind: numbers, dates and datetimes as such when one value a row; the rest text. */
function kindOfColumn(c: QueryColumn): ExportKind {
  if (c.many) return 'text';
  if (c.field === null) return /(^|\.)(createdAt|updatedAt)$/.test(c.name) ? 'datetime' : 'text';
  const kind = kindOf(c.field);
  return kind === 'number' || kind === 'date' || kind === 'datetime' ? kind : 'text';
}

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
  const columns = q.columns.map((c, i) => ({ header: headers[i], kind: kindOfColumn(c) }));
  return exportStream(format, { columns, batches: exportBatches(db, q, max, cache), sheetName: q.subject.name || 'Records' });
}
