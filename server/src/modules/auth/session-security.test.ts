import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { CurrentUser, PasswordChangeResult } from '../../../../contracts';
import { auditLog, sessions, users } from '../../db/schema';
import { verifyPassword } from '../../lib/password';
import {
  adminSession,
  call,
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  initAdmin,
  json,
  login,
  me,
  sessionCookieOf,
  userSession,
  ownDatabasePerTest,
} from '../../test/helpers';
import { IDLE_TIMEOUT_MS, purgeExpiredSessions } from './auth.service';

ownDatabasePerTest('sign-in back-off, session limits and the last-administrator rule span the whole database');

interface ErrorBody {
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}

const NEW_PASSWORD = 'Brand-new-secret-77';

test('session cookie: HttpOnly, SameSite=Lax, Path=/, no Domain; over https `__Host-assay_session` with Secure', async (t) => {
  const { app, close } = await createTestApp({ trustProxy: true });
  t.after(close);
  await initAdmin(app);
  const body = { email: 'admin@example.com', password: DEFAULT_PASSWORD };

  /** The Set-Cookie header of the cookie `name` (a sign-in also sets the device cookie, device-cookie.ts). */
  const setCookie = (res: { headers: Record<string, unknown> }, name: string) =>
    ([res.headers['set-cookie']].flat() as string[]).find((h) => h.startsWith(`${name}=`)) ?? '';
  const http = await call(app, 'POST', '/api/v1/auth/login', { body });
  const plain = setCookie(http, 'assay_session');
  assert.match(plain, /^assay_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
  assert.match(setCookie(http, 'assay_device'), /^assay_device=[^;]+; Max-Age=31536000; Path=\/api\/v1\/auth; HttpOnly; SameSite=Strict$/);

  const https = await call(app, 'POST', '/api/v1/auth/login', { body, headers: { 'x-forwarded-proto': 'https' } });
  const secure = setCookie(https, '__Host-assay_session');
  assert.match(secure, /^__Host-assay_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  assert.doesNotMatch(secure, /Domain=/i, '__Host- cookies carry no Domain');
  assert.match(setCookie(https, '__Secure-assay_device'), /^__Secure-assay_device=[^;]+; Max-Age=31536000; Path=\/api\/v1\/auth; HttpOnly; Secure; SameSite=Strict$/);
  const token = https.cookies.find((c) => c.name === '__Host-assay_session')?.value;
  assert.ok(token);

  // over https only the __Host- cookie counts: a plain one (planted over http or by a sibling host) is ignored
  const viaHttps = (cookie: string) => call(app, 'GET', '/api/v1/auth/me', { cookie, headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(json<{ data: CurrentUser | null }>(await viaHttps(`__Host-assay_session=${token}`)).data?.email, 'admin@example.com');
  assert.equal(json<{ data: CurrentUser | null }>(await viaHttps(`assay_session=${token}`)).data, null);

  const out = await call(app, 'POST', '/api/v1/auth/logout', { cookie: `__Host-assay_session=${token}`, headers: { 'x-forwarded-proto': 'https' } });
  assert.match(String(out.headers['set-cookie']), /^__Host-assay_session=; Max-Age=0; Path=\/; .*HttpOnly; Secure; SameSite=Lax/);
});

test('session rotation: each sign-in issues a new token and ends the session the request had', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  await initAdmin(app);
  const first = await login(app, 'admin@example.com');
  const again = await call(app, 'POST', '/api/v1/auth/login', {
    cookie: first,
    body: { email: 'admin@example.com', password: DEFAULT_PASSWORD },
  });
  const second = sessionCookieOf(again);
  assert.ok(second);
  assert.notEqual(second, first);
  assert.equal(await me(app, first), null, 'the old token no longer works');
  assert.equal((await me(app, second))?.email, 'admin@example.com');
  assert.equal((await handle.db.select().from(sessions)).length, 1);
  // a token planted before sign-in (session fixation) is never promoted: the server always mints its own
  const planted = await call(app, 'POST', '/api/v1/auth/login', {
    cookie: 'assay_session=attacker-chosen-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    body: { email: 'admin@example.com', password: DEFAULT_PASSWORD },
  });
  assert.notEqual(sessionCookieOf(planted), 'assay_session=attacker-chosen-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  assert.equal(await me(app, 'assay_session=attacker-chosen-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'), null);
});

test('password change: other sessions are revoked, the current one is rotated, and it is audited', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await createUser(app, adminCookie);
  const laptop = await login(app, user.email);
  const phone = await login(app, user.email);
  const tablet = await login(app, user.email);

  const res = await call(app, 'POST', '/api/v1/auth/me/password', {
    cookie: laptop,
    body: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(
    json<{ data: PasswordChangeResult }>(res).data,
    { user: { ...json<{ data: PasswordChangeResult }>(res).data.user, email: user.email }, otherSessionsRevoked: 2, tokensRevoked: 0 },
  );
  const rotated = sessionCookieOf(res);
  assert.ok(rotated && rotated !== laptop, 'a new session token for this device');
  assert.equal((await me(app, rotated))?.email, user.email);
  for (const old of [laptop, phone, tablet]) assert.equal(await me(app, old), null, 'every earlier session has ended');
  assert.equal((await me(app, adminCookie))?.isAdmin, true, "other users' sessions are untouched");

  const [row] = await handle.db.select().from(users).where(eq(users.id, user.user.id));
  assert.ok(await verifyPassword(row.passwordHash, NEW_PASSWORD));
  assert.equal((await call(app, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: DEFAULT_PASSWORD } })).statusCode, 401);
  await login(app, user.email, NEW_PASSWORD);

  const [entry] = (await handle.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password_change')));
  assert.equal(entry.actorId, user.user.id);
  assert.deepEqual(entry.details, { otherSessionsRevoked: 2, tokensRevoked: 0 });
  assert.equal(entry.before, null);
  assert.doesNotMatch(JSON.stringify(entry), /argon2|Brand-new|Correct-horse/, 'no password or hash in the log');
});

test('password change: a wrong current password, a weak or unchanged new one are 400s; guessing is throttled', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  const change = (body: unknown, lang = 'en-US') =>
    call(app, 'POST', '/api/v1/auth/me/password', { cookie: user.cookie, body, headers: { 'accept-language': lang } });

  const wrong = await change({ currentPassword: 'Not-my-password-1', newPassword: NEW_PASSWORD });
  assert.equal(wrong.statusCode, 400);
  assert.equal(json<ErrorBody>(wrong).errorCode, 'VALIDATION_FAILED');
  assert.deepEqual(json<ErrorBody>(wrong).details, [{ field: 'currentPassword', message: 'The current password is wrong' }]);
  assert.equal(json<ErrorBody>(await change({ currentPassword: 'Not-my-password-1', newPassword: NEW_PASSWORD }, 'zh-CN')).details?.[0].message, '当前密码不正确');
  const weak = await change({ currentPassword: DEFAULT_PASSWORD, newPassword: 'short' });
  assert.equal(json<ErrorBody>(weak).details?.[0].field, 'newPassword');
  const same = await change({ currentPassword: DEFAULT_PASSWORD, newPassword: DEFAULT_PASSWORD });
  assert.deepEqual(json<ErrorBody>(same).details, [{ field: 'newPassword', message: 'The new password must differ from the current one' }]);
  assert.equal((await call(app, 'POST', '/api/v1/auth/me/password', { body: { currentPassword: 'a', newPassword: NEW_PASSWORD } })).statusCode, 401);

  for (let i = 0; i < 3; i++) await change({ currentPassword: 'Not-my-password-1', newPassword: NEW_PASSWORD });
  // five wrong guesses: the next one waits (1 s, then 2 s…). A sixth wrong guess is either refused
  // at once (429) or, when a busy machine took longer than the wait, counted and the wait renewed
  const sixth = await change({ currentPassword: 'Not-my-password-1', newPassword: NEW_PASSWORD });
  assert.ok([400, 429].includes(sixth.statusCode), sixth.body);
  const throttled = await change({ currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD });
  assert.equal(throttled.statusCode, 429, 'five wrong guesses: the next one waits');
  const failed = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'auth.password_change_failed'));
  assert.equal(failed.length, sixth.statusCode === 429 ? 5 : 6, 'one entry per wrong guess that was checked');
  assert.ok(await me(app, user.cookie), 'the session survives failed attempts');
});

test('disabling an account ends all its sessions; an admin cannot disable themselves or the last admin', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie, user: admin } = await adminSession(app);
  const user = await createUser(app, adminCookie);
  const a = await login(app, user.email);
  const b = await login(app, user.email);

  const res = await call(app, 'PATCH', `/api/v1/users/${user.user.id}`, { cookie: adminCookie, body: { disabled: true } });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(json<{ data: { disabled: boolean; email: string } }>(res).data.disabled, true);
  assert.equal(await me(app, a), null);
  assert.equal(await me(app, b), null);
  assert.equal((await handle.db.select().from(sessions).where(eq(sessions.userId, user.user.id))).length, 0);
  const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'user.update'));
  assert.deepEqual([entry.before, entry.after, entry.details], [
    { name: 'Test User', disabled: false },
    { name: 'Test User', disabled: true },
    { sessionsRevoked: 2 },
  ]);
  assert.equal((await call(app, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: DEFAULT_PASSWORD } })).statusCode, 403);
  const listed = json<{ data: { id: string; disabled: boolean }[] }>(await call(app, 'GET', '/api/v1/users', { cookie: adminCookie })).data;
  assert.deepEqual(listed.map((u) => [u.id, u.disabled]).sort(), [[admin.id, false], [user.user.id, true]].sort(), 'the list shows who is disabled');

  // re-enable and rename
  const back = await call(app, 'PATCH', `/api/v1/users/${user.user.id}`, { cookie: adminCookie, body: { disabled: false, name: 'Renamed' } });
  assert.deepEqual(
    [json<{ data: { disabled: boolean; name: string } }>(back).data.disabled, json<{ data: { name: string } }>(back).data.name],
    [false, 'Renamed'],
  );
  await login(app, user.email);

  const self = await call(app, 'PATCH', `/api/v1/users/${admin.id}`, { cookie: adminCookie, body: { disabled: true }, headers: { 'accept-language': 'en-US' } });
  assert.equal(self.statusCode, 409);
  assert.equal(json<ErrorBody>(self).errorMessage, 'You cannot disable your own account');
  // validation, 404, permissions
  assert.equal((await call(app, 'PATCH', `/api/v1/users/${user.user.id}`, { cookie: adminCookie, body: {} })).statusCode, 400);
  assert.equal((await call(app, 'PATCH', `/api/v1/users/${user.user.id}`, { cookie: adminCookie, body: { passwordHash: 'x' } })).statusCode, 400);
  assert.equal((await call(app, 'PATCH', '/api/v1/users/not-a-uuid', { cookie: adminCookie, body: { name: 'x' } })).statusCode, 400);
  assert.equal((await call(app, 'PATCH', '/api/v1/users/00000000-0000-4000-8000-000000000000', { cookie: adminCookie, body: { name: 'x' } })).statusCode, 404);
  const plain = await login(app, user.email);
  assert.equal((await call(app, 'PATCH', `/api/v1/users/${admin.id}`, { cookie: plain, body: { disabled: true } })).statusCode, 403);
});

test('two administrators disabling each other at once: one succeeds, the last enabled one stays', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: firstCookie, user: first } = await adminSession(app);
  const second = await createUser(app, firstCookie, { isAdmin: true });
  const secondCookie = await login(app, second.email);
  const en = { 'accept-language': 'en-US' };
  const results = await Promise.all([
    // both in English: either one may be the one refused
    call(app, 'PATCH', `/api/v1/users/${second.user.id}`, { cookie: firstCookie, body: { disabled: true }, headers: en }),
    call(app, 'PATCH', `/api/v1/users/${first.id}`, { cookie: secondCookie, body: { disabled: true }, headers: en }),
  ]);
  const codes = results.map((r) => r.statusCode).sort();
  assert.equal(codes.filter((c) => c === 200).length, 1, codes.join(','));
  for (const r of results) {
    if (r.statusCode === 409) assert.equal(json<ErrorBody>(r).errorMessage, 'Assay must keep at least one enabled administrator');
  }
  const enabledAdmins = (await handle.db.select().from(users)).filter((u) => u.isAdmin && !u.disabled);
  assert.equal(enabledAdmins.length, 1);
});

test('expiry: idle and absolute limits end sessions; the purge removes expired ones', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const idle = await userSession(app, adminCookie);
  const old = await userSession(app, adminCookie);
  const fresh = await userSession(app, adminCookie);
  await handle.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - IDLE_TIMEOUT_MS - 1000) }).where(eq(sessions.userId, idle.user.id));
  await handle.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, old.user.id));
  assert.equal(await purgeExpiredSessions(handle.db), 2);
  assert.equal(await me(app, idle.cookie), null);
  assert.equal(await me(app, old.cookie), null);
  assert.equal((await me(app, fresh.cookie))?.id, fresh.user.id);
  assert.equal(await purgeExpiredSessions(handle.db), 0);
});
