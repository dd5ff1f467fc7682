/**
 * Workpapers, review notes, evidence and audit reports API (docs/engagements-papers.md; server/src/modules/engagements/audit-papers.routes.ts,
 * docs/engagements-papers.md): zod schemas and types. Base `/api/v1/applications/:slug/audit`.
 */
import { z } from 'zod';
import { auditActionOptionSchema, auditTransitionSchema, type AuditActionOption, type AuditTransition } from './audit-flow';
import { pageQuerySchema } from './envelope';
import { recordSchema } from './records';
import { AUDIT_REPORT_FORMATS } from './engagements.constants';

const text = (max: number) => z.string().trim().max(max);

/** The review flow's actions (workpapers and audit reports). */
export const REVIEW_ACTIONS = ['submit', 'review', 'approve', 'reject', 'reopen'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** `:slug` and `:id` of the papers' routes. */
export const auditPaperParamsSchema = z.object({ slug: z.string().min(1).max(64), id: z.uuid() });
/** `:slug`, `:id` and `:documentId` (DELETE …/evidence/:documentId). */
export const auditEvidenceParamsSchema = auditPaperParamsSchema.extend({ documentId: z.uuid() });

/** One guarded state change: the flow part's AuditTransition (one shape for every audit object). */
export const reviewTransitionSchema = auditTransitionSchema;
export type ReviewTransition = AuditTransition;

/** An action possible from the current state, whether the caller may take it now and why not (translated): the flow part's AuditActionOption. */
export const actionOptionSchema = auditActionOptionSchema;
export type ActionOption = AuditActionOption;

/** GET …/workpapers/:id/actions, …/reports/:id/actions. */
export const reviewActionsSchema = z.object({ status: z.string(), actions: z.array(actionOptionSchema) });
export type ReviewActions = z.infer<typeof reviewActionsSchema>;

/** A sign-off: who signed which version of the record, as what. */
export const signoffSchema = z.object({
  role: z.enum(['prepared', 'reviewed', 'approved']),
  userId: z.string().nullable(),
  userLabel: z.string(),
  recordVersion: z.number().int(),
  at: z.string(),
  comment: z.string(),
});
export type Signoff = z.infer<typeof signoffSchema>;

/** POST …/workpapers/:id/transition, …/reports/:id/transition. */
export const reviewTransitionInputSchema = z.object({ action: z.enum(REVIEW_ACTIONS), comment: text(2000).optional() });
export type ReviewTransitionInput = z.input<typeof reviewTransitionInputSchema>;

/** The answer of a review transition. */
export const reviewTransitionResultSchema = z.object({ status: z.string(), transition: reviewTransitionSchema, signoff: signoffSchema.optional() });
export type ReviewTransitionResult = z.infer<typeof reviewTransitionResultSchema>;

/** POST …/workpapers. */
export const workpaperCreateSchema = z.object({
  engagementId: z.uuid(),
  procedureId: z.uuid().nullable().optional(),
  title: text(500).min(1, { message: 'errors.required' }),
  content: z.string().max(200_000).optional(),
});
export type WorkpaperCreate = z.input<typeof workpaperCreateSchema>;

/** A document attached as evidence. */
export const evidenceItemSchema = z.object({
  documentId: z.string(),
  name: z.string(),
  versionId: z.string().nullable(),
  versionNumber: z.number().int().nullable(),
  attachedByLabel: z.string(),
  attachedAt: z.string(),
  lockedAt: z.string().nullable(),
});
export type EvidenceItem = z.infer<typeof evidenceItemSchema>;

/** POST …/workpapers/:id/evidence. */
export const evidenceAttachSchema = z.object({ documentId: z.uuid() });

/** POST …/review-notes/:id/clear. */
export const reviewNoteClearSchema = z.object({ response: z.string().max(20_000).optional() });
export type ReviewNoteClear = z.input<typeof reviewNoteClearSchema>;


/** POST …/reports. */
export const auditReportCreateSchema = z.object({
  engagementId: z.uuid(),
  templateId: z.uuid(),
  title: text(500).min(1, { message: 'errors.required' }),
  format: z.enum(AUDIT_REPORT_FORMATS),
});
export type AuditReportCreate = z.input<typeof auditReportCreateSchema>;

/** GET …/reports query. */
export const auditReportListQuerySchema = pageQuerySchema.extend({ engagementId: z.uuid().optional() });

/** A report in lists (AuditReport). */
export const auditReportSchema = z.object({
  id: z.string(),
  title: z.string(),
  engagementId: z.string().nullable(),
  engagementTitle: z.string().nullable(),
  status: z.string(),
  format: z.string(),
  templateId: z.string().nullable(),
  documentId: z.string().nullable(),
  documentVersionId: z.string().nullable(),
  /** The latest render's state (queued, running, done, failed, cancelled), null before any. */
  renderState: z.string().nullable(),
  updatedAt: z.string(),
});
export type AuditReport = z.infer<typeof auditReportSchema>;

/** GET …/reports/:id: what the report page and the printable page `/audit_report?id=` need. */
export const auditReportDetailSchema = auditReportSchema.extend({
  engagement: z.record(z.string(), z.unknown()).nullable(),
  findings: z.array(z.object({ id: z.string(), title: z.string(), severity: z.string().nullable(), status: z.string().nullable() })),
  signoffs: z.array(signoffSchema),
  transitions: z.array(reviewTransitionSchema),
  /** The rendered document's download (pdf/docx), null before a render. */
  downloadUrl: z.string().nullable(),
  /** The rendered HTML (html format), null otherwise. */
  html: z.string().nullable(),
});
export type AuditReportDetail = z.infer<typeof auditReportDetailSchema>;

/** POST …/reports/:id/render. */
export const auditReportRenderResultSchema = z.object({ renderId: z.string() });

/** A record as the papers' routes answer it. */
export const auditPaperRecordSchema = recordSchema;

/** POST …/reports/default-template: the application's default audit report template (made when missing). */
export const auditReportDefaultTemplateSchema = z.object({ templateId: z.string(), created: z.boolean() });
export type AuditReportDefaultTemplate = z.infer<typeof auditReportDefaultTemplateSchema>;
