/**
 * The imports module's tables (server/src/modules/imports): import batches and their staged rows.
 * Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  IMPORT_FORMATS,
  IMPORT_MODES,
  IMPORT_ON_ERROR,
  IMPORT_ROW_ACTIONS,
  IMPORT_STATUSES,
} from '../../../../contracts/imports';
import { createdAt, updatedAt } from '../columns';
import { subjects } from './subjects';
import { applications } from './users-and-applications';

/**
 * One import of a file into a subject (modules/imports): the uploaded file's headers, the column
 * mapping (header → field key, null = ignored), the mode and key fields, the on-error policy, the
 * status (uploaded → validated → running → done | failed; done → undone) and the counts.
 * `processed` counts rows handled by the running step (the progress bar: processed / total).
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    headers: jsonb('headers').notNull().default(sql`'[]'::jsonb`),
    mapping: jsonb('mapping').notNull().default(sql`'{}'::jsonb`),
    mode: text('mode', { enum: IMPORT_MODES }).notNull().default('insert'),
    keyFields: jsonb('key_fields').notNull().default(sql`'[]'::jsonb`),
    onError: text('on_error', { enum: IMPORT_ON_ERROR }).notNull().default('all_or_nothing'),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('uploaded'),
    total: integer('total').notNull().default(0),
    valid: integer('valid').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    /** Valid rows failing a warning rule (written, and their records flagged; the dry run lists them). */
    warned: integer('warned').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    /** Why the run failed (a message key or the error's text). */
    error: text('error'),
    createdBy: uuid('created_by'),
    createdByLabel: text('created_by_label'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undoneBy: uuid('undone_by'),
  },
  (t) => [index('import_batches_subject_idx').on(t.subjectId, t.createdAt), index('import_batches_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * The staged rows of an import batch: the file's cells (`raw`, one string per header), after the
 * check the canonical values (`values`), the row's errors (`errors`: [{ column, field, value,
 * messageKey, params }]) and the planned `action`; after the run the record written (`record_id`,
 * `version_before`/`version_after`), and for updates the changed values (`apply`), field changes
 * and snapshot the final transaction writes.
 */
export const importRows = pgTable(
  'import_rows',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    raw: jsonb('raw').notNull(),
    values: jsonb('values'),
    errors: jsonb('errors'),
    /** The warning rules the row fails (the dry run's report; the row is still written and its record flagged). */
    warnings: jsonb('warnings'),
    action: text('action', { enum: IMPORT_ROW_ACTIONS }),
    recordId: uuid('record_id'),
    versionBefore: integer('version_before'),
    versionAfter: integer('version_after'),
    apply: jsonb('apply'),
    changes: jsonb('changes'),
    snapshot: jsonb('snapshot'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.rowNumber] }), index('import_rows_record_idx').on(t.batchId, t.recordId)],
);

export type ImportBatchRow = typeof importBatches.$inferSelect;
export type ImportRowRow = typeof importRows.$inferSelect;
