/**
 * Sync definitions and their runs (docs/connectors.md "Syncs"): create, read, update, delete a sync
 * (source table → subject, mapping, mode, key fields, strategy and cursor, on-missing, schedule),
 * start a run (a task of kind `connectors.sync`, connectors.run.ts) and list runs. Administrators
 * only. Audited connector_sync.create / update / delete / run.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  formatMessage,
  type ConnectorRun,
  type ConnectorRunDetail,
  type ConnectorRunTrigger,
  type ConnectorSync,
  type ConnectorSyncCreate,
  type ConnectorSyncUpdate,
  type CurrentUser,
  type Locale,
} from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { applications, connectorRuns, connectors, connectorSyncs, subjects, type ConnectorRunRow, type ConnectorSyncRow, type TaskRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { requireSubject } from '../subjects/subject-def';
import { isComputed } from '../subjects/values';
import { runTaskHere } from '../tasks/tasks.engine';
import { getTaskKind, queueFor } from '../tasks/tasks.registry';
import { enqueueTask, waitForTask, type TaskStarter } from '../tasks/tasks.service';
import { nextFires } from '../triggers/triggers.schedule';
import { requireConnector } from './connectors.service';

/** The task kind of a sync run. */
export const CONNECTOR_SYNC_KIND = 'connectors.sync';

const syncNotFound = () => notFound('errors.connectorSync.notFound');
const invalid = (field: string, messageKey: Parameters<typeof formatMessage>[0], params?: Record<string, string | number>) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey: messageKey as never, params }]);

/** A run row as the API answers it (`error` in `locale`). */
export function toRun(r: ConnectorRunRow, locale: Locale): ConnectorRun {
  return {
    id: r.id,
    syncId: r.syncId,
    status: r.status,
    trigger: r.trigger,
    taskId: r.taskId,
    batchId: r.batchId,
    read: r.read,
    inserted: r.inserted,
    updated: r.updated,
    unchanged: r.unchanged,
    recycled: r.recycled,
    failed: r.failed,
    cursorBefore: r.cursorBefore,
    cursorAfter: r.cursorAfter,
    errorKey: r.errorKey,
    error: r.errorKey ? formatMessage(r.errorKey, locale, r.errorParams ?? {}) : null,
    startedBy: r.startedBy,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

const syncSelect = {
  sync: connectorSyncs,
  connectorName: connectors.name,
  connectorKind: connectors.kind,
  application: applications.slug,
  subject: subjects.key,
  subjectName: subjects.name,
};

async function syncRows(db: Executor, where: ReturnType<typeof eq> | undefined, limit = 1, offset = 0) {
  return db
    .select(syncSelect)
    .from(connectorSyncs)
    .innerJoin(connectors, eq(connectors.id, connectorSyncs.connectorId))
    .innerJoin(applications, eq(applications.id, connectorSyncs.applicationId))
    .innerJoin(subjects, eq(subjects.id, connectorSyncs.subjectId))
    .where(where)
    .orderBy(desc(connectorSyncs.createdAt))
    .limit(limit)
    .offset(offset);
}

type SyncJoined = Awaited<ReturnType<typeof syncRows>>[number];

async function toSync(db: Executor, r: SyncJoined, locale: Locale): Promise<ConnectorSync> {
  const s = r.sync;
  const [last] = await db.select().from(connectorRuns).where(eq(connectorRuns.syncId, s.id)).orderBy(desc(connectorRuns.createdAt)).limit(1);
  let nextRuns: string[] = [];
  if (s.cron && s.enabled) {
    try {
      nextRuns = nextFires(s.cron, s.timezone, 3);
    } catch {
      nextRuns = [];
    }
  }
  return {
    id: s.id,
    connectorId: s.connectorId,
    connectorName: r.connectorName,
    connectorKind: r.connectorKind,
    name: s.name,
    schema: s.sourceSchema,
    table: s.sourceTable,
    application: r.application,
    subject: r.subject,
    subjectName: r.subjectName,
    mapping: s.mapping,
    mode: s.mode,
    keyFields: s.keyFields,
    strategy: s.strategy,
    cursorColumn: s.cursorColumn,
    onMissing: s.onMissing,
    cron: s.cron,
    timezone: s.timezone,
    enabled: s.enabled,
    cursorValue: s.cursorValue,
    lastRun: last ? toRun(last, locale) : null,
    nextRuns,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** The sync `id` row. @throws 404. */
export async function requireSync(db: Executor, id: string): Promise<ConnectorSyncRow> {
  const [row] = await db.select().from(connectorSyncs).where(eq(connectorSyncs.id, id));
  if (!row) throw syncNotFound();
  return row;
}

/** GET /connectors/syncs/:syncId. @throws 404. */
export async function getSync(db: Executor, id: string, locale: Locale): Promise<ConnectorSync> {
  const [r] = await syncRows(db, eq(connectorSyncs.id, id));
  if (!r) throw syncNotFound();
  return toSync(db, r, locale);
}

/** GET /connectors/syncs?connector: newest first. */
export async function listSyncs(db: Executor, q: { current: number; pageSize: number; connector?: string }, locale: Locale): Promise<{ items: ConnectorSync[]; total: number }> {
  const where = q.connector ? eq(connectorSyncs.connectorId, q.connector) : undefined;
  const rows = await syncRows(db, where, q.pageSize, (q.current - 1) * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(connectorSyncs).where(where);
  const items: ConnectorSync[] = [];
  for (const r of rows) items.push(await toSync(db, r, locale));
  return { items, total: Number(n) };
}

/** The settings of a sync, complete (a create's, or a row merged with an update). */
interface SyncSettings {
  name: string;
  schema: string;
  table: string;
  application: string;
  subject: string;
  mapping: Record<string, string | null>;
  mode: ConnectorSyncRow['mode'];
  keyFields: string[];
  strategy: ConnectorSyncRow['strategy'];
  cursorColumn: string | null;
  onMissing: ConnectorSyncRow['onMissing'];
  cron: string | null;
  timezone: string;
  enabled: boolean;
}

/**
 * The rules of a sync (400 naming the field): the subject writable by `user`; at least one mapped
 * column, each to a writable field (`mapping.<column>`); key fields for update/upsert and for
 * recycle, each a mapped field (`keyFields`); recycle only on a full sync in mode update/upsert
 * (`onMissing`); a cursor column for incremental (`cursorColumn`); a valid cron and time zone
 * (`cron`, `timezone`: the triggers' parser). @returns the application and subject ids.
 */
async function checkSync(db: Database, user: CurrentUser, s: SyncSettings): Promise<{ applicationId: string; subjectId: string }> {
  const { app, subject } = await requireSubject(db, user, s.application, s.subject, 'write');
  const writable = new Set(subject.fields.filter((f) => !isComputed(f.type)).map((f) => f.key));
  const mapped = Object.entries(s.mapping).filter(([, f]) => f);
  if (mapped.length === 0) throw invalid('mapping', 'errors.connectorSync.mappingEmpty');
  for (const [column, key] of mapped) if (!writable.has(key!)) throw invalid(`mapping.${column}`, 'errors.connectorSync.fieldUnknown', { key: key! });
  const mappedFields = new Set(mapped.map(([, f]) => f!));
  if ((s.mode !== 'insert' || s.onMissing === 'recycle') && s.keyFields.length === 0) throw invalid('keyFields', 'errors.connectorSync.keyFieldsRequired');
  for (const k of s.keyFields) if (!mappedFields.has(k)) throw invalid('keyFields', 'errors.connectorSync.keyFieldUnknown', { key: k });
  if (s.onMissing === 'recycle' && s.strategy !== 'full') throw invalid('onMissing', 'errors.connectorSync.recycleNeedsFull');
  if (s.onMissing === 'recycle' && s.mode === 'insert') throw invalid('mode', 'errors.connectorSync.keyFieldsRequired');
  if (s.strategy === 'incremental' && !s.cursorColumn) throw invalid('cursorColumn', 'errors.connectorSync.cursorRequired');
  if (s.cron) nextFires(s.cron, s.timezone, 1);
  return { applicationId: app.id, subjectId: subject.id };
}

/** What an audit entry keeps of a sync. */
const auditShape = (s: SyncSettings) => ({ ...s });

/**
 * POST /connectors/:id/syncs. Audited `connector_sync.create`; its schedule is registered
 * (connectors.schedule.ts syncConnectorSchedules, after the commit).
 * @throws 400 (checkSync); 404 connector / application / subject; 403.
 */
export async function createSync(db: Database, connectorId: string, input: ConnectorSyncCreate, user: CurrentUser, audit: AuditWriter, locale: Locale): Promise<ConnectorSync> {
  await requireConnector(db, connectorId);
  const s = input as SyncSettings;
  const settings: SyncSettings = { ...s, cron: s.cron || null, cursorColumn: s.strategy === 'incremental' ? s.cursorColumn : null };
  const ids = await checkSync(db, user, settings);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(connectorSyncs)
      .values({
        connectorId,
        name: settings.name,
        sourceSchema: settings.schema,
        sourceTable: settings.table,
        applicationId: ids.applicationId,
        subjectId: ids.subjectId,
        mapping: settings.mapping,
        mode: settings.mode,
        keyFields: settings.keyFields,
        strategy: settings.strategy,
        cursorColumn: settings.cursorColumn,
        onMissing: settings.onMissing,
        cron: settings.cron,
        timezone: settings.timezone,
        enabled: settings.enabled,
        createdBy: user.id,
      })
      .returning({ id: connectorSyncs.id });
    await audit.record(tx, { action: 'connector_sync.create', targetType: 'connector_sync', targetId: row.id, after: auditShape(settings), details: { connector: connectorId } });
    return row.id;
  });
  await schedulesChanged(db);
  return getSync(db, id, locale);
}

/**
 * PATCH /connectors/syncs/:syncId: what is sent changes (checked again as a whole); `resetCursor`
 * forgets the stored cursor; a change of table, cursor column or strategy forgets it too. Audited
 * `connector_sync.update` with what changed; nothing changed = no entry.
 * @throws 400; 404; 403.
 */
export async function updateSync(
  db: Database,
  id: string,
  input: ConnectorSyncUpdate,
  user: CurrentUser,
  audit: AuditWriter,
  locale: Locale,
): Promise<{ data: ConnectorSync; changed: boolean }> {
  const row = await requireSync(db, id);
  const [current] = await syncRows(db, eq(connectorSyncs.id, id));
  const before: SyncSettings = {
    name: row.name,
    schema: row.sourceSchema,
    table: row.sourceTable,
    application: current.application,
    subject: current.subject,
    mapping: row.mapping,
    mode: row.mode,
    keyFields: row.keyFields,
    strategy: row.strategy,
    cursorColumn: row.cursorColumn,
    onMissing: row.onMissing,
    cron: row.cron,
    timezone: row.timezone,
    enabled: row.enabled,
  };
  const { resetCursor, ...changes } = input;
  const merged = { ...before, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) } as SyncSettings;
  merged.cron = merged.cron || null;
  if (merged.strategy !== 'incremental') merged.cursorColumn = null;
  const ids = await checkSync(db, user, merged);
  const diff = (Object.keys(merged) as (keyof SyncSettings)[]).filter((k) => JSON.stringify(merged[k]) !== JSON.stringify(before[k]));
  const forget = resetCursor === true || diff.some((k) => k === 'table' || k === 'schema' || k === 'cursorColumn' || k === 'strategy');
  if (diff.length === 0 && !(forget && row.cursorValue !== null)) return { data: await getSync(db, id, locale), changed: false };
  await db.transaction(async (tx) => {
    await tx
      .update(connectorSyncs)
      .set({
        name: merged.name,
        sourceSchema: merged.schema,
        sourceTable: merged.table,
        applicationId: ids.applicationId,
        subjectId: ids.subjectId,
        mapping: merged.mapping,
        mode: merged.mode,
        keyFields: merged.keyFields,
        strategy: merged.strategy,
        cursorColumn: merged.cursorColumn,
        onMissing: merged.onMissing,
        cron: merged.cron,
        timezone: merged.timezone,
        enabled: merged.enabled,
        ...(forget ? { cursorValue: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(connectorSyncs.id, id));
    await audit.record(tx, {
      action: 'connector_sync.update',
      targetType: 'connector_sync',
      targetId: id,
      before: { ...Object.fromEntries(diff.map((k) => [k, before[k]])), ...(forget ? { cursorValue: row.cursorValue } : {}) },
      after: { ...Object.fromEntries(diff.map((k) => [k, merged[k]])), ...(forget ? { cursorValue: null } : {}) },
    });
  });
  await schedulesChanged(db);
  return { data: await getSync(db, id, locale), changed: true };
}

/** DELETE /connectors/syncs/:syncId: the sync and its runs (its import batches stay in the imports' history). Audited `connector_sync.delete`. @throws 404; 409 while it runs. */
export async function deleteSync(db: Database, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireSync(tx, id);
    const [active] = await tx
      .select({ id: connectorRuns.id })
      .from(connectorRuns)
      .where(and(eq(connectorRuns.syncId, id), sql`${connectorRuns.status} in ('queued', 'running')`))
      .limit(1);
    if (active) throw new HttpError(409, 'CONFLICT', 'errors.connectorSync.running');
    await tx.delete(connectorSyncs).where(eq(connectorSyncs.id, id));
    await audit.record(tx, {
      action: 'connector_sync.delete',
      targetType: 'connector_sync',
      targetId: id,
      before: { name: row.name, connector: row.connectorId, table: row.sourceTable, subject: row.subjectId, cursorValue: row.cursorValue },
    });
  });
  await schedulesChanged(db);
}

/** Hook the schedule module sets (connectors.schedule.ts): re-syncs pg-boss schedules after a change. */
export const scheduleHooks: { changed?: (db: Database) => Promise<void> } = {};
async function schedulesChanged(db: Database): Promise<void> {
  await scheduleHooks.changed?.(db);
}

/**
 * Starts a run of sync `id`: ONE transaction inserts the run (queued), queues its task
 * (`connectors.sync`, one active per sync: singleton key = the sync id) and writes the audit entry
 * `connector_sync.run` (`audit` null for a scheduled run, whose entry is written as the system).
 * @returns the run row and its task. @throws 404; 409 errors.connectorSync.running (a run is
 *   active), errors.connectorSync.connectorDeleted.
 */
export async function queueRun(
  db: Database,
  id: string,
  trigger: ConnectorRunTrigger,
  starter: TaskStarter,
  audit: AuditWriter,
): Promise<{ run: ConnectorRunRow; task: TaskRow }> {
  const sync = await requireSync(db, id);
  const connector = await requireConnector(db, sync.connectorId, true);
  if (connector.deletedAt) throw new HttpError(409, 'CONFLICT', 'errors.connectorSync.connectorDeleted');
  return db.transaction(async (tx) => {
    const [run] = await tx.insert(connectorRuns).values({ syncId: id, trigger, startedBy: starter.id, cursorBefore: sync.cursorValue }).returning();
    const { row, merged } = await enqueueTask(db, tx, getTaskKind(CONNECTOR_SYNC_KIND)!, starter, { input: { runId: run.id }, singletonKey: id });
    if (merged) throw new HttpError(409, 'CONFLICT', 'errors.connectorSync.running');
    const [withTask] = await tx.update(connectorRuns).set({ taskId: row.id }).where(eq(connectorRuns.id, run.id)).returning();
    await audit.record(tx, {
      action: 'connector_sync.run',
      targetType: 'connector_sync',
      targetId: id,
      details: { run: run.id, task: row.id, trigger, connector: connector.id, table: sync.sourceTable, strategy: sync.strategy, cursorBefore: sync.cursorValue },
    });
    return { run: withTask, task: row };
  });
}

type Log = { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };

/**
 * POST /connectors/syncs/:syncId/run: queues a run (queueRun, as `user`) and, with `wait`, waits
 * for its task (an engine here: until it is finished, by whichever process; none: runs it here,
 * as the imports do). A run that fails is answered as such (status failed, `error`), not as an
 * HTTP error. @returns the run. @throws 404; 409.
 */
export async function runSyncNow(db: Database, id: string, user: CurrentUser, audit: AuditWriter, wait: boolean, locale: Locale, log?: Log): Promise<ConnectorRun> {
  const { run, task } = await queueRun(db, id, 'manual', { id: user.id, label: user.email }, audit);
  if (wait) {
    if (!queueFor(db)) await runTaskHere(db, task, log ?? { info: () => undefined, warn: () => undefined, error: () => undefined }).catch(() => undefined);
    else await waitForTask(db, task.id);
  }
  const [fresh] = await db.select().from(connectorRuns).where(eq(connectorRuns.id, run.id));
  return toRun(fresh, locale);
}

/** GET /connectors/syncs/:syncId/runs: newest first. @throws 404. */
export async function listRuns(db: Executor, id: string, q: { current: number; pageSize: number }, locale: Locale): Promise<{ items: ConnectorRun[]; total: number }> {
  await requireSync(db, id);
  const rows = await db
    .select()
    .from(connectorRuns)
    .where(eq(connectorRuns.syncId, id))
    .orderBy(desc(connectorRuns.createdAt))
    .limit(q.pageSize)
    .offset((q.current - 1) * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(connectorRuns).where(eq(connectorRuns.syncId, id));
  return { items: rows.map((r) => toRun(r, locale)), total: Number(n) };
}

/** GET /connectors/runs/:runId: the run with its kept row errors (messages in `locale`). @throws 404. */
export async function getRun(db: Executor, id: string, locale: Locale): Promise<ConnectorRunDetail> {
  const [r] = await db.select().from(connectorRuns).where(eq(connectorRuns.id, id));
  if (!r) throw notFound('errors.connectorRun.notFound');
  const errors = (r.errors as { row: number; column: string | null; field: string | null; value: string | null; messageKey: string; params?: Record<string, string | number> }[]).map(
    (e) => ({ row: e.row, column: e.column, field: e.field, value: e.value, message: formatMessage(e.messageKey, locale, e.params ?? {}) }),
  );
  return { ...toRun(r, locale), errors };
}

/** The live syncs of live connectors that have an enabled schedule (connectors.schedule.ts). */
export async function scheduledSyncs(db: Executor): Promise<ConnectorSyncRow[]> {
  const rows = await db
    .select({ sync: connectorSyncs })
    .from(connectorSyncs)
    .innerJoin(connectors, eq(connectors.id, connectorSyncs.connectorId))
    .where(and(isNull(connectors.deletedAt), eq(connectorSyncs.enabled, true), sql`${connectorSyncs.cron} is not null`));
  return rows.map((r) => r.sync);
}
