/**
 * The task engine: pg-boss 10 (docs/tasks.md) over the app's own database, one queue and one worker
 * per registered kind. Started by index.ts after the server listens (with the housekeeping
 * scheduler, env SCHEDULER), stopped before the database closes; tests start it themselves.
 *
 * - The pg-boss schema is a committed migration (0014_pgboss, tasks.pgboss-migration.ts): pg-boss
 *   starts with `migrate: false` and only checks the version.
 * - pg-boss reaches the database through its `db: { executeSql }` option: on PGlite, text without
 *   parameters (its multi-statement maintenance) through `exec`, the rest through `query`; on
 *   PostgreSQL the app's pool. Calls made inside one of our transactions pass `{ db }` over that
 *   transaction's connection (`txDb`): on PGlite a pg-boss call outside it would wait for the
 *   transaction, which waits for the call — the whole server hangs.
 * - pg-boss 10 has no heartbeat and no abort signal: a job whose worker died comes back only after
 *   its `expireIn` (the task's timeout + 60 s); a running handler learns of a cancel or its timeout
 *   through `isCancelled()` between chunks.
 * - Workers poll (`pollingIntervalSeconds`, at least 0.5 s); a task started in this process wakes
 *   its kind's worker at once (`notifyWorker`), and a worker that found a job fetches again at once
 *   (a queue drains without waiting a polling interval per job).
 */
import PgBoss from 'pg-boss';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { tasks, type TaskRow } from '../../db/schema';
import { appendTaskLog, enqueueTask, SYSTEM_STARTER } from './tasks.service';
import { getTaskKind, isNoRetry, listTaskKinds, TASK_CANCELLED, queueFor, setQueue, type TaskContext, type TaskKind } from './tasks.registry';
import { PGBOSS_SCHEMA } from './tasks.pgboss-migration';

type Log = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** Seconds added to a task's timeout for its job's `expireIn` (the handler stops first, by itself). */
export const EXPIRE_MARGIN_SECONDS = 60;
/** Minimum milliseconds between two reads of `cancel_requested` by `isCancelled()`. */
const CANCEL_CHECK_MS = 250;

type QueryResult = { rows: unknown[]; fields?: unknown[] };
interface SqlClient {
  query(text: string, values?: unknown[]): Promise<QueryResult | QueryResult[]>;
}

function lastResult(result: QueryResult | QueryResult[]): { rows: unknown[] } {
  if (!Array.isArray(result)) return { rows: result.rows ?? [] };
  const withRows = [...result].reverse().find((r) => (r.fields?.length ?? 0) > 0);
  return { rows: (withRows ?? result.at(-1))?.rows ?? [] };
}

/** pg-boss's `db` over the app's database (`$client`: a PGlite instance or a pg Pool). */
export function bossDb(db: Database): PgBoss.Db {
  const client = (db as unknown as { $client: { exec?: (text: string) => Promise<QueryResult[]> } & SqlClient }).$client;
  if (typeof client.exec === 'function') {
    const exec = client.exec.bind(client);
    return {
      executeSql: async (text, values) =>
        lastResult(values && values.length ? await client.query(text, values) : await exec(text)),
    };
  }
  return { executeSql: async (text, values) => lastResult(await client.query(text, values)) };
}

/**
 * pg-boss's `db` over one of our transactions: its connection (drizzle's `session.client`, a PGlite
 * transaction or a pg PoolClient), so the call is part of the transaction.
 */
export function txDb(tx: unknown): PgBoss.Db {
  const client = (tx as { session: { client: SqlClient } }).session.client;
  return { executeSql: async (text, values) => lastResult(await client.query(text, values)) };
}

/** Options of `startTaskEngine`. */
export interface TaskEngineOptions {
  log: Log;
  /** Seconds between a worker's fetches (default 2, at least 0.5). */
  pollingIntervalSeconds?: number;
  /** Run the kinds' `cron` schedules (default true; tests turn it off). */
  schedule?: boolean;
  /** pg-boss maintenance (expiry of lost jobs, archiving; default true). */
  supervise?: boolean;
  /**
   * This process is the only one on the database (PGlite, single-process by construction): tasks
   * left `running` can only belong to a process that died, so their active jobs are failed at
   * start (pg-boss then retries them after the kind's retry delay, or fails them when no retry
   * remains) instead of waiting for their `expireIn` (timeout + 60 s). Never on PostgreSQL, where
   * another live process may be running them.
   */
  requeueRunning?: boolean;
}

/** A running engine. */
export interface TaskEngine {
  boss: PgBoss;
  /** Stops the workers (waiting for the running handlers up to `timeoutMs`, default 10 s) and pg-boss. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Starts pg-boss on `db`, one queue and worker per registered kind, then sends the jobs of tasks
 * queued while no engine ran (job id still null).
 * @throws when the pg-boss schema is missing or of another version (the migration did not run).
 */
export async function startTaskEngine(db: Database, opts: TaskEngineOptions): Promise<TaskEngine> {
  const boss = new PgBoss({
    db: bossDb(db),
    schema: PGBOSS_SCHEMA,
    migrate: false,
    supervise: opts.supervise ?? true,
    schedule: opts.schedule ?? true,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'tasks: pg-boss error'));
  await boss.start();
  if (opts.requeueRunning) await requeueRunning(db, boss, opts.log);
  const workers = new Map<string, string[]>();
  for (const kind of listTaskKinds()) {
    const expire = kind.timeoutSeconds + EXPIRE_MARGIN_SECONDS;
    // the queue's defaults; each send gives the task's own (createQueue is idempotent, updateQueue keeps them current)
    const queue = {
      name: kind.kind,
      policy: 'standard' as const,
      retryLimit: kind.retryLimit,
      retryDelay: kind.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: expire,
    };
    if (await boss.getQueue(kind.kind)) await boss.updateQueue(kind.kind, queue);
    else await boss.createQueue(kind.kind, queue);
    const ids: string[] = [];
    // `concurrency` workers of the kind in this process (each takes one job at a time)
    for (let w = 0; w < kind.concurrency; w += 1) {
      let self = '';
      const id = await boss.work<{ taskId?: string }>(
        kind.kind,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
        async ([job]) => {
          try {
            return await runJob(db, kind, job, opts.log);
          } finally {
            // a worker that found a job fetches again at once (pg-boss waits the polling interval
            // after every fetch otherwise: 1 job per interval per kind and process)
            if (self) boss.notifyWorker(self);
          }
        },
      );
      self = id;
      ids.push(id);
    }
    workers.set(kind.kind, ids);
    if (kind.cron && (opts.schedule ?? true)) await boss.schedule(kind.kind, kind.cron, {});
  }
  const sendOptions = (task: TaskRow, tx: unknown): PgBoss.SendOptions => ({
    priority: task.priority,
    retryLimit: task.retryLimit,
    retryDelay: task.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: task.timeoutSeconds + EXPIRE_MARGIN_SECONDS,
    db: txDb(tx),
  });
  setQueue(db, {
    async send(tx, task) {
      const id = await boss.send(task.kind, { taskId: task.id }, sendOptions(task, tx));
      if (!id) throw new Error(`tasks: pg-boss refused the job of ${task.id}`);
      // after the commit a worker finds it; waking them now only shortens the wait
      for (const worker of workers.get(task.kind) ?? []) setTimeout(() => boss.notifyWorker(worker), 50).unref();
      return id;
    },
    async cancel(tx, task) {
      if (task.jobId) await boss.cancel(task.kind, task.jobId, { db: txDb(tx) });
    },
  });
  // tasks queued while no engine ran
  const waiting = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.state, 'queued'), isNull(tasks.jobId), inArray(tasks.kind, [...workers.keys(), ''])));
  for (const task of waiting) {
    await db.transaction(async (tx) => {
      const id = await boss.send(task.kind, { taskId: task.id }, sendOptions(task, tx));
      await tx.update(tasks).set({ jobId: id }).where(eq(tasks.id, task.id));
    });
  }
  if (waiting.length) opts.log.info({ tasks: waiting.length }, 'tasks: queued tasks sent to their workers');
  opts.log.info({ kinds: [...workers.keys()] }, 'tasks: engine started');
  let stopped = false;
  return {
    boss,
    async stop(timeoutMs = 10_000) {
      if (stopped) return;
      stopped = true;
      setQueue(db, undefined);
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false, wait: true });
    },
  };
}

/**
 * At start of the only process on the database (TaskEngineOptions.requeueRunning): each task left
 * `running` by a process that died gets its pg-boss job failed now — pg-boss moves it to `retry`
 * (started again after the retry delay, with backoff) or to `failed` when no retry remains — and
 * the task follows: `queued` with a log line, or `failed`.
 */
async function requeueRunning(db: Database, boss: PgBoss, log: Log): Promise<void> {
  const stale = await db.select().from(tasks).where(eq(tasks.state, 'running'));
  for (const task of stale) {
    const reason = 'the process running this task stopped';
    let state: string | undefined;
    if (task.jobId) {
      await boss.fail(task.kind, task.jobId, { reason });
      state = (await boss.getJobById(task.kind, task.jobId))?.state;
    }
    const retried = state === 'retry' || state === 'created';
    const now = new Date();
    await db
      .update(tasks)
      .set(retried ? { state: 'queued', updatedAt: now } : { state: 'failed', error: reason, finishedAt: now, updatedAt: now })
      .where(eq(tasks.id, task.id));
    await appendTaskLog(db, task.id, retried ? 'warn' : 'error', retried ? `${reason}; retried` : `${reason}; no retry left`);
  }
  if (stale.length) log.warn({ tasks: stale.length }, 'tasks: tasks of a stopped process requeued');
}

/** Errors of attempts that failed for good in this process, by task id (takeTaskError). */
const finalErrors = new Map<string, unknown>();

/**
 * The error that failed task `id` for good, when its last attempt ran in this process (the thrown
 * value itself, e.g. an HttpError with its message key and params); removed once taken.
 */
export function takeTaskError(id: string): unknown {
  const err = finalErrors.get(id);
  finalErrors.delete(id);
  return err;
}

/**
 * Runs a queued task here and now, one attempt and no retry, in a process where no engine runs on
 * `db` (env SCHEDULER=false, the API tests): the task row still records the attempt, its progress
 * and its logs. The handler's error is thrown as is.
 * @throws Error when the kind is not registered; whatever the handler throws.
 */
export async function runTaskHere(db: Database, task: TaskRow, log: Log): Promise<unknown> {
  const kind = getTaskKind(task.kind);
  if (!kind) throw new Error(`tasks: no kind ${task.kind}`);
  const job = { id: null, name: task.kind, data: { taskId: task.id }, retryCount: task.retryLimit, retryLimit: task.retryLimit };
  try {
    return await runJob(db, kind, job as unknown as PgBoss.JobWithMetadata<{ taskId?: string }>, log);
  } finally {
    finalErrors.delete(task.id);
  }
}

/**
 * Starts a task of `kind` as the system and runs its attempt here and now (runTaskHere), in a
 * process where no engine runs on `db`: the housekeeping tests, an operator's shell. An active task
 * of the kind's singleton key answers instead (nothing runs: `undefined`).
 * @returns the handler's result. @throws Error when the kind is unknown or an engine runs on `db`.
 */
export async function runTaskNow(
  db: Database,
  kind: string,
  log: Log = { info: () => undefined, warn: () => undefined, error: () => undefined },
): Promise<unknown> {
  const entry = getTaskKind(kind);
  if (!entry) throw new Error(`tasks: no kind ${kind}`);
  if (queueFor(db)) throw new Error('tasks: an engine runs on this database; start the task instead');
  const { row, merged } = await db.transaction((tx) => enqueueTask(db, tx, entry, SYSTEM_STARTER));
  return merged ? undefined : runTaskHere(db, row, log);
}

/**
 * Runs one job: the task's attempt, its state kept in `tasks`. A handler's throw fails the attempt:
 * the task goes back to `queued` while pg-boss retries remain (the error thrown again so pg-boss
 * schedules the retry with its backoff), else to `failed`. A cancel or a timeout seen by the handler
 * ends the task `cancelled` (or failed, for the timeout) and completes the job.
 */
export async function runJob(
  db: Database,
  kind: TaskKind,
  job: PgBoss.JobWithMetadata<{ taskId?: string }>,
  log: Log,
): Promise<unknown> {
  let task: TaskRow | undefined;
  if (job.data?.taskId) {
    [task] = await db.select().from(tasks).where(eq(tasks.id, job.data.taskId)).limit(1);
  } else {
    // a scheduled run (pg-boss cron): its task is made now
    const { row, merged } = await db.transaction((tx) => enqueueTask(db, tx, kind, SYSTEM_STARTER, { jobId: job.id }));
    if (merged) return { skipped: 'an active task of the same singleton key' };
    task = row;
  }
  if (!task || task.state === 'done' || task.state === 'failed' || task.state === 'cancelled') return { skipped: 'finished' };
  if (task.cancelRequested) {
    await finish(db, task.id, { state: 'cancelled' });
    return { cancelled: true };
  }
  const began = Date.now();
  const now = new Date(began);
  const [running] = await db
    .update(tasks)
    .set({ state: 'running', attempts: task.attempts + 1, startedAt: task.startedAt ?? now, updatedAt: now, jobId: job.id })
    .where(eq(tasks.id, task.id))
    .returning();
  await appendTaskLog(db, task.id, 'info', `attempt ${running.attempts} started`, { retryCount: job.retryCount });
  let timedOut = false;
  let cancelled = false;
  let lastCheck = 0;
  const ctx: TaskContext = {
    task: running,
    db,
    lastAttempt: job.retryCount >= job.retryLimit,
    async progress(done, total, message) {
      await db
        .update(tasks)
        .set({
          progressDone: done,
          ...(total !== undefined ? { progressTotal: total } : {}),
          ...(message !== undefined ? { progressMessage: message } : {}),
          updatedAt: new Date(),
        })
        .where(eq(tasks.id, running.id));
    },
    log: (level, message, data) => appendTaskLog(db, running.id, level, message, data),
    async isCancelled() {
      if (cancelled || timedOut) return true;
      if (Date.now() - began > running.timeoutSeconds * 1000) {
        timedOut = true;
        return true;
      }
      if (Date.now() - lastCheck < CANCEL_CHECK_MS) return false;
      lastCheck = Date.now();
      const [row] = await db.select({ c: tasks.cancelRequested }).from(tasks).where(eq(tasks.id, running.id));
      cancelled = !row || row.c;
      return cancelled;
    },
  };
  try {
    const result = await kind.handler(ctx);
    if (timedOut) throw new Error(`timed out after ${running.timeoutSeconds} s`);
    if (cancelled || result === TASK_CANCELLED) {
      await appendTaskLog(db, running.id, 'warn', 'cancelled: stopped at a chunk boundary');
      await finish(db, running.id, { state: 'cancelled' });
      return { cancelled: true };
    }
    await appendTaskLog(db, running.id, 'info', 'done', { ms: Date.now() - began });
    await finish(db, running.id, { state: 'done', result: (result ?? null) as object });
    return result;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const retries = job.retryCount < job.retryLimit && !isNoRetry(err);
    await appendTaskLog(
      db,
      running.id,
      'error',
      retries ? `attempt ${running.attempts} failed; retrying` : `attempt ${running.attempts} failed`,
      { error: message },
    );
    if (retries) {
      await db.update(tasks).set({ state: 'queued', error: message, updatedAt: new Date() }).where(eq(tasks.id, running.id));
    } else {
      finalErrors.set(running.id, err);
      // (kept for a waiter in this process; bounded when nobody waits)
      if (finalErrors.size > 100) finalErrors.delete(finalErrors.keys().next().value!);
      await finish(db, running.id, { state: 'failed', error: message });
    }
    log.warn({ task: running.id, kind: kind.kind, err: message, retries }, 'tasks: attempt failed');
    throw err;
  }
}

async function finish(db: Executor, id: string, set: Partial<Pick<TaskRow, 'state' | 'result' | 'error'>>): Promise<void> {
  const now = new Date();
  await db
    .update(tasks)
    .set({ ...set, finishedAt: now, updatedAt: now })
    .where(eq(tasks.id, id));
}
