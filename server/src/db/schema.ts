/**
 * The database schema (Drizzle, PostgreSQL dialect; the same for PGlite and PostgreSQL).
 * Migrations are generated from this file with drizzle-kit into `server/drizzle/` and committed
 * (STYLE.md "Migrations are committed SQL"). Timestamps are `timestamptz`, read as `Date`.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  smallint,
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

/**
 * The audit log (modules/audit): append-only, one entry per mutation, hash-chained. Database
 * triggers (migration 0002) refuse UPDATE, DELETE and TRUNCATE. `actor_id` has no foreign key on
 * purpose: the log outlives the accounts it names (`actor_label` keeps who it was).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    /** 1, 2, 3… without gaps: the position in the chain. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull(),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    details: jsonb('details'),
    /** The previous entry's hash (64 zeros for the first entry). */
    prevHash: text('prev_hash').notNull(),
    /** SHA-256 (hex) of the canonical JSON of every other field (modules/audit/audit.chain.ts). */
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_seq_key').on(t.seq),
    index('audit_log_actor_id_idx').on(t.actorId, t.seq),
    index('audit_log_action_idx').on(t.action, t.seq),
  ],
);

/**
 * The chain head: exactly one row (id = 1) holding the last entry's seq and hash (0 and 64 zeros
 * before the first entry). A writer locks it FOR UPDATE inside its transaction, so entries are
 * appended one at a time and concurrent writers cannot fork the chain.
 */
export const auditHead = pgTable(
  'audit_head',
  {
    id: smallint('id').primaryKey().default(1),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('audit_head_single_row', sql`${t.id} = 1`)],
);

/**
 * Signed chain heads (HMAC-SHA256 with a key kept outside the database; modules/audit/audit.signing.ts),
 * written by the scheduler every 15 minutes when the head moved. Append-only (triggers).
 */
export const auditSignatures = pgTable(
  'audit_signatures',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    hash: text('hash').notNull(),
    /** HMAC-SHA256 (hex) of `${seq}:${hash}`. */
    signature: text('signature').notNull(),
    /** First 16 hex of the key's SHA-256: which key signed (keys rotate). */
    keyId: text('key_id').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
);

/**
 * Failed sign-in counters for the login back-off (modules/auth/login-throttle.ts), kept in the
 * database so several API processes share them. `key` is `ip:<address>` or `email:<address>`.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type LoginThrottleRow = typeof loginThrottle.$inferSelect;
