/**
 * Audit engagements API, the dashboard (server/src/modules/engagements/audit-dashboard.routes.ts,
 * docs/engagements-dashboard.md): aggregate figures of an application's engagements, or of one.
 */
import { z } from 'zod';
import { ENGAGEMENT_PHASES, FINDING_SEVERITIES } from './engagements.constants';

/** The age buckets of open findings, in days since they were raised. */
export const FINDING_AGE_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type FindingAgeBucket = (typeof FINDING_AGE_BUCKETS)[number];

/** Most overdue remediations the dashboard lists. */
export const DASHBOARD_OVERDUE_LIMIT = 20;

/** GET …/audit/dashboard query: `engagementId` narrows every figure to one engagement. */
export const auditDashboardQuerySchema = z.object({
  engagementId: z.uuid({ message: 'errors.auditDashboard.engagementId' }).optional(),
});
export type AuditDashboardQuery = z.infer<typeof auditDashboardQuerySchema>;

const counts = <T extends readonly string[]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<T[number], z.ZodNumber>);

/** One overdue remediation: a finding not closed whose remediation due date has passed. */
export const overdueRemediationSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** A FINDING_SEVERITIES code (or an owner's own label). */
  severity: z.string().nullable(),
  /** 'YYYY-MM-DD'. */
  dueDate: z.string(),
  /** Whole days since the due date (≥ 1). */
  daysOverdue: z.number().int(),
  ownerLabel: z.string().nullable(),
  engagementTitle: z.string().nullable(),
});
export type OverdueRemediation = z.infer<typeof overdueRemediationSchema>;

/** Hours of one team member: budgeted on procedures they are assigned, spent in their time entries. */
export const dashboardHoursSchema = z.object({
  userId: z.string(),
  name: z.string(),
  /** Hours (decimal). */
  budgeted: z.number(),
  spent: z.number(),
});
export type DashboardHours = z.infer<typeof dashboardHoursSchema>;

/** GET /api/v1/applications/:slug/audit/dashboard. */
export const auditDashboardSchema = z.object({
  engagements: z.object({ total: z.number().int(), byPhase: counts(ENGAGEMENT_PHASES) }),
  procedures: z.object({ total: z.number().int(), done: z.number().int(), remaining: z.number().int() }),
  findings: z.object({
    /** Every live finding by severity (closed ones included). */
    bySeverity: counts(FINDING_SEVERITIES),
    /** Open (not closed) findings by days since raised. */
    byAge: z.array(z.object({ bucket: z.enum(FINDING_AGE_BUCKETS), n: z.number().int() })),
    /** Findings not closed. */
    open: z.number().int(),
  }),
  /** Most overdue first, at most DASHBOARD_OVERDUE_LIMIT. */
  overdueRemediations: z.array(overdueRemediationSchema),
  /** By name. */
  hours: z.array(dashboardHoursSchema),
});
export type AuditDashboard = z.infer<typeof auditDashboardSchema>;
