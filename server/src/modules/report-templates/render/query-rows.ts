/**
 * A saved query's rows read page by page with a keyset (docs/report-rendering.md "The data model"):
 * each page continues after the previous page's last row (its sort values and id, through the
 * records module's `keysetPhases`), in the query's own order (`orderBy`: its sort keys, then the id),
 * so every page is one short, index-friendly statement however deep it is — no OFFSET that re-reads
 * the rows before it. Rows are the same as record-queries' `selectRows` gives, with the `labels`
 * (names of users and related records) of each page's ids. Between two pages the event loop turns, so
 * other requests' statements run in between (PGlite runs one statement at a time, synchronously).
 */
import { sql } from 'drizzle-orm';
import { RENDER_QUERY_PAGE_ROWS } from '../../../../../contracts/report-templates.constants';
import { rowsOf, type Executor } from '../../../db/client';
import { labelsOf } from '../../record-queries/query-labels';
import type { PreparedQuery } from '../../record-queries/query-run';
import { tableOf } from '../../records/records.service';
import { keysetPhases, sortSignature, type Cursor } from '../../records/sort';

/** One page of a query's rows: `id` plus one cell per column name, and the names of the ids they hold. */
export interface QueryRowPage {
  rows: Record<string, unknown>[];
  labels: Record<string, string>;
}

/**
 * The rows of `q` in its order, at most `max`, in pages of at most `pageSize` (RENDER_QUERY_PAGE_ROWS) rows (the last page
 * may be shorter; no empty page). Reads the next page only when the caller asks for it, so a
 * consumer writing rows out holds one page at a time.
 */
export async function* queryRowPages(db: Executor, q: PreparedQuery, opts: { max: number; pageSize?: number }): AsyncGenerator<QueryRowPage> {
  const pageSize = opts.pageSize ?? RENDER_QUERY_PAGE_ROWS;
  const table = tableOf(q.subject, 'r');
  const joins = q.joins.length ? sql.join(q.joins, sql` `) : sql``;
  const cells = q.columns.map((c, i) => sql`${c.select} as ${sql.raw(`c${i}`)}`);
  // each sort key's value as text: what the next page's keyset casts back to the key's type
  const keyValues = q.keys.map((k, i) => sql`(${k.cursorExpr})::text as ${sql.raw(`k${i}`)}`);
  const select = sql.join([sql`r.id::text as id`, ...cells, ...keyValues], sql`, `);
  const read = async (where: typeof q.where, limit: number) =>
    rowsOf<Record<string, unknown>>(await db.execute(sql`select ${select} from ${table} ${joins} where ${where} order by ${q.orderBy} limit ${limit}`));

  let cursor: Cursor | null = null;
  for (let done = 0; done < opts.max; ) {
    const want = Math.min(pageSize, opts.max - done);
    // a turn of the event loop between pages: PGlite runs a statement synchronously and its answer
    // resumes this loop as a microtask, so back-to-back pages would hold the loop (and every other
    // request) for the whole read (~1.7 s for 100,000 rows)
    if (cursor) await new Promise<void>((resolve) => setImmediate(resolve));
    let got: Record<string, unknown>[] = [];
    if (!cursor) got = await read(q.where, want);
    else {
      for (const phase of keysetPhases(q.keys, cursor)) {
        got = got.concat(await read(sql`${q.where} and ${phase}`, want - got.length));
        if (got.length >= want) break;
      }
    }
    if (got.length === 0) return;
    const cellRows = got.map((row) => q.columns.map((c, i) => c.read(row[`c${i}`])));
    const labels = await labelsOf(db, q.columns, cellRows);
    const rows = got.map((row, n) => {
      const out: Record<string, unknown> = { id: String(row.id) };
      q.columns.forEach((c, i) => (out[c.name] = cellRows[n][i]));
      return out;
    });
    const last = got[got.length - 1];
    cursor = { s: sortSignature(q.keys), v: q.keys.map((_, i) => (last[`k${i}`] === null || last[`k${i}`] === undefined ? null : String(last[`k${i}`]))), id: String(last.id) };
    done += got.length;
    yield { rows, labels };
    if (got.length < want) return;
  }
}
