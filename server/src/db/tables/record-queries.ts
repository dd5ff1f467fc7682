/**
 * The record-queries module's table (server/src/modules/record-queries). Re-exported by
 * server/src/db/schema.ts.
 */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt } from '../columns';
import { subjects } from './subjects';

/** Saved record queries (`/admin/record-query`): `definition` is contracts RecordQueryDefinition. */
export const savedQueries = pgTable(
  'saved_queries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    definition: jsonb('definition').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [index('saved_queries_subject_idx').on(t.subjectId)],
);

export type SavedQueryRow = typeof savedQueries.$inferSelect;
