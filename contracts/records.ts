/**
 * Records of a subject (docs/product.md "Data core"): values keyed by field key,
 * full history, filters, sorts, keyset paging, comments, attachments and saved queries.
 *
 * A field's JSON value, by type (null = empty, for every type):
 * - text, longText, email, url, phone, singleSelect, autoNumber: string
 * - richText: string of HTML (sanitised by the server)
 * - number, money, percent: decimal string ('1234.50'); a write also takes a JSON number.
 *   Stored as PostgreSQL numeric, never float. percent holds the percentage (12.5 = 12.5 %).
 * - date: 'YYYY-MM-DD' (no time zone); datetime: ISO 8601 in UTC ('2026-11-22T08:30:00.000Z')
 * - boolean: true | false
 * - multiSelect: string[] (option labels)
 * - user: a user id; relation: a record id, or string[] when `multiple`; attachment: string[] of
 *   attachment ids (POST …/attachments first)
 * - formula: per `resultType` (number → decimal string); computed, never written
 * - createdAt, updatedAt: ISO datetime; createdBy, updatedBy: a user id; computed
 * Users, related records and attachments are named in the answer's `labels` / `files`.
 */
import { z } from 'zod';
import { AUDIT_EXPORT_FORMATS, FILTER_OPS, RECORD_PAGE_MAX } from './constants';
import { pageQuerySchema } from './envelope';
import { INCIDENT_STATES, RULE_SEVERITIES } from './rules.constants';

export { FILTER_OPS, RECORD_PAGE_MAX, RECORD_TOTAL_EXACT_LIMIT } from './constants';

/**
 * The record's own columns, usable in filters, sorts and query columns beside field keys (camelCase,
 * so no field key can take them).
 */
export const SYSTEM_COLUMNS = ['id', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] as const;
export type SystemColumn = (typeof SYSTEM_COLUMNS)[number];

/** A record as the API answers it. `version` counts the record's changes from 1. */
export const recordSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  /** Field key → value (module comment for each type's shape). */
  values: z.record(z.string(), z.unknown()),
});
export type RecordItem = z.infer<typeof recordSchema>;

/** Names of the ids a page of records refers to: users and related records → their display text. */
export const recordLabelsSchema = z.record(z.string(), z.string());
/** Attachments a page refers to, by id. */
export const attachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** One condition: `field` is a field key or a SYSTEM_COLUMNS name; value per the field's type. */
export const filterConditionSchema = z.object({
  field: z.string().min(1).max(100),
  op: z.enum(FILTER_OPS),
  value: z.unknown().optional(),
});
export type FilterCondition = z.infer<typeof filterConditionSchema>;

export interface FilterGroup {
  op: 'and' | 'or';
  items: (FilterCondition | FilterGroup)[];
}

/** A filter: conditions and nested groups joined by `and`/`or` (at most 4 levels, 50 conditions). */
export const filterGroupSchema: z.ZodType<FilterGroup> = z.lazy(() =>
  z.object({
    op: z.enum(['and', 'or']),
    items: z.array(z.union([filterConditionSchema, filterGroupSchema])).max(50),
  }),
);
// A recursive schema needs a name in the OpenAPI document (components.schemas.FilterGroup): without
// one the generator points at a `schema0` it never writes.
z.globalRegistry.add(filterGroupSchema, { id: 'FilterGroup' });

export const sortSchema = z.object({ field: z.string().min(1).max(100), order: z.enum(['asc', 'desc']) });
export type RecordSort = z.infer<typeof sortSchema>;

/**
 * GET …/subjects/:key/records. `filter` is a FilterGroup as JSON; `sort` is `key:asc,key2:desc`
 * (then `id`); `q` searches the text fields (SEARCHABLE_FIELD_TYPES). Page by `current` (offset,
 * ProTable) or by `cursor` (keyset: the previous answer's `nextCursor`; fast at any depth).
 */
export const recordListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(RECORD_PAGE_MAX).default(20),
  q: z.string().trim().max(100).optional(),
  filter: z.string().max(20_000).optional(),
  sort: z.string().max(1000).optional(),
  cursor: z.string().max(4000).optional(),
});
export type RecordListQuery = z.infer<typeof recordListQuerySchema>;

/**
 * A page of records: ProTable's page plus `totalExact` (false beyond RECORD_TOTAL_EXACT_LIMIT, when
 * `total` is PostgreSQL's estimate), `nextCursor` (null on the last page), `labels` and `files`.
 */
export const recordPageSchema = z.object({
  success: z.literal(true),
  data: z.array(recordSchema),
  total: z.number().int(),
  totalExact: z.boolean(),
  current: z.number().int(),
  pageSize: z.number().int(),
  nextCursor: z.string().nullable(),
  labels: recordLabelsSchema,
  files: z.record(z.string(), attachmentSchema),
});
export type RecordPage = z.infer<typeof recordPageSchema>;

/** POST …/records: the values of the fields to set; fields left out take their default. */
export const recordCreateSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  /** The dynamic form the values were entered through: its conditions are enforced (server forms/forms.rules.ts). */
  formId: z.uuid().optional(),
});
export type RecordCreate = z.infer<typeof recordCreateSchema>;

/**
 * PATCH …/records/:id: `version` is the version the editor started from; an older one is refused
 * with 409 STALE_VERSION (`conflict` StaleConflict) and nothing is written.
 */
export const recordUpdateSchema = z.object({
  version: z.number().int().min(1),
  values: z.record(z.string(), z.unknown()),
  /** As in recordCreateSchema. */
  formId: z.uuid().optional(),
});
export type RecordUpdate = z.infer<typeof recordUpdateSchema>;

/** Record ids of a bulk change: uuids (a 400 naming `ids.<n>` for one that is not), 1–1,000. */
const bulkIdsSchema = z.array(z.uuid({ message: 'errors.uuid' })).min(1).max(1000);

/** POST …/records/bulk-update: the same values on every record; all or nothing. */
export const recordBulkUpdateSchema = z.object({
  ids: bulkIdsSchema,
  values: z.record(z.string(), z.unknown()),
});
export type RecordBulkUpdate = z.infer<typeof recordBulkUpdateSchema>;

/** POST …/records/bulk-delete: to the recycle bin; all or nothing. */
export const recordBulkDeleteSchema = z.object({ ids: bulkIdsSchema });
export type RecordBulkDelete = z.infer<typeof recordBulkDeleteSchema>;

/** One change of one field in a version. */
export const fieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

/** What made a record version (the record_versions.action column takes its values from here). */
export const RECORD_VERSION_ACTIONS = ['create', 'update', 'delete', 'restore'] as const;

/** A version of a record (GET …/records/:id/versions, newest first). */
export const recordVersionSchema = z.object({
  version: z.number().int(),
  action: z.enum(RECORD_VERSION_ACTIONS),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  at: z.string(),
  /** Field key → { before, after } (the fields this version changed). */
  changes: z.record(z.string(), fieldChangeSchema),
  /** Every field's value after this version. */
  snapshot: z.record(z.string(), z.unknown()),
});
export type RecordVersion = z.infer<typeof recordVersionSchema>;

/** The `conflict` of a 409 STALE_VERSION: the record as it is now and the versions since the editor's. */
export interface StaleConflict {
  current: RecordItem;
  changes: RecordVersion[];
}

/** POST …/records/:id/versions/:version/restore: `version` = the record's current version (as PATCH). */
export const versionRestoreSchema = z.object({ version: z.number().int().min(1) });

/**
 * A rule the record fails (docs/rules.md "The rule"), with the rule's message filled in
 * ({field}, {value}, {limit}) in both languages; the page shows the one of its language.
 */
const ruleFailureFields = {
  ruleId: z.string(),
  /** The rule's name. */
  name: z.string(),
  /** The field the rule names (its first field), or null for an expression. */
  field: z.string().nullable(),
  messageZh: z.string(),
  messageEn: z.string(),
};

/** A warning rule a write left failing: the record was saved and flagged (an open incident). */
export const recordRuleWarningSchema = z.object(ruleFailureFields);
export type RecordRuleWarning = z.infer<typeof recordRuleWarningSchema>;

/** One unresolved incident of a record (open, acknowledged or waived): a rule it failed when last checked. */
export const recordIncidentSchema = z.object({
  id: z.string(),
  ...ruleFailureFields,
  severity: z.enum(RULE_SEVERITIES),
  state: z.enum(INCIDENT_STATES),
  /** The failing value as text, when the incident was last seen. */
  value: z.string().nullable(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** When a waiver ends (state waived). */
  waiverExpiresAt: z.string().nullable(),
});
export type RecordIncident = z.infer<typeof recordIncidentSchema>;

/**
 * A record's detail (GET …/records/:id): the record, names of the ids it holds, its tags and
 * categories, its unresolved incidents (oldest first); a create, update or restore answer adds
 * `warnings`, the warning rules that write left failing ("saved with warnings").
 */
export const recordDetailSchema = z.object({
  record: recordSchema,
  labels: recordLabelsSchema,
  files: z.record(z.string(), attachmentSchema),
  tagIds: z.array(z.string()),
  categoryIds: z.array(z.string()),
  incidents: z.array(recordIncidentSchema),
  warnings: z.array(recordRuleWarningSchema).optional(),
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;

/** GET /api/v1/records/:id (`/admin/record/:record`): where a record lives, by its id alone. */
export const recordLocationSchema = z.object({
  application: z.string(),
  applicationName: z.string(),
  subject: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  recordId: z.string(),
});
export type RecordLocation = z.infer<typeof recordLocationSchema>;

/** PUT …/records/:id/tags and …/categories (editors): the full new set. */
export const recordTagsSchema = z.object({ tagIds: z.array(z.string()).max(50) });
export const recordCategoriesSchema = z.object({ categoryIds: z.array(z.string()).max(50) });

/** Comments on a record. */
export const commentCreateSchema = z.object({ body: z.string().trim().min(1, { message: 'errors.required' }).max(10_000) });
export const commentSchema = z.object({
  id: z.string(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

/**
 * A record query (`/admin/record-query`): one subject, its filters and sorts, and the columns to
 * show: field keys, SYSTEM_COLUMNS, or `relationKey.targetFieldKey` (one level through a relation).
 * Filter conditions and sorts may name `relationKey.targetFieldKey` too: a condition through a
 * relation matches when the related record (one) or some linked record (many) matches it; a sort
 * through a relation takes one-relations only.
 */
export const recordQueryDefinitionSchema = z.object({
  subjectId: z.uuid({ message: 'errors.uuid' }),
  columns: z.array(z.string().min(1).max(200)).min(1).max(100),
  filter: filterGroupSchema.optional(),
  sort: z.array(sortSchema).max(5).default([]),
  q: z.string().trim().max(100).optional(),
});
export type RecordQueryDefinition = z.input<typeof recordQueryDefinitionSchema>;

/** POST /api/v1/record-queries/run: a definition (saved or not) and a page. */
export const recordQueryRunSchema = z.object({
  definition: recordQueryDefinitionSchema,
  current: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(RECORD_PAGE_MAX).default(50),
});

/** One row of a query's result: column → value (relation columns give the target's value, or an array for many). */
export const recordQueryPageSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ id: z.string(), cells: z.record(z.string(), z.unknown()) })),
  total: z.number().int(),
  totalExact: z.boolean(),
  current: z.number().int(),
  pageSize: z.number().int(),
  labels: recordLabelsSchema,
});
export type RecordQueryPage = z.infer<typeof recordQueryPageSchema>;

/** POST/PATCH /api/v1/record-queries. */
export const savedQueryCreateSchema = z.object({
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  description: z.string().trim().max(1000).optional(),
  definition: recordQueryDefinitionSchema,
});
export const savedQueryUpdateSchema = savedQueryCreateSchema.partial();
export const savedQuerySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  subjectId: z.string(),
  subjectName: z.string(),
  application: z.string(),
  definition: recordQueryDefinitionSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;

/** GET /api/v1/record-queries: a page of saved queries; `q` matches the name, `subjectId` narrows to one subject. */
export const savedQueryListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  subjectId: z.uuid().optional(),
});
export type SavedQueryListQuery = z.infer<typeof savedQueryListQuerySchema>;

/** The most rows one export of a record query writes (the first ones in the query's order). */
export const RECORD_QUERY_EXPORT_MAX_ROWS = 100_000;

/** GET /api/v1/record-queries/:id/export?format=csv|xlsx. */
export const recordQueryExportQuerySchema = z.object({ format: z.enum(AUDIT_EXPORT_FORMATS).default('csv') });

/** POST /api/v1/record-queries/export: an unsaved definition as a file. */
export const recordQueryExportSchema = z.object({
  definition: recordQueryDefinitionSchema,
  format: z.enum(AUDIT_EXPORT_FORMATS).default('csv'),
  /** The file's base name (default `record-query`). */
  name: z.string().trim().min(1).max(100).optional(),
});
export type RecordQueryExport = z.input<typeof recordQueryExportSchema>;
