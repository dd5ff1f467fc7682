/**
 * Export of the clients list's filtered set (clients are a real resource with paging, search and
 * export), streamed in batches of 2,000 in the list's sort order, at most CLIENT_EXPORT_MAX_ROWS:
 * - CSV: papaparse `unparse`, UTF-8 with a byte-order mark (Excel reads Chinese correctly), CRLF,
 *   formula-looking cells escaped with a leading `'` (escapeFormulae);
 * - XLSX: exceljs's streaming workbook writer, one sheet "Clients".
 * Columns (CLIENT_EXPORT_COLUMNS): code, name, industry, status, contacts (one line per contact:
 * `name, title, email, phone`), address, notes, applications (slugs, comma-separated), createdAt,
 * updatedAt (ISO 8601) — the keys of contracts' Client, so an import can read them back.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CLIENT_EXPORT_MAX_ROWS, type Client, type ClientListQuery, type ExportFormat } from '../../../../contracts';
import type { Executor } from '../../db/client';
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
export const EXPORT_TYPES: Record<ExportFormat, { contentType: string; ext: string }> = {
  csv: { contentType: 'text/csv; charset=utf-8', ext: 'csv' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ext: 'xlsx' },
};

/** `clients-YYYYMMDD-HHmmss.<ext>` (UTC) for the Content-Disposition header. */
export function clientExportFileName(format: ExportFormat, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `clients-${stamp}.${EXPORT_TYPES[format].ext}`;
}

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

async function* csvChunks(db: Executor, query: ExportQuery, max: number): AsyncGenerator<string> {
  yield '\uFEFF' + Papa.unparse([CLIENT_EXPORT_COLUMNS as unknown as string[]], { newline: '\r\n' }) + '\r\n';
  for await (const rows of rowsOf(db, query, max)) yield Papa.unparse(rows, { newline: '\r\n', escapeFormulae: true }) + '\r\n';
}

/**
 * The filtered clients as a stream of the file's bytes. A read failure mid-way destroys the
 * stream (the client sees a cut download, never a wrong file).
 */
export function exportClientsStream(db: Executor, query: ExportQuery, format: ExportFormat, max: number = CLIENT_EXPORT_MAX_ROWS): Readable {
  if (format === 'csv') return Readable.from(csvChunks(db, query, max));
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Clients');
  sheet.columns = CLIENT_EXPORT_COLUMNS.map((key) => ({ header: key, key }));
  void (async () => {
    for await (const rows of rowsOf(db, query, max)) for (const row of rows) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
