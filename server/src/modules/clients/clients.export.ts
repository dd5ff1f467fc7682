/**
 * Export of the clients list's filtered set (clients are a real resource with paging, search and
 * export), streamed in batches of 2,000 in the list's sort order, at most CLIENT_EXPORT_MAX_ROWS:
 * written by the shared export writer (lib/export-writer.ts):
 * - CSV: UTF-8 with a byte-order mark (Excel reads Chinese correctly), CRLF, formula-looking cells
 *   escaped with a leading `'` (escapeFormulae);
 * - XLSX: one sheet "Clients", createdAt and updatedAt as real Excel datetimes (UTC).
 * Columns (CLIENT_EXPORT_COLUMNS): code, name, industry, status, contacts (one line per contact:
 * `name, title, email, phone`), address, notes, applications (slugs, comma-separated), createdAt,
 * updatedAt (ISO 8601 in the CSV) — the keys of contracts' Client, so an import can read them back.
 */
import type { Readable } from 'node:stream';
import { CLIENT_EXPORT_MAX_ROWS, type Client, type ClientListQuery, type ExportFormat } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { EXPORT_FILE_TYPES, exportFileName, exportStream, type ExportColumn } from '../../lib/export-writer';
import { clientBatches } from './clients.repository';
import { toClient, toClientFilter } from './clients.service';

/** The export's column headers, in order. */
export const CLIENT_EXPORT_COLUMNS = [
  'code',
  'name',
  'industry',
  'status',
  'contacts',
  'address',
  'notes',
  'applications',
  'createdAt',
  'updatedAt',
] as const;

/** Content-Type and file extension of each format. */
export const EXPORT_TYPES: Record<ExportFormat, { contentType: string; ext: string }> = EXPORT_FILE_TYPES;

/** `clients-YYYYMMDD-HHmmss.<ext>` (UTC) for the Content-Disposition header. */
export function clientExportFileName(format: ExportFormat, now: Date = new Date()): string {
  return exportFileName('clients', format, now);
}

/** The columns as the writer takes them: the two timestamps as datetimes, the rest text. */
const COLUMNS: ExportColumn[] = CLIENT_EXPORT_COLUMNS.map((header) => ({ header, kind: header === 'createdAt' || header === 'updatedAt' ? 'datetime' : 'text' }));

/** One client as the export's cells (CLIENT_EXPORT_COLUMNS order). */
export function clientExportRow(c: Client): string[] {
  return [
    c.code,
    c.name,
    c.industry ?? '',
    c.status,
    c.contacts.map((p) => [p.name, p.title ?? '', p.email ?? '', p.phone ?? ''].join(', ')).join('\n'),
    c.address ?? '',
    c.notes ?? '',
    c.applications.map((a) => a.slug).join(', '),
    c.createdAt,
    c.updatedAt,
  ];
}

type ExportQuery = Pick<ClientListQuery, 'q' | 'status' | 'industry' | 'applicationId' | 'sort'>;

async function* rowsOf(db: Executor, query: ExportQuery, max: number): AsyncGenerator<string[][]> {
  for await (const batch of clientBatches(db, toClientFilter(query), query.sort, max)) {
    yield batch.map((r) => clientExportRow(toClient(r.client, r.apps)));
  }
}

/**
 * The filtered clients as a stream of the file's bytes. A read failure mid-way destroys the
 * stream (the client sees a cut download, never a wrong file).
 */
export function exportClientsStream(db: Executor, query: ExportQuery, format: ExportFormat, max: number = CLIENT_EXPORT_MAX_ROWS): Readable {
  return exportStream(format, { columns: COLUMNS, batches: rowsOf(db, query, max), sheetName: 'Clients' });
}
