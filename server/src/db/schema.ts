/**
 * The database schema (Drizzle, PostgreSQL dialect; the same for PGlite and PostgreSQL).
 * Migrations are generated from this file with drizzle-kit into `server/drizzle/` and committed
 * (STYLE.md "Migrations are committed SQL"). Timestamps are `timestamptz`, read as `Date`.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** Accounts. `email` is stored lower-case (checked); `locale` is the interface language (contracts LOCALES). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    locale: text('locale', { enum: ['zh-CN', 'en-US'] }).notNull().default('zh-CN'),
    /** The workspace last opened (PRODUCT.md "Shell": `/` sends an auditor there); cleared when it is deleted. */
    lastApp: uuid('last_app').references((): AnyPgColumn => applications.id, { onDelete: 'set null' }),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_locale_check', sql`${t.locale} in ('zh-CN', 'en-US')`),
  ],
);

/**
 * Login sessions. `id` is the SHA-256 (hex) of the random token held only by the browser's cookie,
 * so a leaked table cannot be replayed. Expiry rules live in modules/auth/auth.service.ts.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Applications (workspaces, `/{slug}`); the slug rule is contracts/applications.ts SLUG_PATTERN. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: uuid('created_by')
      .notNull()
      .references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('applications_slug_key').on(t.slug)],
);

/** Per-application roles (PRODUCT.md "Roles"): owner, editor, viewer. */
export const memberships = pgTable(
  'memberships',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'editor', 'viewer'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId] }),
    index('memberships_user_id_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
