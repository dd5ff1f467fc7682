/**
 * Running an import ("PGlite serves one statement at a time: stage rows in chunks and make
 * the batch live in one short transaction, so an import never blocks other users for more than a
 * moment"; "a crash in the middle of an import leaves no half batch"). Two phases:
 *
 * 1. Prepare, chunk by chunk (CHUNK rows, each chunk its own short transaction, other requests run
 *    between chunks):
 *    - rows to insert are written into the subject's table STAGED (`import_batch_id` = the batch,
 *      whose status is `running`: no read shows them, subjects/live-rows.ts), already in every
 *      index, with their auto numbers, system values, formulas, many-relation links and their
 *      history version 1 (batch_id = the batch); a unique value someone took meanwhile fails here
 *      (409 VALUE_TAKEN);
 *    - rows to update are diffed against the record as it is now: the changed values (formulas
 *      recomputed), the field changes and the snapshot after go to import_rows with the record's
 *      version (`version_before`); a row that changes nothing is 'unchanged'.
 * 2. Make live:
 *    - the updates, chunk by chunk, each its own short transaction (applyUpdates): every chunk is
 *      checked first — a record that moved on since the prepare (its version is not
 *      `version_before`) refuses the batch (409, nothing imported) — then written: the records from
 *      import_rows and their history versions. While the batch runs, other users may read those
 *      records (between chunks they see each one either as it was or as imported) but not write
 *      them: records.repository answers 409 (errors.record.importing);
 *    - then ONE short transaction: mark the batch done — which is what shows its inserted rows,
 *      without touching them — and tell the finished event's listener (imports.events.ts). The
 *      audit entry `import.run` was written when the run's task was queued (imports.service).
 *
 * 3. Once live, the subject's enabled rules (docs/rules.md) flag the records the batch inserted and
 *    updated, chunk by chunk (flagByRules): incidents opened for the rules they fail, those of rules
 *    an updated record now passes resolved. Rows failing a blocking rule never get here: the check
 *    made them bad rows (imports.check.ts), refused or skipped as the on-error policy says. Nothing
 *    is done when the subject has no enabled rule. A failure here leaves the batch done (its
 *    records are live) and is told on the task's progress; a validation run finds what it missed.
 *
 * The run is a task (imports.tasks.ts). A failure that ends it for good (a rule's refusal, a
 * cancel, the task's last attempt; the test hooks `importTestHooks.afterChunk` / `afterApplyChunk`
 * throw one without an engine) → `discardRun`: the records already updated are put back
 * (rollBackUpdates), the staged rows, their links and the batch's versions are deleted and the
 * batch is marked failed. Otherwise (a retry remains) the batch stays `running` and the retried
 * attempt resumes after the batch's `processed` marker, committed with each chunk (runRows); a
 * process that dies mid-run leaves its task to be retried the same way.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CurrentUser, RecordItem } from '../../../../contracts';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { importBatches, importRows, recordLinks, recordVersions } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { ident, sequenceNameOf } from '../subjects/ddl';
import { formulaPacer } from '../subjects/formula';
import type { FieldDef, SubjectDef } from '../subjects/subject-def';
import { computeFormulas, formatAutoNumber, systemValues } from '../subjects/compute';
import { findRecords, tableOf } from '../records/records.service';
import { chunkFailures, flagRecords, loadSubjectRules } from '../rules/subject-rules';
import { diffRecordValues } from '../records/records.service';
import { uniqueViolation, type FieldValue } from '../subjects/values';
import { CHUNK, pauseForOthers, runChunkAfter, saveRowResults, setBatch, type RowResult } from './imports.repository';
import { onImportFinished } from './imports.events';
import { diffUpdate, jsonValueExpr, manyRelations, ownColumns, writeUpdates, type UpdateItem } from './imports.write';

/**
 * Test hooks: `afterChunk(k)` runs after prepare chunk k (1-based) has committed, `afterApplyChunk(k)`
 * after chunk k of the updates made live; a throw simulates a crash there (and a test may look at
 * what other users see meanwhile).
 */
export const importTestHooks: { afterChunk?: (k: number) => void | Promise<void>; afterApplyChunk?: (k: number) => void | Promise<void> } = {};

/** Who runs the import and where; the run's task (imports.tasks.ts) makes it. */
export interface RunContext {
  user: CurrentUser;
  slug: string;
  subject: SubjectDef;
  batchId: string;
  /** The run's time: every row and history version it writes carries it (the same on a resumed attempt). */
  at: Date;
  /** The task that runs it (for the finished event). */
  taskId?: string | null;
  /** Told the batch's rows done so far, after each committed chunk (the task's progress). */
  progress?: (done: number, total: number, message: string) => Promise<void>;
  /** Asked before each chunk: true stops the run there (it throws ImportStopped). */
  isCancelled?: () => Promise<boolean>;
}

/** Thrown between two chunks when the run's task was cancelled or timed out (ctx.isCancelled). */
export class ImportStopped extends Error {
  constructor() {
    super('stopped between chunks');
  }
}

/** Throws ImportStopped when the run's task says stop (between chunks only). */
async function stopIfAsked(ctx: Pick<RunContext, 'isCancelled'>): Promise<void> {
  if (ctx.isCancelled && (await ctx.isCancelled())) throw new ImportStopped();
}

/**
 * The last row number of the batch's committed prepare chunks: the batch's `processed` rows
 * (the marker each chunk commits with its rows) counted in row order; 0 when none.
 */
async function resumeAfter(db: Executor, batchId: string, processed: number): Promise<number> {
  if (processed <= 0) return 0;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select row_number as n from import_rows where batch_id = ${batchId}::uuid order by row_number offset ${processed - 1} limit 1`),
  );
  return row ? Number(row.n) : 0;
}

/** The rows of one run chunk: its row numbers `from`..`to` in import_rows (the batch's rows to insert among them). */
interface ChunkRange {
  from: number;
  to: number;
}

/** True when the run computes values of `subject` in JavaScript (a formula or an auto number field): its inserts go through prepareInsertsInJs. */
export const computesInJs = (subject: SubjectDef): boolean =>
  subject.fields.some((f) => f.type === 'formula' || f.type === 'autoNumber');

/** The system field types (stamps: the run's time and user). */
const SYSTEM_TYPES = ['createdAt', 'createdBy', 'updatedAt', 'updatedBy'];

/**
 * The SQL of a jsonb object of `pairs` (key, jsonb SQL): jsonb_build_object in groups of 50 pairs
 * (a function takes at most 100 arguments) joined by `||`, in parentheses (`-` binds tighter than
 * `||`); `'{}'` when none.
 */
function jsonObject(pairs: [string, SQL][]): SQL {
  if (pairs.length === 0) return sql`'{}'::jsonb`;
  const groups: SQL[] = [];
  for (let i = 0; i < pairs.length; i += 50)
    groups.push(
      sql`jsonb_build_object(${sql.join(
        pairs.slice(i, i + 50).map(([k, v]) => sql`${k}::text, ${v}`),
        sql`, `,
      )})`,
    );
  return sql`(${sql.join(groups, sql` || `)})`;
}

/** The chunk's rows to insert in import_rows (SQL condition on `ir`). */
const insertsIn = (batchId: string, range: ChunkRange) =>
  sql`ir.batch_id = ${batchId}::uuid and ir.action = 'insert' and ir.row_number between ${range.from} and ${range.to}`;

/**
 * Inserts the rows of one chunk staged (`import_batch_id`), with their many-relation links and
 * history versions 1. When the subject computes nothing in JavaScript (no formula, no auto number:
 * computesInJs) the rows never leave the database: each statement reads the chunk's checked values
 * from import_rows (one INSERT … SELECT for the rows, one per many-relation field for the links,
 * one for the versions, whose snapshot and field changes are built in SQL exactly as
 * diffRecordValues builds them); otherwise prepareInsertsInJs. The snapshot is the canonical values
 * written, which is what the columns read back as (subjects/values.ts).
 */
async function prepareInserts(
  tx: Executor,
  ctx: RunContext,
  range: ChunkRange,
  count: number,
  rows: { rowNumber: number; id: string; values: Record<string, FieldValue> }[],
  at: Date,
): Promise<void> {
  if (count === 0) return;
  const { subject, user } = ctx;
  const iso = at.toISOString();
  const cols = ownColumns(subject);
  const names = [
    'id',
    'version',
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
    'import_batch_id',
    ...cols.map((f) => f.column!),
  ];
  const stamps = sql`${iso}::timestamptz, ${user.id}::uuid, ${iso}::timestamptz, ${user.id}::uuid, ${ctx.batchId}::uuid`;
  for (const f of manyRelations(subject)) {
    const value = sql`ir.values -> ${f.key}`;
    await tx.execute(sql`insert into record_links (field_id, source_id, target_id, position)
      select ${f.id}::uuid, ir.record_id, e.value::uuid, (e.ord - 1)::int from import_rows ir,
      jsonb_array_elements_text(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end) with ordinality as e(value, ord)
      where ${insertsIn(ctx.batchId, range)}`);
  }
  if (computesInJs(subject)) return prepareInsertsInJs(tx, ctx, rows, at, names, stamps);
  await tx.execute(
    sql`insert into ${tableOf(subject)} (${sql.raw(names.map(ident).join(', '))})
      select ir.record_id, 1, ${stamps}, ${sql.join(
        cols.map((f) => jsonValueExpr(f, sql`(ir.values -> ${f.key})`)),
        sql`, `,
      )}
      from import_rows ir where ${insertsIn(ctx.batchId, range)} order by ir.row_number`,
  );
  // snapshot: every field's value (null when absent) and the stamps; changes: every non-system field not null (diffRecordValues against nothing)
  const data = subject.fields.filter((f) => !SYSTEM_TYPES.includes(f.type));
  const valueOf = (f: FieldDef) => sql`coalesce(ir.values -> ${f.key}, 'null'::jsonb)`;
  const system = JSON.stringify(
    systemValues(subject, { createdAt: iso, createdBy: user.id, updatedAt: iso, updatedBy: user.id }),
  );
  const snapshot = sql`${jsonObject(data.map((f) => [f.key, valueOf(f)]))} || ${system}::jsonb`;
  const nulls = data.map((f) => sql`case when ${valueOf(f)} = 'null'::jsonb then ${f.key}::text end`);
  const changes = sql`${jsonObject(data.map((f) => [f.key, sql`jsonb_build_object('before', null, 'after', ${valueOf(f)})`]))} - array_remove(array[${sql.join(nulls, sql`, `)}]::text[], null)`;
  await tx.execute(sql`insert into record_versions (subject_id, record_id, version, action, actor_id, actor_label, at, changes, snapshot, batch_id)
    select ${subject.id}::uuid, ir.record_id, 1, 'create', ${user.id}::uuid, ${user.name}, ${iso}::timestamptz, ${data.length ? changes : sql`'{}'::jsonb`}, ${snapshot}, ${ctx.batchId}::uuid
    from import_rows ir where ${insertsIn(ctx.batchId, range)} order by ir.row_number`);
}

/**
 * prepareInserts for a subject with formulas or auto numbers: the values written are computed here
 * (auto numbers taken for the chunk, the stamps, the formulas) and travel as ONE jsonb parameter (a
 * statement of 1,000 rows × N columns of parameters costs PGlite far more to bind than one jsonb it
 * unpacks itself) to the rows' INSERT and the versions' INSERT.
 */
async function prepareInsertsInJs(
  tx: Executor,
  ctx: RunContext,
  rows: { rowNumber: number; id: string; values: Record<string, FieldValue> }[],
  at: Date,
  names: string[],
  stamps: SQL,
): Promise<void> {
  const { subject, user } = ctx;
  const iso = at.toISOString();
  const payload: { id: string; v: Record<string, FieldValue>; c: unknown; s: Record<string, FieldValue> }[] = [];
  const pace = formulaPacer();
  const numbers = await chunkAutoNumbers(tx, subject, rows.length);
  for (const [i, r] of rows.entries()) {
    await pace();
    const written: Record<string, FieldValue> = {
      ...r.values,
      ...numbers[i],
      ...systemValues(subject, { createdAt: iso, createdBy: user.id, updatedAt: iso, updatedBy: user.id }),
    };
    Object.assign(written, computeFormulas(subject, written));
    const snapshot: Record<string, FieldValue> = {};
    for (const f of subject.fields) snapshot[f.key] = written[f.key] ?? null;
    payload.push({ id: r.id, v: written, c: diffRecordValues(subject, null, snapshot), s: snapshot });
  }
  const json = JSON.stringify(payload);
  await tx.execute(
    sql`insert into ${tableOf(subject)} (${sql.raw(names.map(ident).join(', '))})
      select (x ->> 'id')::uuid, 1, ${stamps},
        ${sql.join(
          ownColumns(subject).map((f) => jsonValueExpr(f, sql`(x -> 'v' -> ${f.key})`)),
          sql`, `,
        )}
      from jsonb_array_elements(${json}::jsonb) x`,
  );
  await tx.execute(sql`insert into record_versions (subject_id, record_id, version, action, actor_id, actor_label, at, changes, snapshot, batch_id)
    select ${subject.id}::uuid, (x ->> 'id')::uuid, 1, 'create', ${user.id}::uuid, ${user.name}, ${iso}::timestamptz, x -> 'c', x -> 's', ${ctx.batchId}::uuid
    from jsonb_array_elements(${json}::jsonb) x`);
}

/**
 * The next `n` auto numbers of every autoNumber field of `subject`, one statement per field for the
 * chunk (`nextval` over `generate_series`, in row order) where records.service asks once per row:
 * 1,000 statements a chunk fewer per such field. @returns one object per row: field key → number.
 */
async function chunkAutoNumbers(tx: Executor, subject: SubjectDef, n: number): Promise<Record<string, string>[]> {
  const out: Record<string, string>[] = Array.from({ length: n }, () => ({}));
  for (const f of subject.fields) {
    if (f.type !== 'autoNumber' || n === 0) continue;
    const rows = rowsOf<{ v: string }>(
      await tx.execute(sql`select nextval(${ident(sequenceNameOf(f.id))}::regclass)::text as v from generate_series(1, ${n}::int) g order by g`),
    );
    rows.forEach((r, i) => (out[i][f.key] = formatAutoNumber(f, r.v)));
  }
  return out;
}

/** Diffs the rows of one chunk to update against their records (diffUpdate); results for import_rows. */
async function prepareUpdates(
  tx: Executor,
  ctx: RunContext,
  rows: { rowNumber: number; recordId: string; values: Record<string, FieldValue> }[],
  at: Date,
): Promise<RowResult[]> {
  if (rows.length === 0) return [];
  const current = new Map((await findRecords(tx, ctx.subject, [...new Set(rows.map((r) => r.recordId))])).map((r) => [r.id, r]));
  const pace = formulaPacer();
  const results: RowResult[] = [];
  for (const r of rows) {
    await pace();
    results.push(prepareUpdate(ctx, r, current.get(r.recordId), at));
  }
  return results;
}

/** One row of prepareUpdates: its diff against record `rec` (undefined when deleted since the check). */
function prepareUpdate(ctx: RunContext, r: { rowNumber: number; values: Record<string, FieldValue> }, rec: RecordItem | undefined, at: Date): RowResult {
  // deleted since the check: make the final step refuse the batch (no record at version -1)
  if (!rec) return { row_number: r.rowNumber, action: 'update', version_before: -1, version_after: 0, apply: {}, changes: {}, snapshot: {} };
  const diff = diffUpdate(ctx.subject, rec, r.values, at, ctx.user);
  if (!diff) return { row_number: r.rowNumber, action: 'unchanged', version_before: rec.version, version_after: rec.version };
  return { row_number: r.rowNumber, action: 'update', version_before: rec.version, version_after: rec.version + 1, ...diff };
}

/**
 * Prepares and makes live the valid rows of the batch (module comment). Resumable: each prepare
 * chunk commits with the batch's `processed` marker (the rows done so far), and a run started again
 * on a batch still `running` (a retried task attempt) goes on after the last committed chunk —
 * no row is staged twice; the updates already made live are recognised by their history version
 * (applyUpdates).
 * @returns the counts written.
 * @throws HttpError 409 CONFLICT when records to update changed since (nothing imported), 409
 *   VALUE_TAKEN when a unique value was taken meanwhile; ImportStopped when asked to stop; any
 *   error as thrown (the caller discards the run, or leaves it for a retry to resume).
 */
export async function runRows(db: Database, ctx: RunContext): Promise<{ inserted: number; updated: number; unchanged: number }> {
  const { batchId, at } = ctx;
  const [batch] = await db.select({ processed: importBatches.processed, total: importBatches.total }).from(importBatches).where(eq(importBatches.id, batchId));
  let processed = batch?.processed ?? 0;
  const total = batch?.total ?? 0;
  let k = 0;
  let after = await resumeAfter(db, batchId, processed);
  // the inserts' values are read here only when computed here (prepareInserts)
  const inJs = computesInJs(ctx.subject);
  for (;;) {
    // a pause before each chunk (imports.repository.ts pauseForOthers; before the first, the
    // notification that the batch runs reaches the other API processes first)
    await pauseForOthers();
    await stopIfAsked(ctx);
    const chunk = await runChunkAfter(db, batchId, after, CHUNK, inJs);
    if (chunk.size === 0) break;
    const range = { from: after + 1, to: chunk.to };
    after = range.to;
    k += 1;
    await db.transaction(async (tx) => {
      // (a unique value taken since the check fails the chunk's INSERT: 409 VALUE_TAKEN below)
      const inserts = chunk.rows
        .filter((r) => r.action === 'insert')
        .map((r) => ({ rowNumber: r.rowNumber, id: r.recordId!, values: r.values as Record<string, FieldValue> }));
      const updates = chunk.rows
        .filter((r) => r.action === 'update')
        .map((r) => ({ rowNumber: r.rowNumber, recordId: r.recordId!, values: r.values as Record<string, FieldValue> }));
      await prepareInserts(tx, ctx, range, chunk.inserts, inserts, at);
      const upd = await prepareUpdates(tx, ctx, updates, at);
      await saveRowResults(tx, batchId, upd, ['action', 'version_before', 'version_after', 'apply', 'changes', 'snapshot']);
      // the marker a resumed run goes on from, committed with the chunk's rows
      await tx.update(importBatches).set({ processed: processed + chunk.size, updatedAt: new Date() }).where(eq(importBatches.id, batchId));
    }).catch((err: unknown) => {
      throw uniqueViolation(ctx.subject, err) ?? err;
    });
    processed += chunk.size;
    await ctx.progress?.(processed, total, `prepared ${processed} of ${total} rows`);
    if (importTestHooks.afterChunk) await importTestHooks.afterChunk(k);
    if (chunk.size < CHUNK) break;
  }
  const counts = await makeLive(db, ctx, at);
  try {
    await flagByRules(db, ctx);
  } catch (err) {
    // the batch is done and its records live: never discard it for this (module comment, 3.)
    await ctx.progress?.(total, total, `import done; its records were not all checked against the rules: ${err instanceof Error ? err.message : String(err)}`);
  }
  return counts;
}

/**
 * Phase 3 (module comment): the subject's enabled rules over the records the batch inserted and
 * updated, CHUNK rows at a time, each chunk its own short transaction after the pause: the chunk's
 * records read once, each rule asked once over them (subject-rules.ts chunkFailures), the
 * incidents opened and resolved in two statements (flagRecords). No rule: one query, nothing else.
 */
async function flagByRules(db: Database, ctx: RunContext): Promise<void> {
  const { batchId } = ctx;
  // the batch is done: its rows are live now, whatever the definition loaded at the start says
  const subject = { ...ctx.subject, pendingImports: ctx.subject.pendingImports.filter((id) => id !== batchId) };
  const active = await loadSubjectRules(db, subject);
  if (active.length === 0) return;
  let after = 0;
  for (;;) {
    const rows = rowsOf<{ row_number: number; record_id: string; action: string }>(
      await db.execute(sql`select row_number, record_id, action from import_rows
        where batch_id = ${batchId}::uuid and row_number > ${after} and action in ('insert', 'update') and record_id is not null
        order by row_number limit ${CHUNK}`),
    );
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1].row_number);
    await pauseForOthers();
    await db.transaction(async (tx) => {
      const records = await findRecords(tx, subject, rows.map((r) => r.record_id));
      const failures = await chunkFailures(tx, subject, active, records);
      await flagRecords(
        tx,
        subject,
        active,
        rows.map((r) => ({ id: r.record_id, created: r.action === 'insert' })),
        failures,
      );
    });
    if (rows.length < CHUNK) break;
  }
}

/** Rows of the batch by planned action (import_rows; the batch is claimed, so they do not change meanwhile). */
async function actionCounts(db: Database, batchId: string): Promise<Record<'insert' | 'update' | 'unchanged' | 'skip', number>> {
  const rows = rowsOf<{ action: string | null; n: string }>(
    await db.execute(sql`select action, count(*)::text as n from import_rows where batch_id = ${batchId}::uuid group by action`),
  );
  const n = (a: string) => Number(rows.find((r) => r.action === a)?.n ?? 0);
  return { insert: n('insert'), update: n('update'), unchanged: n('unchanged'), skip: n('skip') };
}

/**
 * Phase 2 (module comment): the updates, chunk by chunk (applyUpdates), then the one short
 * transaction that makes the batch live: its status `done` (which shows the inserted rows) and the
 * finished event (imports.events.ts). The counts are read before (one scan of the batch's
 * import_rows). The audit entry `import.run` was written when the run was queued.
 */
async function makeLive(db: Database, ctx: RunContext, at: Date): Promise<{ inserted: number; updated: number; unchanged: number }> {
  const { subject, batchId } = ctx;
  const counts = await actionCounts(db, batchId);
  try {
    const updated = counts.update > 0 ? await applyUpdates(db, ctx, at) : 0;
    await stopIfAsked(ctx);
    return await db.transaction(async (tx) => {
      // the inserted rows are staged under this batch: marking it done is what shows them
      const inserted = counts.insert;
      const finishedAt = new Date();
      const [done] = await tx
        .update(importBatches)
        .set({ status: 'done', inserted, updated, unchanged: counts.unchanged, skipped: counts.skip, finishedAt, updatedAt: finishedAt, error: null })
        .where(eq(importBatches.id, batchId))
        .returning();
      await onImportFinished(tx, {
        batchId,
        applicationId: done.applicationId,
        application: ctx.slug,
        subject: subject.key,
        subjectId: subject.id,
        fileName: done.fileName,
        startedBy: ctx.user.id,
        taskId: ctx.taskId ?? null,
        inserted,
        updated,
        unchanged: counts.unchanged,
        skipped: counts.skip,
        finishedAt,
      });
      return { inserted, updated, unchanged: counts.unchanged };
    });
  } catch (err) {
    throw uniqueViolation(subject, err) ?? err;
  }
}

/** A run of the batch's rows to update: row numbers `from`..`to`, `n` rows (at most CHUNK). */
interface UpdateRange {
  from: number;
  to: number;
  n: number;
}

/** The batch's rows to update in ranges of CHUNK rows (one query over import_rows). */
async function updateRanges(db: Executor, batchId: string): Promise<UpdateRange[]> {
  const rows = rowsOf<{ from: number; to: number; n: number }>(
    await db.execute(sql`select min(row_number)::int as "from", max(row_number)::int as "to", count(*)::int as n
      from (select row_number, (row_number() over (order by row_number) - 1) / ${CHUNK} as g
        from import_rows where batch_id = ${batchId}::uuid and action = 'update') t
      group by g order by g`),
  );
  return rows.map((r) => ({ from: Number(r.from), to: Number(r.to), n: Number(r.n) }));
}

/** The batch's rows to update within `range` (SQL condition on import_rows `ir`). */
const inRange = (batchId: string, range: UpdateRange) =>
  sql`ir.batch_id = ${batchId}::uuid and ir.action = 'update' and ir.row_number between ${range.from} and ${range.to}`;

/**
 * The updates of phase 2, each chunk its own short transaction with a pause before it (PGlite
 * serves other requests between them):
 * 1. every chunk is checked before any is written: a record that moved on since the prepare (its
 *    version is not `version_before`, or it was deleted) refuses the batch, 409 CONFLICT naming the
 *    count, nothing imported;
 * 2. chunk by chunk, the changed values, many-relation links and history versions are written from
 *    import_rows, each record only at `version_before`: a record that moved on meanwhile (possible
 *    only through an API process that had not yet heard of the running batch, since records.
 *    repository refuses other writers the records a running batch updates) refuses the batch too.
 * Between chunks other users see the records written so far, each whole; on any failure the caller
 * discards the run, and discardRun puts the records written back first (rollBackUpdates).
 * @returns the records updated.
 */
async function applyUpdates(db: Database, ctx: RunContext, at: Date): Promise<number> {
  const { subject, batchId } = ctx;
  const table = tableOf(subject, 'r');
  const ranges = await updateRanges(db, batchId);
  const conflict = (n: number) => new HttpError(409, 'CONFLICT', 'errors.import.conflict', undefined, { params: { n } });
  // a record this batch already wrote (a resumed run): at `version_after`, with that history version naming the batch
  const written = sql`r.version = ir.version_after and exists (select 1 from record_versions va where va.record_id = r.id and va.version = ir.version_after and va.batch_id = ${batchId}::uuid)`;
  let moved = 0;
  const done = new Set<UpdateRange>();
  for (const range of ranges) {
    await pauseForOthers();
    const [row] = rowsOf<{ n: number; w: number }>(
      await db.execute(sql`select count(*) filter (where r.id is null or r.deleted_at is not null or (r.version <> ir.version_before and not (${written})))::int as n,
          count(*) filter (where r.id is not null and ${written})::int as w
        from import_rows ir left join ${table} on r.id = ir.record_id
        where ${inRange(batchId, range)}`),
    );
    moved += Number(row.n);
    // each chunk is written in one transaction: all its records or none
    if (Number(row.w) === range.n) done.add(range);
  }
  if (moved > 0) throw conflict(moved);
  let updated = 0;
  let k = 0;
  for (const range of ranges) {
    if (done.has(range)) {
      updated += range.n;
      continue;
    }
    await pauseForOthers();
    await stopIfAsked(ctx);
    updated += await db.transaction(async (tx) => {
      const n = await applyRange(tx, ctx, at, range);
      if (n !== range.n) throw conflict(range.n - n);
      await tx.update(importBatches).set({ updatedAt: new Date() }).where(eq(importBatches.id, batchId));
      return n;
    });
    k += 1;
    await ctx.progress?.(updated, ranges.reduce((a, r) => a + r.n, 0), `made live ${updated} updated records`);
    if (importTestHooks.afterApplyChunk) await importTestHooks.afterApplyChunk(k);
  }
  return updated;
}

/**
 * Writes one chunk of updates (applyUpdates step 2): the chunk's diffs from import_rows, through
 * writeUpdates (imports.write.ts), which the undo uses too. @returns the records written.
 */
async function applyRange(tx: Executor, ctx: RunContext, at: Date, range: UpdateRange): Promise<number> {
  const rows = rowsOf<{ record_id: string; version_before: number; apply: UpdateItem['apply']; changes: UpdateItem['changes']; snapshot: UpdateItem['snapshot'] }>(
    await tx.execute(sql`select ir.record_id, ir.version_before, ir.apply, ir.changes, ir.snapshot from import_rows ir where ${inRange(ctx.batchId, range)}`),
  );
  const items = rows.map((r): UpdateItem => ({ id: r.record_id, version: Number(r.version_before), apply: r.apply, changes: r.changes, snapshot: r.snapshot }));
  return (await writeUpdates(tx, ctx.subject, items, { at, user: ctx.user, action: 'update', batchId: ctx.batchId })).length;
}

/** The many-relation links of the records `ids` (rows of `range`) set back to their value before the import (import_rows `changes`). */
async function relinkBefore(tx: Executor, subject: SubjectDef, batchId: string, range: UpdateRange, ids: string[]): Promise<void> {
  for (const f of manyRelations(subject)) {
    const value = sql`ir.changes -> ${f.key} -> 'before'`;
    const rows = sql`${inRange(batchId, range)} and ir.record_id = any(${sql.param(ids)}::uuid[]) and ir.changes ? ${f.key}`;
    await tx.execute(sql`delete from record_links where field_id = ${f.id}::uuid and source_id in (select ir.record_id from import_rows ir where ${rows})`);
    await tx.execute(sql`insert into record_links (field_id, source_id, target_id, position)
      select ${f.id}::uuid, ir.record_id, e.value::uuid, (e.ord - 1)::int from import_rows ir,
      jsonb_array_elements_text(case when jsonb_typeof(${value}) = 'array' then ${value} else '[]'::jsonb end) with ordinality as e(value, ord)
      where ${rows}`);
  }
}

/**
 * Puts back the records a failed or interrupted run had already updated (applyUpdates step 2), chunk
 * by chunk: each record still at the version the batch wrote (`version_after`, with that history
 * version naming the batch) gets the values it had before (import_rows `changes[key].before`), its
 * version `version_before` and the update time and author of that version. No other writer can
 * have touched them meanwhile (records.repository refuses writes to records a running batch
 * updates), so this is the state before the run. The batch's history versions are deleted after,
 * by discardRun. @returns the records put back.
 */
export async function rollBackUpdates(db: Database, subject: SubjectDef, batchId: string): Promise<number> {
  const table = tableOf(subject, 'r');
  let restored = 0;
  for (const range of await updateRanges(db, batchId)) {
    await pauseForOthers();
    restored += await db.transaction(async (tx) => {
      const sets: SQL[] = [sql`version = ir.version_before`, sql`updated_at = coalesce(vb.at, r.updated_at)`, sql`updated_by = coalesce(vb.actor_id, r.updated_by)`];
      for (const f of ownColumns(subject)) {
        const col = sql.raw(ident(f.column!));
        sets.push(sql`${col} = case when ir.changes ? ${f.key} then ${jsonValueExpr(f, sql`(ir.changes -> ${f.key} -> 'before')`)} else r.${col} end`);
      }
      const ids = rowsOf<{ id: string }>(
        await tx.execute(sql`update ${table} set ${sql.join(sets, sql`, `)}
          from import_rows ir left join record_versions vb on vb.record_id = ir.record_id and vb.version = ir.version_before
          where ${inRange(batchId, range)} and ir.record_id = r.id and r.version = ir.version_after
            and exists (select 1 from record_versions va where va.record_id = r.id and va.version = ir.version_after and va.batch_id = ${batchId}::uuid)
          returning r.id`),
      ).map((r) => r.id);
      if (ids.length > 0) await relinkBefore(tx, subject, batchId, range, ids);
      return ids.length;
    });
  }
  return restored;
}

/**
 * Undoes what a failed or interrupted run wrote: the records it updated put back (rollBackUpdates),
 * its staged rows (and their links) and every history version naming the batch, in chunks; the staged rows forget their records; the batch
 * becomes `failed` with `error` (a message key or text).
 */
export async function discardRun(db: Database, subject: SubjectDef, batchId: string, error: string): Promise<void> {
  await rollBackUpdates(db, subject, batchId);
  for (;;) {
    const ids = rowsOf<{ id: string }>(
      await db.execute(sql`select id from ${tableOf(subject)} where import_batch_id = ${batchId}::uuid limit ${CHUNK}`),
    ).map((r) => r.id);
    if (ids.length === 0) break;
    await db.transaction(async (tx) => {
      await tx.delete(recordLinks).where(inArray(recordLinks.sourceId, ids));
      await tx.execute(sql`delete from ${tableOf(subject)} where id = any(${sql.param(ids)}::uuid[]) and import_batch_id = ${batchId}::uuid`);
    });
  }
  await db.delete(recordVersions).where(eq(recordVersions.batchId, batchId));
  await db
    .update(importRows)
    .set({ recordId: null, versionBefore: null, versionAfter: null, apply: null, changes: null, snapshot: null })
    .where(and(eq(importRows.batchId, batchId), inArray(importRows.action, ['insert', 'update', 'unchanged'])));
  await setBatch(db, batchId, { status: 'failed', error, processed: 0 });
}
