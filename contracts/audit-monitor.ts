/**
 * The audit process monitor (`GET /api/v1/applications/:slug/audit/monitor`, members;
 * server/src/modules/engagements/monitor.ts, docs/engagements-monitor.md): the background work of
 * one application — its tasks (modules/tasks) and its triggers' runs (modules/triggers) that are
 * running, queued or failed — or of one engagement of it (`engagementId`). Times are ISO 8601
 * strings; progress is `progressDone` of `progressTotal` (null = unknown).
 */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { TASK_STATES } from './tasks.constants';
import { TRIGGER_RUN_STATES } from './triggers.constants';
import { MONITOR_BUCKETS, MONITOR_TASK_LINKS } from './audit-monitor.constants';

export * from './audit-monitor.constants';

/**
 * GET …/audit/monitor: `engagementId` narrows to one engagement's work; `state` fills only that
 * bucket (the totals still count all three); `current`/`pageSize` page every list alike (each list
 * is page `current` of its own bucket, newest first).
 */
export const auditMonitorQuerySchema = pageQuerySchema.extend({
  engagementId: z.uuid().optional(),
  state: z.enum(MONITOR_BUCKETS).optional(),
});
export type AuditMonitorQuery = z.infer<typeof auditMonitorQuerySchema>;

/** One task of the application (a subset of contracts/tasks.ts Task, without input and result). */
export const monitorTaskSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(TASK_STATES),
  /** What the task works on: a report render (template name, format), an import (subject), a trigger's runs (trigger name). */
  link: z.enum(MONITOR_TASK_LINKS),
  /** A short human label of what it works on (template, subject or trigger name). */
  about: z.string(),
  progressDone: z.number().int(),
  progressTotal: z.number().int().nullable(),
  progressMessage: z.string().nullable(),
  attempts: z.number().int(),
  retryLimit: z.number().int(),
  error: z.string().nullable(),
  startedByLabel: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type MonitorTask = z.infer<typeof monitorTaskSchema>;

/** One run of a trigger of the application. */
export const monitorTriggerRunSchema = z.object({
  id: z.string(),
  triggerId: z.string(),
  triggerName: z.string(),
  state: z.enum(TRIGGER_RUN_STATES),
  /** The event kind (`record.updated`, `manual`, `schedule`…). */
  eventKind: z.string(),
  /** The subject key and record of the event, when it is about a record. */
  subject: z.string().nullable(),
  recordId: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  taskId: z.string().nullable(),
  /** Milliseconds of the last attempt. */
  ms: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type MonitorTriggerRun = z.infer<typeof monitorTriggerRunSchema>;

const bucketCounts = z.object({ running: z.number().int(), queued: z.number().int(), failed: z.number().int() });

/** The monitor's answer. */
export const auditMonitorSchema = z.object({
  /** The engagement the view is narrowed to, or null for the whole application. */
  engagement: z.object({ id: z.string(), title: z.string(), code: z.string().nullable(), phase: z.string().nullable() }).nullable(),
  /** How many records of the engagement the view follows (the engagement, its procedures, findings, workpapers, reports); 0 for the application. */
  recordCount: z.number().int(),
  running: z.array(monitorTaskSchema),
  queued: z.array(monitorTaskSchema),
  failed: z.array(monitorTaskSchema),
  triggerRuns: z.object({
    running: z.array(monitorTriggerRunSchema),
    queued: z.array(monitorTriggerRunSchema),
    failed: z.array(monitorTriggerRunSchema),
  }),
  /** Each bucket's full count (the lists are one page of it). */
  totals: z.object({ tasks: bucketCounts, triggerRuns: bucketCounts }),
  current: z.number().int(),
  pageSize: z.number().int(),
  /** When the server read it. */
  at: z.string(),
});
export type AuditMonitor = z.infer<typeof auditMonitorSchema>;
