/**
 * Record queries (`/admin/record-query`, contracts/records.ts): run a definition (saved or not) for
 * a page of rows, saved queries (list with search and paging, create, rename, delete to the recycle
 * bin) and their export as CSV or XLSX, downloaded as a file.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { RecordQueryDefinition, RecordQueryPage, SavedQuery } from '../../contracts';
import { toApiError } from './api-error';

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

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function fileNameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/** Hands a Blob to the browser as a download named `fileName`. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface BlobResponse {
  status: number;
  data: Blob;
  headers: Record<string, string | undefined>;
}

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
  // Every status resolves, so a failure's JSON envelope can be read back out of the Blob.
  const options = { responseType: 'blob' as const, getResponse: true, skipErrorHandler: true, validateStatus: () => true };
  const res = (await ('id' in target
    ? request(`${BASE}/${enc(target.id)}/export`, { ...options, method: 'GET', params: { format } })
    : request(`${BASE}/export`, { ...options, method: 'POST', data: { definition: target.definition, format, name: target.name } }))) as BlobResponse;
  if (res.status < 200 || res.status >= 300) {
    let body: unknown = null;
    try {
      body = JSON.parse(await res.data.text()) as unknown;
    } catch {
      /* not JSON: a bare HTTP error */
    }
    throw toApiError({ data: body, status: res.status });
  }
  const fileName = fileNameOf(res.headers['content-disposition']) ?? `record-query.${format}`;
  saveBlob(res.data, fileName);
  return fileName;
}
