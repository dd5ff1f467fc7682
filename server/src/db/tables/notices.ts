/**
 * The notices module's tables (server/src/modules/notices): notices and who has read them.
 * Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTICE_AUDIENCES, NOTICE_KINDS } from '../../../../contracts/notices';
import { createdAt, softDelete, updatedAt } from '../columns';
import { users, applications } from './users-and-applications';

/**
 * Notices (`/admin/notice`, `/{app}/noticeCenter`): announcements written by administrators and
 * in-app messages from the system. Audience: everyone, some groups (`group_ids`), one application's
 * members (`application_id`) or one user (`recipient_id`, messages). Shown between `publish_from`
 * and `publish_until` (null = open-ended) once `published`. `body` is sanitised HTML.
 */
export const notices = pgTable(
  'notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    audience: text('audience', { enum: NOTICE_AUDIENCES }).notNull(),
    groupIds: uuid('group_ids').array().notNull().default(sql`'{}'::uuid[]`),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    published: boolean('published').notNull().default(false),
    publishFrom: timestamp('publish_from', { withTimezone: true, mode: 'date' }),
    publishUntil: timestamp('publish_until', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    index('notices_recipient_id_idx').on(t.recipientId),
    index('notices_application_id_idx').on(t.applicationId),
    check('notices_kind_check', sql`${t.kind} in ('announcement', 'message')`),
    check('notices_audience_check', sql`${t.audience} in ('everyone', 'groups', 'application', 'user')`),
  ],
);

/** Which user has read which notice. */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('notice_reads_user_id_idx').on(t.userId)],
);

export type NoticeRow = typeof notices.$inferSelect;
