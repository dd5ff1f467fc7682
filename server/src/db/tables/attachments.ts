/**
 * The attachments module's table (server/src/modules/attachments). Re-exported by
 * server/src/db/schema.ts.
 */
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete } from '../columns';
import { subjects } from './subjects';
import { applications } from './users-and-applications';

/**
 * Uploaded files (attachment fields and a record's own attachments). The bytes live in the blob
 * store (DATA_DIR/blobs, content-addressed by `sha256`); this row is the name a user gave them.
 * `record_id` set = attached to that record's detail page; attachment fields hold ids in a uuid[].
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id'),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    fileName: text('file_name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    ...softDelete(),
  },
  (t) => [index('attachments_record_idx').on(t.recordId), index('attachments_sha256_idx').on(t.sha256)],
);

export type AttachmentRow = typeof attachments.$inferSelect;
