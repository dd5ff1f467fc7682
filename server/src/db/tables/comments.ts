/**
 * The comments module's table (server/src/modules/comments). Re-exported by
 * server/src/db/schema.ts.
 */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt } from '../columns';
import { subjects } from './subjects';

/** Comments on a record (its detail page). */
export const recordComments = pgTable(
  'record_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    authorId: uuid('author_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [index('record_comments_record_idx').on(t.recordId, t.createdAt)],
);
