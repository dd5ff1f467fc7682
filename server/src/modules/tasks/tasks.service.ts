/**
 * The tasks' rules (docs/tasks.md): start (with the singleton merge), list, read, logs, cancel,
 * retry and the retention purge; the engine (tasks.engine.ts) runs them. Starts, cancels and retries
 * are audited (`task.start`, `task.cancel`, `task.retry`) in the transaction of the change, which
 * also sends or cancels the pg-boss job when an engine runs on this database.
 */
import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Task, TaskListQuery, TaskLog, TaskLogQuery, TaskStart, TaskStarted } from '../../../../contracts/tasks';
import { TASK_FINISHED_STATES, TASK_RETENTION_DAYS, type TaskLogLevel } from '../../../../contracts/tasks.constants';
import type { AuditActor, AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { taskLogs, tasks, type TaskLogRow, type TaskRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { getTaskKind, queueFor, type TaskKind } from './tasks.registry';

const notFound = () => new HttpError(404, 'NOT_FOUND', 'errors.taskNotFound');

/** The API shape of a row. */
export function toTask(row: TaskRow): Task {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function toLog(row: TaskLogRow): TaskLog {
  return { id: row.id, at: row.at.toISOString(), level: row.level, message: row.message, data: row.data };
}

/** Who starts a task: an account (its id and e-mail) or the system (`{ id: null, label: 'system' }`). */
export type TaskStarter = Pick<AuditActor, 'id' | 'label'>;

/** Options of `enqueueTask` beyond the kind's defaults. */
export interface EnqueueOptions {
  input?: Record<string, unknown>;
  priority?: number;
  singletonKey?: string;
  /** An existing pg-boss job that carries the task (a scheduled run): nothing is sent. */
  jobId?: string;
}

/**
 * Queues a task of `kind` in `tx`'s transaction and sends its job when an engine runs on `db`
 * (else it waits, queued, for one to start: tasks.engine.ts sends the jobs of such tasks). With a
 * singleton key held by an active task of the kind, nothing is queued and that task answers
 * (`merged: true`). For modules that start tasks from their own services; the API's start is
 * `startTask`.
 */
export async function enqueueTask(
  db: Database,
  tx: Executor,
  kind: TaskKind,
  starter: TaskStarter,
  opts: EnqueueOptions = {},
): Promise<{ row: TaskRow; merged: boolean }> {
  const singletonKey = opts.singletonKey ?? kind.singletonKey ?? null;
  const [inserted] = await tx
    .insert(tasks)
    .values({
      kind: kind.kind,
      input: opts.input ?? {},
      singletonKey,
      priority: opts.priority ?? 0,
      retryLimit: kind.retryLimit,
      retryDelaySeconds: kind.retryDelaySeconds,
      timeoutSeconds: kind.timeoutSeconds,
      startedBy: starter.id,
      startedByLabel: starter.label,
      jobId: opts.jobId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!inserted) {
    const [active] = await tx
      .select()
      .from(tasks)
      .where(
        and(eq(tasks.kind, kind.kind), eq(tasks.singletonKey, singletonKey ?? ''), inArray(tasks.state, ['queued', 'running'])),
      )
      .limit(1);
    if (!active) throw new Error(`task ${kind.kind}: insert refused but no active task holds ${singletonKey}`);
    return { row: active, merged: true };
  }
  const queue = queueFor(db);
  if (!queue || opts.jobId) return { row: inserted, merged: false };
  const jobId = await queue.send(tx, inserted);
  const [sent] = await tx.update(tasks).set({ jobId }).where(eq(tasks.id, inserted.id)).returning();
  return { row: sent, merged: false };
}

/**
 * POST /tasks: starts a task of a kind that may be started by hand, audited `task.start` (a merge
 * into an active singleton writes nothing and answers it with `merged: true`).
 * @throws HttpError 400 `errors.taskKindUnknown` (naming `kind`) for an unknown or not manual kind.
 */
export async function startTask(db: Database, body: TaskStart, audit: AuditWriter): Promise<TaskStarted> {
  const kind = getTaskKind(body.kind);
  if (!kind || !kind.manual)
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'kind', messageKey: 'errors.taskKindUnknown' }]);
  return db.transaction(async (tx) => {
    const { row, merged } = await enqueueTask(db, tx, kind, audit.actor, body);
    if (merged) {
      audit.unchanged();
    } else {
      await audit.record(tx, {
        action: 'task.start',
        targetType: 'task',
        targetId: row.id,
        after: { kind: row.kind, input: row.input, priority: row.priority, singletonKey: row.singletonKey },
      });
    }
    return { task: toTask(row), merged };
  });
}

/** GET /tasks: newest first, filtered (contracts TaskListQuery). @returns the page and the total. */
export async function listTasks(db: Executor, q: TaskListQuery): Promise<{ items: Task[]; total: number }> {
  const where = and(
    q.state ? eq(tasks.state, q.state) : undefined,
    q.kind ? eq(tasks.kind, q.kind) : undefined,
    q.startedBy
      ? /^[0-9a-f-]{36}$/i.test(q.startedBy)
        ? eq(tasks.startedBy, q.startedBy)
        : sql`lower(${tasks.startedByLabel}) like ${`%${q.startedBy.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
      : undefined,
    q.since ? gte(tasks.createdAt, new Date(q.since)) : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(desc(tasks.createdAt), desc(tasks.id))
      .limit(q.pageSize)
      .offset((q.current - 1) * q.pageSize),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { items: rows.map(toTask), total: Number(n) };
}

/** The row of a task. @throws HttpError 404 `errors.taskNotFound`. */
export async function loadTask(db: Executor, id: string): Promise<TaskRow> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** GET /tasks/:id. @throws HttpError 404. */
export async function getTask(db: Executor, id: string): Promise<Task> {
  return toTask(await loadTask(db, id));
}

/** GET /tasks/:id/logs: oldest first, after the line `after` when given. @throws HttpError 404. */
export async function listTaskLogs(db: Executor, id: string, q: TaskLogQuery): Promise<{ items: TaskLog[]; total: number }> {
  await loadTask(db, id);
  const where = and(eq(taskLogs.taskId, id), q.after !== undefined ? gt(taskLogs.id, q.after) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(taskLogs)
      .where(where)
      .orderBy(asc(taskLogs.id))
      .limit(q.pageSize)
      .offset((q.current - 1) * q.pageSize),
    db.select({ n: count() }).from(taskLogs).where(where),
  ]);
  return { items: rows.map(toLog), total: Number(n) };
}

/** Appends one log line (handlers go through their context's `log`). */
export async function appendTaskLog(
  db: Executor,
  taskId: string,
  level: TaskLogLevel,
  message: string,
  data?: unknown,
): Promise<void> {
  await db.insert(taskLogs).values({ taskId, level, message, data: data === undefined ? null : (data as object) });
}

/** Appends log lines in one statement (a handler that logs many lines at once: the triggers' runs). */
export async function appendTaskLogs(
  db: Executor,
  taskId: string,
  lines: { level: TaskLogLevel; message: string; data?: unknown }[],
): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insert(taskLogs)
    .values(
      lines.map((l) => ({ taskId, level: l.level, message: l.message, data: l.data === undefined ? null : (l.data as object) })),
    );
}

/**
 * POST /tasks/:id/cancel, audited `task.cancel`: a queued task is cancelled at once (its job
 * cancelled in the same transaction); a running one is asked to stop (`cancelRequested`), which its
 * handler sees at its next chunk. Asking twice is a no-op (`unchanged`).
 * @throws HttpError 404; 409 `errors.taskNotActive` for a finished task.
 */
export async function cancelTask(db: Database, id: string, audit: AuditWriter): Promise<Task> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
    if (!row) throw notFound();
    if (!['queued', 'running'].includes(row.state)) throw new HttpError(409, 'CONFLICT', 'errors.taskNotActive');
    if (row.cancelRequested) {
      audit.unchanged();
      return toTask(row);
    }
    const now = new Date();
    const queued = row.state === 'queued';
    const [after] = await tx
      .update(tasks)
      .set(
        queued
          ? { state: 'cancelled', cancelRequested: true, finishedAt: now, updatedAt: now }
          : { cancelRequested: true, updatedAt: now },
      )
      .where(eq(tasks.id, id))
      .returning();
    if (queued && row.jobId) await queueFor(db)?.cancel(tx, row);
    await appendTaskLog(tx, id, 'warn', queued ? 'cancelled before it ran' : 'cancel requested', { by: audit.actor.label });
    await audit.record(tx, {
      action: 'task.cancel',
      targetType: 'task',
      targetId: id,
      before: { state: row.state },
      after: { state: after.state, cancelRequested: true },
    });
    return toTask(after);
  });
}

/**
 * POST /tasks/:id/retry, audited `task.retry`: a failed or cancelled task goes back to the queue
 * (progress and error cleared, logs kept, a fresh set of retries) with a new job.
 * @throws HttpError 404; 409 `errors.taskNotRetryable` for a queued, running or done task.
 */
export async function retryTask(db: Database, id: string, audit: AuditWriter): Promise<Task> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(tasks).where(eq(tasks.id, id)).for('update');
    if (!row) throw notFound();
    if (row.state !== 'failed' && row.state !== 'cancelled') throw new HttpError(409, 'CONFLICT', 'errors.taskNotRetryable');
    const now = new Date();
    let [after] = await tx
      .update(tasks)
      .set({
        state: 'queued',
        error: null,
        result: null,
        cancelRequested: false,
        progressDone: 0,
        progressTotal: null,
        progressMessage: null,
        finishedAt: null,
        jobId: null,
        updatedAt: now,
      })
      .where(eq(tasks.id, id))
      .returning()
      .catch((err: unknown) => {
        // the singleton index: another task of the key is active
        if ((err as { code?: string }).code === '23505') throw new HttpError(409, 'CONFLICT', 'errors.taskNotRetryable');
        throw err;
      });
    const queue = queueFor(db);
    if (queue)
      [after] = await tx
        .update(tasks)
        .set({ jobId: await queue.send(tx, after) })
        .where(eq(tasks.id, id))
        .returning();
    await appendTaskLog(tx, id, 'info', 'retried', { by: audit.actor.label });
    await audit.record(tx, {
      action: 'task.retry',
      targetType: 'task',
      targetId: id,
      before: { state: row.state },
      after: { state: 'queued' },
    });
    return toTask(after);
  });
}

/**
 * The retention (`tasks.purge-finished`): finished tasks (and their logs) older than `days` are
 * deleted, `chunk` at a time. @returns how many went in this call.
 */
export async function purgeFinishedTasks(
  db: Executor,
  days = TASK_RETENTION_DAYS,
  chunk = 500,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - days * 24 * 60 * 60_000);
  const old = db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(inArray(tasks.state, [...TASK_FINISHED_STATES]), lt(tasks.finishedAt, before)))
    .limit(chunk);
  const gone = await db.delete(tasks).where(inArray(tasks.id, old)).returning({ id: tasks.id });
  return gone.length;
}

/**
 * Waits until task `id` is finished (done, failed or cancelled), reading its row every `everyMs`
 * (default 250 ms): a request that started a task and answers its outcome (imports' run and undo).
 * The task may run in any process on the database. @returns the finished row.
 * @throws HttpError 404 when the task is gone.
 */
export async function waitForTask(db: Executor, id: string, everyMs = 250): Promise<TaskRow> {
  for (;;) {
    const row = await loadTask(db, id);
    if ((TASK_FINISHED_STATES as readonly string[]).includes(row.state)) return row;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The system as a task's starter and audit actor (scheduled runs). */
export const SYSTEM_STARTER: TaskStarter = { id: null, label: 'system' };
