/** The personal center: /api/v1/auth/me/… (contracts/account.ts). */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type {
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
  AuditEntry,
  PasswordChange,
  PasswordChangeResult,
  Profile,
  ProfileUpdate,
} from '../../contracts';

/** The signed-in user's profile. */
export async function getProfile(): Promise<Profile> {
  const res = await request<Ok<Profile>>('/api/v1/auth/me/profile', { method: 'GET' });
  return res.data;
}

/** Changes name, title, phone; 400 names the field. */
export async function updateProfile(input: ProfileUpdate): Promise<Profile> {
  const res = await request<Ok<Profile>>('/api/v1/auth/me/profile', { method: 'PATCH', data: input, skipErrorHandler: true });
  return res.data;
}

/**
 * Changes the password (the server signs out the user's other sessions, revokes their API tokens
 * and renews this one's cookie) → the user and how many sessions and tokens were ended; 400 names
 * `currentPassword` (wrong) or `newPassword` (policy); 429 during the back-off.
 */
export async function changePassword(input: PasswordChange): Promise<PasswordChangeResult> {
  const res = await request<Ok<PasswordChangeResult>>('/api/v1/auth/me/password', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** A page of the user's API tokens, newest first (never the tokens themselves). */
export async function listTokens(params: { current?: number; pageSize?: number }): Promise<Page<ApiToken>> {
  return request<Page<ApiToken>>('/api/v1/auth/me/tokens', { method: 'GET', params });
}

/** Creates a token: the answer holds the token itself, to show once. */
export async function createToken(input: ApiTokenCreate): Promise<ApiTokenCreated> {
  const res = await request<Ok<ApiTokenCreated>>('/api/v1/auth/me/tokens', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Revokes one of the user's tokens (it stops working at once). */
export async function revokeToken(id: string): Promise<ApiToken> {
  const res = await request<Ok<ApiToken>>(`/api/v1/auth/me/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return res.data;
}

/** A page of the user's own audit entries, newest first. */
export async function listActivity(params: { current?: number; pageSize?: number }): Promise<Page<AuditEntry>> {
  return request<Page<AuditEntry>>('/api/v1/auth/me/activity', { method: 'GET', params });
}
