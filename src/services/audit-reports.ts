/**
 * Audit reports (docs/engagements-papers.md;
 * server/src/modules/engagements/audit-reports.ts): the application's reports, one report with its
 * rendered output, sign-offs and transitions, creating one (which starts a render), rendering again,
 * and the review flow (actions with the reasons a gate refuses, transitions with a comment).
 * Base `/api/v1/applications/:slug/audit`. Reads reject with ApiError without a message (pages
 * show 403/404 themselves); writes reject with ApiError whose details name the field.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';

import type {
  AuditActionOption as ReviewActionOption,
  AuditReport,
  AuditReportCreate,
  AuditReportDetail,
  AuditTransition,
  Signoff as AuditSignoff,
} from '../../contracts';

export { AUDIT_REPORT_FORMATS, type AuditReportFormat } from '../../contracts/engagements.constants';
/** The report shapes of the audit papers API (contracts/audit-papers.ts), under the names the report pages use. */
export type { AuditReport, AuditReportCreate, AuditReportDetail, AuditSignoff, AuditTransition, ReviewActionOption };

const enc = encodeURIComponent;
const base = (app: string) => `/api/v1/applications/${enc(app)}/audit/reports`;

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
