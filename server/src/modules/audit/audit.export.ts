/**
 * Export of the audit log's filtered set (CSV or XLSX of the filtered set), streamed:
 * the entries are read newest first in batches of 2,000 (audit.repository.ts matchingBatches) and
 * written as they come, so memory stays flat; at most AUDIT_EXPORT_MAX_ROWS (100,000) entries.
 * written by the shared export writer (lib/export-writer.ts):
 * - CSV: UTF-8 with a byte-order mark (so Excel reads Chinese correctly), CRLF line ends,
 *   formula-looking cells escaped with a leading `'` (papaparse escapeFormulae);
 * - XLSX: one sheet "Audit log", strings stored as text, `seq` a number, `at` a real Excel
 *   datetime (UTC).
 * Columns (EXPORT_COLUMNS): seq, at (ISO 8601 in the CSV), actor, actorId, ip, userAgent, action,
 * targetType, targetId, before, after, details (JSON text), hash.
 */
import type { Readable } from 'node:stream';
import { AUDIT_EXPORT_MAX_ROWS, type AuditExportFormat } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { AuditLogRow } from '../../db/schema';
import { EXPORT_FILE_TYPES, exportFileName as fileNameOf, exportStream, type ExportColumn } from '../../lib/export-writer';
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
export const EXPORT_TYPES: Record<AuditExportFormat, { contentType: string; ext: string }> = EXPORT_FILE_TYPES;

/** `audit-log-YYYYMMDD-HHmmss.<ext>` (UTC) for the Content-Disposition header. */
export function exportFileName(format: AuditExportFormat, now: Date = new Date()): string {
  return fileNameOf('audit-log', format, now);
}

/** The columns as the writer takes them: `seq` a number, `at` a datetime, the rest text. */
const COLUMNS: ExportColumn[] = EXPORT_COLUMNS.map((header) => ({ header, kind: header === 'seq' ? 'number' : header === 'at' ? 'datetime' : 'text' }));

async function* rowsOf(db: Executor, filter: AuditFilter, max: number): AsyncGenerator<(string | number)[][]> {
  for await (const rows of matchingBatches(db, filter, max)) yield rows.map(exportRow);
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
  return exportStream(format, { columns: COLUMNS, batches: rowsOf(db, filter, max), sheetName: 'Audit log' });
}
