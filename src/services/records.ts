/**
 * Records of a subject (contracts/records.ts): the grid's pages, one record's
 * detail, writes (with the editor's `version`: a stale one rejects 409 STALE_VERSION whose ApiError
 * carries `conflict` = StaleConflict), bulk edit and delete, history and restore, tags and
 * categories, comments and attachments. Lists answer ProTable's page shape; mutations reject with
 * the server's envelope (ApiError) so forms can put field errors under their fields.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  Attachment,
  Comment,
  FilterGroup,
  RecordDetail,
  RecordLocation,
  RecordPage,
  RecordVersion,
  StaleConflict,
} from '../../contracts';
import { ApiError } from './api-error';

const enc = encodeURIComponent;

/** `/api/v1/applications/:slug/subjects/:key`. */
export const subjectPath = (app: string, subject: string) => `/api/v1/applications/${enc(app)}/subjects/${enc(subject)}`;
/** `…/records/:id` of a subject. */
export const recordPath = (app: string, subject: string, id: string) => `${subjectPath(app, subject)}/records/${enc(id)}`;
/** Where an attachment's bytes download from (GET, the session cookie authorises). */
export const attachmentUrl = (id: string) => `/api/v1/attachments/${enc(id)}/content`;
/** Where files are uploaded (multipart `file`, `subjectKey`, optional `recordId`). */
export const attachmentUploadUrl = (app: string) => `/api/v1/applications/${enc(app)}/attachments`;

/** GET …/records query: `filter` is sent as JSON, `sort` as `key:asc,key2:desc`. */
export interface RecordListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  filter?: FilterGroup;
  sort?: string;
  cursor?: string;
}



/** A page of records: ProTable's page plus `totalExact`, `nextCursor`, `labels` (user/record names) and `files`. */
export async function listRecords(
  app: string,
  subject: string,
  params: RecordListParams,
  signal?: AbortSignal,
): Promise<RecordPage> {
  const { filter, ...rest } = params;
  return request<RecordPage>(`${subjectPath(app, subject)}/records`, {
    method: 'GET',
    signal,
    params: { ...rest, q: rest.q || undefined, filter: filter && filter.items.length > 0 ? JSON.stringify(filter) : undefined },
  });
}

/** One record with labels, files, tag and category ids; rejects 404 for an unknown record. */
export async function getRecordDetail(app: string, subject: string, id: string, signal?: AbortSignal): Promise<RecordDetail> {
  const res = await request<Ok<RecordDetail>>(recordPath(app, subject, id), { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/**
 * Creates a record → its detail; 400 names the fields (`values.<key>`), 409 VALUE_TAKEN names a unique field.
 * `formId`: the dynamic form the values were entered through (its conditions are enforced).
 */
export async function createRecord(app: string, subject: string, values: Record<string, unknown>, formId?: string): Promise<RecordDetail> {
  const res = await request<Ok<RecordDetail>>(`${subjectPath(app, subject)}/records`, {
    method: 'POST',
    data: { values, formId },
    skipErrorHandler: true,
  });
  return res.data;
}

/** Updates a record from `version` → its detail; 409 STALE_VERSION (see {@link staleConflictOf}) when someone saved meanwhile. */
export async function updateRecord(
  app: string,
  subject: string,
  id: string,
  version: number,
  values: Record<string, unknown>,
  formId?: string,
): Promise<RecordDetail> {
  const res = await request<Ok<RecordDetail>>(recordPath(app, subject, id), {
    method: 'PATCH',
    data: { version, values, formId },
    skipErrorHandler: true,
  });
  return res.data;
}

/** Moves a record to the recycle bin. */
export async function removeRecord(app: string, subject: string, id: string): Promise<void> {
  await request(recordPath(app, subject, id), { method: 'DELETE', skipErrorHandler: true });
}

/** Sets the same values on every listed record (all or nothing; 400 names the field). */
export async function bulkUpdateRecords(
  app: string,
  subject: string,
  ids: string[],
  values: Record<string, unknown>,
): Promise<void> {
  await request(`${subjectPath(app, subject)}/records/bulk-update`, {
    method: 'POST',
    data: { ids, values },
    skipErrorHandler: true,
  });
}

/** Moves every listed record to the recycle bin (all or nothing). */
export async function bulkDeleteRecords(app: string, subject: string, ids: string[]): Promise<void> {
  await request(`${subjectPath(app, subject)}/records/bulk-delete`, { method: 'POST', data: { ids }, skipErrorHandler: true });
}

/** A page of a record's versions, newest first. */
export async function listRecordVersions(
  app: string,
  subject: string,
  id: string,
  params: { current?: number; pageSize?: number } = {},
): Promise<Page<RecordVersion>> {
  return request<Page<RecordVersion>>(`${recordPath(app, subject, id)}/versions`, { method: 'GET', params });
}

/**
 * Restores `version` as a new version; `current` is the record's current version (a stale one
 * rejects 409 STALE_VERSION, as an update).
 */
export async function restoreRecordVersion(
  app: string,
  subject: string,
  id: string,
  version: number,
  current: number,
): Promise<RecordDetail> {
  const res = await request<Ok<RecordDetail>>(`${recordPath(app, subject, id)}/versions/${version}/restore`, {
    method: 'POST',
    data: { version: current },
    skipErrorHandler: true,
  });
  return res.data;
}

/** Replaces the record's tags (editors). */
export async function setRecordTags(app: string, subject: string, id: string, tagIds: string[]): Promise<void> {
  await request(`${recordPath(app, subject, id)}/tags`, { method: 'PUT', data: { tagIds }, skipErrorHandler: true });
}

/** Replaces the record's categories (editors). */
export async function setRecordCategories(app: string, subject: string, id: string, categoryIds: string[]): Promise<void> {
  await request(`${recordPath(app, subject, id)}/categories`, { method: 'PUT', data: { categoryIds }, skipErrorHandler: true });
}

/** A page of a record's comments, oldest first (members read). */
export async function listRecordComments(
  app: string,
  subject: string,
  id: string,
  params: { current?: number; pageSize?: number } = {},
): Promise<Page<Comment>> {
  return request<Page<Comment>>(`${recordPath(app, subject, id)}/comments`, { method: 'GET', params });
}

/** Adds a comment (editors, owners, administrators); 400 names `body`. */
export async function addRecordComment(app: string, subject: string, id: string, body: string): Promise<Comment> {
  const res = await request<Ok<Comment>>(`${recordPath(app, subject, id)}/comments`, {
    method: 'POST',
    data: { body },
    skipErrorHandler: true,
  });
  return res.data;
}

/** Deletes a comment (its author, or an owner/administrator). */
export async function removeRecordComment(app: string, subject: string, id: string, commentId: string): Promise<void> {
  await request(`${recordPath(app, subject, id)}/comments/${enc(commentId)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** The files attached to a record's detail page (not those in its attachment fields), oldest first, first 100. */
export async function listRecordAttachments(app: string, subject: string, id: string): Promise<Page<Attachment>> {
  return request<Page<Attachment>>(`${recordPath(app, subject, id)}/attachments`, { method: 'GET', params: { pageSize: 100 } });
}

/** Deletes an attachment (editors and owners of its application, administrators). */
export async function removeAttachment(id: string): Promise<void> {
  await request(`/api/v1/attachments/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Where a record lives, by its id alone (administrators; `/admin/record/:record`); rejects 404. */
export async function locateRecord(id: string, signal?: AbortSignal): Promise<RecordLocation> {
  const res = await request<Ok<RecordLocation>>(`/api/v1/records/${enc(id)}`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** The StaleConflict of a 409 STALE_VERSION, or null for any other failure. */
export function staleConflictOf(error: unknown): StaleConflict | null {
  if (!(error instanceof ApiError) || error.errorCode !== 'STALE_VERSION' || !error.conflict) return null;
  const c = error.conflict as Partial<StaleConflict>;
  return c.current && Array.isArray(c.changes) ? (c as StaleConflict) : null;
}
