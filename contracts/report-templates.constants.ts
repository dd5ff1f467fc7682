/**
 * Constants of report templates and rendering (server/src/modules/report-templates,
 * docs/report-templates.md), plain data so the web imports them at run time (no zod here), and the
 * module's entry `REPORT_TEMPLATES_MODULE` (listed in contracts/modules.ts).
 */
import type { ModuleEntry } from './constants';

/** The outputs of one data model: the Liquid HTML (also the preview), PDF, DOCX, XLSX. */
export const REPORT_FORMATS = ['html', 'pdf', 'docx', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** A rendering's life, as its task's (docs/tasks.md). */
export const RENDER_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type RenderState = (typeof RENDER_STATES)[number];

/**
 * What a template's data model is built from: a subject's records with the related records of the
 * named relation fields, or the rows of a saved record query of that subject.
 */
export interface ReportTemplateBinding {
  subjectId: string;
  /** Keys of the subject's relation fields whose related records the template may loop over. */
  relations: string[];
  /** A saved record query (modules/record-queries): the template renders its rows instead of one record. */
  recordQueryId?: string | null;
}

/** Page settings of the printed outputs (PDF, and the HTML's print styles). */
export interface ReportPageSettings {
  size?: 'A4' | 'A3' | 'Letter' | 'Legal';
  orientation?: 'portrait' | 'landscape';
  /** Margin on every side, in millimetres. */
  marginMm?: number;
  /** Liquid snippets of the page header and footer; `{{ page }}` and `{{ pages }}` are the page numbers. */
  header?: string;
  footer?: string;
  /** A table of contents from the body's h1–h3 headings. */
  toc?: boolean;
}

/** One thing the completeness check found missing in an output. */
export interface RenderMissing {
  /** The record whose output it is (null for a query's rows). */
  recordId: string | null;
  /** What was missing: a placeholder that resolved to nothing, a loop with fewer rows than its data, or undefined/null/NaN text. */
  kind: 'unresolved' | 'truncated-loop' | 'bad-text';
  /** The placeholder or loop (`record.amount`, `record.items`), or the offending text. */
  field: string;
  detail?: string;
}

/** Most characters of a template's body, of one partial, and number of partials. */
export const TEMPLATE_BODY_MAX_CHARS = 200_000;
export const TEMPLATE_PARTIAL_MAX_CHARS = 50_000;
export const TEMPLATE_PARTIALS_MAX = 20;
/** Liquid's limits per render: template size parsed (characters), render time (ms), memory (allocations). */
export const LIQUID_PARSE_LIMIT = 400_000;
export const LIQUID_RENDER_LIMIT_MS = 5_000;
export const LIQUID_MEMORY_LIMIT = 50_000_000;
/** Most records one render task takes (one output each, zipped). */
export const RENDER_RECORDS_MAX = 500;
/** Most related records per relation loaded into the data model of one record. */
export const RENDER_RELATED_MAX = 5_000;
/** Longest the PDF printer waits for one page set, in ms. */
export const PDF_PRINT_TIMEOUT_MS = 30_000;

/** Audit actions and recycle-bin types of the module. */
export const REPORT_TEMPLATES_MODULE = {
  auditActions: ['report_template.create', 'report_template.update', 'report_template.delete', 'report_template.render'],
  recycleTypes: ['report_template'],
} as const satisfies ModuleEntry;

/** Most characters of a template's name and description. */
export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_DESCRIPTION_MAX = 2_000;
/** Largest Word (DOCX) template accepted, in bytes: 10 MiB. */
export const TEMPLATE_DOCX_MAX_BYTES = 10 * 1024 * 1024;
/** Most relation fields one binding names. */
export const TEMPLATE_RELATIONS_MAX = 20;
/** Characters of a page header or footer snippet. */
export const TEMPLATE_PAGE_SNIPPET_MAX_CHARS = 5_000;
/** Most rows of a saved query loaded into one render's data model (the XLSX bench writes this many). */
export const RENDER_QUERY_ROWS_MAX = 100_000;
/** Rows of a saved query read per statement (keyset pages); a streamed XLSX holds one page at a time. */
export const RENDER_QUERY_PAGE_ROWS = 2_000;
/** Largest image attachment inlined as a data: URL for HTML/PDF, and the most bytes inlined per render. */
export const RENDER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const RENDER_IMAGES_MAX_BYTES = 20 * 1024 * 1024;
