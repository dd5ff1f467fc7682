/**
 * Shared data of the browser tests: the first administrator and application that
 * 00-walking-skeleton.spec.ts creates (later specs sign in with them), and a helper that signs in
 * through the API and saves the session for `test.use({ storageState })`.
 */
import type { APIRequestContext } from '@playwright/test';
import { mkdirSync } from 'node:fs';

export const ADMIN = { name: '审计管理员', email: 'admin@example.com', password: 'Assay-admin-2026' };
export const APP = { name: '2026 年度审计', slug: 'audit-2026' };
export const AUTH_HEADERS = { 'content-type': 'application/json', 'x-assay-request': '1' };

/** Signs in as `user` and writes the browser storage state (the session cookie) to `file`. */
export async function saveSession(request: APIRequestContext, file: string, user = ADMIN): Promise<string> {
  const res = await request.post('/api/v1/auth/login', {
    headers: AUTH_HEADERS,
    data: { email: user.email, password: user.password },
  });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
  mkdirSync('test-results', { recursive: true });
  await request.storageState({ path: file });
  return file;
}
