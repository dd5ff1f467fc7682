/**
 * Triggers and the action library (modules/triggers, docs/triggers.md):
 *  - `actions`: configured actions (a registered type and its configuration), an application's or
 *    global (`application_id` null), referred to by the steps of triggers;
 *  - `triggers`: when (an event kind, a subject, a condition, changed fields, or a cron and time
 *    zone) and what (ordered steps), with a retry policy and an owner on whose behalf it writes;
 *  - `trigger_events`: the transactional outbox, written in the transaction of the change (record
 *    events by the `record_versions` database trigger of the migration) and delivered by the task
 *    kind `triggers.deliver`;
 *  - `trigger_runs`: one per trigger per event (unique), with each step's log inside (`steps`).
 * `owner_id` has no foreign key (the account may be purged; `owner_label` keeps who).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { TRIGGER_EVENT_KINDS, TRIGGER_RUN_STATES } from '../../../../contracts/triggers.constants';
import { createdAt, updatedAt } from '../columns';
import { subjects } from './subjects';
import { applications } from './users-and-applications';

/** One configured action of the library. */
export const actions = pgTable(
  'actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** A registered action type (action-types.ts). */
    type: text('type').notNull(),
    /** The configuration, as the type's schema parsed it. */
    config: jsonb('config').notNull().default({}),
    /** The application it belongs to; null = global (every application's triggers may use it). */
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('actions_application_idx').on(t.applicationId), index('actions_created_idx').on(t.createdAt, t.id)],
);

/** One step of a trigger: a library action (`actionId`) or an inline type and configuration, run when its condition holds. */
export interface TriggerStepRow {
  actionId?: string | null;
  type?: string | null;
  config?: unknown;
  condition?: unknown;
}

/** One trigger. */
export const triggers = pgTable(
  'triggers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    event: text('event', { enum: TRIGGER_EVENT_KINDS }).notNull(),
    /** The subject of record events, imports and manual runs; null for schedules (and imports of any subject). */
    subjectId: uuid('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
    /** A FilterGroup (contracts/records.ts, as views store theirs), tested against the record after the change. */
    condition: jsonb('condition'),
    /** record.updated: fires only when one of these field keys changed (empty = any change). */
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
    /** schedule: a cron (5 or 6 fields) and an IANA time zone. */
    cron: text('cron'),
    timezone: text('timezone'),
    steps: jsonb('steps').$type<TriggerStepRow[]>().notNull().default([]),
    retryLimit: integer('retry_limit').notNull().default(2),
    retryDelaySeconds: integer('retry_delay_seconds').notNull().default(30),
    ownerId: uuid('owner_id'),
    ownerLabel: text('owner_label').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'triggers_event_check',
      sql`${t.event} in ('record.created', 'record.updated', 'record.deleted', 'schedule', 'import.finished', 'manual', 'incident.opened')`,
    ),
    // the outbox's test, per written version: does this subject have an enabled trigger of the event?
    index('triggers_subject_enabled_idx')
      .on(t.subjectId, t.event)
      .where(sql`${t.enabled}`),
    index('triggers_application_idx').on(t.applicationId),
    index('triggers_created_idx').on(t.createdAt, t.id),
  ],
);

/** The outbox: one event, written in the transaction of its change; `delivered_at` set once its runs are made. */
export const triggerEvents = pgTable(
  'trigger_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id'),
    recordId: uuid('record_id'),
    actorId: uuid('actor_id'),
    depth: integer('depth').notNull().default(0),
    /**
     * Record events (the database trigger): `{ action, version, changes, snapshot, batchId }` of the
     * record_versions row; other events: the TriggerEvent itself.
     */
    payload: jsonb('payload').notNull().default({}),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('trigger_events_pending_idx')
      .on(t.id)
      .where(sql`${t.deliveredAt} is null`),
    index('trigger_events_created_idx').on(t.createdAt),
  ],
);

/** One run of a trigger for one event. */
export const triggerRuns = pgTable(
  'trigger_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    triggerId: uuid('trigger_id')
      .notNull()
      .references(() => triggers.id, { onDelete: 'cascade' }),
    /** The outbox event (null for a Test run). */
    eventId: bigint('event_id', { mode: 'number' }),
    state: text('state', { enum: TRIGGER_RUN_STATES }).notNull().default('queued'),
    /** The TriggerEvent the steps got. */
    event: jsonb('event').notNull(),
    /** Each step's log: `{ index, type, status, ms, input, output?, error?, reason? }`. */
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    depth: integer('depth').notNull().default(0),
    /** A Test run: its writes were rolled back. */
    test: boolean('test').notNull().default(false),
    /** The task (modules/tasks) of its current attempt. */
    taskId: uuid('task_id'),
    /** Milliseconds of the last attempt. */
    ms: integer('ms'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('trigger_runs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'dead')`),
    uniqueIndex('trigger_runs_event_trigger_key').on(t.eventId, t.triggerId),
    index('trigger_runs_trigger_idx').on(t.triggerId, t.createdAt),
    index('trigger_runs_dead_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'dead'`),
    // the retention purge (triggers.outbox.ts purgeFinishedRuns) takes the oldest finished runs
    index('trigger_runs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.finishedAt} is not null`),
  ],
);

export type ActionRow = typeof actions.$inferSelect;
export type TriggerRow = typeof triggers.$inferSelect;
export type TriggerEventRow = typeof triggerEvents.$inferSelect;
export type TriggerRunRow = typeof triggerRuns.$inferSelect;
