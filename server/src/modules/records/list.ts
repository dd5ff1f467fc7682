/**
 * Listing records (server-side paging, sort and filter on any field, quick search;
 * lists take page numbers (ProTable) and a keyset `cursor`; `total` is exact up to 10,000 and an
 * estimate beyond: docs/product.md "API conventions"), and the names a page refers to (`labels`, `files`).
 */
import { and, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Attachment, FilterGroup, RecordItem, RecordSort } from '../../../../contracts';
import { RECORD_TOTAL_EXACT_LIMIT } from '../../../../contracts/constants';
import { rowsOf, type Executor } from '../../db/client';
import { attachments, users } from '../../db/schema';
import type { ReadCache } from '../../lib/read-cache';
import { ident } from '../subjects/ddl';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { columnOf } from './columns';
import { compileFilter, compileSearch } from './filter';
import { rowsToItems, selectRecordRows, tableOf, type RecordRow } from './records.repository';
import { compileSort, decodeCursor, encodeCursor, keysetPhases, orderBySql, type SortKey } from './sort';
import { readValue, selectExprOf } from '../subjects/values';
import { liveRows } from '../subjects/live-rows';

export interface ListRecordsOptions {
  filter?: FilterGroup;
  /** Sort keys (then id); DEFAULT_SORT (newest first) when empty. */
  sort?: readonly RecordSort[];
  /** Quick search over the searchable fields. */
  q?: string;
  /** Offset paging: page number from 1 (ignored when `cursor` is given). */
  current: number;
  pageSize: number;
  /** Keyset paging: the previous page's `nextCursor`. */
  cursor?: string;
  /** Count exactly up to this many matches (default RECORD_TOTAL_EXACT_LIMIT), estimate beyond. */
  exactLimit?: number;
  /** A further condition over the row alias `r` (e.g. a saved query's scope). */
  where?: SQL;
  cache?: ReadCache;
}

export interface RecordListResult {
  items: RecordItem[];
  total: number;
  totalExact: boolean;
  /** The cursor of the page after this one; null on the last page. */
  nextCursor: string | null;
  /** User ids and related record ids → their names (user name; the target's display value). */
  labels: Record<string, string>;
  /** Attachments the page holds, by id (live ones). */
  files: Record<string, Attachment>;
}

/**
 * The live records of `subject` matching the filter, search and `where`, sorted, one page.
 * Paging: `cursor` (keyset, fast at any depth) or `current` (offset). Every page fetches one row
 * more than it shows to know whether a next one exists (`nextCursor`, given on offset pages too so
 * a client may switch to keyset). `total`: exact up to `exactLimit` (a count over a LIMIT
 * `exactLimit + 1` subquery), else PostgreSQL's row estimate (EXPLAIN) and `totalExact: false`.
 * @throws HttpError 400 naming `filter`/`filter.<key>`, `sort` or `cursor` (filter.ts, sort.ts).
 */
export async function listRecords(db: Executor, subject: SubjectDef, opts: ListRecordsOptions): Promise<RecordListResult> {
  const conditions: SQL[] = [liveRows(subject, 'r')];
  if (opts.filter) conditions.push(compileFilter(subject, opts.filter));
  const search = compileSearch(subject, opts.q);
  if (search) conditions.push(search);
  if (opts.where) conditions.push(opts.where);
  const where = sql.join(conditions, sql` and `);
  const keys = await compileSort(db, subject, opts.sort ?? [], 'r', opts.cache);
  const cursorSelect = sql.join(
    keys.map((k, i) => sql`${k.cursorExpr} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const orderBy = orderBySql(keys);
  const want = opts.pageSize + 1;

  const pageRows = async (): Promise<RecordRow[]> => {
    if (!opts.cursor) {
      return selectRecordRows(db, subject, { where, orderBy, limit: want, offset: (opts.current - 1) * opts.pageSize, extra: cursorSelect });
    }
    const cursor = decodeCursor(opts.cursor, keys);
    let found: RecordRow[] = [];
    for (const phase of keysetPhases(keys, cursor)) {
      const more = await selectRecordRows(db, subject, { where: sql`${where} and ${phase}`, orderBy, limit: want - found.length, extra: cursorSelect });
      found = found.concat(more);
      if (found.length >= want) break;
    }
    return found;
  };
  // the page and the total at once: on PostgreSQL they run on two pooled connections
  const [rows, { total, exact }] = await Promise.all([
    pageRows(),
    countRecords(db, subject, where, opts.exactLimit ?? RECORD_TOTAL_EXACT_LIMIT),
  ]);
  const hasMore = rows.length > opts.pageSize;
  const page = rows.slice(0, opts.pageSize);
  const last = page[page.length - 1];
  const nextCursor = hasMore && last ? cursorOf(keys, last) : null;
  const items = await rowsToItems(db, subject, page);
  const { labels, files } = await namesOf(db, subject, items, opts.cache);
  return { items, total, totalExact: exact, nextCursor, labels, files };
}

function cursorOf(keys: readonly SortKey[], row: RecordRow): string {
  return encodeCursor(
    keys,
    keys.map((_, i) => {
      const v = row[`c${i}`];
      return v === null || v === undefined ? null : String(v);
    }),
    row.id,
  );
}

/**
 * How many live records match `where` (alias `r`): exact up to `limit` (a count over a LIMIT
 * `limit + 1` subquery), else the planner's estimate (EXPLAIN, at least `limit + 1`) with
 * `exact: false`. When the planner already expects more than `limit` matches the count is not run
 * and the estimate is the answer: counting 10,001 matches of a quick search reads as many scattered
 * table rows and rechecks each (90 ms for "abc" over 1,000,000 records on PostgreSQL,
 * bench/records.mjs) only to learn that there are more than 10,000. The cost of skipping it: a
 * planner that expects more than `limit` where there are fewer gives "about N" instead of the exact
 * figure (the planner's estimate of a quick search was within 30 % in the benchmark).
 */
export async function countRecords(db: Executor, subject: SubjectDef, where: SQL, limit: number): Promise<{ total: number; exact: boolean }> {
  const estimateOf = async () => {
    const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`explain (format json) select 1 from ${tableOf(subject, 'r')} where ${where}`));
    const raw = plan?.['QUERY PLAN'];
    const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
    return Math.round(Number(doc?.[0]?.Plan?.['Plan Rows'] ?? 0));
  };
  const expected = await estimateOf();
  if (expected > limit) return { total: expected, exact: false };
  const [counted] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from ${tableOf(subject, 'r')} where ${where} limit ${limit + 1}) s`),
  );
  const n = Number(counted?.n ?? 0);
  if (n <= limit) return { total: n, exact: true };
  return { total: Math.max(expected, limit + 1), exact: false };
}

/** A display value as text (lists joined with ', '). */
function labelText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/**
 * The display values of records `ids` of `target` (its display field), by id; records of a subject
 * without a display field, or whose value is empty, are left out. Deleted records are named too.
 */
export async function displayValuesOf(db: Executor, target: SubjectDef, ids: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const display = target.fields.find((f) => f.id === target.displayFieldId);
  // a display field without a column (a many-relation) names nothing
  if (!display?.column || ids.length === 0) return out;
  const expr = selectExprOf(display, 't')!;
  const rows = rowsOf<{ id: string; v: unknown }>(
    await db.execute(
      sql`select ${columnOf('t', 'id')} as id, ${expr} as v from ${sql.raw(`${ident(target.tableName)} t`)} where t.id = any(${sql.param([...ids])}::uuid[])`,
    ),
  );
  for (const r of rows) {
    const text = labelText(readValue(display, r.v));
    if (text !== null) out[r.id] = text;
  }
  return out;
}

/**
 * The names the records refer to: `labels` for user ids (user fields, createdBy/updatedBy) and
 * related record ids (the target's display value), `files` for attachment ids.
 */
export async function namesOf(
  db: Executor,
  subject: SubjectDef,
  items: readonly RecordItem[],
  cache?: ReadCache,
): Promise<{ labels: Record<string, string>; files: Record<string, Attachment> }> {
  const userIds = new Set<string>();
  const fileIds = new Set<string>();
  const related = new Map<string, Set<string>>();
  const add = (set: Set<string>, v: unknown) => {
    if (typeof v === 'string') set.add(v);
    else if (Array.isArray(v)) for (const x of v) if (typeof x === 'string') set.add(x);
  };
  for (const item of items) {
    add(userIds, item.createdBy);
    add(userIds, item.updatedBy);
    for (const f of subject.fields) {
      const v = item.values[f.key];
      if (f.type === 'user' || f.type === 'createdBy' || f.type === 'updatedBy') add(userIds, v);
      else if (f.type === 'attachment') add(fileIds, v);
      else if (f.type === 'relation' && f.options.targetSubjectId) {
        const set = related.get(f.options.targetSubjectId) ?? new Set<string>();
        add(set, v);
        related.set(f.options.targetSubjectId, set);
      }
    }
  }
  const labels: Record<string, string> = {};
  if (userIds.size > 0) {
    const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...userIds]));
    for (const r of rows) labels[r.id] = r.name;
  }
  for (const [targetId, ids] of related) {
    if (ids.size === 0) continue;
    const target = targetId === subject.id ? subject : await loadSubjectDef(db, { id: targetId }, cache);
    if (target) Object.assign(labels, await displayValuesOf(db, target, [...ids]));
  }
  const files: Record<string, Attachment> = {};
  if (fileIds.size > 0) {
    const rows = await db
      .select()
      .from(attachments)
      .where(and(inArray(attachments.id, [...fileIds]), isNull(attachments.deletedAt)));
    for (const a of rows) {
      files[a.id] = {
        id: a.id,
        fileName: a.fileName,
        size: a.size,
        mimeType: a.mimeType,
        sha256: a.sha256,
        createdAt: a.createdAt.toISOString(),
        createdBy: a.createdBy,
      };
    }
  }
  return { labels, files };
}
