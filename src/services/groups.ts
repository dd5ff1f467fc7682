/**
 * Groups: /api/v1/groups (administrators only), through the resource kit's client
 * (services/resource-api.ts) made from contracts/groups.resource.ts. Besides the kit's routes: a
 * group's members and the application roles granted to it (the definition's extra routes).
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { AppRole, GroupDetail, GroupMember } from '../../contracts';
import { groupResource, type GroupResource } from '../../contracts/groups.resource';
import { resourceApi, type ResourceListParams } from './resource-api';

/** The groups' API client: list (`q` on name/description, `sort` name|memberCount|createdAt|updatedAt), get, create, update, remove. */
export const groupsApi = resourceApi(groupResource);

/** A page of live groups. */
export const listGroups = (params: ResourceListParams<GroupResource> = {}) => groupsApi.list(params);

/** A group with its application grants (the detail adds `grants`); rejects 404. */
export const getGroup = async (id: string, signal?: AbortSignal): Promise<GroupDetail> =>
  (await groupsApi.get(id, signal)) as GroupDetail;

const base = (id: string) => `/api/v1/groups/${encodeURIComponent(id)}`;

/** A page of the group's members. */
export async function listGroupMembers(
  id: string,
  params: { current?: number; pageSize?: number; q?: string },
): Promise<Page<GroupMember>> {
  return request<Page<GroupMember>>(`${base(id)}/members`, { method: 'GET', params });
}

/** Adds a user to the group; `added` false when they already were a member. */
export async function addGroupMember(id: string, userId: string): Promise<{ added: boolean }> {
  const res = await request<Ok<{ added: boolean }>>(`${base(id)}/members`, {
    method: 'POST',
    data: { userId },
    skipErrorHandler: true,
  });
  return res.data;
}

/** Removes a user from the group. */
export async function removeGroupMember(id: string, userId: string): Promise<void> {
  await request(`${base(id)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Grants the group `role` in an application (or changes it). */
export async function setGroupGrant(id: string, applicationId: string, role: AppRole): Promise<GroupDetail> {
  const res = await request<Ok<GroupDetail>>(`${base(id)}/grants/${encodeURIComponent(applicationId)}`, {
    method: 'PUT',
    data: { role },
    skipErrorHandler: true,
  });
  return res.data;
}

/** Removes the group's role in an application. */
export async function removeGroupGrant(id: string, applicationId: string): Promise<GroupDetail> {
  const res = await request<Ok<GroupDetail>>(`${base(id)}/grants/${encodeURIComponent(applicationId)}`, {
    method: 'DELETE',
    skipErrorHandler: true,
  });
  return res.data;
}
