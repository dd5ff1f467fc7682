/**
 * Constants of triggers and the action library (server/src/modules/triggers, docs/triggers.md),
 * plain data so the web imports them at run time (no zod here), and the module's audit actions (the
 * entry `TRIGGERS_MODULE`, listed in contracts/modules.ts; its server messages:
 * contracts/triggers.messages.ts).
 */
import type { ModuleEntry } from './constants';

/** What a trigger listens to. */
export const TRIGGER_EVENT_KINDS = [
  'record.created',
  'record.updated',
  'record.deleted',
  'schedule',
  'import.finished',
  'manual',
  'incident.opened',
] as const;
export type TriggerEventKind = (typeof TRIGGER_EVENT_KINDS)[number];
/** The event kinds about one record of a subject (written by the outbox, docs/triggers.md "Outbox"). */
export const TRIGGER_RECORD_EVENTS: readonly TriggerEventKind[] = ['record.created', 'record.updated', 'record.deleted'];

/**
 * A run's life: queued → running → done, or back to queued after a failed attempt while retries
 * remain, then `dead` (the dead-letter list, replayable). `failed`: ended without running its steps
 * and not retried (the loop guard, or its trigger gone).
 */
export const TRIGGER_RUN_STATES = ['queued', 'running', 'done', 'failed', 'dead'] as const;
export type TriggerRunState = (typeof TRIGGER_RUN_STATES)[number];

/** Outcome of one step of a run. */
export const TRIGGER_STEP_STATUSES = ['ok', 'skipped', 'error'] as const;
export type TriggerStepStatus = (typeof TRIGGER_STEP_STATUSES)[number];

/**
 * The loop guard (docs/triggers.md "Loop guard"): an event at a depth beyond this is not run (its
 * run is `failed` and says so). A user's change is depth 0; a record written by a run at depth d
 * fires events at depth d + 1.
 */
export const TRIGGER_MAX_DEPTH = 3;

/** Days a delivered outbox event is kept (the delivery then deletes it; its runs keep the event they got). */
export const TRIGGER_EVENT_RETENTION_DAYS = 7;

/** Most action steps of a trigger. */
export const TRIGGER_STEPS_MAX = 20;
/** Retry policy bounds: retries after the first attempt, and the first retry's delay in seconds (doubled each time). */
export const TRIGGER_RETRY_LIMIT_MAX = 10;
export const TRIGGER_RETRY_DELAY_MAX = 3600;
/** Defaults of a trigger's retry policy. */
export const TRIGGER_RETRY_DEFAULT = { retryLimit: 2, retryDelaySeconds: 30 } as const;
/** Next fire times shown for a schedule. */
export const TRIGGER_NEXT_FIRES = 5;
/** Most records a manual run may take at once (one run per record). */
export const TRIGGER_MANUAL_MAX = 500;
/** Most characters of an action's configuration as JSON. */
export const ACTION_CONFIG_MAX_CHARS = 20_000;

/** Audit actions written by the module (it registers no recycle-bin type): `<resource>.<verb>`. */
export const TRIGGERS_MODULE = {
  auditActions: [
    'trigger.create',
    'trigger.update',
    'trigger.delete',
    'trigger.enable',
    'trigger.disable',
    'trigger.test',
    'trigger.run',
    'trigger.replay',
    'action.create',
    'action.update',
    'action.delete',
  ],
  recycleTypes: [],
} as const satisfies ModuleEntry;
