/**
 * SQL of attachments (docs/code-style.md "Server in layers": SQL lives in the repository). Reads leave out deleted rows; a
 * blob's lock (`lockBlob`) serialises "an upload makes a blob visible and references it" against
 * "the last reference went, remove the blob" for one sha256.
 */
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, attachments, documentVersions, type ApplicationRow, type AttachmentRow } from '../../db/schema';

/** Holds a transaction-scoped advisory lock on blob `sha256` until the transaction ends. */
export async function lockBlob(db: Executor, sha256: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`assay.blob.${sha256}`}, 0))`);
}

/** Inserts an attachment row. */
export async function insertAttachment(
  db: Executor,
  values: Pick<AttachmentRow, 'applicationId' | 'subjectId' | 'recordId' | 'sha256' | 'size' | 'mimeType' | 'fileName' | 'createdBy'>,
): Promise<AttachmentRow> {
  const [row] = await db.insert(attachments).values(values).returning();
  return row;
}

/** The live attachment `id` with its application, or undefined. */
export async function findAttachment(db: Executor, id: string): Promise<{ attachment: AttachmentRow; application: ApplicationRow } | undefined> {
  const [row] = await db
    .select({ attachment: attachments, application: applications })
    .from(attachments)
    .innerJoin(applications, eq(applications.id, attachments.applicationId))
    .where(and(eq(attachments.id, id), isNull(attachments.deletedAt)))
    .limit(1);
  return row;
}

/** Locks the live attachment `id` until the transaction ends; undefined when none. */
export async function lockAttachment(db: Executor, id: string): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.id, id), isNull(attachments.deletedAt)))
    .for('update');
  return row;
}

/** Soft-deletes an attachment. */
export async function markAttachmentDeleted(db: Executor, id: string, by: string): Promise<void> {
  await db.update(attachments).set({ deletedAt: new Date(), deletedBy: by }).where(eq(attachments.id, id));
}

/** How many live attachment rows and document versions (modules/documents; kept while their document is in the bin) reference blob `sha256`. */
export async function liveReferences(db: Executor, sha256: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(attachments)
    .where(and(eq(attachments.sha256, sha256), isNull(attachments.deletedAt)));
  const [{ v }] = await db.select({ v: count() }).from(documentVersions).where(eq(documentVersions.sha256, sha256));
  return n + v;
}

/** One page of a record's live attachments, oldest first, and their number. */
export async function listRecordAttachments(
  db: Executor,
  subjectId: string,
  recordId: string,
  limit: number,
  offset: number,
): Promise<{ rows: AttachmentRow[]; total: number }> {
  const where = and(eq(attachments.subjectId, subjectId), eq(attachments.recordId, recordId), isNull(attachments.deletedAt));
  const rows = await db.select().from(attachments).where(where).orderBy(asc(attachments.createdAt), asc(attachments.id)).limit(limit).offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(attachments).where(where);
  return { rows, total: n };
}

/** The live attachments among `ids` of application `applicationId`. */
export async function attachmentsIn(db: Executor, applicationId: string, ids: string[]): Promise<AttachmentRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(attachments)
    .where(and(eq(attachments.applicationId, applicationId), inArray(attachments.id, ids), isNull(attachments.deletedAt)));
}
