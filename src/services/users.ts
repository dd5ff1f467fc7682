/** Users, minimal: /api/v1/users (administrators only). */
import { request } from 'umi';
import type { Ok, Page } from '../../contracts/envelope';
import type { User, UserCreate } from '../../contracts';

/** A page of users; `q` searches name and e-mail. */
export async function listUsers(params: { current?: number; pageSize?: number; q?: string } = {}): Promise<Page<User>> {
  return request<Page<User>>('/api/v1/users', { method: 'GET', params });
}

/** Creates a user account; 409 EMAIL_TAKEN, 400 names the field. */
export async function createUser(input: UserCreate): Promise<User> {
  const res = await request<Ok<User>>('/api/v1/users', { method: 'POST', data: input, skipErrorHandler: true });
  return res.data;
}
