/**
 * The users module's table (accounts) and the applications module's (applications, the workspaces,
 * and their memberships), in one file because the two reference each other (`users.last_app`,
 * `applications.created_by`) and the lint forbids an import cycle between files
 * (docs/architecture.md "What the lint enforces"). Re-exported by server/src/db/schema.ts.
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
import { APP_ROLES, LOCALES } from '../../../../contracts/constants';
import { createdAt, softDelete, updatedAt } from '../columns';

/** Accounts. `email` is stored lower-case (checked); `locale` is the interface language (contracts LOCALES). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    locale: text('locale', { enum: LOCALES }).notNull().default('zh-CN'),
    /** The workspace last opened (docs/product.md "Shell": `/` sends an auditor there); cleared when it is deleted. */
    lastApp: uuid('last_app').references((): AnyPgColumn => applications.id, { onDelete: 'set null' }),
    disabled: boolean('disabled').notNull().default(false),
    /** Profile fields (personal center). */
    title: text('title'),
    phone: text('phone'),
    /** When the password was last set: the password policy's expiry counts from here. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_locale_check', sql`${t.locale} in ('zh-CN', 'en-US')`),
  ],
);

/** Applications (workspaces, `/{slug}`); the slug rule is contracts/applications.ts SLUG_PATTERN. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** An antd icon name (e.g. 'AuditOutlined') shown beside the name; null = the default icon. */
    icon: text('icon'),
    /** Theme colour `#rrggbb` of the workspace (ProLayout token colorPrimary); null = the site's. */
    color: text('color'),
    /** The workspace modules switched on (contracts APP_MODULES); empty = the data core only. */
    modules: text('modules').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by')
      .notNull()
      .references((): AnyPgColumn => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('applications_slug_key').on(t.slug)],
);

/** Per-application roles (docs/product.md "Roles"): owner, editor, viewer. */
export const memberships = pgTable(
  'memberships',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: APP_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId] }),
    index('memberships_user_id_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
