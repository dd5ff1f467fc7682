/**
 * Export files of CSV/XLSX downloads (record queries, record grids): content types, the file name
 * and the exact number of a cell. Pure helpers, no database.
 */
import type { AuditExportFormat } from '../../../contracts';

/** Content-Type and file extension of each format. */
export const QUERY_EXPORT_TYPES: Record<AuditExportFormat, { contentType: string; ext: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', ext: 'csv' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
};

/** `<name>-YYYYMMDD-HHmmss.<ext>` (UTC). */
export function queryExportFileName(name: string, format: AuditExportFormat, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${name}-${stamp}.${QUERY_EXPORT_TYPES[format].ext}`;
}

/**
 * A decimal text (PostgreSQL's numeric form) as a number when a double holds it exactly (it prints
 * back the same, trailing fraction zeros aside), else the text: no digit of money is lost.
 */
export function exactNumber(text: string): number | string {
  const n = Number(text);
  const canonical = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return Number.isFinite(n) && String(n) === canonical ? n : text;
}
