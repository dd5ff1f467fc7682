/**
 * Undo of an import batch (issue 7: "'Undo import' sends the rows it inserted to the recycle bin
 * and restores the previous version of the rows it updated; rows edited since the import are
 * listed and left alone unless the user confirms").
 * - A row is "edited since" when its record's version is no longer the one the import wrote
 *   (`version_after`), or the record was deleted or purged since.
 * - Inserted rows → soft delete like records' delete (version + 1, history 'delete', a recycle bin
 *   entry), set-based; updated rows → the values of `version_before` restored like a version
 *   restore (records.service applyChange 'restore', values through validateValues). Every
 *   history version the undo writes names the batch.
 * - One transaction; one audit entry `import.undo` with the counts.
 */
import { eq, sql } from 'drizzle-orm';
import type { CurrentUser, ImportEditedRow } from '../../../../contracts';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { importBatches } from '../../db/schema';
import type { AuditWriter } from '../audit/audit.service';
import type { SubjectDef } from '../subjects/subject-def';
import { findRecord, findVersion, tableOf } from '../records/records.repository';
import { applyChange } from '../records/records.service';
import { isComputed, uniqueViolation, validateValues } from '../records/values';

/** The batch's inserted/updated rows whose record changed since the import (module comment). */
export async function editedRows(db: Executor, subject: SubjectDef, batchId: string, limit = 1000): Promise<ImportEditedRow[]> {
  const display = subject.fields.find((f) => f.id === subject.displayFieldId)?.key;
  const rows = rowsOf<{ row_number: number; record_id: string; action: 'insert' | 'update'; version: number | null; updated_by: string | null; updated_at: string | null; label: string | null }>(
    await db.execute(sql`select ir.row_number, ir.record_id, ir.action, r.version, u.name as updated_by, r.updated_at::text as updated_at,
        ${display ? sql`(select v.snapshot ->> ${display} from record_versions v where v.record_id = ir.record_id and v.version = coalesce(ir.version_after, 1))` : sql`null`} as label
      from import_rows ir left join ${tableOf(subject, 'r')} on r.id = ir.record_id left join users u on u.id = r.updated_by
      where ir.batch_id = ${batchId}::uuid and ir.action in ('insert', 'update')
        and (r.id is null or r.version <> coalesce(ir.version_after, 1) or r.deleted_at is not null)
      order by ir.row_number limit ${limit}`),
  );
  return rows.map((r) => ({
    rowNumber: Number(r.row_number),
    recordId: r.record_id,
    action: r.action,
    label: r.label ?? r.record_id,
    version: Number(r.version ?? 0),
    editedBy: r.updated_by,
    editedAt: r.updated_at,
  }));
}

/**
 * Undoes batch `batchId` (module comment). `includeEdited` also undoes the rows edited since
 * (the user confirmed); otherwise they are left alone and returned.
 * @returns how many records went to the recycle bin / were restored, and the rows left alone.
 */
export async function undoRows(
  db: Database,
  ctx: { user: CurrentUser; audit: AuditWriter; slug: string; subject: SubjectDef; applicationId: string; batchId: string; includeEdited: boolean },
): Promise<{ deleted: number; restored: number; leftAlone: ImportEditedRow[] }> {
  const { subject, batchId, user } = ctx;
  const edited = await editedRows(db, subject, batchId, 100_000);
  const leftAlone = ctx.includeEdited ? [] : edited;
  const skip = leftAlone.map((r) => r.recordId);
  const at = new Date();
  const iso = at.toISOString();
  const display = subject.fields.find((f) => f.id === subject.displayFieldId)?.key;
  try {
    return await db.transaction(async (tx) => {
      // inserted rows → recycle bin (set-based soft delete + versions + bin entries)
      const deletedRows = rowsOf<{ id: string; version: number }>(
        await tx.execute(sql`update ${tableOf(subject, 'r')} set version = r.version + 1, deleted_at = ${iso}::timestamptz, deleted_by = ${user.id}::uuid,
            updated_at = ${iso}::timestamptz, updated_by = ${user.id}::uuid
          from import_rows ir where ir.batch_id = ${batchId}::uuid and ir.action = 'insert' and ir.record_id = r.id and r.deleted_at is null
            and not (r.id = any(${sql.param(skip)}::uuid[])) returning r.id, r.version`),
      );
      if (deletedRows.length > 0) {
        const ids = deletedRows.map((r) => r.id);
        await tx.execute(sql`insert into record_versions (subject_id, record_id, version, action, actor_id, actor_label, at, changes, snapshot, batch_id)
          select ${subject.id}::uuid, r.id, r.version, 'delete', ${user.id}::uuid, ${user.name}, ${iso}::timestamptz, '{}'::jsonb, v.snapshot, ${batchId}::uuid
          from ${tableOf(subject, 'r')} join record_versions v on v.record_id = r.id and v.version = r.version - 1
          where r.id = any(${sql.param(ids)}::uuid[])`);
        const details = { application: ctx.slug, subject: subject.key, subjectId: subject.id, subjectName: subject.name };
        await tx.execute(sql`insert into recycle_bin (type, target_id, label, deleted_at, deleted_by, deleted_by_label, details)
          select 'record', v.record_id::text, coalesce(${display ? sql`nullif(v.snapshot ->> ${display}, '')` : sql`null`}, v.record_id::text), ${iso}::timestamptz,
            ${user.id}::uuid, ${user.email}, ${JSON.stringify(details)}::jsonb
          from record_versions v where v.batch_id = ${batchId}::uuid and v.action = 'delete' and v.record_id = any(${sql.param(ids)}::uuid[])
          on conflict do nothing`);
      }
      // updated rows → the version before the import
      const updates = rowsOf<{ record_id: string; version_before: number }>(
        await tx.execute(sql`select record_id, version_before from import_rows where batch_id = ${batchId}::uuid and action = 'update'
          and not (record_id = any(${sql.param(skip)}::uuid[])) order by record_id`),
      );
      let restored = 0;
      for (const u of updates) {
        const current = await findRecord(tx, subject, u.record_id, true);
        const old = current ? await findVersion(tx, u.record_id, Number(u.version_before)) : undefined;
        if (!current || !old) continue;
        const snapshot = (old.snapshot ?? {}) as Record<string, unknown>;
        const raw: Record<string, unknown> = {};
        for (const f of subject.fields) if (!isComputed(f.type) && f.key in snapshot) raw[f.key] = snapshot[f.key];
        const values = await validateValues({ db: tx, applicationId: ctx.applicationId, recordIds: [u.record_id] }, subject, raw, 'update');
        if (await applyChange(tx, subject, current, values, 'restore', user, batchId)) restored += 1;
      }
      await tx.update(importBatches).set({ status: 'undone', undoneAt: at, undoneBy: user.id, updatedAt: at }).where(eq(importBatches.id, batchId));
      await ctx.audit.record(tx, {
        action: 'import.undo',
        targetType: 'subject',
        targetId: subject.id,
        details: { application: ctx.slug, subject: subject.key, batch: batchId, deleted: deletedRows.length, restored, leftAlone: leftAlone.length },
      });
      return { deleted: deletedRows.length, restored, leftAlone };
    });
  } catch (err) {
    throw uniqueViolation(subject, err) ?? err;
  }
}
