/**
 * The views module's tables (server/src/modules/views): saved views and their share links.
 * Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt } from '../columns';
import { subjects } from './subjects';

/**
 * Saved views of a subject (Views): a grid, kanban or calendar over the subject's records.
 * `config` is contracts/views.ts viewConfigSchema for `type` (checked by the views module before it
 * is written). Deleting a subject deletes its views. Soft-deleted to the recycle bin (type 'view'):
 * its share links stay and answer again after a restore; purging deletes them (cascade).
 */
export const views = pgTable(
  'views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** grid | kanban | calendar */
    type: text('type').notNull(),
    config: jsonb('config').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [index('views_subject_idx').on(t.subjectId), check('views_type_check', sql`${t.type} in ('grid', 'kanban', 'calendar')`)],
);

/**
 * Share links of a view: anyone holding the token reads the view's columns and rows.
 * Only the token's SHA-256 (hex) is stored; `tokenPrefix` (its first 8 characters) names it in
 * lists. `passwordHash` is argon2id (lib/password.ts) or null; `expiresAt` null = never;
 * `revokedAt` set = refused. `useCount` counts admitted reads.
 */
export const viewShares = pgTable(
  'view_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    viewId: uuid('view_id')
      .notNull()
      .references(() => views.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    useCount: integer('use_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /**
     * Password guesses of the current window (modules/views/share-guard.ts): started at
     * `guess_window_at`, counted before any hash is computed; a right password gives its slot back.
     */
    guessWindowAt: timestamp('guess_window_at', { withTimezone: true, mode: 'date' }),
    guessCount: integer('guess_count').notNull().default(0),
    /** Wrong passwords since the password was set or the link unlocked; at SHARE_LOCK_AFTER the link locks. */
    failedGuesses: integer('failed_guesses').notNull().default(0),
    /** Set when the link locked after too many wrong passwords: it opens for no one until unlocked. */
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('view_shares_token_hash_idx').on(t.tokenHash), index('view_shares_view_idx').on(t.viewId)],
);

export type ViewRow = typeof views.$inferSelect;
export type ViewShareRow = typeof viewShares.$inferSelect;
