/**
 * Report templates API client (contracts/report-templates.ts, server/src/modules/report-templates,
 * docs/report-templates.md): the console's and an application's lists, read, create, save (the next
 * version, optimistic), delete, versions, the Word template upload and download, the preview and
 * whether the server prints PDF. Writes reject with the server's error (the caller shows it).
 */
import { request } from 'umi';
import type { Ok, Page } from '../../../contracts/envelope';
import type {
  PdfAvailability,
  ReportPreviewInput,
  ReportPreviewResult,
  ReportRender,
  ReportRenderInput,
  ReportTemplate,
  ReportTemplateCreate,
  ReportTemplateUpdate,
  ReportTemplateVersion,
} from '../../../contracts';

const enc = encodeURIComponent;
const base = (id: string) => `/api/v1/report-templates/${enc(id)}`;

export interface TemplateListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  subjectId?: string;
  /** An application's slug (the console's list only). */
  application?: string;
}

/** Every application's templates (administrators), most recently changed first, ProTable's page shape. */
export async function listAllTemplates(params: TemplateListParams = {}): Promise<Page<ReportTemplate>> {
  return request<Page<ReportTemplate>>('/api/v1/report-templates', { method: 'GET', params: { ...params, q: params.q || undefined } });
}

/** One application's templates (members). */
export async function listAppTemplates(app: string, params: TemplateListParams = {}): Promise<Page<ReportTemplate>> {
  return request<Page<ReportTemplate>>(`/api/v1/applications/${enc(app)}/report-templates`, {
    method: 'GET',
    params: { ...params, q: params.q || undefined },
  });
}

/** One template; rejects 404/403 without a message (the page shows it). */
export async function getTemplate(id: string, signal?: AbortSignal): Promise<ReportTemplate> {
  return (await request<Ok<ReportTemplate>>(base(id), { method: 'GET', signal, skipErrorHandler: true })).data;
}

/** Creates a template (version 1); 400 names `binding.*`, `body`… */
export async function createTemplate(app: string, input: ReportTemplateCreate): Promise<ReportTemplate> {
  return (
    await request<Ok<ReportTemplate>>(`/api/v1/applications/${enc(app)}/report-templates`, {
      method: 'POST',
      data: input,
      skipErrorHandler: true,
    })
  ).data;
}

/** Saves changes as the next version; 409 STALE_VERSION when someone saved since `input.version`. */
export async function updateTemplate(id: string, input: ReportTemplateUpdate): Promise<ReportTemplate> {
  return (await request<Ok<ReportTemplate>>(base(id), { method: 'PATCH', data: input, skipErrorHandler: true })).data;
}

/** Deletes a template (to the recycle bin). */
export async function removeTemplate(id: string): Promise<void> {
  await request(base(id), { method: 'DELETE', skipErrorHandler: true });
}

/** A page of a template's frozen versions, newest first. */
export async function listVersions(id: string, params: { current?: number; pageSize?: number } = {}): Promise<Page<ReportTemplateVersion>> {
  return request<Page<ReportTemplateVersion>>(`${base(id)}/versions`, { method: 'GET', params });
}

/** Uploads (or replaces) the Word template: the template at its next version. */
export async function uploadDocx(id: string, file: File): Promise<ReportTemplate> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await request<Ok<ReportTemplate>>(`${base(id)}/docx`, { method: 'PUT', data: form, skipErrorHandler: true })).data;
}

/** The URL of the Word template's download. */
export const docxUrl = (id: string) => `${base(id)}/docx`;

/** The HTML of the template (or its unsaved edits) over one record, and what is missing. */
export async function previewTemplate(id: string, input: ReportPreviewInput, signal?: AbortSignal): Promise<ReportPreviewResult> {
  return (await request<Ok<ReportPreviewResult>>(`${base(id)}/preview`, { method: 'POST', data: input, signal, skipErrorHandler: true })).data;
}

/** Whether the server prints PDF, and what to install when not. */
export async function getPdfAvailability(): Promise<PdfAvailability> {
  return (await request<Ok<PdfAvailability>>('/api/v1/report-templates/pdf-availability', { method: 'GET', skipErrorHandler: true })).data;
}

/** Queues a render of `recordIds` in `format` (a task); the queued render. 400 names `format` (PDF without Chromium, DOCX without a Word template). */
export async function startRender(id: string, input: ReportRenderInput): Promise<ReportRender> {
  return (await request<Ok<ReportRender>>(`${base(id)}/render`, { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** A page of a template's renders, newest first. */
export async function listRenders(id: string, params: { current?: number; pageSize?: number } = {}): Promise<Page<ReportRender>> {
  return request<Page<ReportRender>>(`${base(id)}/renders`, { method: 'GET', params });
}

/** The download URL of a stored document version (modules/documents). */
export const documentContentUrl = (documentId: string, version: number) =>
  `/api/v1/documents/${enc(documentId)}/versions/${version}/content`;
