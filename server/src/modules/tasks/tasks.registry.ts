/**
 * The task kind registry (docs/tasks.md "Adding a kind"): a module registers what a kind does with
 * `registerTaskKind(kind, handler, options)` when its file loads; the engine (tasks.engine.ts)
 * makes one pg-boss queue and one worker per registered kind. Process-wide: every app of the
 * process sees the same kinds.
 */
import type { Database } from '../../db/client';
import type { TaskRow } from '../../db/schema';
import type { TaskLogLevel } from '../../../../contracts/tasks.constants';

/** What a handler gets. Every call writes to the database: call `progress` and `log` per chunk, not per row. */
export interface TaskContext {
  /** The task as it was when this attempt began (`input`, `attempts`, who started it). */
  task: TaskRow;
  /** The database (not in a transaction: a handler opens its own, short ones, per chunk). */
  db: Database;
  /** Progress: `done` of `total` (null = unknown), with an optional message. */
  progress(done: number, total?: number | null, message?: string | null): Promise<void>;
  /** One structured log line (`data`: JSON, kept as given). */
  log(level: TaskLogLevel, message: string, data?: unknown): Promise<void>;
  /**
   * True once an administrator cancelled the task or its timeout passed: the handler returns at
   * that point (between chunks); what it returns then is ignored. Reads the database at most every
   * 250 ms.
   */
  isCancelled(): Promise<boolean>;
  /**
   * True when a throw from this attempt fails the task for good (no retry remains): a handler
   * that keeps work for a retry to resume (a chunk marker) undoes it instead on its last attempt.
   */
  lastAttempt: boolean;
}

/**
 * What a handler returns when it stopped for a cancel it saw itself (in its own transaction, after
 * `isCancelled` last answered false): the task ends `cancelled`, as after `isCancelled`.
 */
export const TASK_CANCELLED = Symbol('task cancelled');

/**
 * Marks `err` as not worth a retry (a rule refused the work: a conflict, a value taken): the attempt
 * fails the task at once, whatever retries remain. @returns `err`.
 */
export function noRetry<E extends Error>(err: E): E {
  (err as E & { retry?: boolean }).retry = false;
  return err;
}

/** True for an error marked by `noRetry`. */
export function isNoRetry(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { retry?: unknown }).retry === false;
}

/** A kind's work: resolves with the task's result (JSON), throws to fail the attempt (retried while retries remain). */
export type TaskHandler = (ctx: TaskContext) => Promise<unknown>;

/** A kind's defaults; a start may override `priority` and `singletonKey`. */
export interface TaskKindOptions {
  /** Retries after a failed attempt (default 2). */
  retryLimit?: number;
  /** Seconds before the first retry, doubled (with jitter) for each next one (default 30; pg-boss retryBackoff). */
  retryDelaySeconds?: number;
  /** Seconds an attempt may run (default 900): the handler is told to stop; a worker that died returns its job after it (plus 60 s). */
  timeoutSeconds?: number;
  /** May be started by an administrator through POST /api/v1/tasks (default false). */
  manual?: boolean;
  /** Every task of the kind gets this singleton key unless the start gives one: one active at a time. */
  singletonKey?: string;
  /** pg-boss cron (`5 * * * *`): the engine also starts the kind on this schedule when it runs with `schedule: true`. */
  cron?: string;
  /** Tasks of the kind one process runs at the same time (workers per process; default 1). */
  concurrency?: number;
}

export interface TaskKind extends Required<
  Pick<TaskKindOptions, 'retryLimit' | 'retryDelaySeconds' | 'timeoutSeconds' | 'manual' | 'concurrency'>
> {
  kind: string;
  handler: TaskHandler;
  singletonKey?: string;
  cron?: string;
}

/** Defaults of TaskKindOptions. */
export const TASK_KIND_DEFAULTS = {
  retryLimit: 2,
  retryDelaySeconds: 30,
  timeoutSeconds: 900,
  manual: false,
  concurrency: 1,
} as const;

const kinds = new Map<string, TaskKind>();

/**
 * Registers (or replaces) a kind. `kind` is also the pg-boss queue name: lower-case words joined by
 * `.`, `-` or `_`. An engine already running picks a new kind up at its next start only.
 * @throws Error when the name is not valid.
 */
export function registerTaskKind(kind: string, handler: TaskHandler, options: TaskKindOptions = {}): TaskKind {
  if (!/^[a-z][a-z0-9]*([._-][a-z0-9]+)*$/.test(kind) || kind.length > 100)
    throw new Error(`task kind ${JSON.stringify(kind)}: not a valid name`);
  const entry: TaskKind = { ...TASK_KIND_DEFAULTS, ...options, kind, handler };
  kinds.set(kind, entry);
  return entry;
}

/** The kind registered under `kind`, or undefined. */
export function getTaskKind(kind: string): TaskKind | undefined {
  return kinds.get(kind);
}

/** Every registered kind, by name. */
export function listTaskKinds(): TaskKind[] {
  return [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

/** What the service needs of the engine running on a database (tasks.engine.ts). */
export interface TaskQueue {
  /** Sends the job of a queued task, in the caller's transaction (`tx`): the job exists iff the task commits. @returns the job id. */
  send(tx: unknown, task: TaskRow): Promise<string>;
  /** Cancels a task's pending job in `tx`'s transaction. */
  cancel(tx: unknown, task: TaskRow): Promise<void>;
}

const queues = new Map<Database, TaskQueue>();

/** The engine running on `db` in this process, or undefined (its tasks wait queued until one starts). */
export function queueFor(db: Database): TaskQueue | undefined {
  return queues.get(db);
}

/** Called by the engine at start (a queue) and stop (undefined). */
export function setQueue(db: Database, queue: TaskQueue | undefined): void {
  if (queue) queues.set(db, queue);
  else queues.delete(db);
}

/**
 * A module's own retention, run by the tasks' purge (`tasks.purge-finished`, tasks.builtin.ts) with
 * the same setting `taskRetentionDays`: deletes one chunk of its rows older than `days` and
 * @returns how many went (0 = nothing left).
 */
export type RetentionPurge = (db: Database, days: number) => Promise<number>;

const purges = new Map<string, RetentionPurge>();

/** Registers (or replaces) the retention purge `name` (e.g. `trigger runs`), run after the tasks' own. */
export function registerRetentionPurge(name: string, purge: RetentionPurge): void {
  purges.set(name, purge);
}

/** The registered retention purges, by name. */
export function listRetentionPurges(): [string, RetentionPurge][] {
  return [...purges];
}
