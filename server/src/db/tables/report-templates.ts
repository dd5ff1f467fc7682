/**
 * The report templates module's tables (server/src/modules/report-templates, docs/report-templates.md):
 *  - `report_templates`: a template of an application, bound to a subject (with its relations) or a
 *    saved record query (`binding`), with its Liquid HTML body, partials, page settings and an
 *    optional Word (DOCX) template in the blob store; every save is the next `version`;
 *  - `report_template_versions`: each saved version, frozen (renders name the version they used);
 *  - `report_renders`: one rendering (a task): the template version, the format, the records, the
 *    document version it wrote and what its completeness check found.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  RenderMissing,
  ReportPageSettings,
  ReportTemplateBinding,
} from '../../../../contracts/report-templates.constants';
import { createdAt, softDelete, updatedAt } from '../columns';
import { subjects } from './subjects';
import { applications } from './users-and-applications';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A report template of an application. */
export const reportTemplates = pgTable(
  'report_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The bound subject (also in `binding`): a template goes with its subject. */
    subjectId: uuid('subject_id').references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    binding: jsonb('binding').$type<ReportTemplateBinding>().notNull(),
    /** The Liquid HTML template (also the preview). */
    body: text('body').notNull().default(''),
    /** Named partials the body may `include`/`render` (the only files the engine can read). */
    partials: jsonb('partials').$type<Record<string, string>>().notNull().default({}),
    page: jsonb('page').$type<ReportPageSettings>().notNull().default({}),
    /** The Word template (docxtemplater tags) in the blob store, if one was uploaded. */
    docxSha256: text('docx_sha256'),
    docxFileName: text('docx_file_name'),
    /** Saved version: each save adds one (optimistic: an update sends the version it edited). */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    index('report_templates_application_idx').on(t.applicationId, t.createdAt),
    index('report_templates_docx_idx')
      .on(t.docxSha256)
      .where(sql`${t.docxSha256} is not null`),
  ],
);

/** A saved version of a template, frozen. */
export const reportTemplateVersions = pgTable(
  'report_template_versions',
  {
    templateId: uuid('template_id')
      .notNull()
      .references(() => reportTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    binding: jsonb('binding').$type<ReportTemplateBinding>().notNull(),
    body: text('body').notNull(),
    partials: jsonb('partials').$type<Record<string, string>>().notNull(),
    page: jsonb('page').$type<ReportPageSettings>().notNull(),
    docxSha256: text('docx_sha256'),
    docxFileName: text('docx_file_name'),
    createdBy: uuid('created_by'),
    createdByLabel: text('created_by_label').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] }), index('report_template_versions_docx_idx').on(t.docxSha256)],
);

/** One rendering of a template (a task), and what it wrote. */
export const reportRenders = pgTable(
  'report_renders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => reportTemplates.id, { onDelete: 'cascade' }),
    templateVersion: integer('template_version').notNull(),
    /** html, pdf, docx or xlsx (REPORT_FORMATS). */
    format: text('format').notNull(),
    /** The records rendered (one output each, zipped when several); null = the bound query's rows. */
    recordIds: jsonb('record_ids').$type<string[]>(),
    taskId: uuid('task_id'),
    state: text('state').notNull().default('queued'),
    /** The document and version the output was stored as. */
    documentId: uuid('document_id'),
    documentVersion: integer('document_version'),
    /** The completeness check: true when nothing was missing; `missing` lists what was. */
    complete: boolean('complete'),
    missing: jsonb('missing').$type<RenderMissing[]>().notNull().default([]),
    /** When the data was read (the output's data timestamp). */
    dataAt: at('data_at'),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('report_renders_template_idx').on(t.templateId, t.createdAt),
    check('report_renders_format_check', sql`${t.format} in ('html', 'pdf', 'docx', 'xlsx')`),
    check('report_renders_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
  ],
);

export type ReportTemplateRow = typeof reportTemplates.$inferSelect;
export type ReportTemplateVersionRow = typeof reportTemplateVersions.$inferSelect;
export type ReportRenderRow = typeof reportRenders.$inferSelect;
