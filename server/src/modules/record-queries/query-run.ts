/**
 * Running a record query (contracts RecordQueryDefinition) over one subject: the filter, quick
 * search and sorts go through the records module's compiler (records/filter.ts, records/sort.ts),
 * so a query means exactly what the same filter means on the subject's grid, plus relation paths
 * (query-filter.ts); the columns come from query-columns.ts (one level through relations). Errors name the definition's part:
 * `definition.subjectId`, `definition.columns.<i>`, `definition.filter.<key>`, `definition.sort`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RECORD_TOTAL_EXACT_LIMIT, type FilterGroup, type RecordQueryPage, type RecordSort } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { compileSearch } from '../records/filter';
import { countRecords } from '../records/list';
import { tableOf } from '../records/records.service';
import { orderBySql, type SortKey } from '../records/sort';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { resolveColumns, type QueryColumn } from './query-columns';
import { compileQueryFilter, compileQuerySort } from './query-filter';
import { labelsOf } from './query-labels';
import { liveRows } from '../subjects/live-rows';

/** A definition as the server uses it (after the schema's defaults). */
export interface QueryDefinition {
  subjectId: string;
  columns: string[];
  filter?: FilterGroup;
  sort: RecordSort[];
  q?: string;
}

/** A definition checked and compiled, ready to page through. */
export interface PreparedQuery {
  subject: SubjectDef;
  columns: QueryColumn[];
  joins: SQL[];
  /** The condition over the row alias `r` (live records, filter, search). */
  where: SQL;
  orderBy: SQL;
  /** The compiled sort keys `orderBy` is made of (keyset paging, records/sort.ts keysetPhases). */
  keys: SortKey[];
}

/** An error of the records compiler, its fields moved under `definition.` (the request's shape). */
function underDefinition(err: unknown): unknown {
  if (!(err instanceof HttpError) || err.status !== 400 || !err.details) return err;
  return new HttpError(
    err.status,
    err.errorCode,
    err.messageKey,
    err.details.map((d) => ({ ...d, field: `definition.${d.field}` })),
    err.extra,
  );
}

/**
 * Checks and compiles `def`.
 * @throws HttpError 400 VALIDATION_FAILED naming `definition.subjectId` (no such live subject),
 *   `definition.columns.<i>`, `definition.filter[.<key>]`, `definition.sort`.
 */
export async function prepareQuery(db: Executor, def: QueryDefinition, cache?: ReadCache): Promise<PreparedQuery> {
  const subject = await loadSubjectDef(db, { id: def.subjectId }, cache);
  if (!subject) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'definition.subjectId', messageKey: 'errors.subjectNotFound' }]);
  }
  const { columns, joins } = await resolveColumns(db, subject, def.columns, cache);
  try {
    const conditions: SQL[] = [liveRows(subject, 'r')];
    if (def.filter) conditions.push(await compileQueryFilter(db, subject, def.filter, cache));
    const search = compileSearch(subject, def.q, 'r');
    if (search) conditions.push(search);
    const keys = await compileQuerySort(db, subject, def.sort, cache);
    return { subject, columns, joins, where: sql.join(conditions, sql` and `), orderBy: orderBySql(keys, 'r'), keys };
  } catch (err) {
    throw underDefinition(err);
  }
}

/** One row of cells (columns order) and its record id. */
export interface QueryRow {
  id: string;
  cells: unknown[];
}

/** `limit` rows of the prepared query from `offset`, in its order. */
export async function selectRows(db: Executor, q: PreparedQuery, limit: number, offset: number): Promise<QueryRow[]> {
  const cells = q.columns.map((c, i) => sql`${c.select} as ${sql.raw(`c${i}`)}`);
  const joins = q.joins.length ? sql.join(q.joins, sql` `) : sql``;
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`select r.id::text as id, ${sql.join(cells, sql`, `)} from ${tableOf(q.subject, 'r')} ${joins} where ${q.where} order by ${q.orderBy} limit ${limit} offset ${offset}`,
    ),
  );
  return rows.map((row) => ({ id: String(row.id), cells: q.columns.map((c, i) => c.read(row[`c${i}`])) }));
}

/**
 * One page of the query's result: rows of cells keyed by column name, `total` (exact up to
 * RECORD_TOTAL_EXACT_LIMIT, then PostgreSQL's estimate) and the `labels` of the ids the cells hold.
 */
export async function runQueryPage(db: Executor, q: PreparedQuery, current: number, pageSize: number, cache?: ReadCache): Promise<RecordQueryPage> {
  const rows = await selectRows(db, q, pageSize, (current - 1) * pageSize);
  const { total, exact } = await countRecords(db, q.subject, q.where, RECORD_TOTAL_EXACT_LIMIT);
  const labels = await labelsOf(db, q.columns, rows.map((r) => r.cells), cache);
  return {
    success: true,
    data: rows.map((r) => ({ id: r.id, cells: Object.fromEntries(q.columns.map((c, i) => [c.name, r.cells[i]])) })),
    total,
    totalExact: exact,
    current,
    pageSize,
    labels,
  };
}
