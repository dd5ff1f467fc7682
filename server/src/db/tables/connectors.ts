/**
 * The connectors module's tables (server/src/modules/connectors, docs/connectors.md):
 *  - `connectors`: where to read (kind + config; the config names secret variables, never holds
 *    their values), soft-deleted to the recycle bin (type `connector`);
 *  - `connector_syncs`: one source table copied into one subject (mapping, mode, key fields,
 *    strategy, cursor, on-missing, schedule) with the cursor value of its last successful run;
 *  - `connector_runs`: one run of a sync (a task, an import batch), its counts and first row errors.
 * Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  CONNECTOR_KINDS,
  CONNECTOR_RUN_STATUSES,
  CONNECTOR_RUN_TRIGGERS,
  CONNECTOR_SYNC_MODES,
  CONNECTOR_SYNC_ON_MISSING,
  CONNECTOR_SYNC_STRATEGIES,
} from '../../../../contracts/connectors.constants';
import { createdAt, softDelete, updatedAt } from '../columns';
import { importBatches } from './imports';
import { subjects } from './subjects';
import { applications } from './users-and-applications';

/** A connector: a named source (kind + config). Names are unique among live connectors, ignoring case. */
export const connectors = pgTable(
  'connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: CONNECTOR_KINDS }).notNull(),
    /** The kind's config (contracts/connectors.ts CONNECTOR_CONFIG_SCHEMAS): hosts, URLs, names of secret variables. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('connectors_name_live_idx').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)],
);

/** A sync: source table → subject. `cursorValue`: the cursor (as text) stored by the last successful incremental run. */
export const connectorSyncs = pgTable(
  'connector_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectorId: uuid('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceSchema: text('source_schema').notNull().default(''),
    sourceTable: text('source_table').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
    mode: text('mode', { enum: CONNECTOR_SYNC_MODES }).notNull(),
    keyFields: jsonb('key_fields').$type<string[]>().notNull().default([]),
    strategy: text('strategy', { enum: CONNECTOR_SYNC_STRATEGIES }).notNull(),
    cursorColumn: text('cursor_column'),
    onMissing: text('on_missing', { enum: CONNECTOR_SYNC_ON_MISSING }).notNull().default('leave'),
    cron: text('cron'),
    timezone: text('timezone').notNull().default('UTC'),
    enabled: boolean('enabled').notNull().default(true),
    cursorValue: text('cursor_value'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('connector_syncs_connector_idx').on(t.connectorId)],
);

/** One run of a sync: its task, its import batch, counts, cursor before/after, why it failed and its first row errors. */
export const connectorRuns = pgTable(
  'connector_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syncId: uuid('sync_id')
      .notNull()
      .references(() => connectorSyncs.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CONNECTOR_RUN_STATUSES }).notNull().default('queued'),
    trigger: text('trigger', { enum: CONNECTOR_RUN_TRIGGERS }).notNull(),
    taskId: uuid('task_id'),
    batchId: uuid('batch_id').references(() => importBatches.id, { onDelete: 'set null' }),
    read: integer('read').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    recycled: integer('recycled').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    cursorBefore: text('cursor_before'),
    cursorAfter: text('cursor_after'),
    /** Why it failed: a message key and its parameters. */
    errorKey: text('error_key'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    /** The first CONNECTOR_RUN_ERRORS_KEPT row errors: [{ row, column, field, value, messageKey, params }]. */
    errors: jsonb('errors').$type<unknown[]>().notNull().default([]),
    startedBy: uuid('started_by'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('connector_runs_sync_idx').on(t.syncId, t.createdAt)],
);

export type ConnectorRow = typeof connectors.$inferSelect;
export type ConnectorSyncRow = typeof connectorSyncs.$inferSelect;
export type ConnectorRunRow = typeof connectorRuns.$inferSelect;
