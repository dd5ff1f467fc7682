/**
 * Saved views of a subject and their share links (docs/product.md "Data core").
 *
 * A view is a grid, kanban or calendar over one subject's live records; `config` (by type):
 * - grid: `columns` (field keys or SYSTEM_COLUMNS, in order; the visible ones), `widths` (key →
 *   px), `filter` (the records module's FilterGroup), `sort`, `groupBy` (a field key), `rowHeight`,
 *   `pageSize`.
 * - kanban: `groupField` (a singleSelect field key: the columns are its options + "No value"),
 *   `cardFields` (keys shown on a card), `filter`, `sort`.
 * - calendar: `dateField` (a date or datetime field), optional `endField`, `titleField`, `filter`.
 * A share link's token admits anyone holding it to the view's visible columns and filtered rows
 * only (GET /api/v1/view-shares/rows); the server keeps only its SHA-256.
 */
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { filterGroupSchema, recordLabelsSchema, recordSchema, sortSchema } from './records';
import { selectOptionSchema } from './subjects';

import { ROW_HEIGHTS, SHARE_PASSWORD_MIN, VIEW_PAGE_MAX, VIEW_TYPES } from './view-rows';

export { ROW_HEIGHTS, VIEW_PAGE_MAX, VIEW_TYPES, effectiveFilter, effectiveSort, type ViewType } from './view-rows';

const fieldKey = z.string().min(1).max(100);

export const gridConfigSchema = z.object({
  type: z.literal('grid'),
  columns: z.array(fieldKey).max(200).default([]),
  widths: z.record(z.string(), z.number().int().min(40).max(2000)).default({}),
  filter: filterGroupSchema.optional(),
  sort: z.array(sortSchema).max(5).default([]),
  groupBy: fieldKey.optional(),
  rowHeight: z.enum(ROW_HEIGHTS).default('short'),
  pageSize: z.number().int().min(10).max(VIEW_PAGE_MAX).default(100),
});

export const kanbanConfigSchema = z.object({
  type: z.literal('kanban'),
  groupField: fieldKey,
  cardFields: z.array(fieldKey).max(20).default([]),
  filter: filterGroupSchema.optional(),
  sort: z.array(sortSchema).max(5).default([]),
});

export const calendarConfigSchema = z.object({
  type: z.literal('calendar'),
  dateField: fieldKey,
  endField: fieldKey.optional(),
  titleField: fieldKey.optional(),
  filter: filterGroupSchema.optional(),
});

/** A view's config, by `type`. */
export const viewConfigSchema = z.discriminatedUnion('type', [gridConfigSchema, kanbanConfigSchema, calendarConfigSchema]);
export type ViewConfig = z.infer<typeof viewConfigSchema>;
export type ViewConfigInput = z.input<typeof viewConfigSchema>;
export type GridConfig = z.infer<typeof gridConfigSchema>;
export type KanbanConfig = z.infer<typeof kanbanConfigSchema>;
export type CalendarConfig = z.infer<typeof calendarConfigSchema>;

/** A view as the API answers it. */
export const viewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(VIEW_TYPES),
  subjectId: z.string(),
  subjectKey: z.string(),
  subjectName: z.string(),
  application: z.string(),
  config: viewConfigSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type View = z.infer<typeof viewSchema>;

/** POST /api/v1/applications/:slug/subjects/:key/views. `config.type` must equal `type`. */
export const viewCreateSchema = z.object({
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  config: viewConfigSchema,
});
export type ViewCreate = z.input<typeof viewCreateSchema>;
/** PATCH /api/v1/views/:id. */
export const viewUpdateSchema = viewCreateSchema.partial();
export type ViewUpdate = z.input<typeof viewUpdateSchema>;

/** GET /api/v1/views (administrators: every view) and …/subjects/:key/views (members). */
export const viewListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  subjectId: z.uuid().optional(),
});
export type ViewListQuery = z.infer<typeof viewListQuerySchema>;

/**
 * GET /api/v1/views/:id/rows: a page of the view's rows by keyset cursor. `q` searches; `from`/`to`
 * (YYYY-MM-DD, inclusive) narrow a calendar to the visible range; `group` narrows a kanban to one
 * column (an option label, or '' for "No value").
 */
export const viewRowsQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(VIEW_PAGE_MAX).default(100),
  cursor: z.string().max(4000).optional(),
  q: z.string().trim().max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  group: z.string().max(200).optional(),
});
export type ViewRowsQuery = z.infer<typeof viewRowsQuerySchema>;

/** A page of a view's rows (values of the view's visible columns only for share links). */
export const viewRowsSchema = z.object({
  success: z.literal(true),
  data: z.array(recordSchema),
  total: z.number().int(),
  totalExact: z.boolean(),
  nextCursor: z.string().nullable(),
  labels: recordLabelsSchema,
});
export type ViewRows = z.infer<typeof viewRowsSchema>;

/** A share link's password: SHARE_PASSWORD_MIN–128 characters (400 errors.view.sharePasswordMin naming `password`). */
const sharePassword = z.string().min(SHARE_PASSWORD_MIN, { message: 'errors.view.sharePasswordMin' }).max(128);

/** POST /api/v1/views/:id/shares: optional expiry (ISO datetime, future) and password (8–128). */
export const viewShareCreateSchema = z.object({
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  password: sharePassword.optional(),
});
export type ViewShareCreate = z.input<typeof viewShareCreateSchema>;

export const viewShareSchema = z.object({
  id: z.string(),
  viewId: z.string(),
  tokenPrefix: z.string(),
  hasPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  useCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
  /** Wrong passwords since the password was set or the link last unlocked. */
  failedGuesses: z.number().int(),
  /** When the link locked after too many wrong passwords (it opens for no one until unlocked), or null. */
  lockedAt: z.string().nullable(),
});
export type ViewShare = z.infer<typeof viewShareSchema>;

/**
 * POST /api/v1/views/:id/shares/:shareId/unlock: opens a locked link again and forgets its wrong
 * passwords; with `password`, the link gets that new password (8–128) at the same time.
 */
export const viewShareUnlockSchema = z.object({ password: sharePassword.optional() });
export type ViewShareUnlock = z.input<typeof viewShareUnlockSchema>;

/** The answer to creating a share: the share and its token (shown once; only its hash is kept). */
export const viewShareCreatedSchema = viewShareSchema.extend({ token: z.string() });
export type ViewShareCreated = z.infer<typeof viewShareCreatedSchema>;

/**
 * GET /api/v1/view-shares/rows?token&cursor&pageSize (public). The password travels in the
 * `X-Share-Password` header (never in the URL, so it stays out of logs).
 */
export const sharedRowsQuerySchema = z.object({
  token: z.string().min(20).max(200),
  pageSize: z.coerce.number().int().min(1).max(VIEW_PAGE_MAX).default(100),
  cursor: z.string().max(4000).optional(),
});

/**
 * The display options of a shared column's field: only what the cell renderer reads (select
 * options with their colours, decimals, currency, auto-number prefix/padding, seconds, a relation's
 * `multiple`, a formula's result type) — never a formula's expression or a relation's target.
 */
export const sharedFieldOptionsSchema = z.object({
  choices: z.array(selectOptionSchema.pick({ label: true, color: true })).optional(),
  precision: z.number().int().optional(),
  currency: z.string().optional(),
  multiple: z.boolean().optional(),
  resultType: z.enum(['number', 'text', 'boolean', 'date']).optional(),
  prefix: z.string().optional(),
  padding: z.number().int().optional(),
  showSeconds: z.boolean().optional(),
});
export type SharedFieldOptions = z.infer<typeof sharedFieldOptionsSchema>;

/** A column of a shared view: key, name, field type and display options (so the client renders it as the signed-in grid does). */
export const sharedColumnSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.string(),
  width: z.number().int().optional(),
  options: sharedFieldOptionsSchema,
});
export type SharedColumn = z.infer<typeof sharedColumnSchema>;

/** The public answer: the view's name, its visible columns and a page of rows (those columns only). */
export const sharedViewSchema = z.object({
  success: z.literal(true),
  view: z.object({ name: z.string(), subjectName: z.string(), columns: z.array(sharedColumnSchema), groupBy: z.string().nullable() }),
  data: z.array(z.object({ id: z.string(), values: z.record(z.string(), z.unknown()) })),
  total: z.number().int(),
  totalExact: z.boolean(),
  nextCursor: z.string().nullable(),
  labels: recordLabelsSchema,
});
export type SharedView = z.infer<typeof sharedViewSchema>;
