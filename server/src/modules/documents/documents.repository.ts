/**
 * SQL of documents (docs/code-style.md "Server in layers"): folders, documents, versions, links and
 * share links (server/src/db/tables/documents.ts). Reads leave out deleted rows unless they say so.
 */
import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  documentFolders,
  documentLinks,
  documentShares,
  documents,
  documentVersions,
  type DocumentFolderRow,
  type DocumentLinkRow,
  type DocumentRow,
  type DocumentShareRow,
  type DocumentVersionRow,
} from '../../db/schema';

/** `application_id` of a scope: null = the console. */
export const scopeIs = (col: typeof documents.applicationId | typeof documentFolders.applicationId, applicationId: string | null) =>
  applicationId === null ? isNull(col) : eq(col, applicationId);

// ---------- folders ----------

/** The live folders of a scope with their live document counts, by name. */
export async function listFolderRows(db: Executor, applicationId: string | null): Promise<(DocumentFolderRow & { documentCount: number })[]> {
  const counts = db
    .select({ folderId: documents.folderId, n: count().as('n') })
    .from(documents)
    .where(and(scopeIs(documents.applicationId, applicationId), isNull(documents.deletedAt)))
    .groupBy(documents.folderId)
    .as('counts');
  const rows = await db
    .select({ folder: documentFolders, n: counts.n })
    .from(documentFolders)
    .leftJoin(counts, eq(counts.folderId, documentFolders.id))
    .where(and(scopeIs(documentFolders.applicationId, applicationId), isNull(documentFolders.deletedAt)))
    .orderBy(asc(documentFolders.name));
  return rows.map((r) => ({ ...r.folder, documentCount: Number(r.n ?? 0) }));
}

/** Folder `id` (deleted too when `withDeleted`), or undefined. */
export async function findFolder(db: Executor, id: string, withDeleted = false): Promise<DocumentFolderRow | undefined> {
  const [row] = await db
    .select()
    .from(documentFolders)
    .where(and(eq(documentFolders.id, id), withDeleted ? undefined : isNull(documentFolders.deletedAt)));
  return row;
}

/** Locks folder `id` (deleted too) until the transaction ends. */
export async function lockFolder(db: Executor, id: string): Promise<DocumentFolderRow | undefined> {
  const [row] = await db.select().from(documentFolders).where(eq(documentFolders.id, id)).for('update');
  return row;
}

/** True when a live sibling folder (same scope and parent) other than `exceptId` has `name` (ignoring case). */
export async function folderNameTaken(db: Executor, applicationId: string | null, parentId: string | null, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentFolders.id })
    .from(documentFolders)
    .where(
      and(
        scopeIs(documentFolders.applicationId, applicationId),
        parentId ? eq(documentFolders.parentId, parentId) : isNull(documentFolders.parentId),
        sql`lower(${documentFolders.name}) = lower(${name})`,
        isNull(documentFolders.deletedAt),
        exceptId ? ne(documentFolders.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The ids of folder `id`'s ancestors (nearest first, itself excluded); stops at 100 levels. */
export async function folderAncestors(db: Executor, id: string): Promise<string[]> {
  const out: string[] = [];
  let current: string | null = id;
  while (current && out.length < 100) {
    const [row]: { parentId: string | null }[] = await db.select({ parentId: documentFolders.parentId }).from(documentFolders).where(eq(documentFolders.id, current));
    current = row?.parentId ?? null;
    if (current) out.push(current);
  }
  return out;
}

/** Inserts a folder. */
export async function insertFolder(db: Executor, values: typeof documentFolders.$inferInsert): Promise<DocumentFolderRow> {
  const [row] = await db.insert(documentFolders).values(values).returning();
  return row;
}

/** Updates folder `id`. */
export async function updateFolderRow(db: Executor, id: string, values: Partial<typeof documentFolders.$inferInsert>): Promise<DocumentFolderRow> {
  const [row] = await db
    .update(documentFolders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documentFolders.id, id))
    .returning();
  return row;
}

/** Live documents and live child folders of folder `id`. */
export async function folderContents(db: Executor, id: string): Promise<{ documents: number; folders: number }> {
  const [{ d }] = await db.select({ d: count() }).from(documents).where(and(eq(documents.folderId, id), isNull(documents.deletedAt)));
  const [{ f }] = await db.select({ f: count() }).from(documentFolders).where(and(eq(documentFolders.parentId, id), isNull(documentFolders.deletedAt)));
  return { documents: d, folders: f };
}

/** Deleted documents (in the bin) still in folder `id`. */
export async function deletedDocumentsIn(db: Executor, id: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(documents).where(and(eq(documents.folderId, id), sql`${documents.deletedAt} is not null`));
  return n;
}

/** Sets or clears folder `id`'s soft-delete mark. */
export async function markFolderDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(documentFolders)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(documentFolders.id, id));
}

/** Hard-deletes folder `id` (child folders cascade). */
export async function purgeFolderRow(db: Executor, id: string): Promise<void> {
  await db.delete(documentFolders).where(eq(documentFolders.id, id));
}

// ---------- documents ----------

/** A document with its current version (undefined before the first version commits). */
export interface DocumentWithVersion {
  doc: DocumentRow;
  current: DocumentVersionRow | null;
}

const withCurrent = (db: Executor) =>
  db
    .select({ doc: documents, current: documentVersions })
    .from(documents)
    .leftJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, documents.currentVersion)));

/** Document `id` with its current version (deleted too when `withDeleted`). */
export async function findDocument(db: Executor, id: string, withDeleted = false): Promise<DocumentWithVersion | undefined> {
  const [row] = await withCurrent(db).where(and(eq(documents.id, id), withDeleted ? undefined : isNull(documents.deletedAt)));
  return row;
}

/** Locks document `id` (deleted too) until the transaction ends. */
export async function lockDocument(db: Executor, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).for('update');
  return row;
}

/** The live document of a scope and folder whose current version's file name is `fileName`, or undefined. */
export async function findByFileName(db: Executor, applicationId: string | null, folderId: string | null, fileName: string): Promise<DocumentRow | undefined> {
  const [row] = await withCurrent(db)
    .where(
      and(
        scopeIs(documents.applicationId, applicationId),
        folderId ? eq(documents.folderId, folderId) : isNull(documents.folderId),
        isNull(documents.deletedAt),
        eq(documentVersions.fileName, fileName),
      ),
    )
    .limit(1);
  return row?.doc;
}

/** The live document with `sourceKey`, or undefined. */
export async function findBySourceKey(db: Executor, sourceKey: string): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.sourceKey, sourceKey), isNull(documents.deletedAt)))
    .limit(1);
  return row;
}

/** Inserts a document (version 0 until its first version). */
export async function insertDocument(db: Executor, values: typeof documents.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  return row;
}

/** Updates document `id` (and its `updated_at`). */
export async function updateDocumentRow(db: Executor, id: string, values: Partial<typeof documents.$inferInsert>): Promise<void> {
  await db
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, id));
}

/** Hard-deletes document `id` (versions, links and shares cascade). */
export async function purgeDocumentRow(db: Executor, id: string): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
}

/** The filters of a document list. */
export interface DocumentFilter {
  applicationId: string | null;
  folderId?: string | 'root';
  pattern?: string;
  tag?: string;
  category?: string;
}

const SORTS: Record<string, SQL> = {
  name: sql`lower(${documents.name})`,
  updatedAt: sql`${documents.updatedAt}`,
  size: sql`${documentVersions.size}`,
};

/** One page of live documents with their current versions, and their number. `pattern` an ILIKE pattern. */
export async function listDocumentRows(
  db: Executor,
  filter: DocumentFilter,
  sort: string,
  limit: number,
  offset: number,
): Promise<{ rows: DocumentWithVersion[]; total: number }> {
  const where = and(
    scopeIs(documents.applicationId, filter.applicationId),
    isNull(documents.deletedAt),
    filter.folderId === 'root' ? isNull(documents.folderId) : filter.folderId ? eq(documents.folderId, filter.folderId) : undefined,
    filter.pattern
      ? or(ilike(documents.name, filter.pattern), ilike(documentVersions.fileName, filter.pattern), ilike(documentVersions.textContent, filter.pattern))
      : undefined,
    filter.tag ? sql`${documents.tags} @> ${JSON.stringify([filter.tag])}::jsonb` : undefined,
    filter.category ? eq(documents.category, filter.category) : undefined,
  );
  const descending = sort.startsWith('-');
  const key = SORTS[sort.replace(/^-/, '')] ?? SORTS.updatedAt;
  const rows = await withCurrent(db)
    .where(where)
    .orderBy(descending ? desc(key) : asc(key), asc(documents.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(documents)
    .leftJoin(documentVersions, and(eq(documentVersions.documentId, documents.id), eq(documentVersions.version, documents.currentVersion)))
    .where(where);
  return { rows, total: n };
}

// ---------- versions ----------

/** The versions of document `id`, newest first. */
export async function listVersionRows(db: Executor, documentId: string): Promise<DocumentVersionRow[]> {
  return db.select().from(documentVersions).where(eq(documentVersions.documentId, documentId)).orderBy(desc(documentVersions.version));
}

/** Version `version` of document `documentId`, or undefined. */
export async function findVersion(db: Executor, documentId: string, version: number): Promise<DocumentVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  return row;
}

/** Inserts a version. */
export async function insertVersion(db: Executor, values: typeof documentVersions.$inferInsert): Promise<DocumentVersionRow> {
  const [row] = await db.insert(documentVersions).values(values).returning();
  return row;
}

/** Stores a version's extracted text and its state. */
export async function setVersionText(db: Executor, id: string, state: string, text: string | null): Promise<void> {
  await db.update(documentVersions).set({ textState: state, textContent: text }).where(eq(documentVersions.id, id));
}

/** Versions whose text is still `pending` (oldest first), at most `limit`. */
export async function pendingTextVersions(db: Executor, limit: number): Promise<DocumentVersionRow[]> {
  return db.select().from(documentVersions).where(eq(documentVersions.textState, 'pending')).orderBy(asc(documentVersions.createdAt)).limit(limit);
}

/** How many version rows (of any document, deleted or not) reference blob `sha256`. */
export async function versionReferences(db: Executor, sha256: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(documentVersions).where(eq(documentVersions.sha256, sha256));
  return n;
}

// ---------- links ----------

/** The links of document `id`, oldest first. */
export async function listLinkRows(db: Executor, documentId: string): Promise<DocumentLinkRow[]> {
  return db.select().from(documentLinks).where(eq(documentLinks.documentId, documentId)).orderBy(asc(documentLinks.createdAt), asc(documentLinks.id));
}

/** Inserts a link; undefined when the pair exists already. */
export async function insertLink(db: Executor, values: typeof documentLinks.$inferInsert): Promise<DocumentLinkRow | undefined> {
  const [row] = await db.insert(documentLinks).values(values).onConflictDoNothing().returning();
  return row;
}

/** Link `linkId` of document `documentId`, or undefined. */
export async function findLink(db: Executor, documentId: string, linkId: string): Promise<DocumentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(documentLinks)
    .where(and(eq(documentLinks.id, linkId), eq(documentLinks.documentId, documentId)));
  return row;
}

/** Deletes link `id`. */
export async function deleteLinkRow(db: Executor, id: string): Promise<void> {
  await db.delete(documentLinks).where(eq(documentLinks.id, id));
}

/** The live documents linked from source (`sourceType`, `sourceId`), with their current versions, by name. */
export async function documentsLinkedFrom(db: Executor, sourceType: string, sourceId: string): Promise<DocumentWithVersion[]> {
  return withCurrent(db)
    .innerJoin(documentLinks, eq(documentLinks.documentId, documents.id))
    .where(and(eq(documentLinks.sourceType, sourceType), eq(documentLinks.sourceId, sourceId), isNull(documents.deletedAt)))
    .orderBy(asc(documents.name))
    .limit(500);
}

// ---------- shares ----------

/** The share links of document `id`, newest first. */
export async function listShareRows(db: Executor, documentId: string): Promise<DocumentShareRow[]> {
  return db.select().from(documentShares).where(eq(documentShares.documentId, documentId)).orderBy(desc(documentShares.createdAt));
}

/** Inserts a share link. */
export async function insertShare(db: Executor, values: typeof documentShares.$inferInsert): Promise<DocumentShareRow> {
  const [row] = await db.insert(documentShares).values(values).returning();
  return row;
}

/** Share `shareId` of document `documentId`, or undefined. */
export async function findShare(db: Executor, documentId: string, shareId: string): Promise<DocumentShareRow | undefined> {
  const [row] = await db
    .select()
    .from(documentShares)
    .where(and(eq(documentShares.id, shareId), eq(documentShares.documentId, documentId)));
  return row;
}

/** The share whose token hashes to `tokenHash`, or undefined. */
export async function findShareByHash(db: Executor, tokenHash: string): Promise<DocumentShareRow | undefined> {
  const [row] = await db.select().from(documentShares).where(eq(documentShares.tokenHash, tokenHash));
  return row;
}

/** Marks share `id` revoked (now). */
export async function revokeShareRow(db: Executor, id: string): Promise<void> {
  await db.update(documentShares).set({ revokedAt: new Date() }).where(eq(documentShares.id, id));
}

/** Counts one admitted read of share `id`. */
export async function countShareUse(db: Executor, id: string): Promise<void> {
  await db
    .update(documentShares)
    .set({ useCount: sql`${documentShares.useCount} + 1`, lastUsedAt: new Date() })
    .where(eq(documentShares.id, id));
}

/** The link of document `documentId` from (`sourceType`, `sourceId`), or undefined. */
export async function findLinkBySource(db: Executor, documentId: string, sourceType: string, sourceId: string): Promise<DocumentLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(documentLinks)
    .where(and(eq(documentLinks.documentId, documentId), eq(documentLinks.sourceType, sourceType), eq(documentLinks.sourceId, sourceId)));
  return row;
}
