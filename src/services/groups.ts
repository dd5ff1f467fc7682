/**
 * Groups: /api/v1/groups (administrators only; contracts/groups.ts): groups, their members and
 * the application roles granted to them.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { AppRole, Group, GroupCreate, GroupDetail, GroupMember, GroupUpdate } from '../../contracts';

/** GET /groups query: paging, `q` on name/description, `sort` (`name|createdAt|memberCount:asc|desc`), `userId`. */
export interface GroupListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  sort?: string;
  userId?: string;
}

const base = (id: string) => `/api/v1/groups/${encodeURIComponent(id)}`;

/** A page of live groups. */
export async function listGroups(params: GroupListParams = {}): Promise<Page<Group>> {
  return request<Page<Group>>('/api/v1/groups', { method: 'GET', params });
}

/** A group with its application grants; rejects 404. */
export async function getGroup(id: string): Promise<GroupDetail> {
  const res = await request<Ok<GroupDetail>>(base(id), { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** Creates a group; 409 names the field `name` when a live group has the name. */
export async function createGroup(input: GroupCreate): Promise<GroupDetail> {
  const res = await request<Ok<GroupDetail>>('/api/v1/groups', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Renames a group or changes its description. */
export async function updateGroup(id: string, input: GroupUpdate): Promise<GroupDetail> {
  const res = await request<Ok<GroupDetail>>(base(id), { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Deletes a group to the recycle bin (members and grants are kept for a restore). */
export async function removeGroup(id: string): Promise<void> {
  await request(base(id), { method: 'DELETE', skipErrorHandler: true });
}

/** A page of the group's members. */
export async function listGroupMembers(id: string, params: { current?: number; pageSize?: number; q?: string }): Promise<Page<GroupMember>> {
  return request<Page<GroupMember>>(`${base(id)}/members`, { method: 'GET', params });
}

/** Adds a user to the group; `added` false when they already were a member. */
export async function addGroupMember(id: string, userId: string): Promise<{ added: boolean }> {
  const res = await request<Ok<{ added: boolean }>>(`${base(id)}/members`, { method: 'POST', data: { userId }, skipErrorHandler: true });
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
