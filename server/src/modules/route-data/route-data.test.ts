import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ConsoleSummary, WorkspaceSummary } from '../../../../contracts/route-data';
import { eq } from 'drizzle-orm';
import { groups, users } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession, ownDatabasePerTest } from '../../test/helpers';
import { resolveServerRoute } from './route-data.service';

ownDatabasePerTest('the console dashboard counts every user, group and audit entry of the database');

const loader = (url: string, route = '7') => `/__serverLoader?route=${route}&url=${encodeURIComponent(url)}`;

test('route data: the route is resolved from the page URL', () => {
  assert.deepEqual(resolveServerRoute('http://h/admin'), { pattern: '/admin' });
  assert.deepEqual(resolveServerRoute('/admin/'), { pattern: '/admin' });
  assert.deepEqual(resolveServerRoute('http://h/audit-2026?tab=x'), { pattern: '/:app', app: 'audit-2026' });
  assert.equal(resolveServerRoute('http://h/admin/user'), null);
  assert.equal(resolveServerRoute('http://h/login'), null);
  assert.equal(resolveServerRoute('http://h/demo/files'), null);
  assert.equal(resolveServerRoute('http://h/'), null);
});

test('route data: a malformed percent escape or a NUL in the page URL is no page: 404, not a 500', async (t) => {
  assert.equal(resolveServerRoute('/ry%'), null);
  assert.equal(resolveServerRoute('/a%E2%82'), null);
  assert.equal(resolveServerRoute('/a%00b'), null);
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  for (const url of ['/ry%', '/a%00b']) {
    const res = await call(app, 'GET', loader(url), { cookie });
    assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
  }
});

test('route data: the console dashboard for an administrator, 401/403 otherwise', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'acme', name: 'ACME' } });

  const res = await call(app, 'GET', loader('http://h/admin'), { cookie });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['cache-control'], 'no-store');
  const data = json<{ success: true; data: ConsoleSummary }>(res).data;
  assert.equal(data.applications.total, 1);
  assert.equal(data.applications.items[0].slug, 'acme');
  assert.ok(data.users.total >= 1);
  assert.ok(data.sessions.active >= 1);
  assert.ok(['pglite', 'postgres'].includes(data.health.engine));
  assert.equal(data.groups.total, 0);
  assert.equal(data.records.total, 0, 'no subjects yet');
  assert.equal(data.records.estimated, false);
  assert.equal(data.recycle.total, 0);
  assert.ok(data.health.databaseBytes > 1_000_000, `database size ${data.health.databaseBytes}`);
  assert.match(data.health.version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(
    data.recentAudit.map((e) => e.action),
    ['application.create', 'auth.login', 'setup.init'],
    'the newest audit entries, newest first',
  );
  assert.equal(data.recentAudit[0].actorLabel, 'admin@example.com');

  assert.equal((await call(app, 'GET', loader('http://h/admin'))).statusCode, 401);
  const user = await userSession(app, cookie);
  assert.equal((await call(app, 'GET', loader('http://h/admin'), { cookie: user.cookie })).statusCode, 403);
});

test('route data: the dashboard counts live users and groups only and shows the 10 newest entries', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie, user } = await adminSession(app);
  const other = await userSession(app, cookie);
  const [group] = await handle.db.insert(groups).values({ name: 'Auditors' }).returning();
  await handle.db.insert(groups).values({ name: 'Gone', deletedAt: new Date(), deletedBy: user.id });
  await handle.db.update(users).set({ deletedAt: new Date(), deletedBy: user.id }).where(eq(users.id, other.user.id));
  for (let i = 0; i < 12; i += 1) await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: `app-${i}`, name: `App ${i}` } });
  const data = json<{ data: ConsoleSummary }>(await call(app, 'GET', loader('/admin'), { cookie })).data;
  assert.equal(data.users.total, 1, 'the deleted user does not count');
  assert.equal(data.groups.total, 1, `only ${group.name}`);
  assert.equal(data.applications.total, 12);
  assert.equal(data.recentAudit.length, 10);
  assert.ok(data.recentAudit.every((e, i, all) => i === 0 || all[i - 1].seq > e.seq));
});

test('route data: a workspace home for its members; 403 for others, 404 unknown or without data', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'acme', name: 'ACME' } });

  const res = await call(app, 'GET', loader('http://h/acme'), { cookie });
  assert.equal(res.statusCode, 200);
  assert.equal(json<{ data: WorkspaceSummary }>(res).data.application.name, 'ACME');

  const outsider = await userSession(app, cookie);
  assert.equal((await call(app, 'GET', loader('http://h/acme'), { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', loader('http://h/nope'), { cookie })).statusCode, 404);
  const noData = await call(app, 'GET', loader('http://h/admin/user'), { cookie, headers: { 'accept-language': 'en-US' } });
  assert.equal(noData.statusCode, 404);
  assert.equal(json<{ errorMessage: string }>(noData).errorMessage, 'This page has no server-side data');
  assert.equal((await call(app, 'GET', '/__serverLoader?route=1', { cookie })).statusCode, 400);
});
