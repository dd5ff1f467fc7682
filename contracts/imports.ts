/**
 * Import of CSV, XLSX and JSON files into a subject, and grid export (docs/product.md "Data core"). The flow, each step its own request (modules/imports):
 * upload (multipart) → check (mapping, mode, key fields, on-error policy: a dry run, nothing
 * written) → run (all or nothing, or skip bad rows) → error report → undo.
 */
import { z } from 'zod';
import { AUDIT_EXPORT_FORMATS, IMPORT_ENCODINGS, IMPORT_TEXT_ENCODINGS } from './constants';
import { pageQuerySchema, pageSchema } from './envelope';
import { recordLabelsSchema } from './records';

export const IMPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const IMPORT_MODES = ['insert', 'update', 'upsert'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const IMPORT_ON_ERROR = ['all_or_nothing', 'skip_bad_rows'] as const;
export type ImportOnError = (typeof IMPORT_ON_ERROR)[number];
export const IMPORT_STATUSES = ['uploaded', 'validated', 'running', 'done', 'undoing', 'failed', 'undone'] as const;
/** What applying a staged row does (`skip`: a bad row left out under skip_bad_rows). */
export const IMPORT_ROW_ACTIONS = ['insert', 'update', 'unchanged', 'skip'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export {
  IMPORT_ABANDONED_DAYS,
  IMPORT_ENCODINGS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL_CHARS,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_TEXT_ENCODINGS,
  IMPORT_XLSX_MAX_PART,
  IMPORT_XLSX_MAX_SHARED_STRINGS,
  IMPORT_XLSX_MAX_UNZIPPED,
  type ImportEncoding,
  type ImportTextEncoding,
} from './constants';

/**
 * POST …/imports?encoding&jsonPath: how to read a CSV or JSON file's text (default auto: detected);
 * `jsonPath`: the top-level key of a JSON object whose array of objects holds the rows
 * (`{"639-3": [ … ]}`; a file whose top level is an object and no `jsonPath` is answered 400
 * errors.import.jsonPick with the candidate keys in `conflict.jsonArrays`: JsonArrayChoice[]).
 */
export const importUploadQuerySchema = z.object({
  encoding: z.enum(IMPORT_ENCODINGS).default('auto'),
  jsonPath: z.string().min(1).max(200).optional(),
});

/** A key of a JSON file's top-level object holding an array of objects, with how many (a 400 jsonPick's `conflict.jsonArrays`). */
export const jsonArrayChoiceSchema = z.object({ key: z.string(), rows: z.number().int() });
export type JsonArrayChoice = z.infer<typeof jsonArrayChoiceSchema>;


/** One problem of one row: the file's column (header), the field it maps to, the cell, and why. */
export const importRowErrorSchema = z.object({
  column: z.string().nullable(),
  field: z.string().nullable(),
  value: z.string().nullable(),
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The message in the request's language. */
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** An import batch (the history table, the wizard's state). `mapping`: header → field key, null = ignored. */
export const importBatchSchema = z.object({
  id: z.string(),
  application: z.string(),
  subject: z.string(),
  subjectName: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string().nullable()),
  mode: z.enum(IMPORT_MODES),
  keyFields: z.array(z.string()),
  onError: z.enum(IMPORT_ON_ERROR),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Valid rows failing a warning rule (they are written; their records get open incidents). */
  warned: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  /** Rows the running step has handled (progress = processed / total). */
  processed: z.number().int(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByLabel: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
  /** The batch's latest run or undo task (/admin/task/:task, administrators), null when none. */
  taskId: z.string().nullable(),
});
export type ImportBatch = z.infer<typeof importBatchSchema>;

/**
 * The upload's answer: the batch, its first rows as read (cells by header) and the encoding the
 * text was read in (null for XLSX, whose XML says its own).
 */
export const importUploadResultSchema = z.object({
  batch: importBatchSchema,
  sample: z.array(z.array(z.string())),
  encoding: z.enum(IMPORT_TEXT_ENCODINGS).nullable(),
});
export type ImportUploadResult = z.infer<typeof importUploadResultSchema>;

/** POST /imports/:id/check and /run: how to read the rows. */
export const importSettingsSchema = z.object({
  mapping: z.record(z.string(), z.string().max(64).nullable()),
  mode: z.enum(IMPORT_MODES).default('insert'),
  keyFields: z.array(z.string().max(64)).max(5).default([]),
  onError: z.enum(IMPORT_ON_ERROR).default('all_or_nothing'),
});
export type ImportSettings = z.infer<typeof importSettingsSchema>;

/** A staged row: its cells, canonical values, planned action and errors. */
export const importRowSchema = z.object({
  rowNumber: z.number().int(),
  raw: z.array(z.string()),
  values: z.record(z.string(), z.unknown()).nullable(),
  action: z.enum(IMPORT_ROW_ACTIONS).nullable(),
  recordId: z.string().nullable(),
  errors: z.array(importRowErrorSchema),
  /** The warning rules a valid row fails (same shape as errors). */
  warnings: z.array(importRowErrorSchema),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * GET /imports/:id/rows: a page of staged rows and `labels`, the names of the users and related
 * records its values hold (id → the user's name or the record's display value, as the grid shows
 * them; records/list.ts `namesOf`).
 */
export const importRowPageSchema = pageSchema(importRowSchema).extend({ labels: recordLabelsSchema });
export type ImportRowPage = z.infer<typeof importRowPageSchema>;

/** GET /imports/:id/rows: `errorsOnly` lists the rows with errors only, `warningsOnly` the valid rows with warnings only. */
export const importRowsQuerySchema = pageQuerySchema.extend({
  errorsOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  warningsOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** Batches listed for the history table. */
export const importListQuerySchema = pageQuerySchema.extend({
  application: z.string().max(64).optional(),
  subject: z.string().max(64).optional(),
});

/** A record the import touched that was changed since (its latest version is not the import's). */
export const importEditedRowSchema = z.object({
  rowNumber: z.number().int(),
  recordId: z.string(),
  action: z.enum(['insert', 'update']),
  label: z.string(),
  version: z.number().int(),
  editedBy: z.string().nullable(),
  editedAt: z.string().nullable(),
});
export type ImportEditedRow = z.infer<typeof importEditedRowSchema>;

/** POST /imports/:id/undo: `includeEdited` also undoes the rows edited since (after the user confirms). */
export const importUndoSchema = z.object({ includeEdited: z.boolean().default(false) });

/** The undo's answer: the batch, how many records were deleted / restored, the edited rows left alone. */
export const importUndoResultSchema = z.object({
  batch: importBatchSchema,
  deleted: z.number().int(),
  restored: z.number().int(),
  leftAlone: z.array(importEditedRowSchema),
});
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;

/**
 * POST …/records/export: the grid's filter, sort and quick search (as the records list takes them)
 * and the columns the user sees (field keys or SYSTEM_COLUMNS, in order).
 */
export const recordExportSchema = z.object({
  format: z.enum(AUDIT_EXPORT_FORMATS).default('csv'),
  columns: z.array(z.string().max(64)).min(1).max(300),
  filter: z.string().max(20_000).optional(),
  sort: z.string().max(1000).optional(),
  q: z.string().trim().max(100).optional(),
});
export type RecordExport = z.infer<typeof recordExportSchema>;
