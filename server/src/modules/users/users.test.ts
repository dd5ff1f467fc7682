import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { User } from '../../../../contracts';
import { auditLog, groupMembers, recycleBin, users } from '../../db/schema';
import { adminSession, call, createTestApp, createUser, DEFAULT_PASSWORD, json, login, userSession, ownDatabasePerTest } from '../../test/helpers';
import { MISSING_ID } from '../../test/route-specs';
import { recyclableOf } from '../../core/recycle.registry';

ownDatabasePerTest('user lists, counts and the last-administrator rule span the whole database');

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}

test('users: 401 for anonymous and 403 for a non-admin on GET and POST /users', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);

  assert.equal((await call(app, 'GET', '/api/v1/users')).statusCode, 401);
  const forbidden = await call(app, 'GET', '/api/v1/users', { cookie: user.cookie });
  assert.equal(forbidden.statusCode, 403);
  assert.equal(json<ErrorBody>(forbidden).errorCode, 'FORBIDDEN');
  assert.equal(json<ErrorBody>(forbidden).errorMessage, '没有权限执行此操作');
  const post = await call(app, 'POST', '/api/v1/users', {
    cookie: user.cookie,
    body: { name: 'X', email: 'x@example.com', password: 'Long-enough-1' },
  });
  assert.equal(post.statusCode, 403);
});

test('users: an administrator creates and lists accounts; duplicates are a 409', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);

  const created = await call(app, 'POST', '/api/v1/users', {
    cookie,
    body: { name: 'Zoe Auditor', email: 'Zoe@Example.com', password: 'Long-enough-1' },
  });
  assert.equal(created.statusCode, 201);
  const user = json<{ data: User }>(created).data;
  assert.equal(user.email, 'zoe@example.com');
  assert.equal(user.isAdmin, false);
  assert.equal(user.locale, 'zh-CN');
  assert.ok(!('passwordHash' in user));
  assert.ok(await login(app, 'zoe@example.com', 'Long-enough-1'));

  const duplicate = await call(app, 'POST', '/api/v1/users', {
    cookie,
    body: { name: 'Other', email: 'zoe@example.com', password: 'Long-enough-1' },
    headers: { 'accept-language': 'en-US' },
  });
  assert.equal(duplicate.statusCode, 409);
  assert.equal(json<ErrorBody>(duplicate).errorCode, 'EMAIL_TAKEN');
  assert.deepEqual(json<ErrorBody>(duplicate).details, [
    { field: 'email', message: 'This e-mail address is already in use' },
  ]);

  // below the floor (8): refused by the schema; above it but below the default policy (10): by the policy
  const invalid = await call(app, 'POST', '/api/v1/users', { cookie, body: { name: 'Y', email: 'y@example.com', password: 'short1' } });
  assert.equal(invalid.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(invalid).details, [{ field: 'password', message: '密码至少 8 个字符' }]);
  const weak = await call(app, 'POST', '/api/v1/users', { cookie, body: { name: 'Y', email: 'y@example.com', password: 'short1234' } });
  assert.equal(weak.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(weak).details, [{ field: 'password', message: '密码至少 10 个字符（密码策略）' }]);

  const list = json<{ data: User[]; total: number; current: number; pageSize: number }>(
    await call(app, 'GET', '/api/v1/users', { cookie }),
  );
  assert.equal(list.total, 2);
  assert.equal(list.current, 1);
  assert.equal(list.pageSize, 20);
  assert.deepEqual(list.data.map((u) => u.email), ['admin@example.com', 'zoe@example.com']);

  const search = json<{ data: User[]; total: number }>(await call(app, 'GET', '/api/v1/users?q=zoe', { cookie }));
  assert.equal(search.total, 1);
  assert.equal(search.data[0].name, 'Zoe Auditor');
  // LIKE wildcards in q are literal
  const wildcard = json<{ total: number }>(await call(app, 'GET', '/api/v1/users?q=%25', { cookie }));
  assert.equal(wildcard.total, 0);
});

interface PageBody<T> {
  data: T[];
  total: number;
  current: number;
  pageSize: number;
}
interface Managed {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  disabled: boolean;
  title: string | null;
  phone: string | null;
  passwordChangedAt: string;
}

test('users: list pages, sorts, searches and filters on the server', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie, user: admin } = await adminSession(app);
  const names = ['Carol', 'Alice', 'Bob', 'Dave', 'Erin'];
  const created: Record<string, string> = {};
  for (const name of names) {
    created[name] = (await createUser(app, cookie, { name, email: `${name.toLowerCase()}@corp.example` })).user.id;
  }
  await call(app, 'PATCH', `/api/v1/users/${created.Dave}`, { cookie, body: { disabled: true } });
  await call(app, 'PATCH', `/api/v1/users/${created.Erin}`, { cookie, body: { isAdmin: true } });
  const list = async (qs: string) => json<PageBody<Managed>>(await call(app, 'GET', `/api/v1/users?${qs}`, { cookie }));

  const first = await list('pageSize=2&current=1');
  assert.equal(first.total, 6);
  assert.deepEqual(first.data.map((u) => u.name), ['Admin', 'Alice']);
  const third = await list('pageSize=2&current=3');
  assert.deepEqual(third.data.map((u) => u.name), ['Dave', 'Erin']);
  assert.deepEqual((await list('sort=email:desc&pageSize=3')).data.map((u) => u.email), [
    'erin@corp.example',
    'dave@corp.example',
    'carol@corp.example',
  ]);
  const byCreated = await list('sort=createdAt:desc&pageSize=1');
  assert.equal(byCreated.data[0].name, 'Erin');
  assert.deepEqual((await list('disabled=true')).data.map((u) => u.name), ['Dave']);
  assert.deepEqual((await list('isAdmin=true')).data.map((u) => u.id).sort(), [admin.id, created.Erin].sort());
  assert.deepEqual((await list('q=CORP&isAdmin=false&disabled=false')).data.map((u) => u.name), ['Alice', 'Bob', 'Carol']);

  const group = json<{ data: { id: string } }>(await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: 'Team' } })).data.id;
  await call(app, 'POST', `/api/v1/groups/${group}/members`, { cookie, body: { userId: created.Bob } });
  assert.deepEqual((await list(`groupId=${group}`)).data.map((u) => u.name), ['Bob']);

  const bad = await call(app, 'GET', '/api/v1/users?sort=password:asc', { cookie, headers: { 'accept-language': 'en-US' } });
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(bad).details, [{ field: 'sort', message: 'Not a valid sort' }]);
});

test('users: edits name, e-mail, title, phone and role; validation and conflicts name the field', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const a = await createUser(app, cookie, { email: 'a@example.com' });
  await createUser(app, cookie, { email: 'b@example.com' });

  const edited = await call(app, 'PATCH', `/api/v1/users/${a.user.id}`, {
    cookie,
    body: { name: 'Ann', email: 'Ann@Example.com', title: 'Senior auditor', phone: '+86 10 1234' },
  });
  assert.equal(edited.statusCode, 200);
  const data = json<{ data: Managed }>(edited).data;
  assert.deepEqual([data.name, data.email, data.title, data.phone], ['Ann', 'ann@example.com', 'Senior auditor', '+86 10 1234']);
  const cleared = json<{ data: Managed }>(await call(app, 'PATCH', `/api/v1/users/${a.user.id}`, { cookie, body: { title: '' } })).data;
  assert.equal(cleared.title, null);

  const invalid = await call(app, 'PATCH', `/api/v1/users/${a.user.id}`, { cookie, body: { email: 'nope', name: '' } });
  assert.equal(invalid.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(invalid).details?.map((d) => d.field).sort(), ['email', 'name']);
  const taken = await call(app, 'PATCH', `/api/v1/users/${a.user.id}`, { cookie, body: { email: 'b@example.com' } });
  assert.equal(taken.statusCode, 409);
  assert.deepEqual(json<ErrorBody>(taken).details?.map((d) => d.field), ['email']);
  const empty = await call(app, 'PATCH', `/api/v1/users/${a.user.id}`, { cookie, body: {} });
  assert.equal(empty.statusCode, 400);
  const unknownField = await call(app, 'PATCH', `/api/v1/users/${a.user.id}`, { cookie, body: { passwordHash: 'x' } });
  assert.equal(unknownField.statusCode, 400);
  assert.ok(await login(app, 'ann@example.com'), 'the new e-mail signs in');
});

test('users: an administrator cannot demote, disable or delete themself, nor the last enabled administrator', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie, user: admin } = await adminSession(app);
  const en = { 'accept-language': 'en-US' };
  const demote = await call(app, 'PATCH', `/api/v1/users/${admin.id}`, { cookie, body: { isAdmin: false }, headers: en });
  assert.equal(demote.statusCode, 409);
  assert.equal(json<ErrorBody>(demote).errorMessage, 'You cannot remove your own administrator role');
  const del = await call(app, 'DELETE', `/api/v1/users/${admin.id}`, { cookie, headers: en });
  assert.equal(del.statusCode, 409);
  assert.equal(json<ErrorBody>(del).errorMessage, 'You cannot delete your own account');

  // two administrators deleting each other at once: one wins, the other is refused (409 last admin,
  // or 401 because the winner's delete ended the loser's session first); one enabled admin remains
  const second = await createUser(app, cookie, { isAdmin: true });
  const secondCookie = await login(app, second.email);
  const [x, y] = await Promise.all([
    call(app, 'DELETE', `/api/v1/users/${second.user.id}`, { cookie }),
    call(app, 'DELETE', `/api/v1/users/${admin.id}`, { cookie: secondCookie }),
  ]);
  assert.deepEqual([x.statusCode, y.statusCode].filter((s) => s === 200).length, 1, `${x.statusCode} ${y.statusCode}`);
  const live = (await handle.db.select().from(users)).filter((u) => u.isAdmin && !u.disabled && !u.deletedAt);
  assert.equal(live.length, 1);
});

test('users: reset password returns a new one once; the old fails, the new works, sessions end', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const u = await createUser(app, cookie);
  const userCookie = await login(app, u.email);
  const before = (await handle.db.select().from(users).where(eq(users.id, u.user.id)))[0];
  const res = await call(app, 'POST', `/api/v1/users/${u.user.id}/password-reset`, { cookie });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['cache-control'], 'no-store');
  const body = json<{ data: { password: string; sessionsRevoked: number; user: Managed } }>(res).data;
  assert.equal(body.password.length, 20);
  assert.match(body.password, /[A-Z]/);
  assert.match(body.password, /[a-z]/);
  assert.match(body.password, /[0-9]/);
  assert.equal(body.sessionsRevoked, 1);
  assert.ok(new Date(body.user.passwordChangedAt) > before.passwordChangedAt);
  assert.equal((await call(app, 'GET', '/api/v1/applications', { cookie: userCookie })).statusCode, 401, 'the old session ended');
  await assert.rejects(login(app, u.email, u.password), /login failed: 401/);
  assert.ok(await login(app, u.email, body.password));
  const entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'user.password_reset'));
  assert.equal(entries.length, 1);
  assert.ok(!JSON.stringify(entries[0]).includes(body.password), 'the audit log never holds the password');
  assert.equal((await call(app, 'POST', `/api/v1/users/${MISSING_ID}/password-reset`, { cookie })).statusCode, 404);
});

test('users: delete goes to the recycle bin; the user cannot sign in and vanishes; restore brings memberships back; purge removes', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const u = await createUser(app, cookie, { email: 'gone@example.com' });
  const userCookie = await login(app, u.email);
  await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'bin-app', name: 'Bin' } });
  await call(app, 'POST', '/api/v1/applications/bin-app/members', { cookie, body: { email: u.email, role: 'editor' } });
  const group = json<{ data: { id: string } }>(await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: 'Bin team' } })).data.id;
  await call(app, 'POST', `/api/v1/groups/${group}/members`, { cookie, body: { userId: u.user.id } });

  const del = await call(app, 'DELETE', `/api/v1/users/${u.user.id}`, { cookie });
  assert.equal(del.statusCode, 200);
  const binRows = await handle.db.select().from(recycleBin);
  assert.deepEqual(binRows.map((r) => [r.type, r.targetId, r.label]), [['user', u.user.id, 'gone@example.com']]);
  assert.equal((await call(app, 'GET', '/api/v1/auth/me', { cookie: userCookie })).json().data, null, 'sessions revoked');
  await assert.rejects(login(app, u.email), /login failed: 401/);
  const listed = json<PageBody<Managed>>(await call(app, 'GET', '/api/v1/users?q=gone', { cookie }));
  assert.equal(listed.total, 0);
  assert.equal((await call(app, 'GET', `/api/v1/users/${u.user.id}`, { cookie })).statusCode, 404);
  const detail = json<{ data: { members: { email: string }[] } }>(await call(app, 'GET', '/api/v1/applications/bin-app', { cookie })).data;
  assert.ok(!detail.members.some((m) => m.email === u.email), 'hidden from the application members');
  const add = await call(app, 'POST', '/api/v1/applications/bin-app/members', { cookie, body: { email: u.email, role: 'viewer' } });
  assert.equal(add.statusCode, 404, 'member look-up by e-mail skips deleted users');
  const members = json<PageBody<{ userId: string }>>(await call(app, 'GET', `/api/v1/groups/${group}/members`, { cookie }));
  assert.equal(members.total, 0);
  assert.equal((await call(app, 'POST', '/api/v1/users', { cookie, body: { name: 'X', email: u.email, password: DEFAULT_PASSWORD } })).statusCode, 409);

  const bin = recyclableOf('user');
  assert.ok(bin);
  await handle.db.transaction((tx) => bin.restore(tx, u.user.id));
  assert.ok(await login(app, u.email), 'restored user signs in');
  const back = json<{ data: { groups: { id: string }[]; memberships: { slug: string; role: string; direct: string }[] } }>(
    await call(app, 'GET', `/api/v1/users/${u.user.id}`, { cookie }),
  ).data;
  assert.deepEqual(back.groups.map((g) => g.id), [group]);
  assert.deepEqual(back.memberships.map((m) => [m.slug, m.role, m.direct]), [['bin-app', 'editor', 'editor']]);
  await assert.rejects(
    handle.db.transaction((tx) => bin.restore(tx, u.user.id)),
    (e: Error) => e.message.includes('errors.userNotDeleted'),
  );

  // purge: a user who created an application cannot be purged; one who did not can
  await call(app, 'DELETE', `/api/v1/users/${u.user.id}`, { cookie });
  await handle.db.transaction((tx) => bin.purge(tx, u.user.id));
  assert.equal((await handle.db.select().from(users).where(eq(users.id, u.user.id))).length, 0);
  assert.equal((await handle.db.select().from(groupMembers).where(eq(groupMembers.userId, u.user.id))).length, 0, 'group memberships cascade');
  const creator = await createUser(app, cookie, { isAdmin: true });
  await call(app, 'POST', '/api/v1/applications', { cookie: await login(app, creator.email), body: { slug: 'made-by', name: 'M' } });
  await call(app, 'DELETE', `/api/v1/users/${creator.user.id}`, { cookie });
  await assert.rejects(
    handle.db.transaction((tx) => bin.purge(tx, creator.user.id)),
    (e: Error) => e.message.includes('errors.userStillReferenced'),
  );
});

test('users: detail, sessions (list and revoke one) and the audit trail of what the user did', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const u = await createUser(app, cookie, { isAdmin: true });
  const one = await login(app, u.email);
  const two = await login(app, u.email);
  await call(app, 'POST', '/api/v1/groups', { cookie: one, body: { name: 'Made by U' } });
  const sessions = json<{ data: { id: string; ip: string | null }[] }>(await call(app, 'GET', `/api/v1/users/${u.user.id}/sessions`, { cookie })).data;
  assert.equal(sessions.length, 2);
  // revoke the session of cookie `two`: it is the most recently seen? (unknown order) — revoke both one by one
  const revoke = await call(app, 'DELETE', `/api/v1/users/${u.user.id}/sessions/${sessions[0].id}`, { cookie });
  assert.equal(revoke.statusCode, 200);
  const alive = await Promise.all([one, two].map(async (c) => json<{ data: unknown }>(await call(app, 'GET', '/api/v1/auth/me', { cookie: c })).data !== null));
  assert.deepEqual(alive.sort(), [false, true]);
  assert.equal((await call(app, 'DELETE', `/api/v1/users/${u.user.id}/sessions/${sessions[0].id}`, { cookie })).statusCode, 404);

  const trail = json<PageBody<{ action: string; actorId: string }>>(await call(app, 'GET', `/api/v1/users/${u.user.id}/audit?pageSize=10`, { cookie }));
  assert.deepEqual(trail.data.map((e) => e.action), ['group.create', 'auth.login', 'auth.login']);
  assert.ok(trail.data.every((e) => e.actorId === u.user.id));
  const paged = json<PageBody<{ action: string }>>(await call(app, 'GET', `/api/v1/users/${u.user.id}/audit?pageSize=1&current=2`, { cookie }));
  assert.deepEqual([paged.total, paged.data.length], [3, 1]);
});
