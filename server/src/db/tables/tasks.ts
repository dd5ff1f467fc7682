/**
 * The durable tasks (modules/tasks, docs/tasks.md): our record of each background job, beside the
 * pg-boss queue (schema `pgboss`, migration 0014) that runs it. `tasks` is what the API and the
 * pages show; `task_logs` the structured log lines of each task, paged by their serial id.
 * `started_by` has no foreign key (the account may be purged later; `started_by_label` keeps who).
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TASK_LOG_LEVELS, TASK_STATES } from '../../../../contracts/tasks.constants';
import { createdAt, updatedAt } from '../columns';

/** One task. Progress is `progress_done` of `progress_total` (null total = unknown) with a message. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The registered kind (`registerTaskKind`), also the pg-boss queue name. */
    kind: text('kind').notNull(),
    state: text('state', { enum: TASK_STATES }).notNull().default('queued'),
    /** What the handler was asked to do (JSON, the kind's own shape). */
    input: jsonb('input').notNull().default({}),
    /** What the handler answered when done. */
    result: jsonb('result'),
    /** The last error's message (failed, or a retry pending). */
    error: text('error'),
    /** Only one active (queued or running) task of a kind per key. */
    singletonKey: text('singleton_key'),
    priority: integer('priority').notNull().default(0),
    /** Attempts made so far (1 on the first run). */
    attempts: integer('attempts').notNull().default(0),
    /** Retries allowed after the first attempt. */
    retryLimit: integer('retry_limit').notNull().default(0),
    /** Seconds before the first retry; doubled for each following one (pg-boss retryBackoff). */
    retryDelaySeconds: integer('retry_delay_seconds').notNull().default(0),
    /** Seconds a run may take: the handler is told to stop at its next chunk, and a lost worker's job comes back after it. */
    timeoutSeconds: integer('timeout_seconds').notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    progressMessage: text('progress_message'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    /** The current pg-boss job id (null until sent). */
    jobId: uuid('job_id'),
    startedBy: uuid('started_by'),
    /** The account's e-mail, or `system` / `schedule`. */
    startedByLabel: text('started_by_label').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('tasks_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    index('tasks_created_idx').on(t.createdAt, t.id),
    index('tasks_state_idx').on(t.state),
    index('tasks_kind_idx').on(t.kind),
    index('tasks_finished_idx').on(t.finishedAt),
    uniqueIndex('tasks_singleton_idx')
      .on(t.kind, t.singletonKey)
      .where(sql`${t.singletonKey} is not null and ${t.state} in ('queued', 'running')`),
  ],
);

/** One log line of a task; `id` orders them (and pages the stream). */
export const taskLogs = pgTable(
  'task_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    level: text('level', { enum: TASK_LOG_LEVELS }).notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
  },
  (t) => [
    index('task_logs_task_idx').on(t.taskId, t.id),
    check('task_logs_level_check', sql`${t.level} in ('debug', 'info', 'warn', 'error')`),
  ],
);
export type TaskRow = typeof tasks.$inferSelect;
export type TaskLogRow = typeof taskLogs.$inferSelect;
