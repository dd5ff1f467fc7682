/** The recycle bin: /api/v1/recycle (administrators only). */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { RecycleEntry, RecycleRetention } from '../../contracts';

export interface RecycleListParams {
  current?: number;
  pageSize?: number;
  /** One type ('user', 'group'…). */
  type?: string;
  /** Searches the label and who deleted it. */
  q?: string;
  sort?: 'deletedAt:desc' | 'deletedAt:asc';
}

/** A page of the bin across types, newest deletion first unless `sort` says otherwise. */
export async function listRecycle(params: RecycleListParams): Promise<Page<RecycleEntry>> {
  return request<Page<RecycleEntry>>('/api/v1/recycle', { method: 'GET', params });
}

const target = (type: string, id: string) => `/api/v1/recycle/${encodeURIComponent(type)}/${encodeURIComponent(id)}`;

/** Restores an object with its relations; rejects 404 (gone) or 409 (it would clash: the message says with what). */
export async function restoreRecycled(type: string, id: string): Promise<RecycleEntry> {
  const res = await request<Ok<RecycleEntry>>(`${target(type, id)}/restore`, { method: 'POST', skipErrorHandler: true });
  return res.data;
}

/** Purges an object for good (cannot be undone); rejects 404. */
export async function purgeRecycled(type: string, id: string): Promise<RecycleEntry> {
  const res = await request<Ok<RecycleEntry>>(target(type, id), { method: 'DELETE', skipErrorHandler: true });
  return res.data;
}

/** The retention in days (0 = keep forever). */
export async function getRecycleRetention(): Promise<RecycleRetention> {
  const res = await request<Ok<RecycleRetention>>('/api/v1/recycle/retention', { method: 'GET' });
  return res.data;
}

/** Sets the retention; 400 names `days`. */
export async function setRecycleRetention(input: RecycleRetention): Promise<RecycleRetention> {
  const res = await request<Ok<RecycleRetention>>('/api/v1/recycle/retention', { method: 'PUT', data: input, skipErrorHandler: true });
  return res.data;
}
