/**
 * SQL of imports (docs/code-style.md "Server in layers"): import_batches, the staged import_rows,
 * and the set-based statements that move a batch's rows into / out of a subject's table.
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ImportBatch } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { applications, importBatches, importRows, subjects, tasks, type ImportBatchRow, type ImportRowRow } from '../../db/schema';

/** Rows per staging INSERT / per check or run chunk (each chunk its own short transaction). */
export const CHUNK = 1000;

/** The pause between two chunks of a check or a run, ms (pauseForOthers). */
export const CHUNK_PAUSE_MS = 5;

/**
 * Lets other requests in between two chunks of a long step. PGlite runs a statement synchronously
 * in this process and resolves it as a microtask, so a loop of statements never gives the event
 * loop back: without this pause no other request is even read until the step ends (measured: the
 * check of 30,000 rows held every other request for 1.8–2.3 s; a pause of CHUNK_PAUSE_MS before
 * each chunk brings the longest wait down to one chunk's statements). On PostgreSQL it costs
 * CHUNK_PAUSE_MS per 1,000 rows.
 */
export function pauseForOthers(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, CHUNK_PAUSE_MS));
}

/** A batch row with its application slug and subject key/name. */
export interface BatchWithNames {
  batch: ImportBatchRow;
  application: string;
  subject: string;
  subjectName: string;
  /** The batch's latest run or undo task (tasks.id), null when none (never run, or purged). */
  taskId?: string | null;
}

/** A batch as the API answers it. */
export function toImportBatch(r: BatchWithNames): ImportBatch {
  const b = r.batch;
  return {
    id: b.id,
    application: r.application,
    subject: r.subject,
    subjectName: r.subjectName,
    fileName: b.fileName,
    format: b.format,
    headers: b.headers as string[],
    mapping: b.mapping as Record<string, string | null>,
    mode: b.mode,
    keyFields: b.keyFields as string[],
    onError: b.onError,
    status: b.status,
    total: b.total,
    valid: b.valid,
    invalid: b.invalid,
    warned: b.warned,
    inserted: b.inserted,
    updated: b.updated,
    unchanged: b.unchanged,
    skipped: b.skipped,
    processed: b.processed,
    error: b.error,
    createdBy: b.createdBy,
    createdByLabel: b.createdByLabel,
    createdAt: b.createdAt.toISOString(),
    finishedAt: b.finishedAt?.toISOString() ?? null,
    undoneAt: b.undoneAt?.toISOString() ?? null,
    taskId: r.taskId ?? null,
  };
}

/**
 * The batch's latest task: its run's or undo's (kinds of imports.tasks.ts, whose singleton key is
 * the batch id); one probe of tasks_kind_idx per batch, over the import tasks kept (finished ones
 * are purged after the task retention, tasks.builtin.ts).
 */
const latestTask = sql<string | null>`(select ${tasks.id} from ${tasks}
  where ${tasks.kind} in ('imports.run', 'imports.undo') and ${tasks.singletonKey} = ${importBatches.id}::text
  order by ${tasks.createdAt} desc limit 1)`;

const withNames = {
  batch: importBatches,
  application: applications.slug,
  subject: subjects.key,
  subjectName: subjects.name,
  taskId: latestTask,
};

/** One batch with names; undefined when none. */
export async function findBatch(db: Executor, id: string): Promise<BatchWithNames | undefined> {
  const [row] = await db
    .select(withNames)
    .from(importBatches)
    .innerJoin(applications, eq(applications.id, importBatches.applicationId))
    .innerJoin(subjects, eq(subjects.id, importBatches.subjectId))
    .where(eq(importBatches.id, id))
    .limit(1);
  return row;
}

/** A page of batches matching `where`, newest first, and how many match. */
export async function listBatches(db: Executor, where: SQL | undefined, limit: number, offset: number): Promise<{ rows: BatchWithNames[]; total: number }> {
  const rows = await db
    .select(withNames)
    .from(importBatches)
    .innerJoin(applications, eq(applications.id, importBatches.applicationId))
    .innerJoin(subjects, eq(subjects.id, importBatches.subjectId))
    .where(where)
    .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(importBatches)
    .innerJoin(applications, eq(applications.id, importBatches.applicationId))
    .innerJoin(subjects, eq(subjects.id, importBatches.subjectId))
    .where(where);
  return { rows, total: n };
}

/** Sets columns of a batch (updated_at moves on). */
export async function setBatch(db: Executor, id: string, set: Partial<typeof importBatches.$inferInsert>): Promise<void> {
  await db
    .update(importBatches)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(importBatches.id, id));
}

/**
 * Stages raw rows: `rows[i]` is row number `first + i`. One INSERT whose rows travel as ONE jsonb
 * parameter (cheaper for PGlite to bind than 3 parameters a row).
 */
export async function stageRows(db: Executor, batchId: string, first: number, rows: string[][]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`insert into import_rows (batch_id, row_number, raw)
    select ${batchId}::uuid, ${first - 1} + x.n, x.raw from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as x(raw, n)`);
}

/** A chunk of staged rows to check: row number and cells only. */
export async function checkRowsAfter(db: Executor, batchId: string, afterRow: number, limit: number) {
  return db
    .select({ rowNumber: importRows.rowNumber, raw: importRows.raw })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), gt(importRows.rowNumber, afterRow)))
    .orderBy(asc(importRows.rowNumber))
    .limit(limit);
}

/** A staged row the run writes from JavaScript: row number, action, record id and canonical values. */
export interface RunRow {
  rowNumber: number;
  action: string | null;
  recordId: string | null;
  values: unknown;
}

/** The next chunk of a run: its size and last row number, its rows to insert, and the rows it reads (runChunkAfter). */
export interface RunChunk {
  /** Staged rows in the chunk (any action), at most the limit; 0 when the batch has no more. */
  size: number;
  /** The chunk's last row number (its first is the one after `afterRow`). */
  to: number;
  /** Its rows to insert. */
  inserts: number;
  /** Its rows to update, and its rows to insert too when asked (`insertValues`), in row order. */
  rows: RunRow[];
}

/**
 * The next chunk of a run: the `limit` staged rows after `afterRow` (any action). Its rows to
 * update come with their values, its rows to insert only with `insertValues` — the run writes the
 * inserts from import_rows in SQL unless the subject computes values in JavaScript (imports.run.ts).
 * One statement (an aggregate over the chunk) when the chunk has nothing to read, two otherwise.
 */
export async function runChunkAfter(
  db: Executor,
  batchId: string,
  afterRow: number,
  limit: number,
  insertValues: boolean,
): Promise<RunChunk> {
  const [head] = rowsOf<{ n: number; to: number | null; i: number; u: number }>(
    await db.execute(sql`select count(*)::int as n, max(row_number)::int as "to",
        count(*) filter (where action = 'insert')::int as i, count(*) filter (where action = 'update')::int as u
      from (select row_number, action from import_rows where batch_id = ${batchId}::uuid and row_number > ${afterRow}
        order by row_number limit ${limit}) t`),
  );
  const size = Number(head?.n ?? 0);
  const to = Number(head?.to ?? afterRow);
  const inserts = Number(head?.i ?? 0);
  const read: ('insert' | 'update')[] = insertValues ? ['insert', 'update'] : ['update'];
  const rows =
    Number(head?.u ?? 0) + (insertValues ? inserts : 0) === 0
      ? []
      : await db
          .select({
            rowNumber: importRows.rowNumber,
            action: importRows.action,
            recordId: importRows.recordId,
            values: importRows.values,
          })
          .from(importRows)
          .where(
            and(
              eq(importRows.batchId, batchId),
              gt(importRows.rowNumber, afterRow),
              lte(importRows.rowNumber, to),
              inArray(importRows.action, read),
            ),
          )
          .orderBy(asc(importRows.rowNumber));
  return { size, to, inserts, rows };
}

/** A chunk of staged rows after `afterRow` (row number order), at most `limit`. */
export async function rowsAfter(
  db: Executor,
  batchId: string,
  afterRow: number,
  limit: number,
  where?: SQL,
): Promise<ImportRowRow[]> {
  return db
    .select()
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), gt(importRows.rowNumber, afterRow), where))
    .orderBy(asc(importRows.rowNumber))
    .limit(limit);
}

/** A page of staged rows (only those with errors when `errorsOnly`) and how many there are. */
export async function pageRows(
  db: Executor,
  batchId: string,
  only: 'errors' | 'warnings' | null,
  limit: number,
  offset: number,
): Promise<{ rows: ImportRowRow[]; total: number }> {
  const filter = only === 'errors' ? isNotNull(importRows.errors) : only === 'warnings' ? isNotNull(importRows.warnings) : undefined;
  const where = and(eq(importRows.batchId, batchId), filter);
  const rows = await db.select().from(importRows).where(where).orderBy(asc(importRows.rowNumber)).limit(limit).offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(importRows).where(where);
  return { rows, total: n };
}

/** Per-row results written back in one statement (jsonb_to_recordset), keyed by row number. */
export interface RowResult {
  row_number: number;
  values?: unknown;
  errors?: unknown;
  warnings?: unknown;
  action?: string | null;
  record_id?: string | null;
  version_before?: number | null;
  version_after?: number | null;
  apply?: unknown;
  changes?: unknown;
  snapshot?: unknown;
}

/** Writes `results` into the batch's staged rows: only the columns named in `columns`. */
export async function saveRowResults(
  db: Executor,
  batchId: string,
  results: RowResult[],
  columns: (keyof RowResult)[],
): Promise<void> {
  if (results.length === 0) return;
  const types: Record<keyof RowResult, string> = {
    row_number: 'int',
    values: 'jsonb',
    errors: 'jsonb',
    warnings: 'jsonb',
    action: 'text',
    record_id: 'uuid',
    version_before: 'int',
    version_after: 'int',
    apply: 'jsonb',
    changes: 'jsonb',
    snapshot: 'jsonb',
  };
  const defs = ['row_number int', ...columns.map((c) => `${c} ${types[c]}`)].join(', ');
  const sets = columns.map((c) => `${c} = x.${c}`).join(', ');
  await db.execute(
    sql`update import_rows ir set ${sql.raw(sets)} from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as x(${sql.raw(defs)})
      where ir.batch_id = ${batchId}::uuid and ir.row_number = x.row_number`,
  );
}
