/**
 * Undo of an import batch ("'Undo import' sends the rows it inserted to the recycle bin
 * and restores the previous version of the rows it updated; rows edited since the import are
 * listed and left alone unless the user confirms"; "an import never blocks other users for more
 * than a moment").
 * - A row is "edited since" when its record's version is no longer the one the import wrote
 *   (`version_after`), or the record was deleted or purged since — unless that newer version was
 *   written by this batch's own undo (an undo interrupted half way is finished by undoing again).
 * - The batch is claimed first (`done` → `undoing`: a second undo at the same time gets 409), then
 *   the rows are undone CHUNK at a time, each chunk its own short transaction after a pause
 *   (other users' requests run between chunks):
 *   - inserted rows → soft delete like records' delete (version + 1, history 'delete', a recycle
 *     bin entry), set-based;
 *   - updated rows → the values of `version_before` restored like a version restore: validated
 *     (validateValues, the chunk's references and unique values looked up once per field), diffed
 *     like applyChange (imports.write.ts diffUpdate) and written by one statement
 *     (writeUpdates), history 'restore'; then the subject's rules check them as a version restore
 *     is checked (rules/subject-rules.ts enforceRestoredRecords): a failing blocking rule refuses
 *     (400 VALIDATION_FAILED naming the file's rows, the chunk rolled back), failing warnings open
 *     incidents, rules now passing resolve theirs;
 *   a record edited meanwhile is left alone (unless confirmed) like one edited before. Every
 *   history version the undo writes names the batch.
 * - The batch's `processed` counts the file's rows undone so far (the undo button's progress bar).
 * - Last, one short transaction: status `undone`, one audit entry `import.undo` with the counts.
 * - A failure (a unique value of the old version taken since: 409 VALUE_TAKEN; a blocking rule the
 *   old values fail: 400 VALIDATION_FAILED) stops the undo where
 *   it is and gives the batch back its status `done`; the chunks already undone stay undone, and
 *   undoing again finishes the rest. A process that dies mid-undo: the batch is `done` again at
 *   start (recoverInterruptedImports).
 */
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser, ImportEditedRow } from '../../../../contracts';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { importBatches } from '../../db/schema';
import { formulaPacer } from '../subjects/formula';
import type { SubjectDef } from '../subjects/subject-def';
import { findRecords, tableOf } from '../records/records.service';
import { isComputed, prefetchReferences, prefetchUnique, uniqueViolation, validateValues, type FieldValue } from '../subjects/values';
import { CHUNK, pauseForOthers } from './imports.repository';
import { ImportStopped } from './imports.run';
import { enforceRestoredRecords } from '../rules/subject-rules';
import { diffUpdate, writeUpdates, type UpdateItem } from './imports.write';

/** Test hook: `afterUndoChunk(k)` runs after chunk k (1-based) of an undo has committed; a throw stops the undo there. */
export const undoTestHooks: { afterUndoChunk?: (k: number) => void | Promise<void> } = {};

/** SQL: the record `r` is at a version this batch's undo wrote. */
const undoneByBatch = (batchId: string) =>
  sql`exists (select 1 from record_versions uv where uv.record_id = r.id and uv.version = r.version and uv.batch_id = ${batchId}::uuid
    and uv.action in ('delete', 'restore'))`;

/**
 * The batch's inserted/updated rows numbered `from`..`to` whose record changed since the import
 * (module comment), at most `limit`.
 */
async function editedRowsIn(db: Executor, subject: SubjectDef, batchId: string, from: number, to: number, limit: number): Promise<ImportEditedRow[]> {
  const display = subject.fields.find((f) => f.id === subject.displayFieldId)?.key;
  const rows = rowsOf<{ row_number: number; record_id: string; action: 'insert' | 'update'; version: number | null; updated_by: string | null; updated_at: string | null; label: string | null }>(
    await db.execute(sql`select ir.row_number, ir.record_id, ir.action, r.version, u.name as updated_by, r.updated_at::text as updated_at,
        ${display ? sql`(select v.snapshot ->> ${display} from record_versions v where v.record_id = ir.record_id and v.version = coalesce(ir.version_after, 1))` : sql`null`} as label
      from import_rows ir left join ${tableOf(subject, 'r')} on r.id = ir.record_id left join users u on u.id = r.updated_by
      where ir.batch_id = ${batchId}::uuid and ir.action in ('insert', 'update') and ir.row_number between ${from} and ${to}
        and (r.id is null or r.version <> coalesce(ir.version_after, 1) or r.deleted_at is not null)
        and not (r.id is not null and ${undoneByBatch(batchId)})
      order by ir.row_number limit ${limit}`),
  );
  return rows.map((r) => ({
    rowNumber: Number(r.row_number),
    recordId: r.record_id,
    action: r.action,
    label: r.label ?? r.record_id,
    version: Number(r.version ?? 0),
    editedBy: r.updated_by,
    editedAt: r.updated_at,
  }));
}

/** The first and last row numbers of the batch's inserted/updated rows (null when none). */
async function touchedBounds(db: Executor, batchId: string): Promise<{ lo: number; hi: number } | null> {
  const [b] = rowsOf<{ lo: number | null; hi: number | null }>(
    await db.execute(sql`select min(row_number)::int as lo, max(row_number)::int as hi from import_rows
      where batch_id = ${batchId}::uuid and action in ('insert', 'update')`),
  );
  return b.lo === null || b.hi === null ? null : { lo: Number(b.lo), hi: Number(b.hi) };
}

/**
 * The batch's inserted/updated rows whose record changed since the import (module comment), at
 * most `limit`, in row order: looked for CHUNK row numbers at a time, with a pause before each
 * (row numbers are dense, one per row of the file), so a batch of 100,000 rows holds nobody up.
 */
export async function editedRows(db: Executor, subject: SubjectDef, batchId: string, limit = 1000): Promise<ImportEditedRow[]> {
  const bounds = await touchedBounds(db, batchId);
  const out: ImportEditedRow[] = [];
  for (let from = bounds?.lo ?? 1; bounds && from <= bounds.hi && out.length < limit; from += CHUNK) {
    await pauseForOthers();
    out.push(...(await editedRowsIn(db, subject, batchId, from, from + CHUNK - 1, limit - out.length)));
  }
  return out;
}

/** Who undoes which batch; the undo's task (imports.tasks.ts) makes it. */
export interface UndoContext {
  user: CurrentUser;
  slug: string;
  subject: SubjectDef;
  applicationId: string;
  batchId: string;
  /** Undo the rows edited since too (the user confirmed). */
  includeEdited: boolean;
  /** The undo's time: every version it writes carries it (the same on a resumed attempt). */
  at: Date;
  /** Told the file's rows undone so far, after each committed chunk (the task's progress). */
  progress?: (done: number, total: number, message: string) => Promise<void>;
  /** Asked before each chunk: true stops the undo there (it throws ImportStopped). */
  isCancelled?: () => Promise<boolean>;
}

/** Soft-deletes the inserted records of rows `from`..`to` still live (and, unless confirmed, at `version_after`). @returns how many. */
async function deleteInserted(tx: Executor, ctx: UndoContext, from: number, to: number, at: Date): Promise<number> {
  const { subject, batchId, user } = ctx;
  const iso = at.toISOString();
  const display = subject.fields.find((f) => f.id === subject.displayFieldId)?.key;
  const ids = rowsOf<{ id: string }>(
    await tx.execute(sql`update ${tableOf(subject, 'r')} set version = r.version + 1, deleted_at = ${iso}::timestamptz, deleted_by = ${user.id}::uuid,
        updated_at = ${iso}::timestamptz, updated_by = ${user.id}::uuid
      from import_rows ir where ir.batch_id = ${batchId}::uuid and ir.action = 'insert' and ir.row_number between ${from} and ${to}
        and ir.record_id = r.id and r.deleted_at is null ${ctx.includeEdited ? sql`` : sql`and r.version = coalesce(ir.version_after, 1)`}
      returning r.id`),
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  await tx.execute(sql`insert into record_versions (subject_id, record_id, version, action, actor_id, actor_label, at, changes, snapshot, batch_id)
    select ${subject.id}::uuid, r.id, r.version, 'delete', ${user.id}::uuid, ${user.name}, ${iso}::timestamptz, '{}'::jsonb, v.snapshot, ${batchId}::uuid
    from ${tableOf(subject, 'r')} join record_versions v on v.record_id = r.id and v.version = r.version - 1
    where r.id = any(${sql.param(ids)}::uuid[])`);
  const details = { application: ctx.slug, subject: subject.key, subjectId: subject.id, subjectName: subject.name };
  await tx.execute(sql`insert into recycle_bin (type, target_id, label, deleted_at, deleted_by, deleted_by_label, details)
    select 'record', v.record_id::text, coalesce(${display ? sql`nullif(v.snapshot ->> ${display}, '')` : sql`null`}, v.record_id::text), ${iso}::timestamptz,
      ${user.id}::uuid, ${user.email}, ${JSON.stringify(details)}::jsonb
    from record_versions v where v.batch_id = ${batchId}::uuid and v.action = 'delete' and v.record_id = any(${sql.param(ids)}::uuid[])
    on conflict do nothing`);
  return ids.length;
}

/** Restores the chunk's updated records to their `version_before` values (module comment). @returns the records restored. */
async function restoreUpdated(tx: Executor, ctx: UndoContext, from: number, to: number, at: Date): Promise<number> {
  const { subject, batchId } = ctx;
  const planned = rowsOf<{ row_number: number; record_id: string; version_after: number; snapshot: Record<string, unknown> | null }>(
    await tx.execute(sql`select ir.row_number, ir.record_id, ir.version_after, v.snapshot from import_rows ir
      left join record_versions v on v.record_id = ir.record_id and v.version = ir.version_before
      where ir.batch_id = ${batchId}::uuid and ir.action = 'update' and ir.row_number between ${from} and ${to}`),
  );
  if (planned.length === 0) return 0;
  const current = new Map((await findRecords(tx, subject, planned.map((p) => p.record_id), true)).map((r) => [r.id, r]));
  const todo = planned.filter((p) => {
    const rec = current.get(p.record_id);
    return rec && p.snapshot && (ctx.includeEdited || rec.version === Number(p.version_after));
  });
  const raws = todo.map((p) => {
    const raw: Record<string, unknown> = {};
    for (const f of subject.fields) if (!isComputed(f.type) && f.key in p.snapshot!) raw[f.key] = p.snapshot![f.key];
    return raw;
  });
  const vctx = { db: tx, applicationId: ctx.applicationId };
  const references = await prefetchReferences(vctx, subject, raws);
  const unique = await prefetchUnique(tx, subject, raws);
  const items: UpdateItem[] = [];
  const pace = formulaPacer();
  for (const [i, p] of todo.entries()) {
    await pace();
    const rec = current.get(p.record_id)!;
    const values = await validateValues({ ...vctx, recordIds: [rec.id], references, unique }, subject, raws[i], 'update');
    const diff = diffUpdate(subject, rec, values as Record<string, FieldValue>, at, ctx.user);
    if (diff) items.push({ id: rec.id, version: rec.version, ...diff });
  }
  const written = await writeUpdates(tx, subject, items, { at, user: ctx.user, action: 'restore', batchId });
  // the rules, as a version restore checks them: a blocking one failing refuses (the chunk rolls back)
  const rowOf = new Map(todo.map((p) => [p.record_id, Number(p.row_number)]));
  const restored = await findRecords(tx, subject, written);
  await enforceRestoredRecords(
    tx,
    subject,
    restored.map((r) => ({ id: r.id, row: rowOf.get(r.id) ?? 0, values: r.values })),
  );
  return written.length;
}

/**
 * Undoes batch `ctx.batchId`, which the caller has claimed (status `undoing`: imports.service
 * undoImport, in the transaction that queues the undo's task). `includeEdited` also undoes the rows
 * edited since (the user confirmed); otherwise they are left alone and returned. Resumable: each
 * chunk commits with the batch's `processed` marker (the file's rows up to that chunk, row number
 * − 1), and an undo started again on a batch still `undoing` (a retried task attempt) goes on after
 * it. The counts are the versions this undo wrote (`record_versions` of the batch at `ctx.at`), so
 * a resumed attempt counts the chunks of the earlier one too.
 * Does NOT give the batch back its status on failure: the caller does (imports.tasks.ts), or
 * leaves it `undoing` for a retry.
 * @returns how many records went to the recycle bin / were restored, and the rows left alone.
 * @throws 409 VALUE_TAKEN when an old unique value is taken since; 400 VALIDATION_FAILED
 *   (errors.import.undoRuleFailed, naming the rows) when old values fail a blocking rule;
 *   ImportStopped when asked to stop.
 */
export async function undoRows(db: Database, ctx: UndoContext): Promise<{ deleted: number; restored: number; leftAlone: ImportEditedRow[] }> {
  const { subject, batchId, at } = ctx;
  const [batch] = await db.select({ processed: importBatches.processed, total: importBatches.total }).from(importBatches).where(eq(importBatches.id, batchId));
  // what stays as it was because someone edited it (before or during the undo), chunk by chunk
  const leftAlone: ImportEditedRow[] = [];
  try {
    const bounds = await touchedBounds(db, batchId);
    // the first row after the committed marker (processed = the last chunk's row number − 1)
    const resume = (batch?.processed ?? 0) > 0 ? batch!.processed + 2 : undefined;
    if (bounds && resume !== undefined && !ctx.includeEdited) {
      for (let from = bounds.lo; from < resume; from += CHUNK) leftAlone.push(...(await editedRowsIn(db, subject, batchId, from, Math.min(from + CHUNK, resume) - 1, CHUNK)));
    }
    let k = 0;
    // chunks of CHUNK row numbers (row numbers are dense: one per row of the file)
    for (let from = resume ?? bounds?.lo ?? 1; bounds && from <= bounds.hi; from += CHUNK) {
      await pauseForOthers();
      if (ctx.isCancelled && (await ctx.isCancelled())) throw new ImportStopped();
      const to = from + CHUNK - 1;
      const processed = Math.min(to, bounds.hi) - 1;
      await db.transaction(async (tx) => {
        await deleteInserted(tx, ctx, from, to, at);
        await restoreUpdated(tx, ctx, from, to, at);
        if (!ctx.includeEdited) leftAlone.push(...(await editedRowsIn(tx, subject, batchId, from, to, CHUNK)));
        // the progress bar's rows and the marker a resumed undo goes on from (row numbers start at 2, after the header)
        await tx.update(importBatches).set({ processed, updatedAt: new Date() }).where(eq(importBatches.id, batchId));
      });
      await ctx.progress?.(processed, batch?.total ?? 0, `undone ${processed} of ${batch?.total ?? 0} rows`);
      k += 1;
      if (undoTestHooks.afterUndoChunk) await undoTestHooks.afterUndoChunk(k);
    }
    const counts = rowsOf<{ action: string; n: number }>(
      await db.execute(sql`select action, count(*)::int as n from record_versions
        where batch_id = ${batchId}::uuid and at = ${at.toISOString()}::timestamptz and action in ('delete', 'restore') group by action`),
    );
    const deleted = Number(counts.find((c) => c.action === 'delete')?.n ?? 0);
    const restored = Number(counts.find((c) => c.action === 'restore')?.n ?? 0);
    await db
      .update(importBatches)
      .set({ status: 'undone', processed: sql`${importBatches.total}`, undoneAt: at, undoneBy: ctx.user.id, updatedAt: new Date() })
      .where(eq(importBatches.id, batchId));
    return { deleted, restored, leftAlone };
  } catch (err) {
    throw uniqueViolation(subject, err) ?? err;
  }
}

/** Gives an undo that stops for good (a failure, a cancel, no retry left) back its status `done`: the chunks undone stay undone. */
export async function releaseUndo(db: Executor, batchId: string): Promise<void> {
  await db
    .update(importBatches)
    .set({ status: 'done', processed: sql`${importBatches.total}`, updatedAt: new Date() })
    .where(sql`${importBatches.id} = ${batchId}::uuid and ${importBatches.status} = 'undoing'`);
}
