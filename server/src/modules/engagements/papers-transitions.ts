/**
 * The papers' own writer of `audit_transitions` rows (docs/engagements.md "Tables beside the
 * records"), until the flow part's `transitions-log.ts` lands: the lead folds the two together.
 */
import { desc, eq } from 'drizzle-orm';
import type { ReviewTransition } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { auditTransitions, type AuditTransitionRow } from '../../db/schema';

/** One guarded state change to write. */
export interface TransitionInput {
  applicationId: string;
  subjectId: string;
  recordId: string;
  /** The audit object (AUDIT_OBJECTS). */
  object: string;
  action: string;
  from: string | null;
  to: string;
  actor: { id: string | null; label: string };
  comment?: string;
}

/** The API shape of a transition row. */
export function toTransition(r: AuditTransitionRow): ReviewTransition {
  return {
    id: r.id,
    object: r.object,
    recordId: r.recordId,
    action: r.action,
    from: r.fromState,
    to: r.toState,
    actorId: r.actorId,
    actorLabel: r.actorLabel,
    comment: r.comment,
    at: r.at.toISOString(),
  };
}

/** Appends a transition in the caller's transaction. @returns it as the API answers it. */
export async function recordTransition(tx: Executor, t: TransitionInput): Promise<ReviewTransition> {
  const [row] = await tx
    .insert(auditTransitions)
    .values({
      applicationId: t.applicationId,
      subjectId: t.subjectId,
      recordId: t.recordId,
      object: t.object,
      action: t.action,
      fromState: t.from,
      toState: t.to,
      actorId: t.actor.id,
      actorLabel: t.actor.label,
      comment: t.comment ?? '',
    })
    .returning();
  return toTransition(row);
}

/** The transitions of record `recordId`, newest first. */
export async function listTransitions(db: Executor, recordId: string): Promise<ReviewTransition[]> {
  const rows = await db.select().from(auditTransitions).where(eq(auditTransitions.recordId, recordId)).orderBy(desc(auditTransitions.at), desc(auditTransitions.id));
  return rows.map(toTransition);
}
