/**
 * The log of guarded state changes of audit records (`audit_transitions`, docs/engagements.md
 * "Tables beside the records"): engagement phases, finding statuses, workpaper and report review
 * states. Every guarded action writes one row in the transaction of its change, with who, when,
 * from, to and the comment; the lists answer them newest first. Shared by every audit flow
 * (engagements, findings, workpapers, reports): the other services import `recordTransition` and
 * `listTransitions` from here.
 */
import { desc, eq } from 'drizzle-orm';
import type { AuditObject, AuditTransition, CurrentUser } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { auditTransitions, type AuditTransitionRow } from '../../db/schema';
import type { SubjectDef } from '../subjects/subject-def';

/** One guarded state change to record. */
export interface TransitionInput {
  /** The application of the record. */
  applicationId: string;
  /** The record's subject (its id is stored). */
  subject: Pick<SubjectDef, 'id'>;
  /** The audit object of the subject (contracts AUDIT_OBJECTS). */
  object: AuditObject;
  recordId: string;
  /** The action taken (`submit_scope`, `request_retest`, `approve`…). */
  action: string;
  /** The state before (null when the record had none). */
  from: string | null;
  /** The state after. */
  to: string;
  /** Who acted; null for the system (actorLabel `system`). */
  actor: Pick<CurrentUser, 'id' | 'name'> | null;
  /** The comment given with the action (empty when none). */
  comment?: string;
  /** When (default: the clock now). */
  at?: Date;
}

/** The API shape of an audit_transitions row. */
export function toTransition(row: AuditTransitionRow): AuditTransition {
  return {
    id: row.id,
    object: row.object as AuditObject,
    recordId: row.recordId,
    action: row.action,
    from: row.fromState,
    to: row.toState,
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    comment: row.comment,
    at: row.at.toISOString(),
  };
}

/**
 * Writes one audit_transitions row in `tx` (the transaction of the change it records).
 * @returns the transition as the API answers it.
 */
export async function recordTransition(tx: Executor, input: TransitionInput): Promise<AuditTransition> {
  const [row] = await tx
    .insert(auditTransitions)
    .values({
      applicationId: input.applicationId,
      subjectId: input.subject.id,
      recordId: input.recordId,
      object: input.object,
      action: input.action,
      fromState: input.from,
      toState: input.to,
      actorId: input.actor?.id ?? null,
      actorLabel: input.actor?.name ?? 'system',
      comment: input.comment?.trim() ?? '',
      // the clock, not the transaction's now(): two changes in one transaction keep their order
      at: input.at ?? new Date(),
    })
    .returning();
  return toTransition(row);
}

/** The transitions of record `recordId`, newest first. */
export async function listTransitions(db: Executor, recordId: string): Promise<AuditTransition[]> {
  const rows = await db
    .select()
    .from(auditTransitions)
    .where(eq(auditTransitions.recordId, recordId))
    .orderBy(desc(auditTransitions.at), desc(auditTransitions.id));
  return rows.map(toTransition);
}
