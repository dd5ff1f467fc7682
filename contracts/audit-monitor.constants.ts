/** Constants of the audit process monitor (contracts/audit-monitor.ts), without zod: the web imports them. */

/** The three buckets of the monitor. A trigger run's `failed` bucket holds `failed` and `dead` runs. */
export const MONITOR_BUCKETS = ['running', 'queued', 'failed'] as const;
export type MonitorBucket = (typeof MONITOR_BUCKETS)[number];

/** What a task works on, as far as the monitor can tell (`link` of a task). */
export const MONITOR_TASK_LINKS = ['report_render', 'import', 'trigger', 'record'] as const;
export type MonitorTaskLink = (typeof MONITOR_TASK_LINKS)[number];
