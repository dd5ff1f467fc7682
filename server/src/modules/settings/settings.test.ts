import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { CurrentUser, PublicSettings, SettingsView } from '../../../../contracts';
import { auditLog, sessions, users } from '../../db/schema';
import { adminSession, call, createTestApp, DEFAULT_PASSWORD, json, login, me, userSession, ownDatabasePerTest } from '../../test/helpers';

ownDatabasePerTest('system settings (password policy, site name) are one row for the whole database');

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

const patch = (app: Parameters<typeof call>[0], cookie: string, body: object, lang = 'en-US') =>
  call(app, 'PATCH', '/api/v1/settings', { cookie, body, headers: { 'accept-language': lang } });

test('settings: defaults, validation naming the field, one audit entry per change with the changed keys only, 409 on a stale version', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);

  const first = json<{ data: SettingsView }>(await call(app, 'GET', '/api/v1/settings', { cookie })).data;
  assert.equal(first.siteName, 'Assay');
  assert.equal(first.passwordMinLength, 10);
  assert.equal(first.sessionIdleMinutes, 480);
  assert.equal(first.version, '0');

  for (const [body, field] of [
    [{ passwordMinLength: 7 }, 'passwordMinLength'],
    [{ passwordClasses: 5 }, 'passwordClasses'],
    [{ sessionIdleMinutes: 1.5 }, 'sessionIdleMinutes'],
    [{ siteName: '   ' }, 'siteName'],
    [{ defaultLocale: 'fr-FR' }, 'defaultLocale'],
    [{ logo: 'https://evil.example.com/x.png' }, 'logo'],
    [{ logo: `data:image/png;base64,${'A'.repeat(400_000)}` }, 'logo'],
    [{ sessionIdleMinutes: 3000, sessionAbsoluteDays: 1 }, 'sessionIdleMinutes'],
  ] as const) {
    const res = await patch(app, cookie, body);
    assert.equal(res.statusCode, 400, JSON.stringify(body));
    assert.ok(json<ErrorBody>(res).details?.some((d) => d.field === field), `${JSON.stringify(body)} → ${res.body}`);
  }
  assert.equal((await app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).length, 0);

  const logo = `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`;
  const saved = await patch(app, cookie, { siteName: 'Audit Hub', passwordMinLength: 12, logo, version: first.version });
  assert.equal(saved.statusCode, 200, saved.body);
  const view = json<{ data: SettingsView }>(saved).data;
  assert.equal(view.siteName, 'Audit Hub');
  assert.notEqual(view.version, '0');
  const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
  assert.equal(entries.length, 1);
  assert.deepEqual(Object.keys(entries[0].before as object).sort(), ['logo', 'passwordMinLength', 'siteName']);
  assert.deepEqual((entries[0].after as Record<string, unknown>).siteName, 'Audit Hub');
  assert.match(String((entries[0].after as Record<string, unknown>).logo), /^image\/png;base64 \(16 bytes, sha256 [0-9a-f]{16}\)$/);

  // the same values again: nothing changes, nothing is written
  assert.equal((await patch(app, cookie, { siteName: 'Audit Hub' })).statusCode, 200);
  assert.equal((await app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).length, 1);

  const stale = await patch(app, cookie, { siteName: 'Other', version: first.version });
  assert.equal(stale.statusCode, 409);
  assert.equal(json<ErrorBody>(stale).errorCode, 'CONFLICT');

  const pub = await call(app, 'GET', '/api/v1/settings/public');
  assert.equal(pub.statusCode, 200);
  assert.deepEqual(json<{ data: PublicSettings }>(pub).data, {
    siteName: 'Audit Hub',
    logo,
    defaultLocale: 'zh-CN',
    passwordPolicy: { minLength: 12, requiredClasses: 2, expiryDays: 0 },
    uploadMaxMb: 50,
  });
});

test('settings: the password policy applies to a password change at once (400 naming newPassword)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  assert.equal((await patch(app, adminCookie, { passwordMinLength: 16, passwordClasses: 3 })).statusCode, 200);

  const change = (newPassword: string) =>
    call(app, 'POST', '/api/v1/auth/me/password', {
      cookie: user.cookie,
      body: { currentPassword: DEFAULT_PASSWORD, newPassword },
      headers: { 'accept-language': 'en-US' },
    });
  const short = await change('Short-pass-1');
  assert.equal(short.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(short).details, [{ field: 'newPassword', message: 'Password must be at least 16 characters (password policy)' }]);
  const twoClasses = await change('onlylowercaseand1234');
  assert.equal(twoClasses.statusCode, 400);
  assert.match(json<ErrorBody>(twoClasses).details?.[0].message ?? '', /at least 3 of/);
  const good = await change('Long-enough-pass-2026');
  assert.equal(good.statusCode, 200, good.body);
  assert.ok(await login(app, user.email, 'Long-enough-pass-2026'));

  // a weaker policy lets a shorter password through (down to the floor of 8)
  assert.equal((await patch(app, adminCookie, { passwordMinLength: 8, passwordClasses: 1 })).statusCode, 200);
  const cookie = await login(app, user.email, 'Long-enough-pass-2026');
  const weak = await call(app, 'POST', '/api/v1/auth/me/password', { cookie, body: { currentPassword: 'Long-enough-pass-2026', newPassword: 'abcdefgh' } });
  assert.equal(weak.statusCode, 200, weak.body);
});

test('settings: password expiry makes /auth/me report passwordExpired until the password changes', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  assert.equal((await me(app, user.cookie))?.passwordExpired, undefined);
  assert.equal((await patch(app, adminCookie, { passwordExpiryDays: 30 })).statusCode, 200);
  await app.db.update(users).set({ passwordChangedAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(users.id, user.user.id));
  assert.equal((await me(app, user.cookie))?.passwordExpired, true);
  const changed = await call(app, 'POST', '/api/v1/auth/me/password', {
    cookie: user.cookie,
    body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Fresh-password-31' },
  });
  assert.equal(changed.statusCode, 200);
  assert.equal(json<{ data: { user: CurrentUser } }>(changed).data.user.passwordExpired, false);
  const fresh = await login(app, user.email, 'Fresh-password-31');
  assert.equal((await me(app, fresh))?.passwordExpired, undefined);
});

test('settings: a shorter session timeout applies at once to existing sessions (idle and absolute)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  const other = await userSession(app, adminCookie);
  // idle for 20 minutes: fine under the default 8 hours
  await app.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 20 * 60_000) }).where(eq(sessions.userId, user.user.id));
  assert.ok(await me(app, user.cookie));
  await app.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 20 * 60_000) }).where(eq(sessions.userId, user.user.id));
  assert.equal((await patch(app, adminCookie, { sessionIdleMinutes: 15 })).statusCode, 200);
  assert.equal(await me(app, user.cookie), null, 'idle past the new timeout: refused');

  // signed in two days ago: fine under 7 days, refused under 1
  await app.db.update(sessions).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(sessions.userId, other.user.id));
  assert.ok(await me(app, other.cookie));
  assert.equal((await patch(app, adminCookie, { sessionAbsoluteDays: 1 })).statusCode, 200);
  assert.equal(await me(app, other.cookie), null);

  // a new sign-in's cookie lives as long as the setting says
  const res = await call(app, 'POST', '/api/v1/auth/login', { body: { email: other.email, password: DEFAULT_PASSWORD } });
  assert.equal(res.cookies.find((c) => c.name === 'assay_session')?.maxAge, 86_400);
});

test('settings: the login back-off starts after the configured number of failures', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  assert.equal((await patch(app, adminCookie, { loginFreeFailures: 2 })).statusCode, 200);
  const attempt = () => call(app, 'POST', '/api/v1/auth/login', { body: { email: user.email, password: 'Wrong-password-1' } });
  assert.equal((await attempt()).statusCode, 401);
  assert.equal((await attempt()).statusCode, 401);
  const third = await attempt();
  assert.equal(third.statusCode, 429, 'the third attempt must wait (default would allow five)');
  assert.equal(third.headers['retry-after'], '1');
});

test('settings: only administrators read or change them; anyone reads the public part', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  assert.equal((await call(app, 'GET', '/api/v1/settings')).statusCode, 401);
  assert.equal((await call(app, 'GET', '/api/v1/settings', { cookie: user.cookie })).statusCode, 403);
  assert.equal((await patch(app, user.cookie, { siteName: 'Mine' })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/settings/public')).statusCode, 200);
});

test('settings: the outbound allow-list and the SMTP settings are validated (400 naming the field) and saved', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const first = json<{ data: SettingsView }>(await call(app, 'GET', '/api/v1/settings', { cookie })).data;
  assert.deepEqual(first.outboundAllowedHosts, []);
  assert.equal(first.smtpHost, '');
  assert.equal(first.smtpPort, 587);
  assert.equal(first.smtpSecure, false);

  for (const [body, field] of [
    [{ outboundAllowedHosts: ['not a host!'] }, 'outboundAllowedHosts'],
    [{ outboundAllowedHosts: ['10.0.0.0/33'] }, 'outboundAllowedHosts'],
    [{ outboundAllowedHosts: ['0177.0.0.1'] }, 'outboundAllowedHosts'],
    [{ outboundAllowedHosts: ['fd00::/200'] }, 'outboundAllowedHosts'],
    [{ outboundAllowedHosts: Array.from({ length: 101 }, (_, i) => `h${i}.example`) }, 'outboundAllowedHosts'],
    [{ smtpPort: 0 }, 'smtpPort'],
    [{ smtpPort: 70_000 }, 'smtpPort'],
    [{ smtpSecure: 'yes' }, 'smtpSecure'],
    [{ smtpHost: 'smtp example' }, 'smtpHost'],
    [{ smtpFrom: 'not-an-address' }, 'smtpFrom'],
    [{ smtpPasswordVariable: '1bad key' }, 'smtpPasswordVariable'],
    [{ smtpHost: 'smtp.example.com' }, 'smtpFrom'],
    [{ auditAnchorWebhookUrl: 'javascript:alert(1)' }, 'auditAnchorWebhookUrl'],
    [{ auditAnchorSecretVariable: 'a b' }, 'auditAnchorSecretVariable'],
  ] as const) {
    const res = await patch(app, cookie, body);
    assert.equal(res.statusCode, 400, JSON.stringify(body));
    assert.ok(json<ErrorBody>(res).details?.some((d) => d.field === field), `${JSON.stringify(body)} → ${res.body}`);
  }

  const values = {
    outboundAllowedHosts: ['Hooks.Internal', '.corp.example', '10.20.0.0/16', '127.0.0.1', 'fd00::/8'],
    smtpHost: 'smtp.example.com',
    smtpPort: 465,
    smtpSecure: true,
    smtpUser: 'assay',
    smtpPasswordVariable: 'smtp.password',
    smtpFrom: 'Assay@Example.com',
  };
  const saved = await patch(app, cookie, values);
  assert.equal(saved.statusCode, 200, saved.body);
  const view = json<{ data: SettingsView }>(saved).data;
  assert.deepEqual(view.outboundAllowedHosts, ['hooks.internal', '.corp.example', '10.20.0.0/16', '127.0.0.1', 'fd00::/8']);
  assert.equal(view.smtpFrom, 'assay@example.com');
  assert.equal(view.smtpPort, 465);
  assert.equal(view.smtpSecure, true);
  const entries = await app.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
  assert.equal(entries.length, 1);
  assert.deepEqual(Object.keys(entries[0].after as object).sort(), Object.keys(values).sort());
});
