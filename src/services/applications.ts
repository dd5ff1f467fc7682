/**
 * Applications (workspaces) and memberships: /api/v1/applications (docs/product.md "Applications";
 * contracts/applications.ts). Mutations reject with the server's envelope (ApiError) so forms put
 * errors under their fields.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { Application, ApplicationCreate, ApplicationDetail, ApplicationUpdate, MemberAdd } from '../../contracts';

/** GET /applications query: paging, `q` on slug/name, `sort` (`name|slug|createdAt:asc|desc`). */
export interface ApplicationListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  sort?: string;
}

const base = (slug: string) => `/api/v1/applications/${encodeURIComponent(slug)}`;

/** Applications the caller may open (an administrator: all), ProTable's page shape. */
export async function listApplications(params: ApplicationListParams = {}): Promise<Page<Application>> {
  return request<Page<Application>>('/api/v1/applications', { method: 'GET', params });
}

/** One application with its members; rejects 404 (unknown or deleted slug) or 403 (not a member). */
export async function getApplication(slug: string, signal?: AbortSignal): Promise<ApplicationDetail> {
  const res = await request<Ok<ApplicationDetail>>(base(slug), { method: 'GET', signal, skipErrorHandler: true });
  return res.data;
}

/** Creates an application (administrators only); 400 names the field, 409 SLUG_TAKEN. */
export async function createApplication(input: ApplicationCreate): Promise<Application> {
  const res = await request<Ok<Application>>('/api/v1/applications', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Edits name, description, icon, colour or modules (the owner or an administrator); 400 names the field. */
export async function updateApplication(slug: string, input: ApplicationUpdate): Promise<ApplicationDetail> {
  const res = await request<Ok<ApplicationDetail>>(base(slug), { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Deletes an application to the recycle bin (administrators only). */
export async function removeApplication(slug: string): Promise<void> {
  await request(base(slug), { method: 'DELETE', skipErrorHandler: true });
}

/** Adds a member by e-mail or changes their role (an administrator or the application's owner). */
export async function addMember(slug: string, input: MemberAdd): Promise<ApplicationDetail> {
  const res = await request<Ok<ApplicationDetail>>(`${base(slug)}/members`, { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Removes a member (an administrator or the owner); 409 for the last owner. */
export async function removeMember(slug: string, userId: string): Promise<ApplicationDetail> {
  const res = await request<Ok<ApplicationDetail>>(`${base(slug)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    skipErrorHandler: true,
  });
  return res.data;
}
