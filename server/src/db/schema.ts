/**
 * The database schema (Drizzle, PostgreSQL dialect; the same for PGlite and PostgreSQL).
 * Migrations are generated from this file with drizzle-kit into `server/drizzle/` and committed
 * (docs/code-style.md "Migrations are committed SQL"). Timestamps are `timestamptz`, read as `Date`.
 * Text columns of a fixed set of values take the set from the contracts (`{ enum: APP_ROLES }`), so
 * the API's schemas and the column's type are one list.
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
import { APP_ROLES, CLIENT_STATUSES, LOCALES, VARIABLE_TYPES } from '../../../contracts/constants';
import { IMPORT_FORMATS, IMPORT_MODES, IMPORT_ON_ERROR, IMPORT_ROW_ACTIONS, IMPORT_STATUSES } from '../../../contracts/imports';
import { NOTICE_AUDIENCES, NOTICE_KINDS } from '../../../contracts/notices';
import { RECORD_VERSION_ACTIONS } from '../../../contracts/records';

import { createdAt, softDelete, updatedAt } from './columns';

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
    /** The client's User-Agent header (null for entries written before 0003, and for the scheduler). */
    userAgent: text('user_agent'),
    before: jsonb('before'),
    after: jsonb('after'),
    details: jsonb('details'),
    /** The previous entry's hash (64 zeros for the first entry). */
    prevHash: text('prev_hash').notNull(),
    /** SHA-256 (hex) of the canonical JSON of every other field (core/audit.chain.ts). */
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

/** Groups of users (docs/product.md "Roles": members of an application are users or groups). */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('groups_name_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)],
);

/** Users in groups. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_id_idx').on(t.userId)],
);

/**
 * Application roles granted to a whole group. A user's effective role in an application is the
 * highest of their own membership and the grants of the (not deleted) groups they are in.
 */
export const groupGrants = pgTable(
  'group_grants',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    role: text('role', { enum: APP_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.groupId] }),
    index('group_grants_group_id_idx').on(t.groupId),
    check('group_grants_role_check', sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
);

/**
 * Personal API tokens (personal center): the token is shown once; `token_hash` is its SHA-256
 * (hex), `prefix` its first characters for recognising it in the list. `scope` is `read-only` or
 * `read-write` (contracts API_TOKEN_SCOPES; tokens made before scopes existed are read-write).
 * New tokens always get `expires_at`; one made before expiries were required (null) expires
 * API_TOKEN_DEFAULT_DAYS after `created_at` (account.service.ts tokenExpiry).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    scope: text('scope').$type<'read-only' | 'read-write'>().notNull().default('read-write'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId),
    check('api_tokens_scope_check', sql`${t.scope} in ('read-only', 'read-write')`),
  ],
);

/** System settings (`/admin/system`): one row per key, the value as JSON (contracts/settings.ts). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid('updated_by'),
});

/**
 * Variables (`/admin/variable`): global (application_id null) or one application's. A secret's
 * value is never stored in `value`: `secret` holds AES-256-GCM `iv.tag.ciphertext` (base64url).
 */
export const variables = pgTable(
  'variables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    type: text('type', { enum: VARIABLE_TYPES }).notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    value: text('value'),
    secret: text('secret'),
    description: text('description'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('variables_key_scope_key')
      .on(t.key, sql`coalesce(${t.applicationId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.deletedAt} is null`),
    check('variables_type_check', sql`${t.type} in ('text', 'number', 'json', 'secret')`),
  ],
);

/** Tags (`/admin/tag`): a name and a colour, attached to anything through `taggings`. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)],
);

/** A tag on an object: `target_type` names the kind ('record', 'user', …), `target_id` its id. */
export const taggings = pgTable(
  'taggings',
  {
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.targetType, t.targetId] }), index('taggings_target_idx').on(t.targetType, t.targetId)],
);

/** Categories (`/admin/category`): a tree ordered by `position` among siblings. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [index('categories_parent_id_idx').on(t.parentId, t.position)],
);

/** An object in a category (same target scheme as taggings). */
export const categorizations = pgTable(
  'categorizations',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.targetType, t.targetId] }),
    index('categorizations_target_idx').on(t.targetType, t.targetId),
  ],
);

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

/**
 * The recycle bin (modules/recycle): one row per soft-deleted object of any type, so the bin pages
 * across types in SQL. The object itself carries `deleted_at` too; restore and purge dispatch on
 * `type` to the handler its module registered (core/recycle.registry.ts).
 */
export const recycleBin = pgTable(
  'recycle_bin',
  {
    type: text('type').notNull(),
    targetId: text('target_id').notNull(),
    /** What the bin shows: a user's e-mail, a group's name… */
    label: text('label').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedBy: uuid('deleted_by'),
    deletedByLabel: text('deleted_by_label'),
    /** What the module wants to keep for the restore (e.g. counts of relations). */
    details: jsonb('details'),
  },
  (t) => [primaryKey({ columns: [t.type, t.targetId] }), index('recycle_bin_deleted_at_idx').on(t.deletedAt)],
);

/**
 * Clients (`/admin/client`): the audited organisations. `code` is unique (case-insensitive) among
 * live clients; `contacts` is a JSON array of `{ name, title?, email?, phone? }`.
 */
export const clients = pgTable(
  'clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    industry: text('industry'),
    status: text('status', { enum: CLIENT_STATUSES }).notNull().default('active'),
    contacts: jsonb('contacts').notNull().default(sql`'[]'::jsonb`),
    address: text('address'),
    notes: text('notes'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('clients_code_key').on(sql`lower(${t.code})`).where(sql`${t.deletedAt} is null`),
    check('clients_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** Which applications work on which client. */
export const clientApplications = pgTable(
  'client_applications',
  {
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.applicationId] }), index('client_applications_app_idx').on(t.applicationId)],
);

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
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('subjects_app_key_key').on(t.applicationId, t.key).where(sql`${t.deletedAt} is null`),
    uniqueIndex('subjects_table_name_key').on(t.tableName),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('fields_subject_key_key').on(t.subjectId, t.key).where(sql`${t.deletedAt} is null`),
    index('fields_subject_id_idx').on(t.subjectId, t.position),
  ],
);

/**
 * Record history: one row per change of a record (created, updated, deleted, restored). `changes`
 * maps field keys to `{ before, after }`; `snapshot` is every field's value after the change, so any
 * version can be shown or restored alone. `version` counts from 1 per record.
 */
export const recordVersions = pgTable(
  'record_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    version: integer('version').notNull(),
    action: text('action', { enum: RECORD_VERSION_ACTIONS }).notNull(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    snapshot: jsonb('snapshot').notNull(),
    /** The import batch that wrote this version (import and export), null for any other write. */
    batchId: uuid('batch_id'),
  },
  (t) => [
    uniqueIndex('record_versions_record_version_key').on(t.recordId, t.version),
    index('record_versions_subject_at_idx').on(t.subjectId, t.at),
    // a failed or crashed import deletes its batch's versions (modules/imports)
    index('record_versions_batch_idx').on(t.batchId).where(sql`${t.batchId} is not null`),
  ],
);

/** Many-to-many relation values: `field_id` is the relation field of the source record's subject. */
export const recordLinks = pgTable(
  'record_links',
  {
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id').notNull(),
    targetId: uuid('target_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.fieldId, t.sourceId, t.targetId] }), index('record_links_target_idx').on(t.fieldId, t.targetId)],
);

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

/**
 * Dynamic forms (modules/forms): a designed form of one subject — `layout`
 * (contracts/forms.ts formLayoutSchema: sections, placed fields with label/help/placeholder/default,
 * visibleIf/requiredIf conditions). `is_default`: the form the workspace uses for record create and
 * edit of that subject; at most one live default per subject (partial unique index). Soft-deleted
 * to the recycle bin (type 'form').
 */
export const dynamicForms = pgTable(
  'dynamic_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    layout: jsonb('layout').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    index('dynamic_forms_subject_idx').on(t.subjectId),
    uniqueIndex('dynamic_forms_one_default_idx').on(t.subjectId).where(sql`${t.isDefault} and ${t.deletedAt} is null`),
  ],
);

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

// ---------------------------------------------------------------- imports (Import and export)

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

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type LoginThrottleRow = typeof loginThrottle.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type VariableRow = typeof variables.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;
export type NoticeRow = typeof notices.$inferSelect;
export type RecycleBinRow = typeof recycleBin.$inferSelect;
export type ClientRow = typeof clients.$inferSelect;
export type SubjectRow = typeof subjects.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;
export type RecordVersionRow = typeof recordVersions.$inferSelect;
export type AttachmentRow = typeof attachments.$inferSelect;
export type SavedQueryRow = typeof savedQueries.$inferSelect;
export type DynamicFormRow = typeof dynamicForms.$inferSelect;
export type ViewRow = typeof views.$inferSelect;
export type ViewShareRow = typeof viewShares.$inferSelect;
export type ImportBatchRow = typeof importBatches.$inferSelect;
export type ImportRowRow = typeof importRows.$inferSelect;

/** The durable tasks (modules/tasks). */
export * from './tables/tasks';
