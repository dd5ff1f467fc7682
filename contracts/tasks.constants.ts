/**
 * Constants of the durable tasks (server/src/modules/tasks, docs/tasks.md), plain data so the web
 * imports them at run time (no zod here), and the module's audit actions (the entry `TASKS_MODULE`,
 * listed in contracts/modules.ts; its server messages: contracts/tasks.messages.ts).
 */
import type { ModuleEntry } from './constants';

/** A task's life: queued → running → done | failed | cancelled (a retry puts a failed one back in the queue). */
export const TASK_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type TaskState = (typeof TASK_STATES)[number];
/** States a task can still leave by itself. */
export const TASK_ACTIVE_STATES: readonly TaskState[] = ['queued', 'running'];
/** States of a finished task (kept `TASK_RETENTION_DAYS`, then purged by the `tasks.purge` kind). */
export const TASK_FINISHED_STATES: readonly TaskState[] = ['done', 'failed', 'cancelled'];

/** Levels of a task's log lines. */
export const TASK_LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type TaskLogLevel = (typeof TASK_LOG_LEVELS)[number];

/**
 * Days a finished task and its logs are kept by default (docs/tasks.md "Retention"): the system
 * setting `taskRetentionDays` (contracts/settings.ts) starts here and may be set within
 * TASK_RETENTION_BOUNDS.
 */
export const TASK_RETENTION_DAYS = 30;
/** Bounds of the setting `taskRetentionDays`, days. */
export const TASK_RETENTION_BOUNDS = { min: 1, max: 3650 } as const;
/** Priorities a start may ask for (higher runs first; pg-boss `priority`). */
export const TASK_PRIORITY_MIN = -100;
export const TASK_PRIORITY_MAX = 100;

/** Audit actions written by the module (it registers no recycle-bin type): `<resource>.<verb>`. */
export const TASKS_MODULE = {
  auditActions: ['task.start', 'task.cancel', 'task.retry'],
  recycleTypes: [],
} as const satisfies ModuleEntry;
