import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../../contracts';
import { sessions, users } from '../../db/schema';
import {
  adminSession,
  call,
  changeInSql,
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  initAdmin,
  json,
  login,
  me,
  userSession,
  ownDatabasePerTest,
} from '../../test/helpers';
import { hashToken, IDLE_TIMEOUT_MS } from './auth.service';

ownDatabasePerTest('sign-in back-off and sessions are counted per address and account across the whole database');

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  showType: number;
  details?: { field: string; message: string }[];
}

test('auth: login sets an HttpOnly SameSite=Lax session cookie and me returns the user', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const admin = await initAdmin(app, { email: 'root@example.com' });

  const res = await call(app, 'POST', '/api/v1/auth/login', {
    body: { email: 'ROOT@example.com', password: admin.password },
  });
  assert.equal(res.statusCode, 200);
  const body = json<{ success: boolean; data: CurrentUser }>(res);
  assert.equal(body.success, true);
  assert.equal(body.data.email, 'root@example.com');
  assert.equal(body.data.isAdmin, true);
  assert.equal(body.data.locale, 'zh-CN');
  assert.equal(body.data.lastApp, null);

  const setCookie = String(res.headers['set-cookie']);
  assert.match(setCookie, /^assay_session=[A-Za-z0-9_-]{43};/);
  assert.match(setCookie, /HttpOnly/);
  assert.match(setCookie, /SameSite=Lax/);
  assert.match(setCookie, /Path=\//);
  assert.match(setCookie, /Max-Age=604800/);
  assert.doesNotMatch(setCookie, /Secure/, 'plain http: no Secure flag');

  const cookie = res.cookies.find((c) => c.name === 'assay_session');
  assert.ok(cookie);
  // the table holds the token's SHA-256, never the token
  const rows = await handle.db.select().from(sessions);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].id, hashToken(cookie.value));
  assert.notEqual(rows[0].id, cookie.value);

  const current = await me(app, `assay_session=${cookie.value}`);
  assert.equal(current?.id, admin.user.id);
  assert.equal(current?.email, 'root@example.com');

  // the password hash is argon2id with OWASP parameters
  const [row] = await handle.db.select().from(users).where(eq(users.id, admin.user.id));
  assert.match(row.passwordHash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

test('auth: the cookie is Secure when the request came over https (trusted proxy)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  await initAdmin(app);
  // Without trustProxy, a forged X-Forwarded-Proto is ignored.
  const res = await call(app, 'POST', '/api/v1/auth/login', {
    body: { email: 'admin@example.com', password: DEFAULT_PASSWORD },
    headers: { 'x-forwarded-proto': 'https' },
  });
  assert.doesNotMatch(String(res.headers['set-cookie']), /Secure/);

  const proxied = await createTestApp({ trustProxy: true });
  t.after(proxied.close);
  await initAdmin(proxied.app);
  const secure = await call(proxied.app, 'POST', '/api/v1/auth/login', {
    body: { email: 'admin@example.com', password: DEFAULT_PASSWORD },
    headers: { 'x-forwarded-proto': 'https' },
  });
  assert.equal(secure.statusCode, 200);
  assert.match(String(secure.headers['set-cookie']), /; Secure/);
});

test('auth: wrong password and unknown e-mail answer the same 401', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  await initAdmin(app);

  const wrong = await call(app, 'POST', '/api/v1/auth/login', {
    body: { email: 'admin@example.com', password: 'Wrong-password-1' },
  });
  const unknown = await call(app, 'POST', '/api/v1/auth/login', {
    body: { email: 'nobody@example.com', password: 'Wrong-password-1' },
  });
  assert.equal(wrong.statusCode, 401);
  assert.equal(unknown.statusCode, 401);
  const a = json<ErrorBody>(wrong);
  const b = json<ErrorBody>(unknown);
  assert.equal(a.errorCode, 'INVALID_CREDENTIALS');
  assert.deepEqual(a, b);
  assert.equal(a.errorMessage, '邮箱或密码错误');
  assert.equal(wrong.cookies.length, 0);

  const en = await call(app, 'POST', '/api/v1/auth/login', {
    body: { email: 'nobody@example.com', password: 'x' },
    headers: { 'accept-language': 'en-US' },
  });
  assert.equal(json<ErrorBody>(en).errorMessage, 'Wrong e-mail or password');
});

test('auth: a disabled user cannot log in, and their session stops working', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const u = await createUser(app, adminCookie);
  const userCookie = await login(app, u.email);
  assert.ok(await me(app, userCookie));

  await changeInSql(app, () => handle.db.update(users).set({ disabled: true }).where(eq(users.id, u.user.id)));
  assert.equal(await me(app, userCookie), null);
  const res = await call(app, 'POST', '/api/v1/auth/login', { body: { email: u.email, password: u.password } });
  assert.equal(res.statusCode, 403);
  assert.equal(json<ErrorBody>(res).errorCode, 'FORBIDDEN');
  assert.equal(res.cookies.length, 0);
});

test('auth: logout ends the session; me is then null; logout when anonymous is 200', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  assert.ok(await me(app, cookie));

  const out = await call(app, 'POST', '/api/v1/auth/logout', { cookie });
  assert.equal(out.statusCode, 200);
  assert.deepEqual(json(out), { success: true, data: null });
  assert.match(String(out.headers['set-cookie']), /assay_session=;.*Expires=Thu, 01 Jan 1970/);
  assert.equal((await handle.db.select().from(sessions)).length, 0);
  assert.equal(await me(app, cookie), null);

  const anonymous = await call(app, 'POST', '/api/v1/auth/logout');
  assert.equal(anonymous.statusCode, 200);
});

test('auth: anonymous GET /auth/me is 200 with data null, also with a bogus cookie', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const res = await call(app, 'GET', '/api/v1/auth/me');
  assert.equal(res.statusCode, 200);
  assert.deepEqual(json(res), { success: true, data: null });
  const bogus = await call(app, 'GET', '/api/v1/auth/me', { cookie: 'assay_session=not-a-real-token' });
  assert.deepEqual(json(bogus), { success: true, data: null });
});

test('auth: an idle session expires after 8 hours; last_seen_at is refreshed at most once a minute', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const [session] = await handle.db.select().from(sessions);

  // a second request within the minute does not write last_seen_at
  await me(app, cookie);
  const [unchanged] = await handle.db.select().from(sessions);
  assert.equal(unchanged.lastSeenAt.getTime(), session.lastSeenAt.getTime());

  // two minutes ago → refreshed
  const twoMinutesAgo = new Date(Date.now() - 2 * 60 * 1000);
  await handle.db.update(sessions).set({ lastSeenAt: twoMinutesAgo });
  // back-dating in SQL stands for time passing; the touch does not notify (migration 0004)
  app.readCache.clear();
  assert.ok(await me(app, cookie));
  const [touched] = await handle.db.select().from(sessions);
  assert.ok(touched.lastSeenAt.getTime() > twoMinutesAgo.getTime() + 60 * 1000);

  // idle beyond 8 h → anonymous, and the session is deleted
  await handle.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - IDLE_TIMEOUT_MS - 1000) });
  app.readCache.clear();
  assert.equal(await me(app, cookie), null);
  assert.equal((await handle.db.select().from(sessions)).length, 0);
});

test('auth: a session past its absolute expiry (7 days) is refused', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  await handle.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
  app.readCache.clear();
  assert.equal(await me(app, cookie), null);
});

test('auth: preferences change the language and the last application', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const member = await userSession(app, adminCookie);
  const stranger = await userSession(app, adminCookie);
  const created = await call(app, 'POST', '/api/v1/applications', {
    cookie: adminCookie,
    body: { slug: 'acme', name: 'ACME audit' },
  });
  assert.equal(created.statusCode, 201);
  const added = await call(app, 'POST', '/api/v1/applications/acme/members', {
    cookie: adminCookie,
    body: { email: member.email, role: 'viewer' },
  });
  assert.equal(added.statusCode, 200);

  const res = await call(app, 'PATCH', '/api/v1/auth/me/preferences', {
    cookie: member.cookie,
    body: { locale: 'en-US', lastApp: 'acme' },
  });
  assert.equal(res.statusCode, 200);
  const data = json<{ data: CurrentUser }>(res).data;
  assert.equal(data.locale, 'en-US');
  assert.equal(data.lastApp, 'acme');
  const current = await me(app, member.cookie);
  assert.equal(current?.locale, 'en-US');
  assert.equal(current?.lastApp, 'acme');

  // clear it
  const cleared = await call(app, 'PATCH', '/api/v1/auth/me/preferences', { cookie: member.cookie, body: { lastApp: null } });
  assert.equal(json<{ data: CurrentUser }>(cleared).data.lastApp, null);
  assert.equal(json<{ data: CurrentUser }>(cleared).data.locale, 'en-US');

  // an application the user may not open → 403; an unknown one → 404; an admin may pick any
  const forbidden = await call(app, 'PATCH', '/api/v1/auth/me/preferences', { cookie: stranger.cookie, body: { lastApp: 'acme' } });
  assert.equal(forbidden.statusCode, 403);
  assert.equal(json<ErrorBody>(forbidden).errorCode, 'FORBIDDEN');
  const unknown = await call(app, 'PATCH', '/api/v1/auth/me/preferences', { cookie: member.cookie, body: { lastApp: 'nope' } });
  assert.equal(unknown.statusCode, 404);
  assert.equal(json<ErrorBody>(unknown).errorCode, 'NOT_FOUND');

  // bad input: unknown locale, unknown key (strict)
  const bad = await call(app, 'PATCH', '/api/v1/auth/me/preferences', { cookie: member.cookie, body: { locale: 'fr-FR' } });
  assert.equal(bad.statusCode, 400);
  assert.equal(json<ErrorBody>(bad).details?.[0].field, 'locale');
  const extra = await call(app, 'PATCH', '/api/v1/auth/me/preferences', { cookie: member.cookie, body: { isAdmin: true } });
  assert.equal(extra.statusCode, 400);
  assert.equal(json<ErrorBody>(extra).details?.[0].field, 'isAdmin');

  const anonymous = await call(app, 'PATCH', '/api/v1/auth/me/preferences', { body: { locale: 'en-US' } });
  assert.equal(anonymous.statusCode, 401);
});
