/**
 * Export of the audit log's filtered set (CSV or XLSX of the filtered set), streamed:
 * the entries are read newest first in batches of 2,000 (audit.repository.ts matchingBatches) and
 * written as they come, so memory stays flat; at most AUDIT_EXPORT_MAX_ROWS (100,000) entries.
 * - CSV: papaparse `unparse`, UTF-8 with a byte-order mark (so Excel reads Chinese correctly),
 *   CRLF line ends, formula-looking cells escaped with a leading `'` (papaparse escapeFormulae);
 * - XLSX: exceljs's streaming workbook writer, one sheet "Audit log", strings stored as text.
 * Columns (EXPORT_COLUMNS): seq, at (ISO 8601), actor, actorId, ip, userAgent, action, targetType,
 * targetId, before, after, details (JSON text), hash.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AUDIT_EXPORT_MAX_ROWS, type AuditExportFormat } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { AuditLogRow } from '../../db/schema';
import { matchingBatches, type AuditFilter } from './audit.repository';

/** The export's column headers, in order. */
export const EXPORT_COLUMNS = [
  'seq',
  'at',
  'actor',
  'actorId',
  'ip',
  'userAgent',
  'action',
  'targetType',
  'targetId',
  'before',
  'after',
  'details',
  'hash',
] as const;

function jsonText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

/** One entry as the export's cells (EXPORT_COLUMNS order; numbers stay numbers). */
export function exportRow(row: AuditLogRow): (string | number)[] {
  return [
    row.seq,
    row.at.toISOString(),
    row.actorLabel,
    row.actorId ?? '',
    row.ip ?? '',
    row.userAgent ?? '',
    row.action,
    row.targetType ?? '',
    row.targetId ?? '',
    jsonText(row.before),
    jsonText(row.after),
    jsonText(row.details),
    row.hash,
  ];
}

/** Content-Type and file extension of each format. */
export const EXPORT_TYPES: Record<AuditExportFormat, { contentType: string; ext: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', ext: 'csv' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
};

/** `audit-log-YYYYMMDD-HHmmss.<ext>` (UTC) for the Content-Disposition header. */
export function exportFileName(format: AuditExportFormat, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `audit-log-${stamp}.${EXPORT_TYPES[format].ext}`;
}

/** Excel's limit of characters in a cell. */
const XLSX_CELL_MAX = 32_767;
/** A cell cut to Excel's limit (a long before/after JSON ends with `…`). */
function xlsxCell(value: string | number): string | number {
  return typeof value === 'string' && value.length > XLSX_CELL_MAX ? `${value.slice(0, XLSX_CELL_MAX - 1)}…` : value;
}

async function* csvChunks(db: Executor, filter: AuditFilter, max: number): AsyncGenerator<string> {
  yield '\uFEFF' + Papa.unparse([EXPORT_COLUMNS as unknown as string[]], { newline: '\r\n' }) + '\r\n';
  for await (const rows of matchingBatches(db, filter, max)) {
    yield Papa.unparse(rows.map(exportRow), { newline: '\r\n', escapeFormulae: true }) + '\r\n';
  }
}

/**
 * The filtered entries as a stream of the file's bytes (newest first, at most `max` entries).
 * A read failure mid-way destroys the stream (the client sees a cut download, never a wrong file).
 */
export function exportAuditStream(
  db: Executor,
  filter: AuditFilter,
  format: AuditExportFormat,
  max: number = AUDIT_EXPORT_MAX_ROWS,
): Readable {
  if (format === 'csv') return Readable.from(csvChunks(db, filter, max));
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Audit log');
  sheet.columns = EXPORT_COLUMNS.map((key) => ({ header: key, key }));
  void (async () => {
    for await (const rows of matchingBatches(db, filter, max)) {
      for (const row of rows) sheet.addRow(exportRow(row).map(xlsxCell)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
