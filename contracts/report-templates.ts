/**
 * Report templates API (server/src/modules/report-templates, docs/report-templates.md): zod
 * schemas and types of the templates, their versions and renders. Limits come from
 * contracts/report-templates.constants.ts, re-exported here.
 */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import {
  RENDER_RECORDS_MAX,
  RENDER_STATES,
  REPORT_FORMATS,
  TEMPLATE_BODY_MAX_CHARS,
  TEMPLATE_DESCRIPTION_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PAGE_SNIPPET_MAX_CHARS,
  TEMPLATE_PARTIAL_MAX_CHARS,
  TEMPLATE_PARTIALS_MAX,
  TEMPLATE_RELATIONS_MAX,
} from './report-templates.constants';

export * from './report-templates.constants';

/** A partial's name: what `{% render 'name' %}` names (letters, digits, `_`, `-`). */
const partialName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, { message: 'errors.reportTemplate.partialName' });

/** What a template is bound to (ReportTemplateBinding). */
export const reportTemplateBindingSchema = z.object({
  subjectId: z.uuid(),
  relations: z.array(z.string().min(1).max(64)).max(TEMPLATE_RELATIONS_MAX).default([]),
  recordQueryId: z.uuid().nullable().optional(),
});

/** Page settings (ReportPageSettings). */
export const reportPageSettingsSchema = z.object({
  size: z.enum(['A4', 'A3', 'Letter', 'Legal']).optional(),
  orientation: z.enum(['portrait', 'landscape']).optional(),
  marginMm: z.number().min(0).max(50).optional(),
  header: z.string().max(TEMPLATE_PAGE_SNIPPET_MAX_CHARS).optional(),
  footer: z.string().max(TEMPLATE_PAGE_SNIPPET_MAX_CHARS).optional(),
  toc: z.boolean().optional(),
});

const body = z.string().max(TEMPLATE_BODY_MAX_CHARS, { message: 'errors.reportTemplate.bodyTooLong' });
const partials = z
  .record(partialName, z.string().max(TEMPLATE_PARTIAL_MAX_CHARS, { message: 'errors.reportTemplate.partialTooLong' }))
  .refine((p) => Object.keys(p).length <= TEMPLATE_PARTIALS_MAX, { message: 'errors.reportTemplate.tooManyPartials' });

/** POST /api/v1/applications/:slug/report-templates. */
export const reportTemplateCreateSchema = z.object({
  name: z.string().trim().min(1, { message: 'errors.required' }).max(TEMPLATE_NAME_MAX),
  description: z.string().trim().max(TEMPLATE_DESCRIPTION_MAX).default(''),
  binding: reportTemplateBindingSchema,
  body: body.default(''),
  partials: partials.default({}),
  page: reportPageSettingsSchema.default({}),
});
export type ReportTemplateCreate = z.input<typeof reportTemplateCreateSchema>;

/** PATCH /api/v1/report-templates/:id: the `version` edited and any keys; each change saves the next version. */
export const reportTemplateUpdateSchema = z.object({
  version: z.number().int().min(1),
  name: z.string().trim().min(1, { message: 'errors.required' }).max(TEMPLATE_NAME_MAX).optional(),
  description: z.string().trim().max(TEMPLATE_DESCRIPTION_MAX).optional(),
  binding: reportTemplateBindingSchema.optional(),
  body: body.optional(),
  partials: partials.optional(),
  page: reportPageSettingsSchema.optional(),
});
export type ReportTemplateUpdate = z.input<typeof reportTemplateUpdateSchema>;

/** A template as the API answers it. */
export const reportTemplateSchema = z.object({
  id: z.string(),
  application: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
  subjectId: z.string().nullable(),
  subjectKey: z.string().nullable(),
  subjectName: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  binding: reportTemplateBindingSchema,
  body: z.string(),
  partials: z.record(z.string(), z.string()),
  page: reportPageSettingsSchema,
  docxSha256: z.string().nullable(),
  docxFileName: z.string().nullable(),
  version: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;

/** One saved version of a template (frozen). */
export const reportTemplateVersionSchema = z.object({
  templateId: z.string(),
  version: z.number().int(),
  binding: reportTemplateBindingSchema,
  body: z.string(),
  partials: z.record(z.string(), z.string()),
  page: reportPageSettingsSchema,
  docxSha256: z.string().nullable(),
  docxFileName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByLabel: z.string(),
  createdAt: z.string(),
});
export type ReportTemplateVersion = z.infer<typeof reportTemplateVersionSchema>;

/** GET /api/v1/report-templates (administrators) and …/applications/:slug/report-templates (members). */
export const reportTemplateListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  subjectId: z.uuid().optional(),
  /** Only this application's (slug); GET /api/v1/report-templates only. */
  application: z.string().trim().max(64).optional(),
});
export type ReportTemplateListQuery = z.infer<typeof reportTemplateListQuerySchema>;

export const reportTemplateIdParamsSchema = z.object({ id: z.uuid() });
export const reportTemplateVersionParamsSchema = z.object({ id: z.uuid(), version: z.coerce.number().int().min(1) });

/** What the completeness check found missing (RenderMissing). */
export const renderMissingSchema = z.object({
  recordId: z.string().nullable(),
  kind: z.enum(['unresolved', 'truncated-loop', 'bad-text']),
  field: z.string(),
  detail: z.string().optional(),
});

/**
 * POST /api/v1/report-templates/:id/preview: a record (null: the rows of the template's bound record
 * query) and, optionally, unsaved edits.
 */
export const reportPreviewSchema = z.object({
  recordId: z.uuid().nullable(),
  body: body.optional(),
  partials: partials.optional(),
  page: reportPageSettingsSchema.optional(),
});
export type ReportPreviewInput = z.input<typeof reportPreviewSchema>;
export const reportPreviewResultSchema = z.object({ html: z.string(), missing: z.array(renderMissingSchema) });
export type ReportPreviewResult = z.infer<typeof reportPreviewResultSchema>;

/**
 * POST /api/v1/report-templates/:id/render: the records (one output each, zipped when several) or,
 * without `recordIds`, one output over the rows of the template's bound record query.
 */
export const reportRenderInputSchema = z.object({
  format: z.enum(REPORT_FORMATS),
  recordIds: z.array(z.uuid()).min(1).max(RENDER_RECORDS_MAX).optional(),
});
export type ReportRenderInput = z.input<typeof reportRenderInputSchema>;

/** One rendering as the API answers it. */
export const reportRenderSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  templateVersion: z.number().int(),
  format: z.enum(REPORT_FORMATS),
  recordIds: z.array(z.string()).nullable(),
  taskId: z.string().nullable(),
  state: z.enum(RENDER_STATES),
  documentId: z.string().nullable(),
  documentVersion: z.number().int().nullable(),
  complete: z.boolean().nullable(),
  missing: z.array(renderMissingSchema),
  dataAt: z.string().nullable(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportRender = z.infer<typeof reportRenderSchema>;

/** GET /api/v1/report-templates/pdf-availability. */
export const pdfAvailabilitySchema = z.object({ available: z.boolean(), install: z.string().nullable() });
export type PdfAvailability = z.infer<typeof pdfAvailabilitySchema>;
