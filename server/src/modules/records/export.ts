/**
 * Grid export (every grid exports CSV and XLSX of the current filter, every column the
 * user can see): the records the list would show for the same filter, sort and quick search,
 * read page by page with the keyset cursor (listRecords, 1,000 a page; memory stays flat), at most
 * RECORD_QUERY_EXPORT_MAX_ROWS, with only the requested columns, in their order.
 * Cells like the record query export (record-queries/query-export.ts, whose file types, file name
 * and exact-number rule it shares): users and related records by name, attachments by file name,
 * lists joined with ', ', booleans true/false; XLSX numbers as numbers when a double holds them
 * exactly, dates and datetimes (date, datetime and timestamp fields, createdAt/updatedAt) as real
 * Excel dates. Written by the shared export writer (lib/export-writer.ts: CSV with BOM, CRLF,
 * formula-looking cells escaped; XLSX through exceljs's streaming WorkbookWriter).
 */
import type { Readable } from 'node:stream';
import { RECORD_QUERY_EXPORT_MAX_ROWS, SYSTEM_COLUMNS, type CurrentUser, type Locale, type RecordExport, type RecordItem } from '../../../../contracts';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { EXPORT_FILE_TYPES, exportFileName, exportStream, type ExportColumn, type ExportKind } from '../../lib/export-writer';
import type { ReadCache } from '../../lib/read-cache';
import { requireSubject, type FieldDef } from '../subjects/subject-def';
import { parseFilterParam } from './filter';
import { listRecords, type RecordListResult } from './list';
import { parseSortParam } from './sort';
import { kindOf } from '../subjects/values';

const PAGE = 1000;

const SYSTEM_NAMES: Record<string, Record<Locale, string>> = {
  id: { 'zh-CN': 'ID', 'en-US': 'ID' },
  createdAt: { 'zh-CN': '创建时间', 'en-US': 'Created at' },
  createdBy: { 'zh-CN': '创建人', 'en-US': 'Created by' },
  updatedAt: { 'zh-CN': '更新时间', 'en-US': 'Updated at' },
  updatedBy: { 'zh-CN': '更新人', 'en-US': 'Updated by' },
};

interface Column extends ExportColumn {
  key: string;
  field: FieldDef | null;
}

/**
 * A column's XLSX kind: numbers (not auto-numbers) as numbers, dates and datetimes as dates;
 * the rest as text (booleans too: true/false, as the CSV writes them).
 */
export function exportKindOf(field: FieldDef | null, key: string): ExportKind {
  if (!field) return key === 'createdAt' || key === 'updatedAt' ? 'datetime' : 'text';
  const kind = kindOf(field);
  if (kind === 'number') return field.type === 'autoNumber' ? 'text' : 'number';
  return kind === 'date' || kind === 'datetime' ? kind : 'text';
}

/** One cell's text: ids named, attachments by file name, lists joined, booleans true/false. */
function cellOf(record: RecordItem, col: Column, page: RecordListResult): string {
  const raw = col.field ? record.values[col.key] : (record as unknown as Record<string, unknown>)[col.key];
  const one = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    const s = String(v);
    if (col.field?.type === 'attachment') return page.files[s]?.fileName ?? s;
    return page.labels[s] ?? s;
  };
  if (Array.isArray(raw)) return raw.map(one).filter((s) => s !== '').join(', ');
  return one(raw);
}

/**
 * The export of `slug`/`key`'s records for `input` (filter, sort, q, columns, format), as a stream.
 * @throws 400 naming `columns` (an unknown column), filter, sort; 403; 404.
 */
export async function exportRecords(
  db: Database,
  user: CurrentUser,
  slug: string,
  key: string,
  input: RecordExport,
  locale: Locale,
  cache?: ReadCache,
): Promise<{ fileName: string; contentType: string; stream: Readable }> {
  const { subject } = await requireSubject(db, user, slug, key, 'read', cache);
  const byKey = new Map(subject.fields.map((f) => [f.key, f]));
  const columns: Column[] = input.columns.map((k) => {
    const field = byKey.get(k) ?? null;
    if (!field && !(SYSTEM_COLUMNS as readonly string[]).includes(k)) {
      throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'columns', messageKey: 'errors.record.filterField', params: { field: k } }]);
    }
    return { key: k, field, header: field ? field.name : SYSTEM_NAMES[k][locale], kind: exportKindOf(field, k) };
  });
  const filter = parseFilterParam(input.filter);
  const sort = parseSortParam(input.sort);
  // the first page now, so a bad filter is a 400 before the download starts
  const first = await listRecords(db, subject, { filter, sort, q: input.q, current: 1, pageSize: PAGE, exactLimit: 0, cache });
  async function* pages(): AsyncGenerator<string[][]> {
    let page = first;
    let count = 0;
    for (;;) {
      const rows = page.items.slice(0, RECORD_QUERY_EXPORT_MAX_ROWS - count).map((r) => columns.map((c) => cellOf(r, c, page)));
      count += rows.length;
      yield rows;
      if (!page.nextCursor || count >= RECORD_QUERY_EXPORT_MAX_ROWS) return;
      page = await listRecords(db, subject, { filter, sort, q: input.q, current: 1, pageSize: PAGE, cursor: page.nextCursor, exactLimit: 0, cache });
    }
  }
  const { contentType } = EXPORT_FILE_TYPES[input.format];
  const fileName = exportFileName(subject.key, input.format);
  return { fileName, contentType, stream: exportStream(input.format, { columns, batches: pages(), sheetName: subject.name || 'Records' }) };
}
