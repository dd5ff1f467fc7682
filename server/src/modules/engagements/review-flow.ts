/**
 * The review flow of workpapers and audit reports (docs/engagements-papers.md "Review flow"):
 * draft → pending_review → reviewed → approved | rejected, with the prepared, reviewed and
 * approved sign-offs. Each action has the states it starts from, the state it leads to and the
 * gates it must pass; a refused action is 409 TRANSITION_REFUSED naming every failing gate
 * (`details: [{ field: 'action', messageKey }]`). A passed action writes the status and the
 * managed sign-off fields (records `applyChange`: version + 1 with history), one
 * `audit_transitions` row and, for submit/review/approve, one `audit_signoffs` row naming the
 * record version that carries the sign-off. Also: the records' creation path for the domain's
 * own records (number, revision and other managed fields set, audited by the caller).
 */
import { asc, eq } from 'drizzle-orm';
import type { ActionOption, CurrentUser, Locale, MessageKey, RecordItem, ReviewAction, Signoff, ReviewTransition } from '../../../../contracts';
import { translate } from '../../../../contracts/messages';
import type { SignoffRole, WorkpaperStatus } from '../../../../contracts/engagements.constants';
import type { Executor } from '../../db/client';
import { auditSignoffs, type AuditSignoffRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { applyChange, insertNewRecord } from '../records/records.service';
import type { SubjectDef } from '../subjects/subject-def';
import { validateValues } from '../subjects/values';
import { recordTransition } from './transitions-log';

/** One action of the flow: where it may start, where it leads, the sign-off it gives. */
interface FlowStep {
  from: readonly WorkpaperStatus[];
  to: WorkpaperStatus;
  signoff?: SignoffRole;
}

/** The review flow (docs/engagements-papers.md): the same for workpapers and audit reports. */
export const REVIEW_FLOW: Record<ReviewAction, FlowStep> = {
  submit: { from: ['draft', 'rejected'], to: 'pending_review', signoff: 'prepared' },
  review: { from: ['pending_review'], to: 'reviewed', signoff: 'reviewed' },
  approve: { from: ['reviewed'], to: 'approved', signoff: 'approved' },
  reject: { from: ['pending_review', 'reviewed'], to: 'rejected' },
  reopen: { from: ['rejected'], to: 'draft' },
};

/** What the gates of a record's next action depend on beyond the record itself. */
export interface GateFacts {
  /** Open review notes on the record (workpapers; 0 for reports). */
  openNotes: number;
  /** Gates of the object's own (e.g. a report not rendered yet), per action. */
  extra?: (action: ReviewAction) => MessageKey[];
}

/** The status of a record of the flow (draft when empty). */
export const statusOf = (r: RecordItem): WorkpaperStatus => ((r.values.status as WorkpaperStatus | null) ?? 'draft');

/**
 * The failing gates of `action` on `current` by `user` (message keys; empty = allowed):
 * - the record's status is one the action starts from (errors.workpaper.fromState);
 * - review and approve: the caller is not the preparer — segregation of duties, which an
 *   administrator cannot bypass either (errors.workpaper.segregation);
 * - submit, review and approve: no open review note on the record (errors.workpaper.openNotes);
 * - reject: a comment (errors.workpaper.commentRequired);
 * - the object's own gates (`facts.extra`).
 */
export function reviewGates(action: ReviewAction, current: RecordItem, user: CurrentUser, comment: string | undefined, facts: GateFacts): MessageKey[] {
  const step = REVIEW_FLOW[action];
  const out: MessageKey[] = [];
  if (!step.from.includes(statusOf(current))) out.push('errors.workpaper.fromState');
  if ((action === 'review' || action === 'approve') && current.values.prepared_by === user.id) out.push('errors.workpaper.segregation');
  if ((action === 'submit' || action === 'review' || action === 'approve') && facts.openNotes > 0) out.push('errors.workpaper.openNotes');
  if (action === 'reject' && !comment?.trim()) out.push('errors.workpaper.commentRequired');
  out.push(...(facts.extra?.(action) ?? []));
  return out;
}

/** Every action possible from the record's status, with whether `user` may take it now and why not (in `locale`). */
export function reviewActionOptions(current: RecordItem, user: CurrentUser, facts: GateFacts, locale: Locale): ActionOption[] {
  const status = statusOf(current);
  return (Object.keys(REVIEW_FLOW) as ReviewAction[])
    .filter((a) => REVIEW_FLOW[a].from.includes(status))
    .map((action) => {
      // the comment is asked when the action is taken: it is no reason to show reject as refused
      const gates = reviewGates(action, current, user, action === 'reject' ? 'x' : undefined, facts);
      return { action, to: REVIEW_FLOW[action].to, allowed: gates.length === 0, reasons: gates.map((k) => translate(k, locale)) };
    });
}

/** 409 TRANSITION_REFUSED naming each failing gate. */
export const transitionRefused = (gates: MessageKey[]) =>
  new HttpError(409, 'TRANSITION_REFUSED', 'errors.workpaper.fromState', gates.map((messageKey) => ({ field: 'action', messageKey })));

/** The API shape of a sign-off row. */
export function toSignoff(r: AuditSignoffRow): Signoff {
  return { role: r.role as Signoff['role'], userId: r.userId, userLabel: r.userLabel, recordVersion: r.recordVersion, at: r.at.toISOString(), comment: r.comment };
}

/** The sign-offs of record `recordId`, oldest first. */
export async function listSignoffs(db: Executor, recordId: string): Promise<Signoff[]> {
  const rows = await db.select().from(auditSignoffs).where(eq(auditSignoffs.recordId, recordId)).orderBy(asc(auditSignoffs.at), asc(auditSignoffs.id));
  return rows.map(toSignoff);
}

/** Where a review transition happens. */
export interface ReviewTarget {
  applicationId: string;
  subject: SubjectDef;
  /** The audit object (`workpaper`, `report`). */
  object: 'workpaper' | 'report';
}

/**
 * Takes `action` on the locked record `current` (the caller locked it and runs in `tx`): checks
 * the gates (409 TRANSITION_REFUSED), writes the status and sign-off fields (submit: prepared_by/at;
 * review: reviewed_by/at; approve: approved_by/at; reopen: the reviewer's and approver's fields
 * cleared), the transition row and the sign-off row naming the version written.
 * @returns the record after, the transition, the sign-off (submit/review/approve).
 */
export async function applyReviewAction(
  tx: Executor,
  target: ReviewTarget,
  current: RecordItem,
  action: ReviewAction,
  comment: string | undefined,
  user: CurrentUser,
  facts: GateFacts,
  /** Adds the object's own values to write with the action (a report's document at submit). */
  extraValues?: (values: Record<string, unknown>) => Promise<void>,
): Promise<{ after: RecordItem; transition: ReviewTransition; signoff?: Signoff }> {
  const gates = reviewGates(action, current, user, comment, facts);
  if (gates.length > 0) throw transitionRefused(gates);
  const step = REVIEW_FLOW[action];
  const now = new Date().toISOString();
  const values: Record<string, unknown> = { status: step.to };
  if (step.signoff) {
    values[`${step.signoff}_by`] = user.id;
    values[`${step.signoff}_at`] = now;
  }
  if (action === 'reopen') Object.assign(values, { reviewed_by: null, reviewed_at: null, approved_by: null, approved_at: null });
  await extraValues?.(values);
  const normalized = await validateValues({ db: tx, applicationId: target.applicationId, allowManaged: true, recordIds: [current.id] }, target.subject, values, 'update');
  const written = await applyChange(tx, target.subject, current, normalized, 'update', user);
  const after = written?.after ?? current;
  const transition = await recordTransition(tx, {
    applicationId: target.applicationId,
    subject: target.subject,
    recordId: current.id,
    object: target.object,
    action,
    from: statusOf(current),
    to: step.to,
    actor: user,
    comment: comment?.trim() ?? '',
  });
  if (!step.signoff) return { after, transition };
  const [row] = await tx
    .insert(auditSignoffs)
    .values({
      applicationId: target.applicationId,
      subjectId: target.subject.id,
      recordId: current.id,
      role: step.signoff,
      userId: user.id,
      userLabel: user.name,
      recordVersion: after.version,
      comment: comment?.trim() ?? '',
    })
    .returning();
  return { after, transition, signoff: toSignoff(row) };
}

/**
 * Creates a record of a model subject in `tx` the way the records module does (validated values
 * with managed fields allowed, auto numbers, system values, formulas, version 1 with history, the
 * subject's rules); the caller writes the audit entry.
 * @throws 400 VALIDATION_FAILED naming `values.<key>`; 409 VALUE_TAKEN.
 */
export async function createModelRecord(tx: Executor, applicationId: string, subject: SubjectDef, input: Record<string, unknown>, user: CurrentUser): Promise<RecordItem> {
  const values = await validateValues({ db: tx, applicationId, allowManaged: true }, subject, input, 'create');
  return (await insertNewRecord(tx, subject, values, user)).record;
}
