/**
 * The durable tasks API (/api/v1/tasks, administrators; server/src/modules/tasks, docs/tasks.md).
 * Times are ISO 8601 strings; progress is `progressDone` of `progressTotal` (null = unknown).
 */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { TASK_LOG_LEVELS, TASK_PRIORITY_MAX, TASK_PRIORITY_MIN, TASK_STATES } from './tasks.constants';

export * from './tasks.constants';

/** A task kind's name: lower-case words joined by `.`, `-` or `_` (also the pg-boss queue name). */
export const taskKindSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z][a-z0-9]*([._-][a-z0-9]+)*$/);

/** One task as the API answers it. */
export const taskSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(TASK_STATES),
  input: z.unknown(),
  result: z.unknown(),
  error: z.string().nullable(),
  singletonKey: z.string().nullable(),
  priority: z.number().int(),
  attempts: z.number().int(),
  retryLimit: z.number().int(),
  retryDelaySeconds: z.number().int(),
  timeoutSeconds: z.number().int(),
  progressDone: z.number().int(),
  progressTotal: z.number().int().nullable(),
  progressMessage: z.string().nullable(),
  cancelRequested: z.boolean(),
  startedBy: z.string().nullable(),
  startedByLabel: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

/** A start's answer: the task, and `merged` when an active task of the same singleton key answered instead. */
export const taskStartedSchema = z.object({ task: taskSchema, merged: z.boolean() });
export type TaskStarted = z.infer<typeof taskStartedSchema>;

/**
 * GET /api/v1/tasks: `state` and `kind` exact, `startedBy` an account id or a label (`system`),
 * `since` ISO 8601 (created at or after); newest first.
 */
export const taskListQuerySchema = pageQuerySchema.extend({
  state: z.enum(TASK_STATES).optional(),
  kind: taskKindSchema.optional(),
  startedBy: z.string().trim().min(1).max(320).optional(),
  since: z.string().datetime({ offset: true }).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;

/** POST /api/v1/tasks: a registered kind that may be started by hand. */
export const taskStartSchema = z.object({
  kind: taskKindSchema,
  input: z.record(z.string(), z.unknown()).optional(),
  priority: z.number().int().min(TASK_PRIORITY_MIN).max(TASK_PRIORITY_MAX).optional(),
  singletonKey: z.string().trim().min(1).max(200).optional(),
});
export type TaskStart = z.infer<typeof taskStartSchema>;

export const taskIdParamsSchema = z.object({ id: z.string().uuid() });

/** One log line. `id` orders the lines (a number, stable). */
export const taskLogSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.enum(TASK_LOG_LEVELS),
  message: z.string(),
  data: z.unknown(),
});
export type TaskLog = z.infer<typeof taskLogSchema>;

/** GET /api/v1/tasks/:id/logs: oldest first; `after` = the last line's id already seen. */
export const taskLogQuerySchema = pageQuerySchema.extend({
  after: z.coerce.number().int().min(0).optional(),
});
export type TaskLogQuery = z.infer<typeof taskLogQuerySchema>;

/** GET /api/v1/tasks/kinds: the registered kinds (`manual`: may be started from the API). */
export const taskKindInfoSchema = z.object({ kind: z.string(), manual: z.boolean() });
export type TaskKindInfo = z.infer<typeof taskKindInfoSchema>;
