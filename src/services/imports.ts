/**
 * Imports and grid export (Import and export; contracts/imports.ts): upload a file into a
 * subject, check it (dry run), run it, read its rows and errors, download the error report, undo
 * it, list the history; export a grid's records as CSV or XLSX. Mutations reject with the server's
 * envelope (ApiError) so the wizard can show field errors and 409 counts.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  ImportBatch,
  ImportEditedRow,
  ImportEncoding,
  ImportRowPage,
  ImportSettings,
  ImportUndoResult,
  ImportUploadResult,
  RecordExport,
} from '../../contracts';
import { BLOB_REQUEST, saveDownload, type BlobResponse } from './download';
import { subjectPath } from './records';

const enc = encodeURIComponent;
const BASE = '/api/v1/imports';

/**
 * Uploads `file` into `app`/`subject`, its CSV/JSON text read in `encoding` ('auto': detected by
 * the server), a JSON object's rows read from the array under its key `jsonPath`: the batch
 * (headers, total, auto-matched mapping), its first rows and the encoding used (null for XLSX).
 * Uploading the same file again with another encoding re-reads it (a new batch). Rejects with
 * ApiError; a JSON object without `jsonPath`: 400 whose `conflict.jsonArrays` lists the keys
 * holding arrays of objects (JsonArrayChoice[]).
 */
export async function uploadImport(app: string, subject: string, file: File, encoding: ImportEncoding = 'auto', jsonPath?: string): Promise<ImportUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const params = new URLSearchParams();
  if (encoding !== 'auto') params.set('encoding', encoding);
  if (jsonPath !== undefined) params.set('jsonPath', jsonPath);
  const query = params.toString() ? `?${params.toString()}` : '';
  const res = await request<Ok<ImportUploadResult>>(`${subjectPath(app, subject)}/imports${query}`, { method: 'POST', data: form, skipErrorHandler: true });
  return res.data;
}

/** One batch (poll it for `processed` / `total` while a run is under way). */
export async function getImport(id: string): Promise<ImportBatch> {
  const res = await request<Ok<ImportBatch>>(`${BASE}/${enc(id)}`, { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** The dry run with these settings: the batch with its counts (nothing written). */
export async function checkImport(id: string, settings: ImportSettings): Promise<ImportBatch> {
  const res = await request<Ok<ImportBatch>>(`${BASE}/${enc(id)}/check`, { method: 'POST', data: settings, skipErrorHandler: true });
  return res.data;
}

/** Runs the import; rejects 409 (ApiError with `conflict` counts) when all-or-nothing meets bad rows. */
export async function runImport(id: string, settings: ImportSettings): Promise<ImportBatch> {
  const res = await request<Ok<ImportBatch>>(`${BASE}/${enc(id)}/run`, { method: 'POST', data: settings, skipErrorHandler: true });
  return res.data;
}

/** A page of the batch's staged rows (`errorsOnly`: the bad ones) and the names of the users and records its values hold. */
export async function listImportRows(
  id: string,
  params: { current: number; pageSize: number; errorsOnly?: boolean; warningsOnly?: boolean },
): Promise<ImportRowPage> {
  return request<ImportRowPage>(`${BASE}/${enc(id)}/rows`, {
    method: 'GET',
    params: { ...params, errorsOnly: params.errorsOnly ? 'true' : undefined, warningsOnly: params.warningsOnly ? 'true' : undefined },
  });
}

/** Where the error report (CSV) downloads from (GET; the session cookie authorises). */
export const importErrorReportUrl = (id: string) => `${BASE}/${enc(id)}/errors`;

/** The records the import touched that were edited since (what undo leaves alone unless confirmed). */
export async function importEditedRows(id: string): Promise<ImportEditedRow[]> {
  const res = await request<Ok<ImportEditedRow[]>>(`${BASE}/${enc(id)}/edited`, { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** Undoes the import; `includeEdited` after the user confirmed the edited rows. */
export async function undoImport(id: string, includeEdited: boolean): Promise<ImportUndoResult> {
  const res = await request<Ok<ImportUndoResult>>(`${BASE}/${enc(id)}/undo`, { method: 'POST', data: { includeEdited }, skipErrorHandler: true });
  return res.data;
}

/** Removes an import never run (uploaded, checked, failed) with its staged rows; rejects 409 when it ran. */
export async function deleteImport(id: string): Promise<void> {
  await request<Ok<{ id: string }>>(`${BASE}/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Import batches, newest first: of one application (`app`), else of every application (administrators). */
export async function listImports(params: { app?: string; application?: string; subject?: string; current?: number; pageSize?: number }): Promise<Page<ImportBatch>> {
  const { app, ...rest } = params;
  return request<Page<ImportBatch>>(app ? `/api/v1/applications/${enc(app)}/imports` : BASE, { method: 'GET', params: rest });
}

/**
 * Exports a grid's records (its filter, sort, search and visible columns) as CSV or XLSX and
 * downloads the file. Resolves with the file's name; rejects with the server's envelope.
 */
export async function exportRecords(app: string, subject: string, input: RecordExport): Promise<string> {
  const res = (await request(`${subjectPath(app, subject)}/records/export`, { ...BLOB_REQUEST, method: 'POST', data: input })) as BlobResponse;
  return saveDownload(res, `${subject}.${input.format}`);
}
