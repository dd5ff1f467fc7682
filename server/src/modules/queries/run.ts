/**
 * Running a compiled analytics query (docs/queries.md "Limits"): in one transaction,
 * 1. on PostgreSQL, `set local statement_timeout` to QUERY_TIMEOUT_MS (PGlite ignores it and runs
 *    one statement at a time, so there the cost cap is what keeps one user from stalling others);
 * 2. EXPLAIN (FORMAT JSON) the statement: a total cost over QUERY_COST_MAX is refused with 422
 *    QUERY_TOO_COSTLY before anything runs;
 * 3. run it with `limit + 1` rows (at most QUERY_ROW_CAP): more rows → `truncated`.
 * A statement cancelled by the timeout (SQLSTATE 57014) is 422 QUERY_TIMEOUT. Numbers come back as
 * JSON numbers (PostgreSQL numerics and counts converted with Number), dates as `YYYY-MM-DD`,
 * datetimes as ISO instants (UTC), ids as text with their names in `labels`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { QUERY_COST_MAX, QUERY_ROW_CAP, QUERY_TIMEOUT_MS, type QueryResult } from '../../../../contracts';
import { rowsOf, type Database, type Engine, type Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { labelsOf } from '../record-queries/query-labels';
import { tableNameOf } from '../subjects/ddl';
import type { CompiledQuery, OutputColumn } from './compile';

/** Renders a statement's text and parameters (the same PostgreSQL dialect the driver uses). */
const dialect = new PgDialect();

/** The SQLSTATE of a statement cancelled by statement_timeout. */
const QUERY_CANCELED = '57014';

/** The cost cap and the timeout in force (contracts' constants; tests lower them to reach the refusals). */
export const queryLimits = { costMax: QUERY_COST_MAX, timeoutMs: QUERY_TIMEOUT_MS };

const tooCostly = (cost: number) =>
  new HttpError(422, 'QUERY_TOO_COSTLY', 'errors.query.tooCostly', undefined, { params: { cost: Math.round(cost), max: queryLimits.costMax } });
const timedOut = () => new HttpError(422, 'QUERY_TIMEOUT', 'errors.query.timeout', undefined, { params: { seconds: queryLimits.timeoutMs / 1000 } });

/** The SQLSTATE of a driver error (pg puts it on the error, PGlite too; drizzle may wrap it in `cause`). */
function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** The planner's total cost of `statement`. */
export async function estimateCost(db: Executor, statement: SQL): Promise<number> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${statement}`));
  const plan = rows[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Total Cost': number } }>;
  return parsed[0].Plan['Total Cost'];
}

/** A cell as JSON: numbers as numbers (counts and numerics arrive as text), the rest as read. */
function cellOf(c: OutputColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (c.type === 'number') return typeof value === 'number' ? value : Number(value);
  if (c.type === 'boolean') return value === true || value === 't' || value === 'true';
  return value;
}

/**
 * Runs `q` with at most `limit` rows (capped at QUERY_ROW_CAP) inside the timeout and the cost cap,
 * or answers the cached result of the same statement when no table it read has changed since
 * (`cached: true`; lib/result-cache.ts, docs/queries.md "Result cache"). `opts.withSql`: add the
 * statement's text and parameters, for an administrator's read-only view.
 * @throws HttpError 422 QUERY_TOO_COSTLY / QUERY_TIMEOUT.
 */
export async function executeQuery(
  db: Database,
  engine: Engine,
  q: CompiledQuery,
  limit: number,
  opts: { withSql: boolean },
  cache?: ReadCache,
): Promise<QueryResult> {
  const cap = Math.min(limit, QUERY_ROW_CAP);
  const statement = q.statement(cap + 1);
  const query = dialect.sqlToQuery(statement);
  const run = () => runStatement(db, engine, q, statement, cap, cache);
  let result: QueryResult;
  if (cache) {
    // the statement and its parameters fix the rows; the columns' labels (the reader's language) are not in it
    const key = `${query.sql}\u0000${JSON.stringify(query.params)}\u0000${JSON.stringify(q.columns.map((c) => c.label))}`;
    const got = await cache.results.get(key, tablesRead(q, query.sql), run);
    result = got.hit ? { ...(got.value as QueryResult), cached: true } : (got.value as QueryResult);
  } else {
    result = await run();
  }
  return opts.withSql ? { ...result, sql: query.sql, params: query.params } : result;
}

/** A subject's table as the statement names it (subjects/ddl.ts tableNameOf, quoted). */
const SUBJECT_TABLE = /"(rec_[0-9a-f]{32})"/g;

/**
 * The tables a result depends on (lib/result-cache.ts): every subject table the statement names
 * (the base, the joins, a filter's relation paths), record_links when it reads them, and the
 * tables of the records its columns name (their labels).
 */
function tablesRead(q: CompiledQuery, text: string): string[] {
  const tables = new Set<string>();
  for (const m of text.matchAll(SUBJECT_TABLE)) tables.add(m[1]);
  if (text.includes('record_links')) tables.add('record_links');
  for (const c of q.columns) if (c.refers?.kind === 'record') tables.add(tableNameOf(c.refers.subjectId));
  return [...tables].sort();
}

/** Runs the statement in its transaction (timeout, cost cap) and shapes the result. @throws as executeQuery. */
async function runStatement(db: Database, engine: Engine, q: CompiledQuery, statement: SQL, cap: number, cache?: ReadCache): Promise<QueryResult> {
  const started = performance.now();
  let cost = 0;
  let raw: Record<string, unknown>[];
  try {
    raw = await db.transaction(async (tx) => {
      if (engine === 'postgres') await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(queryLimits.timeoutMs))}`));
      cost = await estimateCost(tx, statement);
      if (cost > queryLimits.costMax) throw tooCostly(cost);
      return rowsOf<Record<string, unknown>>(await tx.execute(statement));
    });
  } catch (err) {
    if (sqlState(err) === QUERY_CANCELED) throw timedOut();
    throw err;
  }
  const elapsedMs = Math.round((performance.now() - started) * 10) / 10;
  const truncated = raw.length > cap;
  const keys = q.columns.map((c, i) => (c.role === 'dimension' ? `d${i}` : c.role === 'measure' ? `m${i}` : `c${i}`));
  const rows = raw.slice(0, cap).map((r) => q.columns.map((c, i) => cellOf(c, r[keys[i]])));
  const labels = await labelsOf(db, q.columns, rows, cache);
  return {
    columns: q.columns.map(({ expr: _e, refers: _r, ...c }) => c),
    rows,
    labels,
    truncated,
    rowCap: cap,
    cost,
    elapsedMs,
  };
}
