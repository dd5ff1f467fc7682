/**
 * Procedures' guarded actions (docs/engagements-flow.md "Procedures"): start (open → in progress),
 * conclude (→ done with a conclusion and note; `ineffective` proposes a finding), and the re-test
 * hook a finding's request_retest calls (re-opens the procedure that failed, or makes a re-test
 * procedure). Starting and concluding need the engagement in fieldwork or follow-up. Concluding a
 * re-test procedure (retest_of = a finding in `retest`) decides the finding: `effective` closes it
 * (closed_at), anything else returns it to remediation — the only way a finding closes.
 * Status, conclusion, conclusion_note and retest_of are managed fields, written with history.
 */
import type {
  CurrentUser,
  ProcedureConcludeInput,
  ProcedureConcludeResult,
  RecordItem,
} from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import { requireWorkingPhase } from './engagement-transitions';
import { requireModel, type ModelAccess } from './engagements.model-access';
import { createManaged, findOne, refused, requireRecord, writeManaged } from './flow-records';
import { recordTransition } from './transitions-log';

/**
 * POST …/procedures/:id/start (writers): open → in_progress, audited `procedure.start`.
 * @throws 409 TRANSITION_REFUSED errors.auditFlow.procedureNotOpen / notInFieldwork; 404
 *   errors.auditFlow.procedureNotFound; 403.
 */
export async function startProcedure(db: Database, user: CurrentUser, slug: string, id: string, audit: AuditWriter): Promise<RecordItem> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    const procedure = await requireRecord(tx, access, 'procedure', id, 'errors.auditFlow.procedureNotFound', true);
    const from = procedure.values.status ?? 'open';
    if (from !== 'open') throw refused(['errors.auditFlow.procedureNotOpen']);
    await requireWorkingPhase(tx, access, procedure.values.engagement);
    const after = await writeManaged(tx, access, 'procedure', procedure, { status: 'in_progress' }, user);
    await audit.record(tx, {
      action: 'procedure.start',
      targetType: 'record',
      targetId: id,
      before: { status: from },
      after: { status: 'in_progress' },
      details: { application: slug, subject: access.subjects.procedure.key },
    });
    return after;
  });
}

/**
 * POST …/procedures/:id/conclude (writers): an open or in-progress procedure → done with
 * `conclusion` and `note`; audited `procedure.conclude` (before/after of status and conclusion;
 * details name the finding a re-test decided). A re-test procedure decides its finding (module
 * comment; an audit_transitions row `retest_passed` / `retest_failed`). An `ineffective` procedure
 * that is not a re-test answers `proposedFinding` (not created: POST …/findings creates it).
 * @throws 409 TRANSITION_REFUSED errors.auditFlow.procedureDone / notInFieldwork; 404; 403.
 */
export async function concludeProcedure(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  input: ProcedureConcludeInput,
  audit: AuditWriter,
): Promise<ProcedureConcludeResult> {
  const access = await requireModel(db, user, slug, 'write');
  return db.transaction(async (tx) => {
    const procedure = await requireRecord(tx, access, 'procedure', id, 'errors.auditFlow.procedureNotFound', true);
    if (procedure.values.status === 'done') throw refused(['errors.auditFlow.procedureDone']);
    const engagement = await requireWorkingPhase(tx, access, procedure.values.engagement);
    const note = input.note?.trim() || null;
    const after = await writeManaged(tx, access, 'procedure', procedure, { status: 'done', conclusion: input.conclusion, conclusion_note: note }, user);
    const decided = await decideRetest(tx, access, procedure, input.conclusion === 'effective', user);
    await audit.record(tx, {
      action: 'procedure.conclude',
      targetType: 'record',
      targetId: id,
      before: { status: procedure.values.status ?? 'open', conclusion: procedure.values.conclusion ?? null },
      after: { status: 'done', conclusion: input.conclusion, conclusionNote: note },
      details: { application: slug, subject: access.subjects.procedure.key, ...(decided ? { finding: decided } : {}) },
    });
    const proposedFinding =
      input.conclusion === 'ineffective' && !procedure.values.retest_of
        ? {
            title: String(procedure.values.title ?? ''),
            engagement: engagement.id,
            procedure: id,
            kind: 'deficiency' as const,
            severity: 'medium' as const,
            condition: note ?? '',
          }
        : undefined;
    return { procedure: after, ...(proposedFinding ? { proposedFinding } : {}) };
  });
}

/**
 * When `procedure` re-tests a finding now in `retest`: `passed` closes the finding (closed_at),
 * else returns it to remediation; logs the finding's transition. @returns what changed, or null.
 */
async function decideRetest(
  tx: Executor,
  access: ModelAccess,
  procedure: RecordItem,
  passed: boolean,
  user: CurrentUser,
): Promise<{ id: string; from: string; to: string } | null> {
  const findingId = procedure.values.retest_of;
  if (typeof findingId !== 'string') return null;
  const finding = await findOne(tx, access, 'finding', findingId, true);
  if (!finding || finding.values.status !== 'retest') return null;
  const to = passed ? 'closed' : 'remediation';
  await writeManaged(tx, access, 'finding', finding, { status: to, ...(passed ? { closed_at: new Date().toISOString() } : {}) }, user);
  await recordTransition(tx, {
    applicationId: access.app.id,
    subject: access.subjects.finding,
    object: 'finding',
    recordId: finding.id,
    action: passed ? 'retest_passed' : 'retest_failed',
    from: 'retest',
    to,
    actor: user,
    comment: String(procedure.values.conclusion_note ?? ''),
  });
  return { id: finding.id, from: 'retest', to };
}

/**
 * The re-test hook of a finding's request_retest: re-opens the finding's procedure (status open,
 * conclusion and note cleared, retest_of = the finding) when it has a live one, else makes a
 * re-test procedure in the finding's engagement ("Re-test: <finding title>", retest_of = the
 * finding). @returns the procedure's id, and its status and conclusion before (null when made).
 */
export async function reopenForRetest(
  tx: Executor,
  access: ModelAccess,
  finding: RecordItem,
  user: CurrentUser,
): Promise<{ procedureId: string; before: { status: unknown; conclusion: unknown } | null }> {
  const linked = finding.values.procedure;
  const procedure = await findOne(tx, access, 'procedure', linked, true);
  if (procedure) {
    await writeManaged(tx, access, 'procedure', procedure, { status: 'open', conclusion: null, conclusion_note: null, retest_of: finding.id }, user);
    return { procedureId: procedure.id, before: { status: procedure.values.status ?? null, conclusion: procedure.values.conclusion ?? null } };
  }
  const made = await createManaged(
    tx,
    access,
    'procedure',
    {
      title: `Re-test: ${String(finding.values.title ?? '')}`.slice(0, 500),
      engagement: finding.values.engagement,
      kind: 'control_test',
      status: 'open',
      retest_of: finding.id,
    },
    user,
  );
  return { procedureId: made.id, before: null };
}
