/**
 * What hangs on records beside their values (comments, tags, categories, attachments), dropped
 * when records are purged for good from the recycle bin (a subject's purge calls this in its
 * transaction). It lives in the core because it spans the tables of the comments, tags, categories
 * and attachments modules, which themselves depend on the subjects module that purges. While a
 * record is only in the bin, all of it stays and comes back on restore.
 * Attachment rows are marked deleted rather than removed (the audit trail keeps naming them); their
 * blobs go with the next sweep (attachments.service.ts sweepBlobs) once nothing references them.
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { attachments, categorizations, recordComments, taggings } from '../db/schema';

/** The tag/category target type of records (taggings and categorizations of a record). */
export const RECORD_TARGET_TYPE = 'record';

/**
 * Deletes the comments, tags and categories of `recordIds` and marks deleted the attachments on
 * their detail pages plus `attachmentIds` (those their attachment fields held).
 */
export async function purgeRecordExtras(tx: Executor, input: { recordIds: string[]; attachmentIds?: string[]; by?: string | null }): Promise<void> {
  const { recordIds } = input;
  const attachmentIds = input.attachmentIds ?? [];
  if (recordIds.length) {
    await tx.delete(recordComments).where(inArray(recordComments.recordId, recordIds));
    await tx.delete(taggings).where(and(eq(taggings.targetType, RECORD_TARGET_TYPE), inArray(taggings.targetId, recordIds)));
    await tx.delete(categorizations).where(and(eq(categorizations.targetType, RECORD_TARGET_TYPE), inArray(categorizations.targetId, recordIds)));
  }
  const which = [
    recordIds.length ? inArray(attachments.recordId, recordIds) : undefined,
    attachmentIds.length ? inArray(attachments.id, attachmentIds) : undefined,
  ].filter((c) => c !== undefined);
  if (!which.length) return;
  await tx
    .update(attachments)
    .set({ deletedAt: new Date(), deletedBy: input.by ?? null })
    .where(and(isNull(attachments.deletedAt), or(...which)));
}
