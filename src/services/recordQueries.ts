/**
 * Record queries (`/admin/record-query`, contracts/records.ts): run a definition (saved or not) for
 * a page of rows, saved queries (list with search and paging, create, rename, delete to the recycle
 * bin) and their export as CSV or XLSX, downloaded as a file.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { RecordQueryDefinition, RecordQueryPage, SavedQuery } from '../../contracts';
import { BLOB_REQUEST, saveDownload, type BlobResponse } from './download';

const BASE = '/api/v1/record-queries';
const enc = encodeURIComponent;

/** The export formats (the server answers with Content-Disposition: attachment). */
export type QueryExportFormat = 'csv' | 'xlsx';

/**
 * One page of a definition's result: rows of `cells` (column → value; a relation column gives the
 * target's value, an array for a many-relation) and `labels` for the user/record ids in them.
 * Rejects (no message shown) with the 400's `details` naming `definition.columns.3` and the like.
 */
export async function runRecordQuery(definition: RecordQueryDefinition, current: number, pageSize: number): Promise<RecordQueryPage> {
  return request<RecordQueryPage>(`${BASE}/run`, { method: 'POST', data: { definition, current, pageSize }, skipErrorHandler: true });
}

export interface SavedQueryListParams {
  current?: number;
  pageSize?: number;
  /** Searches name and description. */
  q?: string;
  /** Only the queries of this subject (id). */
  subjectId?: string;
}

/** Saved queries, newest first, ProTable's page shape. */
export async function listSavedQueries(params: SavedQueryListParams = {}): Promise<Page<SavedQuery>> {
  return request<Page<SavedQuery>>(BASE, { method: 'GET', params: { ...params, q: params.q || undefined } });
}

/** One saved query; rejects 404 for an unknown (or deleted) id. */
export async function getSavedQuery(id: string, signal?: AbortSignal): Promise<SavedQuery> {
  const res = await request<Ok<SavedQuery>>(`${BASE}/${enc(id)}`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** Saves a definition under a name; 400 names the field (`name`, `definition.columns.0`…). */
export async function createSavedQuery(input: { name: string; description?: string; definition: RecordQueryDefinition }): Promise<SavedQuery> {
  const res = await request<Ok<SavedQuery>>(BASE, { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Renames a saved query or replaces its definition; 400 names the field. */
export async function updateSavedQuery(
  id: string,
  input: { name?: string; description?: string; definition?: RecordQueryDefinition },
): Promise<SavedQuery> {
  const res = await request<Ok<SavedQuery>>(`${BASE}/${enc(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Moves a saved query to the recycle bin. */
export async function removeSavedQuery(id: string): Promise<void> {
  await request(`${BASE}/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

export { fileNameOf } from './download';

/**
 * Exports the whole result of a query as CSV or XLSX and downloads it: a saved query by id
 * (GET …/:id/export?format=), an unsaved definition by POST …/export {definition, format, name}
 * (`name` names the file).
 * Resolves with the downloaded file's name; rejects with the server's envelope (ApiError).
 */
export async function exportRecordQuery(
  target: { id: string } | { definition: RecordQueryDefinition; name?: string },
  format: QueryExportFormat,
): Promise<string> {
  const res = (await ('id' in target
    ? request(`${BASE}/${enc(target.id)}/export`, { ...BLOB_REQUEST, method: 'GET', params: { format } })
    : request(`${BASE}/export`, { ...BLOB_REQUEST, method: 'POST', data: { definition: target.definition, format, name: target.name } }))) as BlobResponse;
  return saveDownload(res, `record-query.${format}`);
}
