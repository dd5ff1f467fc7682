/**
 * The documents module's tables (server/src/modules/documents, docs/documents.md): the evidence
 * store of the console (`/admin/document`) and of each application (`/:app/files`).
 *  - `document_folders`: folders, per application (`application_id`) or console-wide (null), nested
 *    by `parent_id`, each with an optional retention in days;
 *  - `documents`: one document (its name, category, tags, legal hold), whose bytes are versions;
 *  - `document_versions`: each upload (or rendered report) of a document, numbered from 1, with the
 *    SHA-256 of its bytes in the blob store (lib/blob-store.ts), its extracted text and, for a
 *    rendered report, where it came from (`origin`);
 *  - `document_links`: what references a document ("linked from": a record, a finding, a report);
 *  - `document_shares`: expiring share links, the token scheme of view shares (modules/views);
 *  - `blob_objects`, `blob_chunks`: the blob store kept in PostgreSQL (`BLOB_STORE=postgres`), for
 *    several server processes on one database.
 * `created_by` and the actor columns have no foreign key (accounts may be purged; `*_label` keeps who).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DocumentOrigin } from '../../../../contracts/documents.constants';
import { createdAt, softDelete, updatedAt } from '../columns';
import { applications } from './users-and-applications';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** A folder of documents: `application_id` null = the console's (`/admin/document`). */
export const documentFolders = pgTable(
  'document_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => documentFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Days a document of this folder is kept after its latest version before it may be purged; null = no retention. */
    retentionDays: integer('retention_days'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    // one live folder of a name per parent (null application / parent compared as equal)
    uniqueIndex('document_folders_name_idx')
      .on(
        sql`coalesce(${t.applicationId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`lower(${t.name})`,
      )
      .where(sql`${t.deletedAt} is null`),
    check('document_folders_retention_check', sql`${t.retentionDays} is null or ${t.retentionDays} between 1 and 36500`),
  ],
);

/** A document: the name people know it by; its bytes are its versions. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => documentFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** The number of the latest version (0 until the first upload commits). */
    currentVersion: integer('current_version').notNull().default(0),
    /** Held: cannot be purged (nor its versions removed) until released. */
    legalHold: boolean('legal_hold').notNull().default(false),
    legalHoldReason: text('legal_hold_reason'),
    legalHoldBy: uuid('legal_hold_by'),
    legalHoldAt: at('legal_hold_at'),
    /**
     * Set on the documents a report render writes (`<template id>:<record id or 'all'>:<format>`):
     * rendering the same again adds a version to the same document.
     */
    sourceKey: text('source_key'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    index('documents_folder_idx').on(t.applicationId, t.folderId),
    index('documents_created_idx').on(t.createdAt, t.id),
    uniqueIndex('documents_source_key_idx')
      .on(t.sourceKey)
      .where(sql`${t.sourceKey} is not null and ${t.deletedAt} is null`),
  ],
);

/** One version of a document: its bytes (by SHA-256 in the blob store), who and when. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    fileName: text('file_name').notNull(),
    /** Text extracted for search (PDF, DOCX, text); `text_state` says whether it was. */
    textContent: text('text_content'),
    textState: text('text_state').notNull().default('pending'),
    /** A rendered report's provenance (contracts/documents.constants.ts DocumentOrigin); null for an upload. */
    origin: jsonb('origin').$type<DocumentOrigin>(),
    /** Set when this version was made by restoring an older one: that version's number. */
    restoredFrom: integer('restored_from'),
    createdBy: uuid('created_by'),
    createdByLabel: text('created_by_label').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_versions_number_idx').on(t.documentId, t.version),
    index('document_versions_sha256_idx').on(t.sha256),
    check('document_versions_text_state_check', sql`${t.textState} in ('pending', 'done', 'none', 'failed')`),
  ],
);

/** "Linked from": a record, finding or report that references a document. */
export const documentLinks = pgTable(
  'document_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    /** What links: contracts/documents.constants.ts DOCUMENT_LINK_SOURCES. */
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    /** The subject of a linking record (null for other sources). */
    subjectId: uuid('subject_id'),
    /** What the list shows for the source (a record's title, a report's name) when it was linked. */
    label: text('label').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('document_links_pair_idx').on(t.documentId, t.sourceType, t.sourceId),
    index('document_links_source_idx').on(t.sourceType, t.sourceId),
  ],
);

/**
 * Share links of a document (the scheme of `view_shares`): only the token's SHA-256 is stored,
 * `token_prefix` names it; `version` null = the latest version at download time.
 */
export const documentShares = pgTable(
  'document_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    version: integer('version'),
    tokenHash: text('token_hash').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    passwordHash: text('password_hash'),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    useCount: integer('use_count').notNull().default(0),
    lastUsedAt: at('last_used_at'),
    guessWindowAt: at('guess_window_at'),
    guessCount: integer('guess_count').notNull().default(0),
    failedGuesses: integer('failed_guesses').notNull().default(0),
    lockedAt: at('locked_at'),
  },
  (t) => [uniqueIndex('document_shares_token_hash_idx').on(t.tokenHash), index('document_shares_document_idx').on(t.documentId)],
);

/**
 * The PostgreSQL blob store (`BLOB_STORE=postgres`): a committed blob is a `blob_objects` row (its
 * SHA-256, size, chunk count) and its bytes are `blob_chunks` rows under the same key; a staged
 * blob's chunks sit under a temporary key (`tmp-<random>`) until commit renames them.
 */
export const blobObjects = pgTable('blob_objects', {
  sha256: text('sha256').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  chunkCount: integer('chunk_count').notNull(),
  createdAt: createdAt(),
});

/** The bytes of a stored (or staged) blob, in order of `seq` (from 0). */
export const blobChunks = pgTable(
  'blob_chunks',
  {
    blobKey: text('blob_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blobKey, t.seq] })],
);

export type DocumentFolderRow = typeof documentFolders.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type DocumentVersionRow = typeof documentVersions.$inferSelect;
export type DocumentLinkRow = typeof documentLinks.$inferSelect;
export type DocumentShareRow = typeof documentShares.$inferSelect;
