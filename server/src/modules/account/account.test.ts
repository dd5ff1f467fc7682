import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ApiToken, ApiTokenCreated, AuditEntry, CurrentUser, Profile } from '../../../../contracts';
import { apiTokens, auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, DEFAULT_PASSWORD, json, login, me, userSession } from '../../test/helpers';

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

test('account: the profile is read and changed; bad input is a 400 naming the field; one audit entry', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie, { name: 'Pat' });

  const got = await call(app, 'GET', '/api/v1/auth/me/profile', { cookie: user.cookie });
  assert.equal(got.statusCode, 200);
  const profile = json<{ data: Profile }>(got).data;
  assert.equal(profile.email, user.email);
  assert.equal(profile.title, null);
  assert.equal(profile.passwordExpiresAt, null);

  const bad = await call(app, 'PATCH', '/api/v1/auth/me/profile', {
    cookie: user.cookie,
    body: { phone: 'call me maybe', name: '' },
    headers: { 'accept-language': 'en-US' },
  });
  assert.equal(bad.statusCode, 400);
  const fields = json<ErrorBody>(bad).details?.map((d) => d.field).sort();
  assert.deepEqual(fields, ['name', 'phone']);
  const email = await call(app, 'PATCH', '/api/v1/auth/me/profile', { cookie: user.cookie, body: { email: 'x@example.com' } });
  assert.equal(email.statusCode, 400, 'the e-mail is read-only');

  const changed = await call(app, 'PATCH', '/api/v1/auth/me/profile', {
    cookie: user.cookie,
    body: { name: 'Pat Lee', title: 'Senior auditor', phone: '+86 10 1234-5678' },
  });
  assert.equal(changed.statusCode, 200);
  assert.deepEqual(
    (({ name, title, phone }) => ({ name, title, phone }))(json<{ data: Profile }>(changed).data),
    { name: 'Pat Lee', title: 'Senior auditor', phone: '+86 10 1234-5678' },
  );
  assert.equal((await me(app, user.cookie))?.name, 'Pat Lee');
  const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'user.profile'));
  assert.equal(entries.length, 1);
  assert.deepEqual(entries[0].before, { name: 'Pat', title: null, phone: null });

  const cleared = await call(app, 'PATCH', '/api/v1/auth/me/profile', { cookie: user.cookie, body: { title: '' } });
  assert.equal(json<{ data: Profile }>(cleared).data.title, null);
  const same = await call(app, 'PATCH', '/api/v1/auth/me/profile', { cookie: user.cookie, body: { name: 'Pat Lee' } });
  assert.equal(same.statusCode, 200);
  assert.equal((await app.db.select().from(auditLog).where(eq(auditLog.action, 'user.profile'))).length, 2, 'no change, no entry');
});

test('account: an API token works as Bearer on GET /auth/me and on a mutation without the CSRF header; shown once, hashed', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);

  const created = await call(app, 'POST', '/api/v1/auth/me/tokens', { cookie: user.cookie, body: { name: 'CI', scope: 'read-write' } });
  assert.equal(created.statusCode, 201);
  const { item, token } = json<{ data: ApiTokenCreated }>(created).data;
  assert.match(token, /^assay_[A-Za-z0-9_-]{43}$/);
  assert.equal(item.prefix, token.slice(0, 12));
  assert.equal(item.status, 'active');
  assert.equal(item.lastUsedAt, null);
  const [row] = await app.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
  assert.notEqual(row.tokenHash, token);
  assert.equal(row.tokenHash.length, 64);
  const listed = await call(app, 'GET', '/api/v1/auth/me/tokens', { cookie: user.cookie });
  assert.ok(!listed.body.includes(token), 'the list never shows the token');
  const audit = await app.db.select().from(auditLog).where(eq(auditLog.action, 'token.create'));
  assert.equal(audit.length, 1);
  assert.ok(!JSON.stringify(audit[0]).includes(token), 'the audit log never holds the token');

  const bearer = { authorization: `Bearer ${token}` };
  const who = await call(app, 'GET', '/api/v1/auth/me', { headers: bearer });
  assert.equal(json<{ data: CurrentUser }>(who).data.email, user.email);
  const [used] = await app.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
  assert.ok(used.lastUsedAt, 'last_used_at is set');

  const mutation = await call(app, 'PATCH', '/api/v1/auth/me/profile', { headers: bearer, body: { title: 'Robot' }, noCsrf: true });
  assert.equal(mutation.statusCode, 200, 'Bearer-only requests need no CSRF header');
  const withCookie = await call(app, 'PATCH', '/api/v1/auth/me/profile', {
    headers: { ...bearer, cookie: user.cookie },
    body: { title: 'Robot 2' },
    noCsrf: true,
  });
  assert.equal(withCookie.statusCode, 403, 'a session cookie brings the CSRF check back');
  const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'user.profile'));
  const mine = entries.filter((e) => e.targetId === user.user.id);
  assert.equal(mine.length, 1, 'one profile entry for this user (the refused request wrote none)');
  assert.equal(mine[0].actorId, user.user.id);

  // a token cannot mint tokens nor change the password
  assert.equal((await call(app, 'POST', '/api/v1/auth/me/tokens', { headers: bearer, body: { name: 'more' } })).statusCode, 403);
  const pw = await call(app, 'POST', '/api/v1/auth/me/password', {
    headers: bearer,
    body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another-pass-77' },
  });
  assert.equal(pw.statusCode, 403);
  // an unknown token is anonymous, also when a valid cookie is sent with it
  assert.equal((await call(app, 'GET', '/api/v1/auth/me/profile', { headers: { authorization: 'Bearer assay_nope' } })).statusCode, 401);
  assert.equal(
    (await call(app, 'GET', '/api/v1/auth/me/profile', { headers: { authorization: 'Bearer assay_nope', cookie: user.cookie } })).statusCode,
    401,
  );
});

test('account: revoked and expired tokens are refused (401); a disabled user\'s tokens stop working', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  const make = async (body: object) => {
    const res = await call(app, 'POST', '/api/v1/auth/me/tokens', { cookie: user.cookie, body });
    assert.equal(res.statusCode, 201, res.body);
    return json<{ data: ApiTokenCreated }>(res).data;
  };
  const profileWith = (token: string) => call(app, 'GET', '/api/v1/auth/me/profile', { headers: { authorization: `Bearer ${token}` } });

  const a = await make({ name: 'a' });
  assert.equal((await profileWith(a.token)).statusCode, 200);
  const revoked = await call(app, 'DELETE', `/api/v1/auth/me/tokens/${a.item.id}`, { cookie: user.cookie });
  assert.equal(revoked.statusCode, 200);
  assert.equal(json<{ data: ApiToken }>(revoked).data.status, 'revoked');
  assert.equal((await profileWith(a.token)).statusCode, 401);
  assert.equal((await call(app, 'DELETE', `/api/v1/auth/me/tokens/${a.item.id}`, { cookie: user.cookie })).statusCode, 404, 'already revoked');

  const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
  const b = await make({ name: 'b', expiresAt: soon });
  assert.equal((await profileWith(b.token)).statusCode, 200);
  await app.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, b.item.id));
  assert.equal((await profileWith(b.token)).statusCode, 401);
  const list = json<{ data: ApiToken[]; total: number }>(await call(app, 'GET', '/api/v1/auth/me/tokens', { cookie: user.cookie }));
  assert.equal(list.total, 2);
  assert.deepEqual(list.data.map((x) => x.status).sort(), ['expired', 'revoked']);

  const past = await call(app, 'POST', '/api/v1/auth/me/tokens', { cookie: user.cookie, body: { name: 'c', expiresAt: new Date(Date.now() - 1000).toISOString() } });
  assert.equal(past.statusCode, 400);
  assert.equal(json<ErrorBody>(past).details?.[0].field, 'expiresAt');

  // someone else's token cannot be revoked
  const other = await userSession(app, adminCookie);
  const c = await make({ name: 'c' });
  assert.equal((await call(app, 'DELETE', `/api/v1/auth/me/tokens/${c.item.id}`, { cookie: other.cookie })).statusCode, 404);

  const disabled = await call(app, 'PATCH', `/api/v1/users/${user.user.id}`, { cookie: adminCookie, body: { disabled: true } });
  assert.equal(disabled.statusCode, 200);
  assert.equal((await profileWith(c.token)).statusCode, 401);
});

test('account: my activity lists my own audit entries, paged, newest first', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  await login(app, user.email);
  await call(app, 'PATCH', '/api/v1/auth/me/profile', { cookie: user.cookie, body: { title: 'One' } });
  await call(app, 'PATCH', '/api/v1/auth/me/profile', { cookie: user.cookie, body: { title: 'Two' } });
  const res = await call(app, 'GET', '/api/v1/auth/me/activity?current=1&pageSize=2', { cookie: user.cookie });
  assert.equal(res.statusCode, 200);
  const body = json<{ data: AuditEntry[]; total: number; pageSize: number }>(res);
  assert.equal(body.total, 4, 'two sign-ins and two profile changes');
  assert.equal(body.data.length, 2);
  assert.deepEqual(body.data.map((e) => e.action), ['user.profile', 'user.profile']);
  assert.ok(body.data[0].seq > body.data[1].seq);
  assert.ok(body.data.every((e) => e.actorId === user.user.id));
});
