/**
 * Users: /api/v1/users (administrators only; contracts/users.ts). Lists answer ProTable's page
 * shape; mutations reject with the server's envelope (ApiError) so forms put errors on fields.
 */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  AuditEntry,
  ManagedUser,
  PasswordResetResult,
  User,
  UserCreate,
  UserDetail,
  UserSession,
  UserUpdate,
} from '../../contracts';

/** GET /users query: paging, `q` on name/e-mail, `sort` (`name|email|createdAt:asc|desc`), filters. */
export interface UserListParams {
  current?: number;
  pageSize?: number;
  q?: string;
  sort?: string;
  disabled?: boolean;
  isAdmin?: boolean;
  groupId?: string;
}

const base = (id: string) => `/api/v1/users/${encodeURIComponent(id)}`;

/** A page of live users. */
export async function listUsers(params: UserListParams = {}): Promise<Page<ManagedUser>> {
  return request<Page<ManagedUser>>('/api/v1/users', { method: 'GET', params });
}

/** Creates a user account; 409 EMAIL_TAKEN, 400 names the field. */
export async function createUser(input: UserCreate): Promise<User> {
  const res = await request<Ok<User>>('/api/v1/users', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** A user with groups and application memberships (effective role and its sources); rejects 404. */
export async function getUser(id: string): Promise<UserDetail> {
  const res = await request<Ok<UserDetail>>(base(id), { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** Edits a user (name, e-mail, title, phone, administrator, disabled); 400/409 name the field. */
export async function updateUser(id: string, input: UserUpdate): Promise<ManagedUser> {
  const res = await request<Ok<ManagedUser>>(base(id), { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/** Deletes a user to the recycle bin; 409 for oneself or the last administrator. */
export async function removeUser(id: string): Promise<void> {
  await request<Ok<{ id: string }>>(base(id), { method: 'DELETE', skipErrorHandler: true });
}

/** Resets the password: the answer carries the new password, to show once. */
export async function resetUserPassword(id: string): Promise<PasswordResetResult> {
  const res = await request<Ok<PasswordResetResult>>(`${base(id)}/password-reset`, { method: 'POST', skipErrorHandler: true });
  return res.data;
}

/** The user's unexpired sessions. */
export async function listUserSessions(id: string): Promise<UserSession[]> {
  const res = await request<Ok<UserSession[]>>(`${base(id)}/sessions`, { method: 'GET' });
  return res.data;
}

/** Ends one session of the user. */
export async function revokeUserSession(id: string, sessionId: string): Promise<void> {
  await request(`${base(id)}/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** A page of the audit entries where the user acted, newest first. */
export async function listUserAudit(id: string, params: { current?: number; pageSize?: number }): Promise<Page<AuditEntry>> {
  return request<Page<AuditEntry>>(`${base(id)}/audit`, { method: 'GET', params });
}

/**
 * ProTable's `sort` argument (`{ name: 'ascend' }`) as the API's `sort` parameter (`name:asc`), or
 * undefined when no column is sorted (docs/code-style.md "ProTable through an adapter": sorting reaches the server).
 */
export function sortParam(sort: Record<string, 'ascend' | 'descend' | null | undefined> | undefined): string | undefined {
  const entry = Object.entries(sort ?? {}).find(([, order]) => order);
  if (!entry) return undefined;
  return `${entry[0]}:${entry[1] === 'descend' ? 'desc' : 'asc'}`;
}

/** A ProTable select value `'true'`/`'false'` (or a boolean) as a boolean; anything else undefined. */
export function boolParam(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Removes a user's direct membership of an application (an administrator or the application's owner). */
export async function removeApplicationMember(slug: string, userId: string): Promise<void> {
  await request(`/api/v1/applications/${encodeURIComponent(slug)}/members/${encodeURIComponent(userId)}`, {
    method: 'DELETE',
    skipErrorHandler: true,
  });
}
