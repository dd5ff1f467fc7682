/**
 * Queries and analytics (`/admin/query`, `/:app/query`; contracts/queries.ts): run an analytics
 * query, drill into the records behind a result row, export a result or a drill as CSV/XLSX, and
 * the application's saved queries (both kinds) with their versions. Every call is scoped to one
 * application (`slug`): the server answers only for its members (administrators pass).
 * Failures reject with the server's envelope (ApiError: 400 `details` name the definition's part,
 * 422 `errors.query.tooCostly` / `errors.query.timeout`).
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  AnalyticsQueryDefinition,
  FilterCondition,
  ModuleSavedQuery,
  QueryDrillPage,
  QueryResult,
  QueryVisualization,
  QueryVisibility,
  SavedQueryKind,
  SavedQueryVersion,
} from '../../contracts';
import { BLOB_REQUEST, saveDownload, type BlobResponse } from './download';
import type { QueryExportFormat } from './recordQueries';

const enc = encodeURIComponent;
const base = (slug: string) => `/api/v1/applications/${enc(slug)}/queries`;

/** What a run takes besides the definition: the reader's IANA time zone, a dashboard's extra conditions. */
export interface RunOptions {
  timeZone?: string;
  conditions?: FilterCondition[];
}

/** The reader's time zone (the browser's), which date buckets are cut in. */
export const readerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Runs an unsaved definition → QueryResult (rows of cells in column order). */
export async function runQuery(slug: string, definition: AnalyticsQueryDefinition, options: RunOptions = {}, signal?: AbortSignal): Promise<QueryResult> {
  const res = await request<Ok<QueryResult>>(`${base(slug)}/run`, {
    method: 'POST',
    data: { definition, timeZone: options.timeZone ?? readerTimeZone(), conditions: options.conditions ?? [] },
    signal,
    skipErrorHandler: true,
  });
  return res.data;
}

/**
 * The records behind one result row (a bar, a slice, a pivot cell): `values` maps dimension output
 * names to the row's values. A page of the base subject's records.
 */
export async function drillQuery(
  slug: string,
  definition: AnalyticsQueryDefinition,
  values: Record<string, unknown>,
  page: { current: number; pageSize: number },
  options: RunOptions = {},
): Promise<QueryDrillPage> {
  return request<QueryDrillPage>(`${base(slug)}/drill`, {
    method: 'POST',
    data: { definition, values, ...page, timeZone: options.timeZone ?? readerTimeZone(), conditions: options.conditions ?? [] },
    skipErrorHandler: true,
  });
}

async function download(url: string, data: object, fallbackName: string): Promise<string> {
  return saveDownload((await request(url, { ...BLOB_REQUEST, method: 'POST', data })) as BlobResponse, fallbackName);
}

/** Downloads a definition's whole result (up to the row cap) as CSV or XLSX. Resolves with the file's name. */
export function exportQuery(slug: string, definition: AnalyticsQueryDefinition, format: QueryExportFormat, name?: string, options: RunOptions = {}): Promise<string> {
  return download(
    `${base(slug)}/export`,
    { definition, format, name, timeZone: options.timeZone ?? readerTimeZone(), conditions: options.conditions ?? [] },
    `${name || 'query'}.${format}`,
  );
}

/** Downloads the records behind one result row as CSV or XLSX. */
export function exportDrill(
  slug: string,
  definition: AnalyticsQueryDefinition,
  values: Record<string, unknown>,
  format: QueryExportFormat,
  options: RunOptions = {},
): Promise<string> {
  return download(
    `${base(slug)}/drill/export`,
    { definition, values, format, timeZone: options.timeZone ?? readerTimeZone(), conditions: options.conditions ?? [] },
    `drill.${format}`,
  );
}

export interface SavedQueryListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  kind?: SavedQueryKind;
  /** Only the caller's own. */
  mine?: boolean;
}

/** The application's saved queries the caller may see, most recently changed first. */
export function listQueries(slug: string, params: SavedQueryListParams = {}): Promise<Page<ModuleSavedQuery>> {
  return request<Page<ModuleSavedQuery>>(base(slug), {
    method: 'GET',
    params: { ...params, q: params.q || undefined, mine: params.mine ? 'true' : undefined },
  });
}

/** One saved query; 404 when unknown or not visible to the caller. */
export async function getQuery(slug: string, id: string, signal?: AbortSignal): Promise<ModuleSavedQuery> {
  return (await request<Ok<ModuleSavedQuery>>(`${base(slug)}/${enc(id)}`, { method: 'GET', signal, skipErrorHandler: true })).data;
}

export interface SavedQueryInput {
  name: string;
  description?: string;
  visibility?: QueryVisibility;
  definition: AnalyticsQueryDefinition;
  visualization?: QueryVisualization;
}

/** Saves an analytics query; 400 names the field. */
export async function createQuery(slug: string, input: SavedQueryInput): Promise<ModuleSavedQuery> {
  return (await request<Ok<ModuleSavedQuery>>(base(slug), { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** Changes a saved analytics query (a new version); `version` guards against a concurrent edit (409 errors.query.stale). */
export async function updateQuery(slug: string, id: string, input: Partial<SavedQueryInput> & { version?: number }): Promise<ModuleSavedQuery> {
  return (await request<Ok<ModuleSavedQuery>>(`${base(slug)}/${enc(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true })).data;
}

/** Moves a saved query to the recycle bin. */
export async function removeQuery(slug: string, id: string): Promise<void> {
  await request(`${base(slug)}/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** A saved query's kept versions, newest first. */
export async function listQueryVersions(slug: string, id: string): Promise<SavedQueryVersion[]> {
  return (await request<Ok<SavedQueryVersion[]>>(`${base(slug)}/${enc(id)}/versions`, { method: 'GET', skipErrorHandler: true })).data;
}

/** Makes version `version` the query's current state again (as a new version). */
export async function restoreQueryVersion(slug: string, id: string, version: number): Promise<ModuleSavedQuery> {
  return (await request<Ok<ModuleSavedQuery>>(`${base(slug)}/${enc(id)}/versions/${version}/restore`, { method: 'POST', skipErrorHandler: true })).data;
}

/** Runs a saved query (its saved definition) → QueryResult. */
export async function runSavedQuery(slug: string, id: string, options: RunOptions = {}, signal?: AbortSignal): Promise<QueryResult> {
  const res = await request<Ok<QueryResult>>(`${base(slug)}/${enc(id)}/run`, {
    method: 'POST',
    data: { timeZone: options.timeZone ?? readerTimeZone(), conditions: options.conditions ?? [] },
    signal,
    skipErrorHandler: true,
  });
  return res.data;
}
