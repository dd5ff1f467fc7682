/**
 * The engagement's phases as guarded actions (docs/engagements-flow.md "Engagement phases"):
 * scope → validate → fieldwork → awaiting approval → follow-up → closed. Each action is taken
 * through POST …/engagements/:id/transition, in one transaction under the engagement's row lock:
 * the action must start from the engagement's phase and every gate must hold (else 409
 * TRANSITION_REFUSED naming each failing gate); the phase (a managed field) is written with
 * history, the change logged in audit_transitions (who, when, from, to, comment) and audited
 * `engagement.transition`. GET …/actions answers, for the caller, every action from the phase with
 * whether it may be taken now and why not.
 *
 * Gates (who, then what must hold):
 * - every action: the caller writes (editor, owner or administrator);
 * - submit_scope (scope → validate): a title, a period (start and end, start ≤ end), ≥ 1 procedure;
 * - start_fieldwork (validate → fieldwork): a lead;
 * - submit_for_approval (fieldwork → awaiting_approval): no procedure in progress (each is
 *   concluded, or still open = left open for follow-up), no open review note of the engagement;
 * - approve (awaiting_approval → follow_up when a procedure is not done or a finding not closed,
 *   else → closed): the caller is an owner, an administrator or the engagement's reviewer, and is
 *   not the engagement's lead (segregation of duties, even for an owner); no open review note;
 * - reject (awaiting_approval → fieldwork): the approver's gates, and a comment;
 * - close (follow_up → closed): every procedure done, every finding closed, no open review note;
 * - reopen_fieldwork (follow_up → fieldwork): none beyond writing.
 * Entering `closed` stamps closed_at.
 */
import {
  ENGAGEMENT_ACTIONS,
  translate,
  type AuditActionOption,
  type CurrentUser,
  type EngagementAction,
  type EngagementActions,
  type EngagementPhase,
  type EngagementTransitionInput,
  type EngagementTransitionResult,
  type AuditTransition,
  type Locale,
  type MessageKey,
  type RecordItem,
} from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import type { ReadCache } from '../../lib/read-cache';
import { allows } from '../subjects/subject-def';
import { requireModel, type ModelAccess } from './engagements.model-access';
import { countBy, refused, requireRecord, writeManaged } from './flow-records';
import { listTransitions, recordTransition } from './transitions-log';

/** What the gates of an engagement look at, read in the action's transaction. */
interface EngagementState {
  access: ModelAccess;
  user: CurrentUser;
  engagement: RecordItem;
  phase: EngagementPhase;
  /** The engagement's procedures by status. */
  procedures: Record<string, number>;
  /** The engagement's findings not closed. */
  openFindings: number;
  /** The engagement's open review notes. */
  openReviewNotes: number;
}

interface ActionDef {
  from: EngagementPhase;
  to: (s: EngagementState) => EngagementPhase;
  /** The failing gates for the caller (empty = allowed); the comment is checked on the transition only. */
  gates: (s: EngagementState) => MessageKey[];
  commentRequired?: boolean;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const notDone = (s: EngagementState) => total(s.procedures) - (s.procedures.done ?? 0);

const writer = (s: EngagementState): MessageKey[] => (allows(s.user, s.access.role, 'write') ? [] : ['errors.auditFlow.needWrite']);

/** The approver's gates: owner, administrator or the reviewer; never the lead. */
const approver = (s: EngagementState): MessageKey[] => {
  const out = writer(s);
  const { lead, reviewer } = s.engagement.values;
  if (!(s.user.isAdmin || s.access.role === 'owner' || (reviewer && reviewer === s.user.id))) out.push('errors.auditFlow.notApprover');
  if (lead && lead === s.user.id) out.push('errors.auditFlow.leadCannotApprove');
  return out;
};

/** The engagement actions: from which phase, to which, and their gates (module comment). */
export const ENGAGEMENT_ACTION_DEFS: Record<EngagementAction, ActionDef> = {
  submit_scope: {
    from: 'scope',
    to: () => 'validate',
    gates: (s) => {
      const out = writer(s);
      const v = s.engagement.values;
      if (!String(v.title ?? '').trim()) out.push('errors.auditFlow.titleRequired');
      if (!v.period_start || !v.period_end) out.push('errors.auditFlow.periodRequired');
      else if (String(v.period_start) > String(v.period_end)) out.push('errors.auditFlow.periodOrder');
      if (total(s.procedures) === 0) out.push('errors.auditFlow.noProcedures');
      return out;
    },
  },
  start_fieldwork: {
    from: 'validate',
    to: () => 'fieldwork',
    gates: (s) => [...writer(s), ...(s.engagement.values.lead ? [] : (['errors.auditFlow.leadRequired'] as MessageKey[]))],
  },
  submit_for_approval: {
    from: 'fieldwork',
    to: () => 'awaiting_approval',
    gates: (s) => {
      const out = writer(s);
      if ((s.procedures.in_progress ?? 0) > 0) out.push('errors.auditFlow.proceduresInProgress');
      if (s.openReviewNotes > 0) out.push('errors.auditFlow.openReviewNotes');
      return out;
    },
  },
  approve: {
    from: 'awaiting_approval',
    to: (s) => (notDone(s) > 0 || s.openFindings > 0 ? 'follow_up' : 'closed'),
    gates: (s) => [...approver(s), ...(s.openReviewNotes > 0 ? (['errors.auditFlow.openReviewNotes'] as MessageKey[]) : [])],
  },
  reject: {
    from: 'awaiting_approval',
    to: () => 'fieldwork',
    gates: approver,
    commentRequired: true,
  },
  close: {
    from: 'follow_up',
    to: () => 'closed',
    gates: (s) => [
      ...writer(s),
      ...(notDone(s) > 0 || s.openFindings > 0 ? (['errors.auditFlow.openWork'] as MessageKey[]) : []),
      ...(s.openReviewNotes > 0 ? (['errors.auditFlow.openReviewNotes'] as MessageKey[]) : []),
    ],
  },
  reopen_fieldwork: {
    from: 'follow_up',
    to: () => 'fieldwork',
    gates: writer,
  },
};

/** Reads what the gates need of engagement `engagement` (in `db`, the action's transaction). */
async function stateOf(db: Executor, access: ModelAccess, user: CurrentUser, engagement: RecordItem): Promise<EngagementState> {
  const { subjects } = access;
  const procedures = await countBy(db, subjects.procedure, { engagement: engagement.id }, 'status');
  const findings = await countBy(db, subjects.finding, { engagement: engagement.id }, 'status');
  const notes = await countBy(db, subjects.review_note, { engagement: engagement.id }, 'status');
  return {
    access,
    user,
    engagement,
    phase: (engagement.values.phase ?? 'scope') as EngagementPhase,
    procedures,
    openFindings: total(findings) - (findings.closed ?? 0),
    openReviewNotes: notes.open ?? 0,
  };
}

/** The action options from `s`'s phase, reasons translated into `locale`. */
function optionsOf(s: EngagementState, locale: Locale): AuditActionOption[] {
  return ENGAGEMENT_ACTIONS.filter((a) => ENGAGEMENT_ACTION_DEFS[a].from === s.phase).map((action) => {
    const def = ENGAGEMENT_ACTION_DEFS[action];
    const reasons = def.gates(s);
    return { action, to: def.to(s), allowed: reasons.length === 0, reasons: reasons.map((k) => translate(k, locale)) };
  });
}

/**
 * GET …/engagements/:id/actions (members): the engagement's phase and every action from it, with
 * whether the caller may take it now and the translated reasons when not.
 * @throws 404 errors.engagement.notFound; 403; 404 errors.engagement.moduleOff.
 */
export async function engagementActions(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  locale: Locale,
  cache?: ReadCache,
): Promise<EngagementActions> {
  const access = await requireModel(db, user, slug, 'read', cache);
  const engagement = await requireRecord(db, access, 'engagement', id, 'errors.engagement.notFound');
  const s = await stateOf(db, access, user, engagement);
  return { phase: s.phase, actions: optionsOf(s, locale) };
}

/**
 * POST …/engagements/:id/transition (writers): takes `input.action` when it starts from the
 * engagement's phase and its gates hold; writes the phase (and closed_at on entering closed), one
 * audit_transitions row and the audit entry `engagement.transition` (before/after phase, the
 * action and comment in details).
 * @throws 409 TRANSITION_REFUSED naming `action` per failing gate (errors.auditFlow.*); 404; 403.
 */
export async function transitionEngagement(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  input: EngagementTransitionInput,
  audit: AuditWriter,
): Promise<EngagementTransitionResult> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    const engagement = await requireRecord(tx, access, 'engagement', id, 'errors.engagement.notFound', true);
    const s = await stateOf(tx, access, user, engagement);
    const def = ENGAGEMENT_ACTION_DEFS[input.action];
    if (def.from !== s.phase) throw refused(['errors.auditFlow.wrongPhase']);
    const reasons = def.gates(s);
    const comment = input.comment?.trim() ?? '';
    if (def.commentRequired && !comment) reasons.push('errors.auditFlow.commentRequired');
    if (reasons.length > 0) throw refused(reasons);
    const to = def.to(s);
    await writeManaged(tx, access, 'engagement', engagement, { phase: to, ...(to === 'closed' ? { closed_at: new Date().toISOString() } : {}) }, user);
    const transition = await recordTransition(tx, {
      applicationId: access.app.id,
      subject: access.subjects.engagement,
      object: 'engagement',
      recordId: id,
      action: input.action,
      from: s.phase,
      to,
      actor: user,
      comment,
    });
    await audit.record(tx, {
      action: 'engagement.transition',
      targetType: 'record',
      targetId: id,
      before: { phase: s.phase },
      after: { phase: to },
      details: { application: slug, subject: access.subjects.engagement.key, action: input.action, comment },
    });
    return { phase: to, transition };
  });
}

/** GET …/engagements/:id/transitions (members): the engagement's transitions, newest first. @throws 404; 403. */
export async function engagementTransitions(db: Database, user: CurrentUser, slug: string, id: string, cache?: ReadCache): Promise<AuditTransition[]> {
  const access = await requireModel(db, user, slug, 'read', cache);
  await requireRecord(db, access, 'engagement', id, 'errors.engagement.notFound');
  return listTransitions(db, id);
}

/**
 * The gate the procedure actions share: the engagement of a procedure must be in fieldwork or
 * follow-up. @throws 409 TRANSITION_REFUSED errors.auditFlow.notInFieldwork.
 */
export async function requireWorkingPhase(db: Executor, access: ModelAccess, engagementId: unknown): Promise<RecordItem> {
  const engagement = typeof engagementId === 'string' ? await requireRecord(db, access, 'engagement', engagementId, 'errors.engagement.notFound') : undefined;
  const phase = engagement?.values.phase;
  if (!engagement || (phase !== 'fieldwork' && phase !== 'follow_up')) throw refused(['errors.auditFlow.notInFieldwork']);
  return engagement;
}
