/**
 * Drill-through and exports of the queries module (docs/queries.md "Drill-through"):
 * - the records behind one row of a grouped result: the base subject's live records that have a
 *   row in the query's FROM (joins included) matching its filter and, for each dimension named in
 *   `values`, the dimension's value (null = empty). Answered as a record query page over the base
 *   subject (record-queries/query-run.ts), so the grid, labels and export are the record query's;
 * - a result as a CSV/XLSX file (lib/export-writer.ts): headers in the reader's language, ids by
 *   their names, numbers, dates and datetimes typed in XLSX.
 */
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { RECORD_QUERY_EXPORT_MAX_ROWS, type AuditExportFormat, type Locale, type QueryDrillPage, type QueryResult, type QueryResultColumn } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { exportStream, type ExportKind } from '../../lib/export-writer';
import type { ReadCache } from '../../lib/read-cache';
import { exportQueryStream } from '../record-queries/query-export';
import { prepareQuery, runQueryPage, type PreparedQuery } from '../record-queries/query-run';
import { kindOf } from '../subjects/values';
import type { CompiledQuery } from './compile';
import { invalid } from './scope';

/** The most base fields a drill grid shows (in the subject's order). */
const DRILL_COLUMNS_MAX = 30;

/** The condition `values` put on the query's dimensions. @throws 400 naming `values.<name>`. */
function drillConditions(q: CompiledQuery, values: Record<string, unknown>): SQL[] {
  return Object.entries(values).map(([name, value]) => {
    const d = q.columns.find((c) => c.role === 'dimension' && c.name === name);
    if (!d) throw invalid(`values.${name}`, 'errors.query.drillValues', { name });
    if (value === null || value === undefined || value === '') return sql`(${d.expr}) is null`;
    if (d.type === 'number') return sql`(${d.expr}) = ${String(value)}::numeric`;
    if (d.type === 'boolean') return sql`(${d.expr}) = ${value === true || value === 'true'}`;
    return sql`(${d.expr})::text = ${String(value)}`;
  });
}

const typeOfKind = (k: ReturnType<typeof kindOf>): QueryResultColumn['type'] =>
  k === 'number' ? 'number' : k === 'date' ? 'date' : k === 'datetime' ? 'datetime' : k === 'boolean' ? 'boolean' : k === 'uuid' ? 'id' : k === 'text' ? 'text' : 'list';

/**
 * The record query over the base subject restricted to the records behind `values`.
 * @throws 400 naming `values.<name>` (no such dimension).
 */
export async function prepareDrill(db: Executor, q: CompiledQuery, values: Record<string, unknown>, cache?: ReadCache): Promise<PreparedQuery> {
  const subject = q.scope.base.subject;
  const conds = drillConditions(q, values);
  const keys = subject.fields.filter((f) => f.column !== null).slice(0, DRILL_COLUMNS_MAX).map((f) => f.key);
  const prepared = await prepareQuery(db, { subjectId: subject.id, columns: keys.length ? keys : ['id'], sort: [] }, cache);
  const behind = sql`r.id in (select r.id from ${q.scope.from} where ${sql.join([q.where, ...conds], sql` and `)})`;
  return { ...prepared, where: sql`${prepared.where} and ${behind}` };
}

/** One page of the records behind a row, with their columns and the subject's key. */
export async function drillPage(db: Executor, q: CompiledQuery, prepared: PreparedQuery, current: number, pageSize: number, cache?: ReadCache): Promise<QueryDrillPage> {
  const page = await runQueryPage(db, prepared, current, pageSize, cache);
  const columns = prepared.columns.map((c) => ({
    name: c.name,
    label: c.field?.name ?? c.name,
    role: 'column' as const,
    type: c.field ? typeOfKind(kindOf(c.field)) : ('text' as const),
    field: c.name,
  }));
  return { ...page, columns, subject: q.scope.base.subject.key };
}

/** The drill's records as a file (at most RECORD_QUERY_EXPORT_MAX_ROWS). */
export function drillExportStream(db: Executor, prepared: PreparedQuery, format: AuditExportFormat, locale: Locale, cache?: ReadCache): Readable {
  return exportQueryStream(db, prepared, format, locale, RECORD_QUERY_EXPORT_MAX_ROWS, cache);
}

const exportKind = (t: QueryResultColumn['type']): ExportKind => (t === 'number' || t === 'date' || t === 'datetime' ? t : 'text');

/** A result's rows as a file: ids by their names, empty as ''. */
export function resultExportStream(result: QueryResult, format: AuditExportFormat, sheetName: string): Readable {
  const text = (v: unknown, c: QueryResultColumn): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    const s = String(v);
    return c.type === 'id' ? (result.labels[s] ?? s) : s;
  };
  async function* batches(): AsyncGenerator<string[][]> {
    yield result.rows.map((r) => r.map((v, i) => text(v, result.columns[i])));
  }
  return exportStream(format, { columns: result.columns.map((c) => ({ header: c.label, kind: exportKind(c.type) })), batches: batches(), sheetName });
}
