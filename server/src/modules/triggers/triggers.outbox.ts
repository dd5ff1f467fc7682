/**
 * The outbox and its delivery (docs/triggers.md "Outbox", "Delivery").
 *
 * - Record events are written by the database itself: migration 0015's statement trigger on
 *   `record_versions` turns each version row of a subject with an enabled trigger of that event
 *   into a `trigger_events` row in the same transaction (every write path: records, the recycle
 *   bin, imports). Other modules record theirs with `recordTriggerEvent(tx, event)` inside their
 *   transaction (`import.finished`, schedule ticks, manual runs).
 * - Delivery is the task kind `triggers.deliver` (one at a time): it claims undelivered events in
 *   chunks (`for update skip locked`), matches each enabled trigger (subject, condition, changed
 *   fields), and in the same transaction inserts the runs in one statement (unique per event and
 *   trigger, so a delivery repeated after a crash makes nothing twice), queues them as
 *   `triggers.run` tasks (RUNS_PER_TASK runs of one trigger each) and marks the events delivered.
 *   A commit that wrote events notifies channel `assay_triggers`; the listener
 *   (startTriggerListener, reconnecting when its connection drops) starts a delivery at once; a
 *   sweep every minute (the kind's cron) catches anything else (events of a process that died
 *   before delivering them).
 * - Retention: finished runs go with the tasks' purge (purgeFinishedRuns, taskRetentionDays).
 */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { TRIGGER_EVENT_RETENTION_DAYS, TRIGGER_MAX_DEPTH, TRIGGER_RECORD_EVENTS, type FilterGroup } from '../../../../contracts';
import { type Database, type DatabaseHandle, type Executor } from '../../db/client';
import {
  applications,
  subjects,
  triggerEvents,
  triggerRuns,
  triggers,
  type TriggerEventRow,
  type TriggerRow,
} from '../../db/schema';
import { matchesFilter } from '../records/filter-row';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { setImportFinishedListener } from '../imports/imports.events';
import { enqueueTask } from '../tasks/tasks.service';
import { getTaskKind, registerRetentionPurge } from '../tasks/tasks.registry';
import type { TriggerEvent } from './action-types';

/** The channel the outbox notifies on commit (migration 0015 and recordTriggerEvent). */
export const TRIGGER_CHANNEL = 'assay_triggers';
/** Task kinds of the module. */
export const DELIVER_KIND = 'triggers.deliver';
export const RUN_KIND = 'triggers.run';
/** Events claimed per delivery transaction. */
export const DELIVER_CHUNK = 100;

/**
 * Records `event` in `tx`'s transaction (the caller's change and the event commit or roll back
 * together) when an enabled trigger listens to its kind: one statement, nothing written otherwise.
 * For modules other than records (whose events the database writes): the imports module calls it
 * with `import.finished` (`application`, `subject`, `data: { batchId, counts }`).
 */
export async function recordTriggerEvent(tx: Executor, event: TriggerEvent): Promise<void> {
  const payload = JSON.stringify(event);
  await tx.execute(sql`insert into trigger_events (kind, record_id, actor_id, depth, payload)
    select ${event.kind}, ${event.recordId ?? null}::uuid, ${event.actorId ?? null}::uuid, ${event.depth}, ${payload}::jsonb
    where exists (select 1 from triggers where event = ${event.kind} and enabled)`);
  await tx.execute(sql`select pg_notify(${TRIGGER_CHANNEL}, '')`);
}

/** The field values before a version (its snapshot with the changed fields put back). */
function beforeOf(snapshot: Record<string, unknown>, changes: Record<string, { before: unknown }>): Record<string, unknown> {
  const out = { ...snapshot };
  for (const [k, c] of Object.entries(changes)) out[k] = c.before;
  return out;
}

/** Subject id → its application slug and key, read once per delivery chunk. */
type SubjectNames = Map<string, { application: string; subject: string; applicationId: string }>;

async function namesOf(db: Executor, ids: string[]): Promise<SubjectNames> {
  const out: SubjectNames = new Map();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: subjects.id, key: subjects.key, slug: applications.slug, applicationId: applications.id })
    .from(subjects)
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(inArray(subjects.id, ids));
  for (const r of rows) out.set(r.id, { application: r.slug, subject: r.key, applicationId: r.applicationId });
  return out;
}

/** An outbox row as the TriggerEvent its runs get. */
export function toTriggerEvent(row: TriggerEventRow, names: SubjectNames): TriggerEvent {
  const p = (row.payload ?? {}) as Record<string, unknown>;
  if (!TRIGGER_RECORD_EVENTS.includes(row.kind as never) || !row.subjectId) {
    return { ...(p as unknown as TriggerEvent), kind: row.kind, depth: row.depth };
  }
  const snapshot = (p.snapshot ?? {}) as Record<string, unknown>;
  const changes = (p.changes ?? {}) as Record<string, { before: unknown; after: unknown }>;
  const n = names.get(row.subjectId);
  const action = p.action as string;
  return {
    kind: row.kind,
    application: n?.application,
    subject: n?.subject,
    recordId: row.recordId ?? undefined,
    before: action === 'create' ? null : action === 'delete' ? snapshot : beforeOf(snapshot, changes),
    after: action === 'delete' ? null : snapshot,
    changed: Object.keys(changes),
    actorId: row.actorId,
    depth: row.depth,
    data: { version: p.version, action, ...(p.batchId ? { batchId: p.batchId } : {}) },
  };
}

/** True when a record.updated event changed one of the trigger's `changedFields` (none listed = any change). */
export function matchesChanged(trigger: Pick<TriggerRow, 'event' | 'changedFields'>, event: TriggerEvent): boolean {
  if (trigger.event !== 'record.updated' || trigger.changedFields.length === 0) return true;
  return (event.changed ?? []).some((k) => trigger.changedFields.includes(k));
}

/**
 * The triggers an event may concern (before condition and changed fields): of the event's kind;
 * the one it names (`data.triggerId`: schedule ticks, manual runs); for a record event, those of its
 * subject; else (imports) those of its application (and subject, when the trigger has one).
 */
function candidates(
  all: TriggerRow[],
  row: TriggerEventRow,
  event: TriggerEvent,
  names: SubjectNames,
  slugs: Map<string, string>,
): TriggerRow[] {
  const target = (event.data as { triggerId?: string } | undefined)?.triggerId;
  return all.filter((t) => {
    if (t.event !== row.kind) return false;
    if (target) return t.id === target;
    if (row.subjectId) return t.subjectId === row.subjectId;
    if (event.application && slugs.get(t.applicationId) !== event.application) return false;
    if (t.subjectId && names.get(t.subjectId)?.subject !== event.subject) return false;
    return true;
  });
}

/** Starter of run tasks: the trigger, on behalf of its owner. */
export const triggerStarter = (t: Pick<TriggerRow, 'name' | 'ownerId' | 'ownerLabel'>) => ({
  id: t.ownerId,
  label: `trigger ${t.name} for ${t.ownerLabel}`,
});

/**
 * Runs one `triggers.run` task carries at most (docs/triggers.md "Runs"): a delivery chunk's runs of
 * one trigger are queued as tasks of up to this many, so the task engine's fixed cost per task
 * (its row, the pg-boss job, its fetch and completion, its log lines) is paid once for all of them.
 */
export const RUNS_PER_TASK = 25;

/**
 * Queues the runs `runIds` of `trigger` in `tx` as `triggers.run` tasks (input `{ runIds }`, at most
 * RUNS_PER_TASK each) with the trigger's retry policy, and points each run at its task; nothing when
 * the kind is not registered (it is, once triggers.runner.ts is loaded).
 * @returns the task ids.
 */
export async function queueRuns(db: Database, tx: Executor, trigger: TriggerRow, runIds: string[]): Promise<string[]> {
  const kind = getTaskKind(RUN_KIND);
  if (!kind || runIds.length === 0) return [];
  const out: string[] = [];
  for (let i = 0; i < runIds.length; i += RUNS_PER_TASK) {
    const ids = runIds.slice(i, i + RUNS_PER_TASK);
    const { row } = await enqueueTask(
      db,
      tx,
      { ...kind, retryLimit: trigger.retryLimit, retryDelaySeconds: trigger.retryDelaySeconds, singletonKey: undefined },
      triggerStarter(trigger),
      { input: { runIds: ids } },
    );
    await tx.update(triggerRuns).set({ taskId: row.id }).where(inArray(triggerRuns.id, ids));
    out.push(row.id);
  }
  return out;
}

/** Queues one run (queueRuns). @returns its task id. */
export async function queueRun(db: Database, tx: Executor, trigger: TriggerRow, runId: string): Promise<string | null> {
  return (await queueRuns(db, tx, trigger, [runId]))[0] ?? null;
}

/**
 * Delivers one chunk of undelivered events (module comment). Safe to run twice and concurrently:
 * the events are claimed with `skip locked` and the runs are unique per event and trigger.
 * @returns how many events it delivered and how many runs it made.
 */
export async function deliverChunk(db: Database, chunk = DELIVER_CHUNK): Promise<{ events: number; runs: number }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(triggerEvents)
      .where(isNull(triggerEvents.deliveredAt))
      .orderBy(asc(triggerEvents.id))
      .limit(chunk)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return { events: 0, runs: 0 };
    const kinds = [...new Set(rows.map((r) => r.kind))];
    const all = await tx
      .select()
      .from(triggers)
      .where(and(eq(triggers.enabled, true), inArray(triggers.event, kinds as TriggerRow['event'][])));
    const subjectIds = [
      ...new Set([...rows.map((r) => r.subjectId), ...all.map((t) => t.subjectId)].filter((x): x is string => !!x)),
    ];
    const names = await namesOf(tx, subjectIds);
    const appIds = [...new Set(all.map((t) => t.applicationId))];
    const slugs = new Map(
      appIds.length
        ? (
            await tx
              .select({ id: applications.id, slug: applications.slug })
              .from(applications)
              .where(inArray(applications.id, appIds))
          ).map((a) => [a.id, a.slug])
        : [],
    );
    const defs = new Map<string, SubjectDef | undefined>();
    const defOf = async (id: string) => {
      if (!defs.has(id)) defs.set(id, await loadSubjectDef(tx, { id }));
      return defs.get(id);
    };
    // every matching (event, trigger): one insert of all the runs, then one task per trigger (queueRuns)
    const values: (typeof triggerRuns.$inferInsert)[] = [];
    for (const row of rows) {
      const event = toTriggerEvent(row, names);
      for (const t of candidates(all, row, event, names, slugs)) {
        if (!matchesChanged(t, event)) continue;
        const subject = t.subjectId ? await defOf(t.subjectId) : undefined;
        if (subject && t.condition) {
          const tested = event.after ?? event.before;
          const ok = await matchesFilter(tx, subject, t.condition as FilterGroup, tested, event.recordId).catch(() => false);
          if (!ok) continue;
        }
        const guarded = event.depth > TRIGGER_MAX_DEPTH;
        values.push({
          triggerId: t.id,
          eventId: row.id,
          event: event as unknown as object,
          depth: event.depth,
          ...(guarded
            ? {
                state: 'failed' as const,
                error: `loop guard: the event is at depth ${event.depth}, beyond ${TRIGGER_MAX_DEPTH}; not run`,
                finishedAt: new Date(),
              }
            : {}),
        });
      }
    }
    // unique on (event, trigger): a delivery repeated after a crash inserts nothing twice
    const made = values.length
      ? await tx
          .insert(triggerRuns)
          .values(values)
          .onConflictDoNothing()
          .returning({ id: triggerRuns.id, triggerId: triggerRuns.triggerId, state: triggerRuns.state })
      : [];
    const byTrigger = new Map<string, string[]>();
    for (const r of made) if (r.state === 'queued') byTrigger.set(r.triggerId, [...(byTrigger.get(r.triggerId) ?? []), r.id]);
    for (const [triggerId, ids] of byTrigger)
      await queueRuns(
        db,
        tx,
        all.find((t) => t.id === triggerId)!,
        ids,
      );
    const runs = made.length;
    await tx
      .update(triggerEvents)
      .set({ deliveredAt: new Date() })
      .where(
        inArray(
          triggerEvents.id,
          rows.map((r) => r.id),
        ),
      );
    return { events: rows.length, runs };
  });
}

/**
 * Deletes delivered events older than `days` (TRIGGER_EVENT_RETENTION_DAYS), `chunk` at a time;
 * the runs keep the event they got. @returns how many went.
 */
export async function purgeDeliveredEvents(db: Executor, days = TRIGGER_EVENT_RETENTION_DAYS, chunk = 1000): Promise<number> {
  const before = new Date(Date.now() - days * 24 * 60 * 60_000);
  const old = db.select({ id: triggerEvents.id }).from(triggerEvents).where(lt(triggerEvents.deliveredAt, before)).limit(chunk);
  const gone = await db.delete(triggerEvents).where(inArray(triggerEvents.id, old)).returning({ id: triggerEvents.id });
  return gone.length;
}

/** Finished runs deleted per statement by purgeFinishedRuns. */
export const RUN_PURGE_CHUNK = 500;

/**
 * The runs' retention (docs/triggers.md "Retention"): deletes up to `chunk` runs finished (`done`,
 * `failed`, or `dead` and not replayed since) more than `days` ago (the tasks' setting
 * `taskRetentionDays`); queued and running runs stay. Run by the tasks' purge
 * (`tasks.purge-finished`, registerRetentionPurge), chunk after chunk. @returns how many went.
 */
export async function purgeFinishedRuns(db: Executor, days: number, chunk = RUN_PURGE_CHUNK, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60_000);
  const old = db
    .select({ id: triggerRuns.id })
    .from(triggerRuns)
    .where(and(inArray(triggerRuns.state, ['done', 'failed', 'dead']), lt(triggerRuns.finishedAt, before)))
    .limit(chunk);
  const gone = await db.delete(triggerRuns).where(inArray(triggerRuns.id, old)).returning({ id: triggerRuns.id });
  return gone.length;
}

registerRetentionPurge('trigger runs', (db, days) => purgeFinishedRuns(db, days));

/**
 * Starts a delivery task now (the singleton merges with one already queued or running).
 * Outside any transaction.
 * @returns `queued` (a delivery will start and see every event committed so far), `running` (merged
 * into a delivery already past its claim, maybe: it may miss events committed since; wake again
 * once it is done), or `none` (the kind is not registered).
 */
export async function wakeDelivery(db: Database): Promise<'queued' | 'running' | 'none'> {
  const kind = getTaskKind(DELIVER_KIND);
  if (!kind) return 'none';
  const { row, merged } = await db.transaction((tx) => enqueueTask(db, tx, kind, { id: null, label: 'system' }));
  return merged && row.state === 'running' ? 'running' : 'queued';
}

/** Milliseconds before the listener's first reconnection attempt, doubled after each failure up to LISTEN_RETRY_MAX_MS. */
export const LISTEN_RETRY_MS = 250;
export const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTENs on TRIGGER_CHANNEL and wakes the delivery (debounced by `delayMs`, default 100 ms) after
 * each commit that wrote events, in any process. On PGlite the instance's `listen`; on PostgreSQL a
 * dedicated connection: when it drops (the server restarted, the backend was terminated) it is
 * opened again after LISTEN_RETRY_MS, doubled per failed attempt up to LISTEN_RETRY_MAX_MS, and a
 * delivery starts once it listens again (commits of the gap; the minute sweep covers them too).
 * @returns stop().
 */
export async function startTriggerListener(
  handle: DatabaseHandle,
  db: Database,
  log: { warn: (obj: unknown, msg: string) => void; info?: (obj: unknown, msg: string) => void },
  delayMs = 100,
): Promise<() => Promise<void>> {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  // a wake merged into a running delivery is tried again (every `delayMs`, at least 100 ms) until a
  // delivery is queued after it: the running one may have claimed its last chunk before the commit
  const wake = (wait = delayMs) => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      wakeDelivery(db).then(
        (r) => {
          if (r === 'running') wake(Math.max(delayMs, 100));
        },
        (err) => log.warn({ err }, 'triggers: could not start a delivery'),
      );
    }, wait);
    timer.unref();
  };
  const raw = handle.raw;
  if (raw.engine === 'pglite') {
    const unlisten = await raw.client.listen(TRIGGER_CHANNEL, () => wake());
    return async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await unlisten().catch(() => undefined);
    };
  }
  const pool = raw.pool;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let backoff = LISTEN_RETRY_MS;
  const connect = async (): Promise<void> => {
    const c = new Client(pool.options);
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => undefined);
      if (stopped) return;
      log.warn({ err, retryInMs: backoff }, 'triggers: listener connection lost; reconnecting (the sweep delivers meanwhile)');
      schedule();
    };
    c.on('notification', () => wake());
    c.on('error', onLost);
    c.on('end', () => onLost());
    try {
      await c.connect();
      await c.query(`LISTEN ${TRIGGER_CHANNEL}`);
    } catch (err) {
      onLost(err);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
  };
  const schedule = () => {
    if (retry || stopped) return;
    const wait = backoff;
    backoff = Math.min(backoff * 2, LISTEN_RETRY_MAX_MS);
    retry = setTimeout(() => {
      retry = null;
      connect().then(
        () => {
          if (stopped) return;
          backoff = LISTEN_RETRY_MS;
          log.info?.({}, 'triggers: listener reconnected');
          wake();
        },
        () => undefined, // onLost scheduled the next attempt
      );
    }, wait);
    retry.unref();
  };
  try {
    await connect();
  } catch (err) {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw err;
  }
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

// the imports module's one event (imports.events.ts): a finished run becomes `import.finished`, in
// the run's last transaction, so it commits with the batch becoming done
setImportFinishedListener((tx, e) =>
  recordTriggerEvent(tx, {
    kind: 'import.finished',
    application: e.application,
    subject: e.subject,
    actorId: e.startedBy,
    depth: 0,
    data: {
      batchId: e.batchId,
      fileName: e.fileName,
      taskId: e.taskId,
      inserted: e.inserted,
      updated: e.updated,
      unchanged: e.unchanged,
      skipped: e.skipped,
      finishedAt: e.finishedAt.toISOString(),
    },
  }),
);
