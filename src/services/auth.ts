/** Sessions and the current user: /api/v1/auth/* (docs/product.md "Shell"). */
import { request } from 'umi';
import type { Ok } from '../../contracts/envelope';
import type { CurrentUser, LoginInput, PreferencesInput } from '../../contracts';

/** The signed-in user, or `null` for an anonymous visitor (the server answers 200 either way). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  const res = await request<Ok<CurrentUser | null>>('/api/v1/auth/me', { method: 'GET', skipErrorHandler: true });
  return res.data;
}

/** Signs in (sets the HttpOnly session cookie); 401 INVALID_CREDENTIALS on a wrong e-mail or password. */
export async function login(input: LoginInput): Promise<CurrentUser> {
  const res = await request<Ok<CurrentUser>>('/api/v1/auth/login', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}

/** Ends the session (the server clears the cookie). */
export async function logout(): Promise<void> {
  await request('/api/v1/auth/logout', { method: 'POST', skipErrorHandler: true });
}

/** Saves the language and/or the last workspace visited. */
export async function updatePreferences(input: PreferencesInput): Promise<CurrentUser> {
  const res = await request<Ok<CurrentUser>>('/api/v1/auth/me/preferences', {
    method: 'PATCH',
    data: input,
    skipErrorHandler: true,
  });
  return res.data;
}
