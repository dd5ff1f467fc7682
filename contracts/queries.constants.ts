/**
 * Queries and analytics (`/admin/query`, `/:app/query`, contracts/queries.ts, docs/queries.md): the
 * module's constants, audit actions and recycle-bin types. No zod: the web imports them at run time
 * through contracts/constants.ts.
 */
import type { ModuleEntry } from './constants';

/**
 * Audit actions written by the module: saved queries (both kinds, also those of `/admin/record-query`)
 * and their versions, dashboards; recycle-bin types `query` and `dashboard`.
 */
export const QUERIES_MODULE = {
  auditActions: ['query.create', 'query.update', 'query.delete', 'query.restore_version', 'dashboard.create', 'dashboard.update', 'dashboard.delete'],
  recycleTypes: ['query', 'dashboard'],
} as const satisfies ModuleEntry;

/**
 * The kinds of a saved query (one entity, one table `saved_queries`):
 * - `records`: a record query of `/admin/record-query` (one subject, columns, filter, sort);
 * - `analytics`: a query of the query builder (joins, group by, aggregates, calculated columns).
 */
export const SAVED_QUERY_KINDS = ['records', 'analytics'] as const;
export type SavedQueryKind = (typeof SAVED_QUERY_KINDS)[number];

/** Who sees a saved query: only its owner (and administrators), or every member of its application. */
export const QUERY_VISIBILITIES = ['private', 'application'] as const;
export type QueryVisibility = (typeof QUERY_VISIBILITIES)[number];

/** Aggregates of the query builder; `percentile` takes `p` in (0, 1) (median is p = 0.5). */
export const QUERY_AGGREGATES = ['count', 'count_distinct', 'sum', 'avg', 'min', 'max', 'median', 'percentile'] as const;
export type QueryAggregate = (typeof QUERY_AGGREGATES)[number];

/** Date buckets of a group by over a date or datetime field, cut in the reader's time zone. */
export const DATE_BUCKETS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

/**
 * Joins along relation fields:
 * - `many_to_one`: from a subject to the record its relation field points at (a multi relation
 *   gives one row per linked record);
 * - `one_to_many`: from a subject to the records of another subject whose relation field points at it.
 * Every join is a left join: a record without related records keeps one row with empty joined fields.
 */
export const QUERY_JOIN_KINDS = ['many_to_one', 'one_to_many'] as const;
export type QueryJoinKind = (typeof QUERY_JOIN_KINDS)[number];

/** Comparisons of a condition on an aggregate (`having`). */
export const QUERY_HAVING_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
export type QueryHavingOp = (typeof QUERY_HAVING_OPS)[number];

/** How a result is shown: table, pivot table or one of the chart types (ECharts). */
export const QUERY_DISPLAYS = ['table', 'pivot', 'chart'] as const;
export type QueryDisplay = (typeof QUERY_DISPLAYS)[number];
export const CHART_TYPES = ['bar', 'line', 'area', 'pie', 'scatter', 'heatmap', 'funnel', 'gauge'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** The base subject's alias in a query's SQL and in field references (`base.key` = `key`). */
export const QUERY_BASE_ALIAS = 'base';

/** Limits of one definition (docs/queries.md "Limits"). */
export const QUERY_JOINS_MAX = 4;
export const QUERY_DIMENSIONS_MAX = 4;
export const QUERY_MEASURES_MAX = 10;
export const QUERY_CALCULATED_MAX = 10;
export const QUERY_COLUMNS_MAX = 50;
/** Rows one run answers at most (groups, or records when there is no group by); more → `truncated`. */
export const QUERY_ROW_CAP = 10_000;
/** The default `limit` of a definition. */
export const QUERY_LIMIT_DEFAULT = 1_000;
/**
 * The largest planner cost estimate (EXPLAIN's total cost of the statement) a query may have; over
 * it the query is refused with 422 `errors.query.tooCostly` before it runs. About a few seconds of
 * work on the reference machine; a group by over 1,000,000 records costs ≈ 60,000.
 */
export const QUERY_COST_MAX = 5_000_000;
/** PostgreSQL only: `statement_timeout` of one query run (ms); over it 422 `errors.query.timeout`. PGlite ignores it. */
export const QUERY_TIMEOUT_MS = 15_000;
/** Saved versions kept per saved query (the oldest beyond are dropped). */
export const QUERY_VERSIONS_KEPT = 50;

/** Cards one dashboard holds at most. */
export const DASHBOARD_CARDS_MAX = 24;
/** Kinds of a dashboard's shared filter. */
export const DASHBOARD_FILTER_KINDS = ['date', 'client', 'select'] as const;
export type DashboardFilterKind = (typeof DASHBOARD_FILTER_KINDS)[number];
/** Auto-refresh periods a dashboard may take (seconds; 0 = off). */
export const DASHBOARD_REFRESH_SECONDS = [0, 30, 60, 300, 900] as const;
