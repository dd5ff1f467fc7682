import assert from 'node:assert/strict';
import { test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { AdminNotice, MyNotice } from '../../../../contracts';
import { auditLog, groupGrants, groupMembers, groups, noticeReads, notices, recycleBin } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession, ownDatabasePerTest } from '../../test/helpers';
import { noticeRecyclable } from './notices.recyclable';
import { sendMessage } from './notices.service';

ownDatabasePerTest('notices to everyone reach every user of the database, and unread counts include them');

interface FieldErrors {
  errorCode: string;
  details?: { field: string; message: string }[];
}

async function setup(t: { after(fn: () => unknown): void }) {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const admin = await adminSession(app);
  const create = async (body: Record<string, unknown>): Promise<AdminNotice> => {
    const res = await call(app, 'POST', '/api/v1/notices', {
      cookie: admin.cookie,
      body: { title: 'Notice', body: '<p>Body</p>', audience: 'everyone', published: true, ...body },
    });
    assert.equal(res.statusCode, 201, res.body);
    return json<{ data: AdminNotice }>(res).data;
  };
  const mine = async (cookie: string, query = ''): Promise<MyNotice[]> => {
    const res = await call(app, 'GET', `/api/v1/notices/mine?pageSize=100${query}`, { cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: MyNotice[] }>(res).data;
  };
  const unread = async (cookie: string): Promise<number> =>
    json<{ data: { count: number } }>(await call(app, 'GET', '/api/v1/notices/unread-count', { cookie })).data.count;
  return { app, db: handle.db, admin, create, mine, unread };
}

test('notices: bodies are sanitised on create and update (script, on* handlers, javascript: links, style removed)', async (t) => {
  const { app, admin, create } = await setup(t);
  const dirty =
    '<p style="color:red" onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)">' +
    '<a href="javascript:alert(3)">bad</a> <a href="https://example.com" onmouseover="x()">good</a></p><iframe src="https://e.com"></iframe>' +
    '<h2>Head</h2><ul><li><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></li></ul><blockquote>q</blockquote>';
  const created = await create({ body: dirty });
  for (const bad of ['<script', 'alert', 'onerror', 'onclick', 'onmouseover', 'javascript:', 'style=', '<iframe', '<img']) {
    assert.ok(!created.body.includes(bad), `${bad} removed: ${created.body}`);
  }
  assert.match(created.body, /<a href="https:\/\/example.com" rel="noopener noreferrer" target="_blank">good<\/a>/);
  assert.match(created.body, /<h2>Head<\/h2><ul><li><strong>b<\/strong> <em>i<\/em> <u>u<\/u> <s>s<\/s> <code>c<\/code><\/li><\/ul><blockquote>q<\/blockquote>/);

  const updated = await call(app, 'PATCH', `/api/v1/notices/${created.id}`, {
    cookie: admin.cookie,
    body: { body: '<p><a href="JaVaScRiPt:alert(1)">x</a><svg onload="alert(1)"></svg>ok</p>' },
  });
  assert.equal(updated.statusCode, 200);
  assert.equal(json<{ data: AdminNotice }>(updated).data.body, '<p><a rel="noopener noreferrer" target="_blank">x</a>ok</p>');
});

test('notices: audiences — everyone, groups (live groups only), an application (membership or group grant), one user', async (t) => {
  const { app, db, admin, create, mine } = await setup(t);
  const member = await userSession(app, admin.cookie, { name: 'Member' });
  const grouped = await userSession(app, admin.cookie, { name: 'Grouped' });
  const granted = await userSession(app, admin.cookie, { name: 'Granted' });
  const outsider = await userSession(app, admin.cookie, { name: 'Outsider' });
  const appRes = await call(app, 'POST', '/api/v1/applications', { cookie: admin.cookie, body: { slug: 'aud', name: 'Audience' } });
  const appId = json<{ data: { id: string } }>(appRes).data.id;
  await call(app, 'POST', '/api/v1/applications/aud/members', { cookie: admin.cookie, body: { email: member.email, role: 'viewer' } });
  const [team] = await db.insert(groups).values({ name: 'Team' }).returning();
  const [gone] = await db.insert(groups).values({ name: 'Gone' }).returning();
  await db.insert(groupMembers).values([
    { groupId: team.id, userId: grouped.user.id },
    { groupId: team.id, userId: granted.user.id },
    { groupId: gone.id, userId: outsider.user.id },
  ]);
  const [grantGroup] = await db.insert(groups).values({ name: 'Grantees' }).returning();
  await db.insert(groupMembers).values({ groupId: grantGroup.id, userId: granted.user.id });
  await db.insert(groupGrants).values({ applicationId: appId, groupId: grantGroup.id, role: 'viewer' });

  const everyone = await create({ title: 'Everyone' });
  const created = await create({ title: 'Groups', audience: 'groups', groupIds: [team.id, gone.id] });
  assert.equal(created.groups.length, 2);
  await db.update(groups).set({ deletedAt: new Date() }).where(eq(groups.id, gone.id));
  const toGroups = json<{ data: AdminNotice }>(await call(app, 'GET', `/api/v1/notices/${created.id}`, { cookie: admin.cookie })).data;
  assert.deepEqual(toGroups.groups, [{ id: team.id, name: 'Team' }], 'a deleted group is not listed');
  const toApp = await create({ title: 'App', audience: 'application', applicationId: appId, groupIds: [team.id] });
  assert.deepEqual(toApp.groupIds, [], 'only the audience\'s own reference is kept');
  assert.equal(toApp.application?.slug, 'aud');
  const message = json<{ data: AdminNotice }>(
    await call(app, 'POST', '/api/v1/notices/messages', { cookie: admin.cookie, body: { recipientId: outsider.user.id, title: 'Personal', body: '<p>hi</p>' } }),
  ).data;
  assert.equal(message.kind, 'message');
  assert.equal(message.recipient?.id, outsider.user.id);

  const titles = async (cookie: string) => (await mine(cookie)).map((n) => n.title).sort();
  assert.deepEqual(await titles(member.cookie), ['App', 'Everyone']);
  assert.deepEqual(await titles(grouped.cookie), ['Everyone', 'Groups']);
  assert.deepEqual(await titles(granted.cookie), ['App', 'Everyone', 'Groups']);
  assert.deepEqual(await titles(outsider.cookie), ['Everyone', 'Personal'], 'a deleted group\'s members do not see its notices');
  assert.deepEqual(await titles(admin.cookie), ['App', 'Everyone'], 'the administrator created aud, so owns it; not in Team');

  // a workspace's notice center: this application's notices plus everyone's (and groups', messages)
  assert.deepEqual((await mine(granted.cookie, '&app=aud')).map((n) => n.title).sort(), ['App', 'Everyone', 'Groups']);
  assert.equal((await call(app, 'GET', '/api/v1/notices/mine?app=aud', { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/notices/mine?app=nope', { cookie: outsider.cookie })).statusCode, 404);

  // sendMessage for other modules, inside their transaction
  await db.transaction((tx) => sendMessage(tx, { recipientId: member.user.id, title: 'System', body: '<p onclick="x">Done</p>' }));
  const system = (await mine(member.cookie)).find((n) => n.title === 'System');
  assert.equal(system?.body, '<p>Done</p>');
  assert.equal(system?.kind, 'message');
  assert.ok(everyone.id);
});

test('notices: drafts, future and expired notices are hidden; status follows the window', async (t) => {
  const { app, admin, create, mine, unread } = await setup(t);
  const user = await userSession(app, admin.cookie);
  const hour = 3_600_000;
  const draft = await create({ title: 'Draft', published: false });
  const future = await create({ title: 'Future', publishFrom: new Date(Date.now() + hour).toISOString() });
  const expired = await create({ title: 'Expired', publishFrom: new Date(Date.now() - 2 * hour).toISOString(), publishUntil: new Date(Date.now() - hour).toISOString() });
  const live = await create({ title: 'Live', publishFrom: new Date(Date.now() - hour).toISOString(), publishUntil: new Date(Date.now() + hour).toISOString() });
  assert.deepEqual([draft.status, future.status, expired.status, live.status], ['draft', 'scheduled', 'expired', 'live']);
  assert.deepEqual((await mine(user.cookie)).map((n) => n.title), ['Live']);
  assert.equal(await unread(user.cookie), 1);
  // a hidden notice cannot be marked read
  assert.equal((await call(app, 'POST', `/api/v1/notices/${draft.id}/read`, { cookie: user.cookie })).statusCode, 404);
  // publishing the draft shows it
  const published = await call(app, 'PATCH', `/api/v1/notices/${draft.id}`, { cookie: admin.cookie, body: { published: true } });
  assert.equal(json<{ data: AdminNotice }>(published).data.status, 'live');
  assert.equal(await unread(user.cookie), 2);
});

test('notices: unread count, mark one read and all read, each a single audit entry', async (t) => {
  const { app, db, admin, create, mine, unread } = await setup(t);
  const user = await userSession(app, admin.cookie);
  const a = await create({ title: 'A' });
  await create({ title: 'B' });
  await create({ title: 'C' });
  assert.equal(await unread(user.cookie), 3);
  const entries = async (action: string) => (await db.select().from(auditLog).where(eq(auditLog.action, action))).length;

  assert.equal((await call(app, 'POST', `/api/v1/notices/${a.id}/read`, { cookie: user.cookie })).statusCode, 200);
  assert.equal(await unread(user.cookie), 2);
  assert.equal(await entries('notice.read'), 1);
  // reading it again changes nothing and writes nothing
  assert.equal((await call(app, 'POST', `/api/v1/notices/${a.id}/read`, { cookie: user.cookie })).statusCode, 200);
  assert.equal(await entries('notice.read'), 1);
  const list = await mine(user.cookie);
  assert.deepEqual(list.map((n) => [n.title, n.read]), [['C', false], ['B', false], ['A', true]]);
  assert.deepEqual((await mine(user.cookie, '&unread=true')).map((n) => n.title), ['C', 'B']);

  const all = await call(app, 'POST', '/api/v1/notices/read-all', { cookie: user.cookie });
  assert.equal(json<{ data: { count: number } }>(all).data.count, 2);
  assert.equal(await unread(user.cookie), 0);
  assert.equal(await entries('notice.read_all'), 1);
  const again = await call(app, 'POST', '/api/v1/notices/read-all', { cookie: user.cookie });
  assert.equal(json<{ data: { count: number } }>(again).data.count, 0);
  assert.equal(await entries('notice.read_all'), 1);

  const adminList = json<{ data: AdminNotice[] }>(await call(app, 'GET', '/api/v1/notices?sort=title:asc', { cookie: admin.cookie })).data;
  assert.deepEqual(adminList.map((n) => [n.title, n.readCount]), [['A', 1], ['B', 1], ['C', 1]]);
});

test('notices: only administrators write; input errors name their field; a stale edit is a 409', async (t) => {
  const { app, admin, create } = await setup(t);
  const viewer = await userSession(app, admin.cookie);
  const body = { title: 'No', audience: 'everyone' };
  assert.equal((await call(app, 'POST', '/api/v1/notices', { body })).statusCode, 401);
  assert.equal((await call(app, 'POST', '/api/v1/notices', { cookie: viewer.cookie, body })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/notices', { cookie: viewer.cookie })).statusCode, 403);
  assert.equal(
    (await call(app, 'POST', '/api/v1/notices/messages', { cookie: viewer.cookie, body: { recipientId: admin.user.id, title: 'x' } })).statusCode,
    403,
  );

  const en = { 'accept-language': 'en-US' };
  const noGroups = await call(app, 'POST', '/api/v1/notices', { cookie: admin.cookie, headers: en, body: { title: 'G', audience: 'groups' } });
  assert.equal(noGroups.statusCode, 400);
  assert.deepEqual(json<FieldErrors>(noGroups).details, [{ field: 'groupIds', message: 'Choose at least one group' }]);
  const unknownGroup = await call(app, 'POST', '/api/v1/notices', {
    cookie: admin.cookie,
    headers: en,
    body: { title: 'G', audience: 'groups', groupIds: ['00000000-0000-4000-8000-000000000000'] },
  });
  assert.deepEqual(json<FieldErrors>(unknownGroup).details, [{ field: 'groupIds', message: 'A chosen group does not exist or was deleted' }]);
  const window = await call(app, 'POST', '/api/v1/notices', {
    cookie: admin.cookie,
    headers: en,
    body: { title: 'W', audience: 'everyone', publishFrom: '2030-01-02T00:00:00Z', publishUntil: '2030-01-01T00:00:00Z' },
  });
  assert.deepEqual(json<FieldErrors>(window).details, [{ field: 'publishUntil', message: 'The end must be after the start' }]);

  const n = await create({ title: 'Edit me' });
  const first = await call(app, 'PATCH', `/api/v1/notices/${n.id}`, { cookie: admin.cookie, body: { title: 'Edited', updatedAt: n.updatedAt } });
  assert.equal(first.statusCode, 200);
  const stale = await call(app, 'PATCH', `/api/v1/notices/${n.id}`, { cookie: admin.cookie, body: { title: 'Lost', updatedAt: n.updatedAt } });
  assert.equal(stale.statusCode, 409);
  // an update is checked as a whole: switching to 'application' without one is a 400
  const partial = await call(app, 'PATCH', `/api/v1/notices/${n.id}`, { cookie: admin.cookie, body: { audience: 'application' } });
  assert.equal(json<FieldErrors>(partial).details?.[0].field, 'applicationId');
});

test('notices: delete moves a notice to the recycle bin; the Recyclable restores it with its reads and purges it', async (t) => {
  const { app, db, admin, create, mine } = await setup(t);
  const user = await userSession(app, admin.cookie);
  const n = await create({ title: 'Binned' });
  await call(app, 'POST', `/api/v1/notices/${n.id}/read`, { cookie: user.cookie });
  assert.equal((await call(app, 'DELETE', `/api/v1/notices/${n.id}`, { cookie: admin.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `/api/v1/notices/${n.id}`, { cookie: admin.cookie })).statusCode, 404);
  assert.equal(json<{ total: number }>(await call(app, 'GET', '/api/v1/notices', { cookie: admin.cookie })).total, 0);
  assert.deepEqual(await mine(user.cookie), []);
  const [bin] = await db.select().from(recycleBin).where(and(eq(recycleBin.type, 'notice'), eq(recycleBin.targetId, n.id)));
  assert.equal(bin.label, 'Binned');
  assert.equal(bin.deletedBy, admin.user.id);
  assert.equal((await call(app, 'DELETE', `/api/v1/notices/${n.id}`, { cookie: admin.cookie })).statusCode, 404);

  await db.transaction((tx) => noticeRecyclable.restore(tx, n.id));
  const back = await mine(user.cookie);
  assert.deepEqual(back.map((x) => [x.title, x.read]), [['Binned', true]], 'restored with its reads');
  await assert.rejects(db.transaction((tx) => noticeRecyclable.restore(tx, n.id)), /NOT_FOUND/);

  await db.transaction((tx) => noticeRecyclable.purge(tx, n.id));
  assert.equal((await db.select().from(notices).where(eq(notices.id, n.id))).length, 0);
  assert.equal((await db.select().from(noticeReads).where(eq(noticeReads.noticeId, n.id))).length, 0);
});
