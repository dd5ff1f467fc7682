import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ApiToken, ApiTokenCreated, PasswordChangeResult, PasswordResetResult } from '../../../../contracts';
import { apiTokens, auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, DEFAULT_PASSWORD, json, userSession } from '../../test/helpers';

interface ErrorBody {
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}

const DAY_MS = 86_400_000;

async function makeToken(app: Parameters<typeof call>[0], cookie: string, body: object): Promise<ApiTokenCreated> {
  const res = await call(app, 'POST', '/api/v1/auth/me/tokens', { cookie, body });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: ApiTokenCreated }>(res).data;
}

test('api tokens: a password change (own or an administrator\'s reset) revokes every active token, and says how many', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  const a = await makeToken(app, user.cookie, { name: 'a', scope: 'read-write' });
  const b = await makeToken(app, user.cookie, { name: 'b' });
  const gone = await makeToken(app, user.cookie, { name: 'gone' });
  assert.equal((await call(app, 'DELETE', `/api/v1/auth/me/tokens/${gone.item.id}`, { cookie: user.cookie })).statusCode, 200);
  const profileWith = (token: string) => call(app, 'GET', '/api/v1/auth/me/profile', { headers: { authorization: `Bearer ${token}` } });
  assert.equal((await profileWith(a.token)).statusCode, 200);

  const changed = await call(app, 'POST', '/api/v1/auth/me/password', {
    cookie: user.cookie,
    body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-pass-77' },
  });
  assert.equal(changed.statusCode, 200, changed.body);
  const result = json<{ data: PasswordChangeResult }>(changed).data;
  assert.equal(result.tokensRevoked, 2, 'the two active tokens; the revoked one is not counted');
  assert.equal(result.user.email, user.email);
  assert.equal((await profileWith(a.token)).statusCode, 401);
  assert.equal((await profileWith(b.token)).statusCode, 401);
  const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password_change'));
  assert.deepEqual(entry.details, { otherSessionsRevoked: 0, tokensRevoked: 2 });
  const cookie = changed.cookies.find((c) => c.name === 'assay_session');
  assert.ok(cookie);
  const list = json<{ data: ApiToken[] }>(await call(app, 'GET', '/api/v1/auth/me/tokens', { cookie: `assay_session=${cookie.value}` }));
  assert.deepEqual(list.data.map((x) => x.status), ['revoked', 'revoked', 'revoked']);

  // an administrator's reset revokes them too
  const c = await makeToken(app, `assay_session=${cookie.value}`, { name: 'c' });
  assert.equal((await profileWith(c.token)).statusCode, 200);
  const reset = await call(app, 'POST', `/api/v1/users/${user.user.id}/password-reset`, { cookie: adminCookie });
  assert.equal(reset.statusCode, 200, reset.body);
  assert.equal(json<{ data: PasswordResetResult }>(reset).data.tokensRevoked, 1);
  assert.equal((await profileWith(c.token)).statusCode, 401);
});

test('api tokens: every token expires — 90 days by default, at most 365; an expired token is 401', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const before = Date.now();
  const plain = await makeToken(app, cookie, { name: 'default' });
  const expires = new Date(plain.item.expiresAt).getTime();
  assert.ok(expires >= before + 90 * DAY_MS && expires <= Date.now() + 90 * DAY_MS, plain.item.expiresAt);
  assert.equal(plain.item.scope, 'read-only', 'the default scope');
  const bad = async (expiresAt: unknown) => {
    const res = await call(app, 'POST', '/api/v1/auth/me/tokens', { cookie, body: { name: 'x', expiresAt } });
    assert.equal(res.statusCode, 400, String(expiresAt));
    assert.equal(json<ErrorBody>(res).details?.[0].field, 'expiresAt');
  };
  await bad(null);
  await bad(new Date(Date.now() + 366 * DAY_MS).toISOString());
  // what the personal center sends for "365 days", from a browser whose clock is a minute ahead
  const year = await makeToken(app, cookie, { name: 'year', expiresAt: new Date(Date.now() + 365 * DAY_MS + 60_000).toISOString() });
  assert.equal(year.item.status, 'active');

  const withToken = (token: string) => call(app, 'GET', '/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
  assert.equal(json<{ data: unknown }>(await withToken(plain.token)).data !== null, true);
  await handle.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, plain.item.id));
  const expired = await call(app, 'GET', '/api/v1/auth/me/profile', { headers: { authorization: `Bearer ${plain.token}` } });
  assert.equal(expired.statusCode, 401);
  // a token made before expiries were required (no expires_at) expires 90 days after its creation
  await handle.db.update(apiTokens).set({ expiresAt: null, createdAt: new Date(Date.now() - 91 * DAY_MS) }).where(eq(apiTokens.id, year.item.id));
  assert.equal((await call(app, 'GET', '/api/v1/auth/me/profile', { headers: { authorization: `Bearer ${year.token}` } })).statusCode, 401);
  const list = json<{ data: ApiToken[] }>(await call(app, 'GET', '/api/v1/auth/me/tokens', { cookie }));
  assert.deepEqual(list.data.map((x) => x.status), ['expired', 'expired']);
});

test('api tokens: a read-only token reads (200) and is refused every mutation (403 errors.token.readOnly); a read-write one writes', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const reader = await makeToken(app, cookie, { name: 'reader', scope: 'read-only' });
  const writer = await makeToken(app, cookie, { name: 'writer', scope: 'read-write' });
  assert.deepEqual([reader.item.scope, writer.item.scope], ['read-only', 'read-write']);
  const as = (token: string) => ({ authorization: `Bearer ${token}`, 'accept-language': 'en-US' });

  assert.equal((await call(app, 'GET', '/api/v1/applications', { headers: as(reader.token) })).statusCode, 200);
  assert.equal((await call(app, 'GET', '/api/v1/auth/me/profile', { headers: as(reader.token) })).statusCode, 200);

  const refused = async (res: Awaited<ReturnType<typeof call>>) => {
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(json<ErrorBody>(res).errorCode, 'FORBIDDEN');
    assert.equal(json<ErrorBody>(res).errorMessage, 'This API token is read-only: it cannot change anything (POST, PUT, PATCH, DELETE)');
  };
  const body = { slug: 'acme', name: 'ACME' };
  await refused(await call(app, 'POST', '/api/v1/applications', { headers: as(reader.token), body, noCsrf: true }));
  const created = await call(app, 'POST', '/api/v1/applications', { headers: as(writer.token), body, noCsrf: true });
  assert.equal(created.statusCode, 201, created.body);
  await refused(await call(app, 'PATCH', '/api/v1/applications/acme', { headers: as(reader.token), body: { name: 'ACME 2' }, noCsrf: true }));
  await refused(await call(app, 'PATCH', '/api/v1/auth/me/profile', { headers: as(reader.token), body: { title: 'Robot' }, noCsrf: true }));
  assert.equal((await call(app, 'PATCH', '/api/v1/applications/acme', { headers: as(writer.token), body: { name: 'ACME 2' }, noCsrf: true })).statusCode, 200);
  await refused(await call(app, 'DELETE', '/api/v1/applications/acme', { headers: as(reader.token), noCsrf: true }));
  const app2 = json<{ data: { name: string } }>(await call(app, 'GET', '/api/v1/applications/acme', { headers: as(reader.token) }));
  assert.equal(app2.data.name, 'ACME 2', 'nothing the read-only token tried was written');
  assert.equal((await call(app, 'DELETE', '/api/v1/applications/acme', { headers: as(writer.token), noCsrf: true })).statusCode, 200);
});
