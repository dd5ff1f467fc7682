/**
 * Review notes (docs/engagements-papers.md "Review notes"): a reviewer writes a note on a
 * workpaper (a record of the review_note subject through the records API: status open,
 * `workpaper` = the workpaper); while one is open the workpaper cannot be submitted, reviewed or
 * approved. The preparer clears it (POST …/review-notes/:id/clear).
 */
import { sql } from 'drizzle-orm';
import type { CurrentUser, RecordItem, ReviewNoteClear } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { applyChange, tableOf } from '../records/records.service';
import { liveRows } from '../subjects/live-rows';
import { validateValues } from '../subjects/values';
import { requireModel, type ModelAccess } from './engagements.model-access';
import { fieldColumn, requireRecord } from './papers-support';
import { transitionRefused } from './review-flow';

/** The number of open review notes on workpaper `workpaperId`. */
export async function openNotesOf(db: Executor, access: ModelAccess, workpaperId: string): Promise<number> {
  const s = access.subjects.review_note;
  const res = await db.execute(
    sql`select count(*)::int as n from ${tableOf(s, 'r')} where ${fieldColumn(s, 'workpaper')} = ${workpaperId}::uuid and ${fieldColumn(s, 'status')} = 'open' and ${liveRows(s, 'r')}`,
  );
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/**
 * POST …/review-notes/:id/clear (write): the open note becomes `cleared` with cleared_by/at and
 * the preparer's `response` (when given); audited `review_note.clear`. Only the preparer of the
 * note's workpaper (its `prepared_by`, or its creator before the first submit) or an owner of the
 * application (an administrator counts as an owner) may clear it.
 * @throws 404 errors.reviewNote.notFound; 403 errors.reviewNote.notPreparer; 409
 *   TRANSITION_REFUSED errors.reviewNote.notOpen; 403/404 of requireModel.
 */
export async function clearReviewNote(db: Database, user: CurrentUser, slug: string, id: string, input: ReviewNoteClear, audit: AuditWriter): Promise<RecordItem> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    const note = await requireRecord(tx, access.subjects.review_note, id, 'errors.reviewNote.notFound', true);
    if (note.values.status !== 'open') throw transitionRefused(['errors.reviewNote.notOpen']);
    const wpId = typeof note.values.workpaper === 'string' ? note.values.workpaper : null;
    const wp = wpId ? await requireRecord(tx, access.subjects.workpaper, wpId, 'errors.workpaper.notFound').catch(() => undefined) : undefined;
    const preparer = (wp?.values.prepared_by as string | null | undefined) ?? wp?.createdBy ?? note.createdBy;
    if (preparer !== user.id && access.role !== 'owner' && !user.isAdmin) throw new HttpError(403, 'FORBIDDEN', 'errors.reviewNote.notPreparer');
    const values: Record<string, unknown> = { status: 'cleared', cleared_by: user.id, cleared_at: new Date().toISOString() };
    if (input.response !== undefined) values.response = input.response;
    const normalized = await validateValues({ db: tx, applicationId: access.app.id, allowManaged: true, recordIds: [id] }, access.subjects.review_note, values, 'update');
    const written = await applyChange(tx, access.subjects.review_note, note, normalized, 'update', user);
    const after = written?.after ?? note;
    await audit.record(tx, {
      action: 'review_note.clear',
      targetType: 'record',
      targetId: id,
      before: { status: 'open' },
      after: { status: 'cleared', response: after.values.response ?? null },
      details: { application: access.app.slug, subject: access.subjects.review_note.key, workpaper: wpId },
    });
    return after;
  });
}
