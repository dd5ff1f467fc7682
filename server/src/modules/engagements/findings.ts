/**
 * Findings (docs/engagements-flow.md "Findings"): raising one with its SLA due date, its guarded
 * actions and the overdue list. A finding's life: open → remediation (start_remediation) → retest
 * (request_retest: the re-test hook re-opens the failed procedure, procedures.ts) → closed when
 * the re-test procedure is concluded `effective`, or back to remediation otherwise. No action
 * closes a finding directly. Status, raised_at, due_date and closed_at are managed fields.
 *
 * Dates are UTC calendar dates: raised_at = today, due_date = raised_at + the application's SLA
 * days for the severity (app_models.settings.slaDays, docs/engagements.md "Settings"). A finding is
 * overdue when it is not closed and its due date is before today.
 */
import { sql } from 'drizzle-orm';
import {
  FINDING_ACTIONS,
  translate,
  type AuditActionOption,
  type CurrentUser,
  type FindingAction,
  type FindingActions,
  type FindingRaiseInput,
  type FindingStatus,
  type FindingTransitionInput,
  type FindingTransitionResult,
  type Locale,
  type MessageKey,
  type OverdueFinding,
  type RecordItem,
} from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import { rowsOf, type Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { tableOf } from '../records/records.service';
import { liveRows } from '../subjects/live-rows';
import { allows } from '../subjects/subject-def';
import { requireModel, type ModelAccess } from './engagements.model-access';
import { addDays, columnOf, createManaged, daysBetween, findOne, refused, requireRecord, todayUtc, writeManaged } from './flow-records';
import { reopenForRetest } from './procedures';
import { recordTransition } from './transitions-log';

/** The finding actions: from which status, to which. */
const FINDING_ACTION_DEFS: Record<FindingAction, { from: FindingStatus; to: FindingStatus }> = {
  start_remediation: { from: 'open', to: 'remediation' },
  request_retest: { from: 'remediation', to: 'retest' },
};

/** Body fields of POST …/findings by the finding's field key (a 400 names the body's field). */
const BODY_FIELD: Record<string, string> = { engagement: 'engagementId', procedure: 'procedureId' };

const invalid = (field: string, messageKey: MessageKey) => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey }]);

/**
 * POST …/findings (writers): creates a finding (status open, raised_at today, due_date by the SLA
 * of its severity), logs the transition null → open (`raise`), audited `finding.raise` (after: the
 * record's values).
 * @throws 400 naming engagementId (no such engagement), procedureId (not a procedure of the
 *   engagement) or the field a value fails (owner: not a user); 409 CONFLICT
 *   errors.auditFlow.engagementClosed; 403; 404.
 */
export async function raiseFinding(db: Database, user: CurrentUser, slug: string, input: FindingRaiseInput, audit: AuditWriter): Promise<RecordItem> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    const engagement = await findOne(tx, access, 'engagement', input.engagementId);
    if (!engagement) throw invalid('engagementId', 'errors.engagement.notFound');
    if (engagement.values.phase === 'closed') throw new HttpError(409, 'CONFLICT', 'errors.auditFlow.engagementClosed');
    if (input.procedureId) {
      const procedure = await findOne(tx, access, 'procedure', input.procedureId);
      if (!procedure || procedure.values.engagement !== engagement.id) throw invalid('procedureId', 'errors.auditFlow.procedureOfEngagement');
    }
    const raisedAt = todayUtc();
    const dueDate = addDays(raisedAt, access.settings.slaDays[input.severity]);
    const { engagementId, procedureId, ...rest } = input;
    const values = {
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      engagement: engagementId,
      ...(procedureId ? { procedure: procedureId } : {}),
      status: 'open',
      raised_at: raisedAt,
      due_date: dueDate,
    };
    let finding: RecordItem;
    try {
      finding = await createManaged(tx, access, 'finding', values, user);
    } catch (e) {
      // the records' 400 names `values.<key>`: name the body's field instead
      if (e instanceof HttpError && e.status === 400 && e.details) {
        const details = e.details.map((d) => {
          const key = d.field.replace(/^values\./, '');
          return { ...d, field: BODY_FIELD[key] ?? key };
        });
        throw new HttpError(e.status, e.errorCode, e.messageKey, details, e.extra);
      }
      throw e;
    }
    await recordTransition(tx, {
      applicationId: access.app.id,
      subject: access.subjects.finding,
      object: 'finding',
      recordId: finding.id,
      action: 'raise',
      from: null,
      to: 'open',
      actor: user,
    });
    await audit.record(tx, {
      action: 'finding.raise',
      targetType: 'record',
      targetId: finding.id,
      after: finding.values,
      details: { application: slug, subject: access.subjects.finding.key, engagement: engagement.id },
    });
    return finding;
  });
}

/** The failing gates of finding actions for `user` (beyond the status): writing, an open engagement. */
async function findingGates(db: Database, access: ModelAccess, user: CurrentUser, finding: RecordItem): Promise<MessageKey[]> {
  const out: MessageKey[] = [];
  if (!allows(user, access.role, 'write')) out.push('errors.auditFlow.needWrite');
  const engagement = await findOne(db, access, 'engagement', finding.values.engagement);
  if (engagement?.values.phase === 'closed') out.push('errors.auditFlow.engagementClosed');
  return out;
}

/**
 * GET …/findings/:id/actions (members): the finding's status and the actions from it (none in
 * retest and closed: the re-test procedure's conclusion decides), with whether the caller may
 * take each now. @throws 404 errors.auditFlow.findingNotFound; 403.
 */
export async function findingActions(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  locale: Locale,
  cache?: ReadCache,
): Promise<FindingActions> {
  const access = await requireModel(db, user, slug, 'read', cache);
  const finding = await requireRecord(db, access, 'finding', id, 'errors.auditFlow.findingNotFound');
  const status = (finding.values.status ?? 'open') as FindingStatus;
  const reasons = await findingGates(db, access, user, finding);
  const actions: AuditActionOption[] = FINDING_ACTIONS.filter((a) => FINDING_ACTION_DEFS[a].from === status).map((action) => ({
    action,
    to: FINDING_ACTION_DEFS[action].to,
    allowed: reasons.length === 0,
    reasons: reasons.map((k) => translate(k, locale)),
  }));
  return { status, actions };
}

/**
 * POST …/findings/:id/transition (writers): start_remediation (open → remediation; audited
 * `finding.transition`) or request_retest (remediation → retest; the re-test hook re-opens the
 * failed procedure or makes one; audited `procedure.retest`, targeting that procedure, the
 * finding's change in details). Both log the finding's transition in audit_transitions.
 * @throws 409 TRANSITION_REFUSED naming `action` (errors.auditFlow.wrongStatus / engagementClosed);
 *   404 errors.auditFlow.findingNotFound; 403.
 */
export async function transitionFinding(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  input: FindingTransitionInput,
  audit: AuditWriter,
): Promise<FindingTransitionResult> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    // locks in the order a conclusion takes them (procedure, then finding): no deadlock between the two
    const peek = await requireRecord(tx, access, 'finding', id, 'errors.auditFlow.findingNotFound');
    if (input.action === 'request_retest') await findOne(tx, access, 'procedure', peek.values.procedure, true);
    const finding = await requireRecord(tx, access, 'finding', id, 'errors.auditFlow.findingNotFound', true);
    const from = (finding.values.status ?? 'open') as FindingStatus;
    const def = FINDING_ACTION_DEFS[input.action];
    if (def.from !== from) throw refused(['errors.auditFlow.wrongStatus']);
    const engagement = await findOne(tx, access, 'engagement', finding.values.engagement);
    if (engagement?.values.phase === 'closed') throw refused(['errors.auditFlow.engagementClosed']);
    const comment = input.comment?.trim() ?? '';
    const retest = input.action === 'request_retest' ? await reopenForRetest(tx, access, finding, user) : undefined;
    await writeManaged(tx, access, 'finding', finding, { status: def.to }, user);
    const transition = await recordTransition(tx, {
      applicationId: access.app.id,
      subject: access.subjects.finding,
      object: 'finding',
      recordId: id,
      action: input.action,
      from,
      to: def.to,
      actor: user,
      comment,
    });
    const details = { application: slug, action: input.action, comment };
    if (retest) {
      await audit.record(tx, {
        action: 'procedure.retest',
        targetType: 'record',
        targetId: retest.procedureId,
        before: retest.before,
        after: { status: 'open', conclusion: null, retestOf: id },
        details: { ...details, subject: access.subjects.procedure.key, finding: { id, from, to: def.to }, created: retest.before === null },
      });
    } else {
      await audit.record(tx, {
        action: 'finding.transition',
        targetType: 'record',
        targetId: id,
        before: { status: from },
        after: { status: def.to },
        details: { ...details, subject: access.subjects.finding.key },
      });
    }
    return { status: def.to, transition, ...(retest ? { retestProcedureId: retest.procedureId } : {}) };
  });
}

/**
 * GET …/findings/overdue (members): the application's findings not closed whose due date is
 * before today (UTC), most overdue first (then by id), at most 500.
 * @throws 403; 404.
 */
export async function overdueFindings(db: Database, user: CurrentUser, slug: string, cache?: ReadCache): Promise<OverdueFinding[]> {
  const access = await requireModel(db, user, slug, 'read', cache);
  const s = access.subjects.finding;
  const today = todayUtc();
  const status = columnOf(s, 'status');
  const due = columnOf(s, 'due_date');
  const rows = rowsOf<{ id: string; title: string | null; severity: string | null; due: string; owner: string | null; engagement: string | null }>(
    await db.execute(sql`select r.id, ${columnOf(s, 'title')} as title, ${columnOf(s, 'severity')}::text as severity, ${due}::text as due,
      ${columnOf(s, 'owner')}::text as owner, ${columnOf(s, 'engagement')}::text as engagement
      from ${tableOf(s, 'r')}
      where ${liveRows(s, 'r')} and ${due} < ${today}::date and (${status} is null or ${status}::text <> 'closed')
      order by ${due}, r.id limit 500`),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title ?? '',
    severity: r.severity ?? '',
    dueDate: r.due,
    daysOverdue: daysBetween(r.due, today),
    owner: r.owner,
    engagementId: r.engagement,
  }));
}
