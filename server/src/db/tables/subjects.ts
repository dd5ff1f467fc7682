/**
 * The subjects module's tables (server/src/modules/subjects): the data core's schema, subjects and
 * their fields (each subject's records live in a table of its own, modules/subjects/ddl.ts).
 * Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt } from '../columns';
import { applications } from './users-and-applications';

/**
 * Subjects (the data core's entity types, docs/product.md "Data core"): each is a real table
 * `table_name` (`rec_` + 32 hex digits) with one typed column per field (modules/subjects/ddl.ts).
 * `key` is unique among the application's live subjects.
 */
export const subjects = pgTable(
  'subjects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    icon: text('icon'),
    description: text('description'),
    /** The field whose value names a record (relations, titles); null = the record id. */
    displayFieldId: uuid('display_field_id'),
    tableName: text('table_name').notNull(),
    /**
     * The system model object this subject is (`audit.engagement`…, modules/engagements), or null
     * for an owner's own subject. A model subject cannot be deleted; its locked fields are the model's.
     */
    model: text('model'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('subjects_app_key_key').on(t.applicationId, t.key).where(sql`${t.deletedAt} is null`),
    uniqueIndex('subjects_table_name_key').on(t.tableName),
    uniqueIndex('subjects_app_model_key').on(t.applicationId, t.model).where(sql`${t.model} is not null and ${t.deletedAt} is null`),
  ],
);

/**
 * A subject's fields. `column_name` (`f_` + 32 hex digits) is the typed column in the subject's
 * table; system types (created/updated by/at) map to the table's own columns and have none.
 * `options` is type-specific (contracts/subjects.ts fieldOptionsSchema); `validation` holds
 * min/max/minLength/maxLength/pattern. `key` is unique among the subject's live fields.
 */
export const fields = pgTable(
  'fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    columnName: text('column_name'),
    position: integer('position').notNull().default(0),
    required: boolean('required').notNull().default(false),
    isUnique: boolean('is_unique').notNull().default(false),
    defaultValue: jsonb('default_value'),
    options: jsonb('options').notNull().default(sql`'{}'::jsonb`),
    validation: jsonb('validation').notNull().default(sql`'{}'::jsonb`),
    helpText: text('help_text'),
    /**
     * A field a system model relies on (modules/engagements): its key, type, choices and relation
     * target cannot change and it cannot be deleted; its name, help text and position can.
     */
    locked: boolean('locked').notNull().default(false),
    /** Its value is set only by the model's guarded actions (a state, a sign-off): record writes refuse it. */
    managed: boolean('managed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('fields_subject_key_key').on(t.subjectId, t.key).where(sql`${t.deletedAt} is null`),
    index('fields_subject_id_idx').on(t.subjectId, t.position),
  ],
);

export type SubjectRow = typeof subjects.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;
