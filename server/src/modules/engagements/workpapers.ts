/**
 * Workpapers (docs/engagements-papers.md "Workpapers"): numbered per engagement (WP-001…),
 * reviewed through the review flow (review-flow.ts) with prepared, reviewed and approved sign-offs,
 * locked once approved (the record guard of engagements.service.ts), revised into a new draft.
 */
import { sql } from 'drizzle-orm';
import type {
  ReviewTransition,
  CurrentUser,
  Locale,
  RecordItem,
  ReviewActions,
  ReviewTransitionInput,
  ReviewTransitionResult,
  Signoff,
  WorkpaperCreate,
} from '../../../../contracts';
import { WORKPAPER_NUMBER_PREFIX } from '../../../../contracts/engagements.constants';
import type { AuditWriter } from '../../core/audit.writer';
import { rowsOf, type Database, type Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findRecords, tableOf } from '../records/records.service';
import type { SubjectDef } from '../subjects/subject-def';
import { requireModel } from './engagements.model-access';
import { copyEvidence, pinEvidence } from './evidence';
import { listTransitions } from './papers-transitions';
import { fieldColumn, requireRecord } from './papers-support';
import { openNotesOf } from './review-notes';
import { applyReviewAction, createModelRecord, listSignoffs, reviewActionOptions, statusOf, transitionRefused } from './review-flow';

const badField = (field: string, messageKey: 'errors.workpaper.engagementUnknown' | 'errors.workpaper.procedureUnknown') =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey }]);

/** `WP-` and the number, three digits at least (WP-001, WP-1000). */
export const workpaperNumber = (n: number) => `${WORKPAPER_NUMBER_PREFIX}${String(n).padStart(3, '0')}`;

/**
 * The next number of engagement `engagementId`'s workpapers: the largest among all its workpapers
 * (deleted ones too, so a number is never given twice) + 1. The caller holds the engagement
 * record's row lock, so concurrent creates take turns.
 */
async function nextNumber(tx: Executor, subject: SubjectDef, engagementId: string): Promise<string> {
  const num = fieldColumn(subject, 'number');
  const res = await tx.execute(
    sql`select coalesce(max(substring(${num} from ${WORKPAPER_NUMBER_PREFIX.length + 1}::int)::int), 0) as n from ${tableOf(subject, 'r')}
        where ${fieldColumn(subject, 'engagement')} = ${engagementId}::uuid and ${num} ~ ${`^${WORKPAPER_NUMBER_PREFIX}[0-9]{1,9}$`}`,
  );
  return workpaperNumber(Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0) + 1);
}

/**
 * POST …/workpapers (write): a draft workpaper of the engagement, numbered next (WP-001…),
 * revision 1; audited `workpaper.create`.
 * @throws 400 naming `engagementId` / `procedureId` (not a live record of the application; the
 *   procedure must belong to the engagement); 403/404.
 */
export async function createWorkpaper(db: Database, user: CurrentUser, slug: string, input: WorkpaperCreate, audit: AuditWriter): Promise<RecordItem> {
  const access = await requireModel(db, user, slug, 'write');
  const s = access.subjects;
  return db.transaction(async (tx) => {
    // the engagement's row lock serialises the numbering of its workpapers
    const [engagement] = await findRecords(tx, s.engagement, [input.engagementId], true);
    if (!engagement) throw badField('engagementId', 'errors.workpaper.engagementUnknown');
    if (input.procedureId) {
      const [procedure] = await findRecords(tx, s.procedure, [input.procedureId]);
      if (!procedure || procedure.values.engagement !== input.engagementId) throw badField('procedureId', 'errors.workpaper.procedureUnknown');
    }
    const record = await createModelRecord(
      tx,
      access.app.id,
      s.workpaper,
      {
        number: await nextNumber(tx, s.workpaper, input.engagementId),
        title: input.title,
        engagement: input.engagementId,
        procedure: input.procedureId ?? null,
        content: input.content ?? null,
        revision: 1,
        status: 'draft',
      },
      user,
    );
    await audit.record(tx, {
      action: 'workpaper.create',
      targetType: 'record',
      targetId: record.id,
      after: record.values,
      details: { application: access.app.slug, subject: s.workpaper.key },
    });
    return record;
  });
}

/** GET …/workpapers/:id/actions (read). @throws 404 errors.workpaper.notFound; 403/404. */
export async function workpaperActions(db: Database, user: CurrentUser, slug: string, id: string, locale: Locale): Promise<ReviewActions> {
  const access = await requireModel(db, user, slug, 'read');
  const wp = await requireRecord(db, access.subjects.workpaper, id, 'errors.workpaper.notFound');
  const openNotes = await openNotesOf(db, access, id);
  return { status: statusOf(wp), actions: reviewActionOptions(wp, user, { openNotes }, locale) };
}

/**
 * POST …/workpapers/:id/transition (write): takes a review action (review-flow.ts gates);
 * approve also pins the evidence. Audited `workpaper.transition` (one entry, naming the sign-off).
 * @throws 409 TRANSITION_REFUSED naming each failing gate; 404; 403.
 */
export async function transitionWorkpaper(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  input: ReviewTransitionInput,
  audit: AuditWriter,
): Promise<ReviewTransitionResult> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    const wp = await requireRecord(tx, access.subjects.workpaper, id, 'errors.workpaper.notFound', true);
    const openNotes = await openNotesOf(tx, access, id);
    const done = await applyReviewAction(tx, { applicationId: access.app.id, subject: access.subjects.workpaper, object: 'workpaper' }, wp, input.action, input.comment, user, {
      openNotes,
    });
    const pinned = input.action === 'approve' ? await pinEvidence(tx, id) : 0;
    await audit.record(tx, {
      action: 'workpaper.transition',
      targetType: 'record',
      targetId: id,
      before: { status: statusOf(wp), version: wp.version },
      after: { status: statusOf(done.after), version: done.after.version, signoff: done.signoff?.role ?? null },
      details: { application: access.app.slug, subject: access.subjects.workpaper.key, action: input.action, comment: input.comment ?? '', pinnedEvidence: pinned },
    });
    return { status: statusOf(done.after), transition: done.transition, ...(done.signoff ? { signoff: done.signoff } : {}) };
  });
}

/** GET …/workpapers/:id/signoffs (read), oldest first. @throws 404; 403. */
export async function workpaperSignoffs(db: Database, user: CurrentUser, slug: string, id: string): Promise<Signoff[]> {
  const access = await requireModel(db, user, slug, 'read');
  await requireRecord(db, access.subjects.workpaper, id, 'errors.workpaper.notFound');
  return listSignoffs(db, id);
}

/** GET …/workpapers/:id/transitions (read), newest first. @throws 404; 403. */
export async function workpaperTransitions(db: Database, user: CurrentUser, slug: string, id: string): Promise<ReviewTransition[]> {
  const access = await requireModel(db, user, slug, 'read');
  await requireRecord(db, access.subjects.workpaper, id, 'errors.workpaper.notFound');
  return listTransitions(db, id);
}

/**
 * POST …/workpapers/:id/revise (write): an approved workpaper's next revision — a new draft with
 * the same number, revision + 1, `supersedes` = the approved one, its title, content, procedure and
 * engagement, and its evidence links (unpinned). Audited `workpaper.revise`.
 * @throws 409 TRANSITION_REFUSED errors.workpaper.reviseState (not approved) or
 *   errors.workpaper.superseded (a revision exists already); 404; 403.
 */
export async function reviseWorkpaper(db: Database, user: CurrentUser, slug: string, id: string, audit: AuditWriter): Promise<RecordItem> {
  const access = await requireModel(db, user, slug, 'write');
  const s = access.subjects.workpaper;
  return db.transaction(async (tx) => {
    const old = await requireRecord(tx, s, id, 'errors.workpaper.notFound', true);
    if (statusOf(old) !== 'approved') throw transitionRefused(['errors.workpaper.reviseState']);
    const taken = rowsOf<{ id: string }>(
      await tx.execute(sql`select r.id from ${tableOf(s, 'r')} where ${fieldColumn(s, 'supersedes')} = ${id}::uuid and r.deleted_at is null limit 1`),
    );
    if (taken.length > 0) throw transitionRefused(['errors.workpaper.superseded']);
    const v = old.values;
    const record = await createModelRecord(
      tx,
      access.app.id,
      s,
      {
        number: v.number,
        title: v.title,
        engagement: v.engagement,
        procedure: v.procedure ?? null,
        content: v.content ?? null,
        revision: Number(v.revision ?? 1) + 1,
        supersedes: id,
        status: 'draft',
      },
      user,
    );
    await copyEvidence(tx, access.app.id, id, record.id, user);
    await audit.record(tx, {
      action: 'workpaper.revise',
      targetType: 'record',
      targetId: record.id,
      before: { id, revision: v.revision ?? 1 },
      after: record.values,
      details: { application: access.app.slug, subject: s.key, supersedes: id },
    });
    return record;
  });
}
