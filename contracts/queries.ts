/**
 * Queries and analytics (`/admin/query`, `/:app/query`, `/admin/query/analytics`,
 * `/:app/data_analytics`; docs/queries.md): the query builder's definition, a run's result, drill
 * through, saved queries (both kinds, versions, sharing). The server generates the SQL from the
 * definition (server/src/modules/queries/); nothing of the browser's is SQL.
 *
 * Field references (`ref`): `key` (a field of the base subject, or a system column `id`,
 * `createdAt`…), `alias.key` (a field of a joined subject), or the `name` of a calculated column.
 * Output names (`as`) name a result's columns; sorts and conditions on aggregates refer to them.
 */
import { z } from 'zod';
import { AUDIT_EXPORT_FORMATS } from './constants';
import { pageQuerySchema } from './envelope';
import { filterConditionSchema, filterGroupSchema, recordLabelsSchema, recordQueryPageSchema } from './records';
import {
  CHART_TYPES,
  DATE_BUCKETS,
  QUERY_AGGREGATES,
  QUERY_CALCULATED_MAX,
  QUERY_COLUMNS_MAX,
  QUERY_DIMENSIONS_MAX,
  QUERY_DISPLAYS,
  QUERY_HAVING_OPS,
  QUERY_JOIN_KINDS,
  QUERY_JOINS_MAX,
  QUERY_LIMIT_DEFAULT,
  QUERY_MEASURES_MAX,
  QUERY_ROW_CAP,
  QUERY_VISIBILITIES,
  SAVED_QUERY_KINDS,
} from './queries.constants';

export * from './queries.constants';

/** An alias, calculated column name or output name: snake_case, as field keys. */
export const QUERY_NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/** A field reference: `key`, `alias.key` (keys are snake_case; system columns camelCase). */
export const QUERY_REF_PATTERN = /^([a-z][a-z0-9_]{0,39}\.)?[a-zA-Z][a-zA-Z0-9_]{0,39}$/;

const name = z.string().regex(QUERY_NAME_PATTERN, { message: 'errors.query.name' });
const ref = z.string().regex(QUERY_REF_PATTERN, { message: 'errors.query.ref' });

/**
 * A join along a relation field. `many_to_one`: `field` is a relation field of `from` (the base
 * when absent); `one_to_many`: `field` is a relation field of `subjectId` that points at `from`'s
 * subject. `as` names the joined subject in references (`as.key`).
 */
export const queryJoinSchema = z.object({
  as: name,
  from: name.optional(),
  kind: z.enum(QUERY_JOIN_KINDS),
  field: z.string().regex(QUERY_NAME_PATTERN, { message: 'errors.query.ref' }),
  subjectId: z.uuid({ message: 'errors.uuid' }).optional(),
});
export type QueryJoin = z.infer<typeof queryJoinSchema>;

/** A group by: a reference, cut into `bucket`s when it is a date or datetime. */
export const queryDimensionSchema = z.object({ field: ref, bucket: z.enum(DATE_BUCKETS).optional(), as: name.optional() });
export type QueryDimension = z.infer<typeof queryDimensionSchema>;

/** An aggregate: `count` takes no field (rows; with a field, rows where it has a value); `percentile` takes `p`. */
export const queryMeasureSchema = z.object({
  fn: z.enum(QUERY_AGGREGATES),
  field: ref.optional(),
  p: z.number().gt(0).lt(1).optional(),
  as: name.optional(),
});
export type QueryMeasure = z.infer<typeof queryMeasureSchema>;

/** A calculated column: a formula (the formula engine's SQL subset, docs/formula-sql.md) over the base's and joined fields. */
export const queryCalculatedSchema = z.object({ name, formula: z.string().trim().min(1, { message: 'errors.required' }).max(2000) });
export type QueryCalculated = z.infer<typeof queryCalculatedSchema>;

/** A condition on an aggregate (SQL HAVING): the measure's output name, a comparison, a number. */
export const queryHavingSchema = z.object({ measure: name, op: z.enum(QUERY_HAVING_OPS), value: z.number().finite() });
export type QueryHaving = z.infer<typeof queryHavingSchema>;

/** A sort by an output name (group by, aggregate, column). */
export const querySortSchema = z.object({ by: z.string().min(1).max(100), order: z.enum(['asc', 'desc']) });
export type QuerySort = z.infer<typeof querySortSchema>;

/**
 * An analytics query. With `dimensions` or `measures` it groups (one row per group); without, it
 * lists records (`columns`, at least one). `filter` may name base fields, relation paths
 * (`relationKey.key`, as record queries) and joined fields (`alias.key`).
 */
export const analyticsQueryDefinitionSchema = z.object({
  subjectId: z.uuid({ message: 'errors.uuid' }),
  joins: z.array(queryJoinSchema).max(QUERY_JOINS_MAX).default([]),
  filter: filterGroupSchema.optional(),
  calculated: z.array(queryCalculatedSchema).max(QUERY_CALCULATED_MAX).default([]),
  dimensions: z.array(queryDimensionSchema).max(QUERY_DIMENSIONS_MAX).default([]),
  measures: z.array(queryMeasureSchema).max(QUERY_MEASURES_MAX).default([]),
  columns: z.array(ref).max(QUERY_COLUMNS_MAX).default([]),
  having: z.array(queryHavingSchema).max(5).default([]),
  sort: z.array(querySortSchema).max(5).default([]),
  limit: z.number().int().min(1).max(QUERY_ROW_CAP).default(QUERY_LIMIT_DEFAULT),
});
export type AnalyticsQueryDefinition = z.input<typeof analyticsQueryDefinitionSchema>;
export type AnalyticsQuery = z.output<typeof analyticsQueryDefinitionSchema>;

/** An IANA time zone (date buckets are cut in it); checked on the server with Intl. */
export const timeZoneSchema = z.string().min(1).max(64);

/**
 * POST …/applications/:slug/queries/run: a definition, the reader's time zone, and conditions
 * added by a dashboard's shared filters (ANDed with the definition's filter).
 */
export const queryRunSchema = z.object({
  definition: analyticsQueryDefinitionSchema,
  timeZone: timeZoneSchema.default('UTC'),
  conditions: z.array(filterConditionSchema).max(10).default([]),
});
export type QueryRunInput = z.input<typeof queryRunSchema>;

/** One column of a result. `type` says how to show the values (`date` values are `YYYY-MM-DD` bucket starts). */
export const queryResultColumnSchema = z.object({
  name: z.string(),
  label: z.string(),
  role: z.enum(['dimension', 'measure', 'column']),
  type: z.enum(['text', 'number', 'date', 'datetime', 'boolean', 'id', 'list']),
  field: z.string().optional(),
  bucket: z.enum(DATE_BUCKETS).optional(),
  /** A measure's aggregate: how a pivot may combine its values into totals (web/analytics/pivot.ts). */
  fn: z.enum(QUERY_AGGREGATES).optional(),
});
export type QueryResultColumn = z.infer<typeof queryResultColumnSchema>;

/**
 * A run's answer: columns, rows of cells (column order), names of the ids in cells (`labels`),
 * `truncated` when the row cap or the limit cut it, the planner's cost estimate and the time the
 * statement took (ms). `sql` (with `params`) for administrators only: the generated statement.
 */
export const queryResultSchema = z.object({
  columns: z.array(queryResultColumnSchema),
  rows: z.array(z.array(z.unknown())),
  labels: recordLabelsSchema,
  truncated: z.boolean(),
  rowCap: z.number().int(),
  cost: z.number(),
  elapsedMs: z.number(),
  /** Served from the result cache: the same statement over data unchanged since it ran (elapsedMs is that run's). */
  cached: z.boolean().optional(),
  sql: z.string().optional(),
  params: z.array(z.unknown()).optional(),
});
export type QueryResult = z.infer<typeof queryResultSchema>;

/**
 * POST …/queries/drill: the records behind one row of a grouped result (a bar, a slice, a pivot
 * cell): `values` maps dimension output names to the row's values (a dimension left out is not
 * narrowed). Answers a page of the base subject's records (contracts RecordQueryPage).
 */
export const queryDrillSchema = queryRunSchema.extend({
  values: z.record(z.string(), z.unknown()),
  current: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type QueryDrillInput = z.input<typeof queryDrillSchema>;

/**
 * The drill's answer: a page of the base subject's records behind the row (cells keyed by field
 * key), their `columns` (the subject's fields) and the subject's key (to open a record at
 * `/:app/:subject/:record`).
 */
export const queryDrillPageSchema = recordQueryPageSchema.extend({
  columns: z.array(queryResultColumnSchema),
  subject: z.string(),
});
export type QueryDrillPage = z.infer<typeof queryDrillPageSchema>;

/** POST …/queries/export and …/queries/drill/export: the same bodies and a file format. */
export const queryExportSchema = queryRunSchema.extend({ format: z.enum(AUDIT_EXPORT_FORMATS).default('csv'), name: z.string().trim().max(100).optional() });
export const queryDrillExportSchema = queryDrillSchema.extend({ format: z.enum(AUDIT_EXPORT_FORMATS).default('csv') });

/** How a saved query or a dashboard card shows its result. */
export const queryVisualizationSchema = z.object({
  display: z.enum(QUERY_DISPLAYS).default('table'),
  chart: z
    .object({
      type: z.enum(CHART_TYPES),
      /** The dimension on the category axis (pie: slices); default the first. */
      x: z.string().max(100).optional(),
      /** The measures drawn (default all); heat map: the first is the colour. */
      y: z.array(z.string().max(100)).max(10).optional(),
      /** A second dimension drawn as series (bar, line, area) or as the heat map's other axis. */
      series: z.string().max(100).optional(),
      stacked: z.boolean().optional(),
    })
    .optional(),
  pivot: z
    .object({
      rows: z.array(z.string().max(100)).max(4),
      columns: z.array(z.string().max(100)).max(2),
      values: z.array(z.string().max(100)).min(1).max(10),
      totals: z.boolean().default(true),
    })
    .optional(),
});
export type QueryVisualization = z.input<typeof queryVisualizationSchema>;

/** What a saved analytics query holds, without defaults (zod 4 applies defaults inside `.partial()`: a PATCH must not reset what it leaves out). */
const savedAnalyticsQueryFields = z.object({
  name: z.string().trim().min(1, { message: 'errors.required' }).max(100),
  description: z.string().trim().max(1000).optional(),
  visibility: z.enum(QUERY_VISIBILITIES),
  definition: analyticsQueryDefinitionSchema,
  visualization: queryVisualizationSchema.optional(),
});
/** POST …/applications/:slug/queries: an analytics query to save (shared with the application unless `private`). */
export const savedAnalyticsQueryCreateSchema = savedAnalyticsQueryFields.extend({ visibility: z.enum(QUERY_VISIBILITIES).default('application') });
/** PATCH …/applications/:slug/queries/:id: what changes; what is left out stays. */
export const savedAnalyticsQueryUpdateSchema = savedAnalyticsQueryFields.partial().extend({
  /** The version the edit starts from: 409 errors.query.stale when it is not the latest. */
  version: z.number().int().min(1).optional(),
});

/**
 * A saved query of the module (both kinds): `definition` is an AnalyticsQueryDefinition for
 * `analytics`, a RecordQueryDefinition for `records` (opened in `/admin/record-query`).
 */
export const moduleSavedQuerySchema = z.object({
  id: z.string(),
  kind: z.enum(SAVED_QUERY_KINDS),
  application: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  visibility: z.enum(QUERY_VISIBILITIES),
  version: z.number().int(),
  definition: z.unknown(),
  visualization: queryVisualizationSchema.nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Whether the caller may edit and delete it (its owner, the application's owners, administrators). */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModuleSavedQuery = z.infer<typeof moduleSavedQuerySchema>;

/** GET …/applications/:slug/queries: `q` on the name, `kind`, `mine` (only the caller's). */
export const moduleSavedQueryListSchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  kind: z.enum(SAVED_QUERY_KINDS).optional(),
  mine: z.enum(['true', 'false']).optional(),
});
export type ModuleSavedQueryList = z.infer<typeof moduleSavedQueryListSchema>;

/** One saved version of a query (GET …/queries/:id/versions), newest first. */
export const savedQueryVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  definition: z.unknown(),
  visualization: queryVisualizationSchema.nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SavedQueryVersion = z.infer<typeof savedQueryVersionSchema>;
