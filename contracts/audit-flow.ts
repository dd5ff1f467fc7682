/**
 * Audit engagements API, the flow's part (server/src/modules/engagements/audit-flow.routes.ts,
 * docs/engagements-flow.md): engagement phase transitions and their gates, procedures (start,
 * samples, conclusion), findings (raise with an SLA due date, remediation, re-test), progress.
 * Base `/api/v1/applications/:slug/audit`. The transition and action-option shapes are shared by
 * the other guarded flows (workpapers, reports).
 */
import { z } from 'zod';
import {
  AUDIT_OBJECTS,
  ENGAGEMENT_ACTIONS,
  ENGAGEMENT_PHASES,
  FINDING_KINDS,
  FINDING_SEVERITIES,
  FINDING_STATUSES,
  PROCEDURE_CONCLUSIONS,
  SAMPLE_SELECTIONS,
  SAMPLE_SIZE_MAX,
} from './engagements.constants';
import { FINDING_ACTIONS } from './audit-flow.constants';
import { filterGroupSchema, recordSchema } from './records';

export * from './audit-flow.constants';

/** One guarded state change of an audit record (audit_transitions), newest first in lists. */
export const auditTransitionSchema = z.object({
  id: z.string(),
  object: z.enum(AUDIT_OBJECTS),
  recordId: z.string(),
  action: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  comment: z.string(),
  /** ISO 8601. */
  at: z.string(),
});
export type AuditTransition = z.infer<typeof auditTransitionSchema>;

/** An action possible from a record's state: whether the caller may take it now, and why not (translated). */
export const auditActionOptionSchema = z.object({
  action: z.string(),
  to: z.string(),
  allowed: z.boolean(),
  reasons: z.array(z.string()),
});
export type AuditActionOption = z.infer<typeof auditActionOptionSchema>;

const comment = z.string().trim().max(5_000).optional();

/** GET …/engagements/:id/actions. */
export const engagementActionsSchema = z.object({ phase: z.enum(ENGAGEMENT_PHASES), actions: z.array(auditActionOptionSchema) });
export type EngagementActions = z.infer<typeof engagementActionsSchema>;

/** POST …/engagements/:id/transition. */
export const engagementTransitionInputSchema = z.object({ action: z.enum(ENGAGEMENT_ACTIONS), comment });
export type EngagementTransitionInput = z.infer<typeof engagementTransitionInputSchema>;
export const engagementTransitionResultSchema = z.object({ phase: z.enum(ENGAGEMENT_PHASES), transition: auditTransitionSchema });
export type EngagementTransitionResult = z.infer<typeof engagementTransitionResultSchema>;

const countsSchema = z.record(z.string(), z.number().int());

/** GET …/engagements/:id/progress. Hours are decimal hours from the engagement's time entries. */
export const engagementProgressSchema = z.object({
  phase: z.enum(ENGAGEMENT_PHASES),
  procedures: z.object({ total: z.number().int(), done: z.number().int(), byStatus: countsSchema }),
  findings: z.object({ total: z.number().int(), open: z.number().int(), bySeverity: countsSchema, overdue: z.number().int() }),
  workpapers: z.object({ total: z.number().int(), byStatus: countsSchema }),
  reviewNotes: z.object({ open: z.number().int() }),
  hours: z.object({
    budget: z.number().nullable(),
    spent: z.number(),
    byPerson: z.array(z.object({ userId: z.string(), name: z.string(), hours: z.number() })),
  }),
});
export type EngagementProgress = z.infer<typeof engagementProgressSchema>;

/** POST …/procedures/:id/sample. `recordIds` only for `judgmental` (then the size is their count). */
export const sampleDrawInputSchema = z
  .object({
    populationSubject: z.string().min(1).max(64),
    filter: filterGroupSchema.optional(),
    size: z.number().int().min(1).max(SAMPLE_SIZE_MAX),
    selection: z.enum(SAMPLE_SELECTIONS),
    /** Any text up to 200 characters; a random 128-bit hex seed when left out. */
    seed: z.string().trim().min(1).max(200).optional(),
    recordIds: z.array(z.uuid()).max(SAMPLE_SIZE_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.selection === 'judgmental' && !v.recordIds?.length)
      ctx.addIssue({ code: 'custom', path: ['recordIds'], message: 'errors.auditFlow.recordIdsRequired' });
  });
export type SampleDrawInput = z.infer<typeof sampleDrawInputSchema>;

/** A drawn sample (audit_samples), reproducible from its population, generator and seed. */
export const auditSampleSchema = z.object({
  id: z.string(),
  procedureId: z.string(),
  populationSubject: z.string(),
  populationCount: z.number().int(),
  selection: z.enum(SAMPLE_SELECTIONS),
  generator: z.string(),
  seed: z.string(),
  size: z.number().int(),
  selectedIds: z.array(z.string()),
  selected: z.array(z.object({ id: z.string(), label: z.string() })),
  drawnByLabel: z.string(),
  drawnAt: z.string(),
});
export type AuditSample = z.infer<typeof auditSampleSchema>;

/** POST …/samples/:sampleId/redraw: the selection drawn again from the stored population and seed. */
export const sampleRedrawSchema = z.object({ matches: z.boolean(), selectedIds: z.array(z.string()) });
export type SampleRedraw = z.infer<typeof sampleRedrawSchema>;

/** POST …/procedures/:id/conclude. */
export const procedureConcludeInputSchema = z.object({ conclusion: z.enum(PROCEDURE_CONCLUSIONS), note: z.string().trim().max(10_000).optional() });
export type ProcedureConcludeInput = z.infer<typeof procedureConcludeInputSchema>;

/** A finding the system proposes for an ineffective procedure (not yet created). */
export const proposedFindingSchema = z.object({
  title: z.string(),
  engagement: z.string(),
  procedure: z.string(),
  kind: z.enum(FINDING_KINDS),
  severity: z.enum(FINDING_SEVERITIES),
  condition: z.string(),
});
export const procedureConcludeResultSchema = z.object({ procedure: recordSchema, proposedFinding: proposedFindingSchema.optional() });
export type ProcedureConcludeResult = z.infer<typeof procedureConcludeResultSchema>;

/** POST …/findings. */
export const findingRaiseInputSchema = z.object({
  engagementId: z.uuid(),
  procedureId: z.uuid().optional(),
  title: z.string().trim().min(1, { message: 'errors.required' }).max(500),
  kind: z.enum(FINDING_KINDS),
  severity: z.enum(FINDING_SEVERITIES),
  condition: z.string().max(20_000).optional(),
  criteria: z.string().max(20_000).optional(),
  cause: z.string().max(20_000).optional(),
  effect: z.string().max(20_000).optional(),
  recommendation: z.string().max(20_000).optional(),
  /** A user id. */
  owner: z.uuid().optional(),
});
export type FindingRaiseInput = z.infer<typeof findingRaiseInputSchema>;

/** GET …/findings/:id/actions. */
export const findingActionsSchema = z.object({ status: z.enum(FINDING_STATUSES), actions: z.array(auditActionOptionSchema) });
export type FindingActions = z.infer<typeof findingActionsSchema>;

/** POST …/findings/:id/transition. */
export const findingTransitionInputSchema = z.object({ action: z.enum(FINDING_ACTIONS), comment });
export type FindingTransitionInput = z.infer<typeof findingTransitionInputSchema>;
export const findingTransitionResultSchema = z.object({
  status: z.enum(FINDING_STATUSES),
  transition: auditTransitionSchema,
  retestProcedureId: z.string().optional(),
});
export type FindingTransitionResult = z.infer<typeof findingTransitionResultSchema>;

/** GET …/findings/overdue: open findings past their due date, most overdue first. */
export const overdueFindingSchema = z.object({
  id: z.string(),
  title: z.string(),
  severity: z.string(),
  /** YYYY-MM-DD. */
  dueDate: z.string(),
  daysOverdue: z.number().int(),
  /** The owner's user id. */
  owner: z.string().nullable(),
  engagementId: z.string().nullable(),
});
export type OverdueFinding = z.infer<typeof overdueFindingSchema>;

