/** Applications (workspaces) and memberships: /api/v1/applications (PRODUCT.md "Applications"). */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { Application, ApplicationCreate, ApplicationDetail, MemberAdd } from '../../contracts';

export interface ApplicationListParams {
  current?: number;
  pageSize?: number;
  q?: string;
}

/** Applications the caller may open (an administrator: all), ProTable's page shape. */
export async function listApplications(params: ApplicationListParams = {}): Promise<Page<Application>> {
  return request<Page<Application>>('/api/v1/applications', { method: 'GET', params });
}

/** One application with its members; rejects 404 (unknown slug) or 403 (not a member). */
export async function getApplication(slug: string, signal?: AbortSignal): Promise<ApplicationDetail> {
  const res = await request<Ok<ApplicationDetail>>(`/api/v1/applications/${encodeURIComponent(slug)}`, {
    method: 'GET',
    signal,
    skipErrorHandler: true,
  });
  return res.data;
}

/** Creates an application (administrators only); 400 names the field, 409 SLUG_TAKEN. */
export async function createApplication(input: ApplicationCreate): Promise<Application> {
  const res = await request<Ok<Application>>('/api/v1/applications', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Adds a member by e-mail or changes their role (an administrator or the application's owner). */
export async function addMember(slug: string, input: MemberAdd): Promise<ApplicationDetail> {
  const res = await request<Ok<ApplicationDetail>>(`/api/v1/applications/${encodeURIComponent(slug)}/members`, {
    method: 'POST',
    data: input,
    skipErrorHandler: true,
  });
  return res.data;
}
