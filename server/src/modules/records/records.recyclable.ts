/**
 * The recycle bin's handler of records (type 'record'). The subject of a record is found through
 * its history (record_versions.record_id → subject_id).
 *  - restore: clears the deletion mark as a new version (action 'restore', no actor: the bin's own
 *    audit entry names who restored it); the values come back as they were, without re-checking
 *    them against today's field rules — except uniqueness: 409 VALUE_TAKEN naming the field when
 *    another live record took a unique value meanwhile. 404 when the subject itself is in the bin
 *    (restore the subject first).
 *  - purge: deletes the row, its many-relation links (both directions), its comments, tags,
 *    categories and its own attachments' rows (their bytes stay in the content-addressed blob store
 *    until nothing refers to them). Its versions REMAIN, for audit: the history of a purged record
 *    can still be read from record_versions by id.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { attachments, categorizations, recordComments, recordLinks, subjects, taggings } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { registerRecyclable } from '../../core/recycle.registry';
import { loadSubjectDef } from '../subjects/subject-def';
import { findRecords, insertVersion, lockAnyRecord, rowsToItems, selectRecordRows, subjectIdOfRecord, tableOf } from './records.repository';
import { checkUniqueFree } from '../subjects/values';

registerRecyclable({
  type: 'record',
  async restore(tx, id) {
    const subjectId = await subjectIdOfRecord(tx, id);
    const subject = subjectId ? await loadSubjectDef(tx, { id: subjectId }) : undefined;
    if (!subject) throw notFound('errors.subjectNotFound');
    const row = await lockAnyRecord(tx, subject, id);
    if (!row) throw notFound('errors.recordNotFound');
    if (row.deletedAt === null) return;
    const [item] = await rowsToItems(tx, subject, await selectRecordRows(tx, subject, { where: sql`r.id = ${id}::uuid` }));
    await checkUniqueFree(tx, subject, item.values, [id]);
    const at = new Date();
    const version = row.version + 1;
    await tx.execute(
      sql`update ${tableOf(subject)} set version = ${version}, deleted_at = null, deleted_by = null, updated_at = ${at.toISOString()}::timestamptz where id = ${id}::uuid`,
    );
    const [after] = await findRecords(tx, subject, [id]);
    await insertVersion(tx, {
      subjectId: subject.id,
      recordId: id,
      version,
      action: 'restore',
      actorId: null,
      actorLabel: null,
      at,
      changes: {},
      snapshot: after.values,
    });
  },
  async purge(tx, id) {
    await purgeRecord(tx, id);
  },
});

/** Deletes a record for good (module comment: what goes, what stays). */
export async function purgeRecord(tx: Executor, id: string): Promise<void> {
  const subjectId = await subjectIdOfRecord(tx, id);
  if (subjectId) {
    // the subject may itself be in the bin: its table is still there until the subject is purged
    const [s] = await tx.select({ tableName: subjects.tableName }).from(subjects).where(eq(subjects.id, subjectId)).limit(1);
    if (s) await tx.execute(sql`delete from ${tableOf(s)} where id = ${id}::uuid`);
  }
  await tx.delete(recordLinks).where(or(eq(recordLinks.sourceId, id), eq(recordLinks.targetId, id)));
  await tx.delete(recordComments).where(eq(recordComments.recordId, id));
  await tx.delete(taggings).where(and(eq(taggings.targetType, 'record'), eq(taggings.targetId, id)));
  await tx.delete(categorizations).where(and(eq(categorizations.targetType, 'record'), eq(categorizations.targetId, id)));
  await tx.delete(attachments).where(eq(attachments.recordId, id));
}
