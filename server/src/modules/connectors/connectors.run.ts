/**
 * One run of a sync, as a task of kind `connectors.sync` (docs/connectors.md "A run"):
 * 1. reads the source CONNECTOR_CHUNK_ROWS at a time (a full read, or past the stored cursor in
 *    cursor order) and stages each chunk as rows of a new import batch (the imports' staging: the
 *    batch's source is the sync, named in its file name `connector:<connector> / <sync>`), at most
 *    CONNECTOR_MAX_ROWS_PER_RUN rows;
 * 2. runs the batch with the imports' run in all-or-nothing mode (runImport: check, then the
 *    chunked run whose rows stay hidden until the batch goes live in one short transaction; a
 *    failure discards everything it wrote) — so each run is one undoable batch in the imports'
 *    history;
 * 3. on a full sync with on-missing `recycle`, after the batch is live: moves the live records no
 *    source row matched (by the key fields: the batch's rows name the records they matched) to the
 *    recycle bin, 1,000 per transaction; if any of it fails, what was recycled is restored and
 *    the batch undone, so the run leaves nothing;
 * 4. only then, in one transaction: the run `done` with its counts and the sync's new cursor.
 * A failure at any step marks the run failed (with its reason and the first row errors) and
 * changes nothing else: not the records, not the cursor, not the recycle bin.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  CONNECTOR_MAX_ROWS_PER_RUN,
  CONNECTOR_RUN_ERRORS_KEPT,
  type CurrentUser,
  type ImportSettings,
} from '../../../../contracts';
import { auditWriter, type AuditWriter } from '../../core/audit.writer';
import { rowsOf, type Database } from '../../db/client';
import { applications, connectorRuns, connectors, connectorSyncs, importBatches, importRows, users, type ConnectorRunRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { findBatch, pauseForOthers, setBatch, stageRows } from '../imports/imports.repository';
import { runImport, undoImport } from '../imports/imports.service';
import { bulkDeleteRecords } from '../records/records.service';
import { restoreFromBin } from '../recycle/recycle.service';
import { liveRowsText } from '../subjects/live-rows';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { noRetry, registerTaskKind, type TaskContext } from '../tasks/tasks.registry';
import { cellFor } from './connectors.plan';
import { CONNECTOR_SYNC_KIND } from './connectors.syncs';
import { SourceError } from './source';
import { openSource } from './source-open';
import { pastCursor } from './source-rest';

/** Test hooks: called after each staged chunk (k from 1), to fail a run mid-read. */
export const connectorTestHooks: { afterChunk?: (k: number) => void | Promise<void> } = {};

/** Why a run failed: a message key of CONNECTORS_MESSAGES (or another module's) with its parameters. */
class RunFailure extends Error {
  constructor(
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

/** The run's counts so far. */
interface Counts {
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  recycled: number;
  failed: number;
}

/** The account a run writes as: its starter, else the sync's creator. @throws when gone or no longer an administrator. */
async function writerOf(db: Database, ids: (string | null)[]): Promise<CurrentUser> {
  for (const id of ids) {
    if (!id) continue;
    const [u] = await db
      .select({ id: users.id, name: users.name, email: users.email, isAdmin: users.isAdmin, locale: users.locale, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, id));
    if (u && u.isAdmin && !u.deletedAt) return { id: u.id, name: u.name, email: u.email, isAdmin: true, locale: u.locale, lastApp: null };
  }
  throw new RunFailure('errors.connectorRun.importFailed', { detail: 'no administrator account to write as' });
}

/** The first row errors of a batch, as a run keeps them. */
async function rowErrors(db: Database, batchId: string): Promise<unknown[]> {
  const rows = await db
    .select({ row: importRows.rowNumber, errors: importRows.errors })
    .from(importRows)
    .where(and(eq(importRows.batchId, batchId), isNotNull(importRows.errors)))
    .orderBy(importRows.rowNumber)
    .limit(CONNECTOR_RUN_ERRORS_KEPT);
  const out: unknown[] = [];
  for (const r of rows)
    for (const e of (r.errors ?? []) as { column: string | null; field: string | null; value: string | null; messageKey: string; params?: Record<string, string | number> }[]) {
      if (out.length >= CONNECTOR_RUN_ERRORS_KEPT) return out;
      out.push({ row: r.row, column: e.column, field: e.field, value: e.value, messageKey: e.messageKey, params: e.params ?? {} });
    }
  return out;
}

/**
 * The live records of `subject` no row of batch `batchId` matched (null batch: every live record),
 * at most `limit` after id `after` (keyset pages, so each statement stays short).
 */
async function unmatched(db: Database, subject: SubjectDef, batchId: string | null, after: string | null, limit: number): Promise<string[]> {
  const t = `"${subject.tableName.replace(/"/g, '""')}"`;
  const q = sql.raw(
    `select t.id from ${t} t where ${liveRowsText(subject, 't')}${after ? ` and t.id > '${after}'::uuid` : ''}` +
      (batchId ? ` and not exists (select 1 from import_rows r where r.batch_id = '${batchId}'::uuid and r.record_id = t.id)` : '') +
      ` order by t.id limit ${limit}`,
  );
  return rowsOf<{ id: string }>(await db.execute(q)).map((r) => r.id);
}

/**
 * Recycles the unmatched records (after a successful full sync). All or nothing: the ids are
 * listed first; each chunk of 1,000 is one transaction (bulkDeleteRecords); if a chunk fails, the
 * chunks done are restored from the bin and the error rethrown (the caller then undoes the batch).
 * @returns how many records went to the bin.
 */
async function recycleMissing(db: Database, subject: SubjectDef, slug: string, batchId: string | null, actor: { user: CurrentUser; audit: AuditWriter }): Promise<number> {
  const ids: string[] = [];
  for (let after: string | null = null; ; ) {
    const page = await unmatched(db, subject, batchId, after, 5_000);
    ids.push(...page);
    if (page.length < 5_000) break;
    after = page[page.length - 1];
  }
  const done: string[] = [];
  try {
    for (let i = 0; i < ids.length; i += 1000) {
      await pauseForOthers();
      const chunk = ids.slice(i, i + 1000);
      await bulkDeleteRecords(db, actor, slug, subject.key, { ids: chunk });
      done.push(...chunk);
    }
  } catch (e) {
    for (const id of done) await restoreFromBin(db, 'record', id, actor.audit).catch(() => undefined);
    throw e;
  }
  return ids.length;
}

/** Runs the sync of `run`. @returns the counts and the cursor reached (null = unchanged). */
async function perform(ctx: TaskContext, run: ConnectorRunRow, counts: Counts, setBatchId: (id: string) => Promise<void>): Promise<{ cursor: string | null }> {
  const { db } = ctx;
  const [sync] = await db.select().from(connectorSyncs).where(eq(connectorSyncs.id, run.syncId));
  if (!sync) throw new RunFailure('errors.connectorSync.notFound');
  const [connector] = await db.select().from(connectors).where(eq(connectors.id, sync.connectorId));
  if (!connector || connector.deletedAt) throw new RunFailure('errors.connectorSync.connectorDeleted');
  const subject = await loadSubjectDef(db, { id: sync.subjectId });
  if (!subject) throw new RunFailure('errors.subjectNotFound');
  const [app] = await db.select({ slug: applications.slug }).from(applications).where(eq(applications.id, sync.applicationId));
  const user = await writerOf(db, [ctx.task.startedBy, sync.createdBy]);
  const actor = { user, audit: auditWriter({ id: user.id, label: user.email, ip: null }) };

  const mapped = Object.entries(sync.mapping).filter(([, f]) => f) as [string, string][];
  const columns = mapped.map(([c]) => c);
  const incremental = sync.strategy === 'incremental' && sync.cursorColumn;
  if (incremental && !columns.includes(sync.cursorColumn!)) columns.push(sync.cursorColumn!);
  const types = columns.map((c) => subject.fields.find((f) => f.key === sync.mapping[c])?.type);
  const cursorAt = incremental ? columns.indexOf(sync.cursorColumn!) : -1;
  const mapping = Object.fromEntries(columns.map((c) => [c, sync.mapping[c] ?? null]));
  const settings: ImportSettings = { mapping, mode: sync.mode, keyFields: sync.mode === 'insert' ? [] : sync.keyFields, onError: 'all_or_nothing' };

  const [batch] = await db
    .insert(importBatches)
    .values({
      applicationId: sync.applicationId,
      subjectId: sync.subjectId,
      fileName: `connector:${connector.name} / ${sync.name}`.slice(0, 255),
      format: 'json',
      headers: columns,
      mapping,
      mode: sync.mode,
      keyFields: settings.keyFields,
      onError: 'all_or_nothing',
      createdBy: user.id,
      createdByLabel: user.email,
    })
    .returning({ id: importBatches.id });
  await setBatchId(batch.id);

  // 1. read and stage
  let cursor: string | null = null;
  let next = 1;
  const reader = await openSource(db, connector.kind, connector.config);
  try {
    const rows = reader.read({
      schema: sync.sourceSchema,
      table: sync.sourceTable,
      columns,
      cursor: incremental ? { column: sync.cursorColumn!, after: sync.cursorValue, inclusive: sync.mode !== 'insert' } : undefined,
    });
    let k = 0;
    for await (const chunk of rows) {
      if (await ctx.isCancelled()) throw new RunFailure('errors.connectorRun.interrupted');
      let take = chunk;
      if (counts.read + chunk.length > CONNECTOR_MAX_ROWS_PER_RUN) {
        if (!incremental) throw new RunFailure('errors.connectorRun.tooManyRows', { n: CONNECTOR_MAX_ROWS_PER_RUN });
        take = chunk.slice(0, CONNECTOR_MAX_ROWS_PER_RUN - counts.read);
      }
      for (const r of take) if (incremental && pastCursor(r[cursorAt], cursor, false)) cursor = r[cursorAt];
      await pauseForOthers();
      await stageRows(
        db,
        batch.id,
        next,
        take.map((r) => r.map((v, i) => cellFor(types[i], v))),
      );
      next += take.length;
      counts.read += take.length;
      k += 1;
      await ctx.progress(counts.read, null, 'reading');
      await connectorTestHooks.afterChunk?.(k);
      if (counts.read >= CONNECTOR_MAX_ROWS_PER_RUN) break;
    }
  } catch (e) {
    if (e instanceof SourceError) throw new RunFailure(e.messageKey, { detail: e.detail ?? '', ...e.params });
    throw e;
  } finally {
    await reader.close();
  }
  await setBatch(db, batch.id, { total: counts.read });

  // 2. the imports' check and run, all or nothing
  if (counts.read > 0) {
    try {
      await runImport(db, actor, batch.id, settings);
    } catch (e) {
      const b = (await findBatch(db, batch.id))?.batch;
      counts.failed = b?.invalid ?? 0;
      if (e instanceof HttpError && e.messageKey === 'errors.import.invalidRows') throw new RunFailure('errors.connectorRun.invalidRows', { n: counts.failed });
      throw new RunFailure('errors.connectorRun.importFailed', { detail: e instanceof HttpError ? e.messageKey : e instanceof Error ? e.message.slice(0, 300) : String(e) });
    }
    const b = (await findBatch(db, batch.id))!.batch;
    counts.inserted = b.inserted;
    counts.updated = b.updated;
    counts.unchanged = b.unchanged;
  } else {
    // nothing read: no batch to keep in the history
    await db.delete(importBatches).where(eq(importBatches.id, batch.id));
    await setBatchId('');
  }

  // 3. rows gone at the source (full sync only), after the batch is live
  if (sync.strategy === 'full' && sync.onMissing === 'recycle') {
    try {
      counts.recycled = await recycleMissing(db, subject, app.slug, counts.read > 0 ? batch.id : null, actor);
    } catch (e) {
      if (counts.read > 0) await undoImport(db, actor, batch.id, true);
      counts.inserted = counts.updated = counts.unchanged = counts.recycled = 0;
      throw new RunFailure('errors.connectorRun.importFailed', { detail: e instanceof HttpError ? e.messageKey : e instanceof Error ? e.message.slice(0, 300) : String(e) });
    }
  }
  return { cursor: incremental ? (cursor ?? sync.cursorValue) : null };
}

async function syncHandler(ctx: TaskContext): Promise<unknown> {
  const { db, task } = ctx;
  const runId = (task.input as { runId?: string }).runId;
  if (!runId) throw noRetry(new Error('connectors.sync: no run id'));
  const [run] = await db.select().from(connectorRuns).where(eq(connectorRuns.id, runId));
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return { skipped: run?.status ?? 'gone' };
  await db.update(connectorRuns).set({ status: 'running' }).where(eq(connectorRuns.id, runId));
  const counts: Counts = { read: 0, inserted: 0, updated: 0, unchanged: 0, recycled: 0, failed: 0 };
  let batchId: string | null = null;
  const setBatchId = async (id: string) => {
    batchId = id || null;
    await db.update(connectorRuns).set({ batchId }).where(eq(connectorRuns.id, runId));
  };
  try {
    const { cursor } = await perform(ctx, run, counts, setBatchId);
    // 4. the run done and the cursor stored, together
    await db.transaction(async (tx) => {
      await tx
        .update(connectorRuns)
        .set({ status: 'done', ...counts, cursorAfter: cursor, finishedAt: new Date() })
        .where(eq(connectorRuns.id, runId));
      if (cursor !== null) await tx.update(connectorSyncs).set({ cursorValue: cursor }).where(eq(connectorSyncs.id, run.syncId));
    });
    await ctx.log('info', 'sync done', counts);
    return { ...counts, cursor };
  } catch (e) {
    const failure = e instanceof RunFailure ? e : new RunFailure('errors.connectorRun.importFailed', { detail: e instanceof Error ? e.message.slice(0, 300) : String(e) });
    const errors = batchId ? await rowErrors(db, batchId) : [];
    if (batchId) {
      // a batch that never ran (staging stopped, the check refused it) stays in the history, failed
      const b = await findBatch(db, batchId);
      if (b && (b.batch.status === 'uploaded' || b.batch.status === 'validated')) await setBatch(db, batchId, { status: 'failed', error: failure.messageKey });
    }
    await db
      .update(connectorRuns)
      .set({
        status: 'failed',
        read: counts.read,
        failed: counts.failed,
        inserted: 0,
        updated: 0,
        unchanged: 0,
        recycled: 0,
        cursorAfter: run.cursorBefore,
        errorKey: failure.messageKey,
        errorParams: failure.params,
        errors,
        finishedAt: new Date(),
      })
      .where(eq(connectorRuns.id, runId));
    await ctx.log('warn', 'sync failed: nothing of it stays', { reason: failure.messageKey, ...failure.params });
    // the run's outcome is recorded: the task itself ends done (no retry of a failed sync; the next schedule runs again)
    return { failed: failure.messageKey };
  }
}

/** One attempt, no retry (a failed run changed nothing; the next run starts afresh), an hour at most, two runs at once per process. */
registerTaskKind(CONNECTOR_SYNC_KIND, syncHandler, { retryLimit: 0, timeoutSeconds: 3600, concurrency: 2 });

/** Marks runs left queued/running by a task that is no longer active failed (at start: their process died). */
export async function recoverInterruptedRuns(db: Database): Promise<number> {
  const stuck = await db
    .update(connectorRuns)
    .set({ status: 'failed', errorKey: 'errors.connectorRun.interrupted', finishedAt: new Date() })
    .where(
      and(
        inArray(connectorRuns.status, ['queued', 'running']),
        sql`not exists (select 1 from tasks t where t.id = ${connectorRuns.taskId} and t.state in ('queued', 'running'))`,
      ),
    )
    .returning({ id: connectorRuns.id });
  return stuck.length;
}

