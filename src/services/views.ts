/**
 * Views and share links (contracts/views.ts): saved views (list, read, create,
 * change, delete), a view's rows through the records list (the same filter and sorts the server's
 * view rows use: contracts effectiveFilter/effectiveSort), share links (create: the token comes
 * back once; list; revoke) and the public read of a shared view by its token.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { RecordPage, SharedView, View, ViewConfig, ViewCreate, ViewShare, ViewShareCreate, ViewShareCreated, ViewShareUnlock, ViewUpdate } from '../../contracts';
import { effectiveFilter, effectiveSort } from '../../contracts/view-rows';
import { listRecords, subjectPath } from './records';

const enc = encodeURIComponent;

export interface ViewListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  subjectId?: string;
}

/** Every view (administrators), most recently changed first, ProTable's page shape. */
export async function listAllViews(params: ViewListParams = {}): Promise<Page<View>> {
  return request<Page<View>>('/api/v1/views', { method: 'GET', params: { ...params, q: params.q || undefined } });
}

/** An application's views over all its subjects (members), most recently changed first. */
export async function listAppViews(app: string, params: ViewListParams = {}): Promise<Page<View>> {
  return request<Page<View>>(`/api/v1/applications/${encodeURIComponent(app)}/views`, { method: 'GET', params: { ...params, q: params.q || undefined } });
}

/** A subject's views (members). */
export async function listSubjectViews(app: string, subject: string, params: ViewListParams = {}): Promise<Page<View>> {
  return request<Page<View>>(`${subjectPath(app, subject)}/views`, { method: 'GET', params: { ...params, q: params.q || undefined } });
}

/** One view; rejects 404 / 403 without a message (the page shows it). */
export async function getView(id: string, signal?: AbortSignal): Promise<View> {
  return (await request<Ok<View>>(`/api/v1/views/${enc(id)}`, { method: 'GET', signal, skipErrorHandler: true })).data;
}

/** Saves a new view of a subject; 400 names `config.*`. */
export async function createView(app: string, subject: string, input: ViewCreate): Promise<View> {
  return (await request<Ok<View>>(`${subjectPath(app, subject)}/views`, { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** Changes a view's name and/or config. */
export async function updateView(id: string, input: ViewUpdate): Promise<View> {
  return (await request<Ok<View>>(`/api/v1/views/${enc(id)}`, { method: 'PATCH', data: input, skipErrorHandler: true })).data;
}

/** Deletes a view (and its share links). */
export async function removeView(id: string): Promise<void> {
  await request(`/api/v1/views/${enc(id)}`, { method: 'DELETE' });
}

/**
 * One keyset page of a view's rows for `config` (saved or being edited): the records list with the
 * view's filter and sorts, a calendar's `from`/`to` (YYYY-MM-DD) or a kanban's `group`.
 */
export async function listViewRecords(
  app: string,
  subject: string,
  config: ViewConfig,
  opts: { cursor?: string; pageSize: number; q?: string; from?: string; to?: string; group?: string },
  signal?: AbortSignal,
): Promise<RecordPage> {
  const sort = effectiveSort(config)
    .map((s) => `${s.field}:${s.order}`)
    .join(',');
  return listRecords(app, subject, { filter: effectiveFilter(config, opts), sort: sort || undefined, cursor: opts.cursor, pageSize: opts.pageSize, q: opts.q }, signal);
}

/** A view's share links (editors), newest first; never the tokens. */
export async function listViewShares(id: string): Promise<ViewShare[]> {
  return (await request<Ok<ViewShare[]>>(`/api/v1/views/${enc(id)}/shares`, { method: 'GET' })).data;
}

/** Creates a share link; the answer's `token` is shown once (the server keeps only its hash). */
export async function createViewShare(id: string, input: ViewShareCreate): Promise<ViewShareCreated> {
  return (await request<Ok<ViewShareCreated>>(`/api/v1/views/${enc(id)}/shares`, { method: 'POST', data: input, skipErrorHandler: true })).data;
}

/** Revokes a share link. */
export async function revokeViewShare(id: string, shareId: string): Promise<void> {
  await request(`/api/v1/views/${enc(id)}/shares/${enc(shareId)}`, { method: 'DELETE' });
}

/**
 * Unlocks a share link locked after too many wrong passwords (editors), optionally with a new
 * password (8–128 characters; a 400 names `password`). Rejects with the envelope (skipErrorHandler).
 */
export async function unlockViewShare(id: string, shareId: string, input: ViewShareUnlock): Promise<ViewShare> {
  return (
    await request<Ok<ViewShare>>(`/api/v1/views/${enc(id)}/shares/${enc(shareId)}/unlock`, { method: 'POST', data: input, skipErrorHandler: true })
  ).data;
}

/** The link a share token opens (`/:app/share_grid_view?token=…`). */
export const shareUrl = (app: string, token: string) => `${window.location.origin}/${enc(app)}/share_grid_view?token=${enc(token)}`;

/**
 * The public read of a shared view (no session needed): meta and a page of rows. Rejects with the
 * envelope (404 unknown/expired/revoked; 401 SHARE_PASSWORD_REQUIRED / SHARE_PASSWORD_WRONG; 429
 * RATE_LIMITED: the link's password guesses are spent for now; 423 SHARE_LOCKED) and
 * no message or sign-in redirect (skipErrorHandler).
 */
export async function readSharedView(token: string, opts: { cursor?: string; pageSize: number; password?: string }, signal?: AbortSignal): Promise<SharedView> {
  return request<SharedView>('/api/v1/view-shares/rows', {
    method: 'GET',
    signal,
    params: { token, cursor: opts.cursor, pageSize: opts.pageSize },
    headers: opts.password ? { 'X-Share-Password': opts.password } : undefined,
    skipErrorHandler: true,
  });
}
