/**
 * Notices: /api/v1/notices (contracts/notices.ts). Administrators manage
 * announcements and send messages; every signed-in user reads their own notices (bell, notice center).
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  AdminNotice,
  MessageSend,
  MyNotice,
  NoticeCount,
  NoticeCreate,
  NoticeGroupOption,
  NoticeListQuery,
  NoticeUpdate,
} from '../../contracts';

/** Console list params (ProTable's current/pageSize plus filters); `sort` is `field:asc|desc`. */
export type NoticeListParams = Partial<NoticeListQuery>;

/** A page of notices for the console (administrators). */
export async function listNotices(params: NoticeListParams = {}): Promise<Page<AdminNotice>> {
  return request<Page<AdminNotice>>('/api/v1/notices', { method: 'GET', params });
}

/** One notice (administrators); rejects 404 for an unknown or deleted one. */
export async function getNotice(id: string, signal?: AbortSignal): Promise<AdminNotice> {
  const res = await request<Ok<AdminNotice>>(`/api/v1/notices/${encodeURIComponent(id)}`, { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** Creates an announcement; 400 names the field. */
export async function createNotice(input: NoticeCreate): Promise<AdminNotice> {
  const res = await request<Ok<AdminNotice>>('/api/v1/notices', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Edits, publishes or unpublishes an announcement; 409 when `updatedAt` is stale; 400 names the field. */
export async function updateNotice(id: string, input: NoticeUpdate): Promise<AdminNotice> {
  const res = await request<Ok<AdminNotice>>(`/api/v1/notices/${encodeURIComponent(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Moves a notice to the recycle bin. */
export async function removeNotice(id: string): Promise<void> {
  await request(`/api/v1/notices/${encodeURIComponent(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Sends an in-app message to one user (administrators); 400 names the field. */
export async function sendMessage(input: MessageSend): Promise<AdminNotice> {
  const res = await request<Ok<AdminNotice>>('/api/v1/notices/messages', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Live groups for the audience picker (at most 50; `q` searches names). */
export async function listNoticeGroups(q?: string): Promise<NoticeGroupOption[]> {
  const res = await request<Ok<NoticeGroupOption[]>>('/api/v1/notices/groups', { method: 'GET', params: { q } });
  return res.data;
}

/** My notices, newest first; `unread` for unread only; `app` (slug) leaves out other applications' notices. */
export async function listMyNotices(params: { current?: number; pageSize?: number; unread?: boolean; app?: string }): Promise<Page<MyNotice>> {
  const { unread, ...rest } = params;
  return request<Page<MyNotice>>('/api/v1/notices/mine', { method: 'GET', params: { ...rest, ...(unread ? { unread: 'true' } : {}) } });
}

/** How many of my notices are unread (the bell). Silent on failure (the bell just keeps its last count). */
export async function getUnreadCount(): Promise<number> {
  const res = await request<Ok<NoticeCount>>('/api/v1/notices/unread-count', { method: 'GET', skipErrorHandler: true });
  return res.data.count;
}

/** Marks one of my notices read. */
export async function markNoticeRead(id: string): Promise<void> {
  await request(`/api/v1/notices/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/** Marks all my notices read; resolves how many were unread. */
export async function markAllNoticesRead(): Promise<number> {
  const res = await request<Ok<NoticeCount>>('/api/v1/notices/read-all', { method: 'POST' });
  return res.data.count;
}

