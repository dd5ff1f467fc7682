/**
 * Audit reports (AUDIT-API.md "Workpapers, review notes, evidence, reports"; server helper "papers",
 * server/src/modules/engagements/audit-reports.ts): the application's reports, one report with its
 * rendered output, sign-offs and transitions, creating one (which starts a render), rendering again,
 * and the review flow (actions with the reasons a gate refuses, transitions with a comment).
 * Base `/api/v1/applications/:slug/audit`. Reads reject with ApiError without a message (pages
 * show 403/404 themselves); writes reject with ApiError whose details name the field.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';

const enc = encodeURIComponent;
const base = (app: string) => `/api/v1/applications/${enc(app)}/audit/reports`;

/** The report formats (AUDIT-API.md POST /reports). */
export const AUDIT_REPORT_FORMATS = ['html', 'pdf', 'docx'] as const;
export type AuditReportFormat = (typeof AUDIT_REPORT_FORMATS)[number];

/** The review statuses of a report (contracts/engagements.constants.ts WORKPAPER_STATUSES, which reports share). */
export const REPORT_STATUSES = ['draft', 'pending_review', 'reviewed', 'approved', 'rejected'] as const;

/** A report in lists. */
export interface AuditReport {
  id: string;
  title: string;
  engagementId: string | null;
  engagementTitle: string | null;
  status: string;
  format: string;
  templateId: string | null;
  documentId: string | null;
  documentVersionId: string | null;
  /** The latest render's state (queued, running, done, failed, cancelled), null before any. */
  renderState: string | null;
  updatedAt: string;
}

/** A sign-off of a report: who signed which version, as what. */
export interface AuditSignoff {
  role: 'prepared' | 'reviewed' | 'approved';
  userId: string | null;
  userLabel: string;
  recordVersion: number;
  at: string;
  comment: string;
}

/** A guarded state change. */
export interface AuditTransition {
  id: string;
  object: string;
  recordId: string;
  action: string;
  from: string | null;
  to: string;
  actorId: string | null;
  actorLabel: string;
  comment: string;
  at: string;
}

/** One report with what the printable page needs. */
export interface AuditReportDetail extends AuditReport {
  engagement: Record<string, unknown> | null;
  findings: { id: string; title: string; severity: string | null; status: string | null }[];
  signoffs: AuditSignoff[];
  transitions: AuditTransition[];
  /** The rendered document's download (pdf/docx), null before a render. */
  downloadUrl: string | null;
  /** The rendered HTML, null before a render (or for a format without HTML). */
  html: string | null;
}

/** An action possible from the report's status: whether the caller may take it now and why not (translated). */
export interface ReviewActionOption {
  action: string;
  to: string;
  allowed: boolean;
  reasons: string[];
}

/** POST …/reports body. */
export interface AuditReportCreate {
  engagementId: string;
  templateId: string;
  title: string;
  format: AuditReportFormat;
}

/** GET …/reports: a page of the application's reports (ProTable's page shape). */
export async function listReports(
  app: string,
  params: { current?: number; pageSize?: number; engagementId?: string },
  signal?: AbortSignal,
): Promise<Page<AuditReport>> {
  return request<Page<AuditReport>>(base(app), { method: 'GET', params, signal, skipErrorHandler: true });
}

/** GET …/reports/:id: one report, rendered output, sign-offs, transitions. Rejects 403/404. */
export async function getReport(app: string, id: string, signal?: AbortSignal): Promise<AuditReportDetail> {
  return (await request<Ok<AuditReportDetail>>(`${base(app)}/${enc(id)}`, { method: 'GET', signal, skipErrorHandler: true })).data;
}

/** POST …/reports: creates the report record and starts its render; 400 names the field. */
export async function createReport(app: string, body: AuditReportCreate): Promise<{ id: string }> {
  return (await request<Ok<{ id: string }>>(base(app), { method: 'POST', data: body, skipErrorHandler: true })).data;
}

/** POST …/reports/:id/render: renders a draft or rejected report again → the render's id; 409 otherwise. */
export async function renderReport(app: string, id: string): Promise<{ renderId: string }> {
  return (await request<Ok<{ renderId: string }>>(`${base(app)}/${enc(id)}/render`, { method: 'POST', skipErrorHandler: true })).data;
}

/** GET …/reports/:id/actions: the review actions from the report's status. */
export async function getReportActions(app: string, id: string, signal?: AbortSignal): Promise<{ status: string; actions: ReviewActionOption[] }> {
  return (
    await request<Ok<{ status: string; actions: ReviewActionOption[] }>>(`${base(app)}/${enc(id)}/actions`, {
      method: 'GET',
      signal,
      skipErrorHandler: true,
    })
  ).data;
}

/** POST …/reports/:id/transition { action, comment? }; 409 TRANSITION_REFUSED names each failing gate. */
export async function transitionReport(
  app: string,
  id: string,
  body: { action: string; comment?: string },
): Promise<{ status: string; transition: AuditTransition; signoff?: AuditSignoff }> {
  return (
    await request<Ok<{ status: string; transition: AuditTransition; signoff?: AuditSignoff }>>(`${base(app)}/${enc(id)}/transition`, {
      method: 'POST',
      data: body,
      skipErrorHandler: true,
    })
  ).data;
}

/** The printable page of a report: `/audit_report?app=<slug>&id=<reportId>`. */
export const printableReportPath = (app: string, id: string) => `/audit_report?app=${enc(app)}&id=${enc(id)}`;
