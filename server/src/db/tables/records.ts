/**
 * The records module's tables (server/src/modules/records): record history and many-to-many
 * relation values. Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RECORD_VERSION_ACTIONS } from '../../../../contracts/records';
import { subjects, fields } from './subjects';

/**
 * Record history: one row per change of a record (created, updated, deleted, restored). `changes`
 * maps field keys to `{ before, after }`; `snapshot` is every field's value after the change, so any
 * version can be shown or restored alone. `version` counts from 1 per record.
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    version: integer('version').notNull(),
    action: text('action', { enum: RECORD_VERSION_ACTIONS }).notNull(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    snapshot: jsonb('snapshot').notNull(),
    /** The import batch that wrote this version (import and export), null for any other write. */
    batchId: uuid('batch_id'),
  },
  (t) => [
    uniqueIndex('record_versions_record_version_key').on(t.recordId, t.version),
    index('record_versions_subject_at_idx').on(t.subjectId, t.at),
    // a failed or crashed import deletes its batch's versions (modules/imports)
    index('record_versions_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
  ],
);

/** Many-to-many relation values: `field_id` is the relation field of the source record's subject. */
export const recordLinks = pgTable(
  'record_links',
  {
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id').notNull(),
    targetId: uuid('target_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.sourceId, t.targetId] }), index('record_links_target_idx').on(t.fieldId, t.targetId)],
);

export type RecordVersionRow = typeof recordVersions.$inferSelect;
