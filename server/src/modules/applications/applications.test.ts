import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Application, ApplicationDetail } from '../../../../contracts';
import { adminSession, call, createTestApp, json, userSession, ownDatabasePerTest } from '../../test/helpers';

ownDatabasePerTest('it counts every application and membership of the database and reuses fixed slugs');

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}
type PageBody<T> = { success: true; data: T[]; total: number; current: number; pageSize: number };

test('applications: POST is 401 for anonymous and 403 for a non-admin', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const user = await userSession(app, adminCookie);
  const body = { slug: 'acme', name: 'ACME' };

  const anonymous = await call(app, 'POST', '/api/v1/applications', { body });
  assert.equal(anonymous.statusCode, 401);
  assert.equal(json<ErrorBody>(anonymous).errorCode, 'UNAUTHENTICATED');
  assert.equal(json<ErrorBody>(anonymous).errorMessage, '请先登录');

  const nonAdmin = await call(app, 'POST', '/api/v1/applications', { body, cookie: user.cookie });
  assert.equal(nonAdmin.statusCode, 403);
  assert.equal(json<ErrorBody>(nonAdmin).errorCode, 'FORBIDDEN');

  const list = await call(app, 'GET', '/api/v1/applications');
  assert.equal(list.statusCode, 401);
});

test('applications: create, with the creator as owner; bad and duplicate slugs', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie, user: admin } = await adminSession(app);

  const created = await call(app, 'POST', '/api/v1/applications', {
    cookie,
    body: { slug: 'acme', name: '  ACME 审计 ', description: 'FY2026' },
  });
  assert.equal(created.statusCode, 201);
  const appBody = json<{ data: Application }>(created).data;
  assert.equal(appBody.slug, 'acme');
  assert.equal(appBody.name, 'ACME 审计');
  assert.equal(appBody.description, 'FY2026');
  assert.equal(appBody.myRole, 'owner');
  assert.equal(appBody.memberCount, 1);

  const detail = json<{ data: ApplicationDetail }>(await call(app, 'GET', '/api/v1/applications/acme', { cookie })).data;
  assert.deepEqual(detail.members.map((m) => [m.userId, m.role]), [[admin.id, 'owner']]);

  const reserved = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'admin', name: 'X' } });
  assert.equal(reserved.statusCode, 400);
  assert.equal(json<ErrorBody>(reserved).errorCode, 'VALIDATION_FAILED');
  assert.deepEqual(json<ErrorBody>(reserved).details, [{ field: 'slug', message: '该标识是系统保留字，请换一个' }]);

  const pattern = await call(app, 'POST', '/api/v1/applications', {
    cookie,
    body: { slug: 'Bad Slug!', name: 'X' },
    headers: { 'accept-language': 'en-US' },
  });
  assert.equal(pattern.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(pattern).details?.[0], {
    field: 'slug',
    message: 'Slug must be 2–32 characters: a lower-case letter, then lower-case letters, digits, - or _',
  });

  const noName = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'beta', name: '   ' } });
  assert.equal(noName.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(noName).details, [{ field: 'name', message: '必填' }]);

  const duplicate = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'acme', name: 'Other' } });
  assert.equal(duplicate.statusCode, 409);
  const dup = json<ErrorBody>(duplicate);
  assert.equal(dup.errorCode, 'SLUG_TAKEN');
  assert.deepEqual(dup.details, [{ field: 'slug', message: '该标识已被使用' }]);
});

test('applications: membership gates a workspace', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie } = await adminSession(app);
  const member = await userSession(app, adminCookie, { name: 'Mia' });
  const outsider = await userSession(app, adminCookie, { name: 'Otto' });
  await call(app, 'POST', '/api/v1/applications', { cookie: adminCookie, body: { slug: 'acme', name: 'ACME' } });
  await call(app, 'POST', '/api/v1/applications', { cookie: adminCookie, body: { slug: 'zeta', name: 'Zeta' } });
  const added = await call(app, 'POST', '/api/v1/applications/acme/members', {
    cookie: adminCookie,
    body: { email: member.email, role: 'editor' },
  });
  assert.equal(added.statusCode, 200);

  const asMember = await call(app, 'GET', '/api/v1/applications/acme', { cookie: member.cookie });
  assert.equal(asMember.statusCode, 200);
  const detail = json<{ data: ApplicationDetail }>(asMember).data;
  assert.equal(detail.myRole, 'editor');
  assert.equal(detail.memberCount, 2);

  const asOutsider = await call(app, 'GET', '/api/v1/applications/acme', { cookie: outsider.cookie });
  assert.equal(asOutsider.statusCode, 403);
  assert.equal(json<ErrorBody>(asOutsider).errorMessage, '你不是该应用的成员');

  const unknown = await call(app, 'GET', '/api/v1/applications/nope', { cookie: member.cookie });
  assert.equal(unknown.statusCode, 404);
  assert.equal(json<ErrorBody>(unknown).errorCode, 'NOT_FOUND');

  const asAdmin = await call(app, 'GET', '/api/v1/applications/acme', { cookie: adminCookie });
  assert.equal(asAdmin.statusCode, 200);
  assert.equal(json<{ data: ApplicationDetail }>(asAdmin).data.myRole, 'owner');

  const anonymous = await call(app, 'GET', '/api/v1/applications/acme');
  assert.equal(anonymous.statusCode, 401);

  // lists: a member sees theirs, an outsider none, an admin all (paged, searchable)
  const mine = json<PageBody<Application>>(await call(app, 'GET', '/api/v1/applications', { cookie: member.cookie }));
  assert.deepEqual(mine.data.map((a) => [a.slug, a.myRole]), [['acme', 'editor']]);
  assert.equal(mine.total, 1);
  const none = json<PageBody<Application>>(await call(app, 'GET', '/api/v1/applications', { cookie: outsider.cookie }));
  assert.equal(none.total, 0);
  assert.deepEqual(none.data, []);
  const all = json<PageBody<Application>>(
    await call(app, 'GET', '/api/v1/applications?current=1&pageSize=1', { cookie: adminCookie }),
  );
  assert.equal(all.total, 2);
  assert.equal(all.pageSize, 1);
  assert.equal(all.current, 1);
  assert.deepEqual(all.data.map((a) => a.slug), ['acme']);
  const page2 = json<PageBody<Application>>(
    await call(app, 'GET', '/api/v1/applications?current=2&pageSize=1', { cookie: adminCookie }),
  );
  assert.deepEqual(page2.data.map((a) => a.slug), ['zeta']);
  const search = json<PageBody<Application>>(await call(app, 'GET', '/api/v1/applications?q=ZET', { cookie: adminCookie }));
  assert.deepEqual(search.data.map((a) => a.slug), ['zeta']);
  const badPage = await call(app, 'GET', '/api/v1/applications?pageSize=1000', { cookie: adminCookie });
  assert.equal(badPage.statusCode, 400);
  assert.equal(json<ErrorBody>(badPage).details?.[0].field, 'pageSize');
});

test('applications: members are added, re-roled and removed; the last owner stays', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: adminCookie, user: admin } = await adminSession(app);
  const owner = await userSession(app, adminCookie, { name: 'Olga' });
  const editor = await userSession(app, adminCookie, { name: 'Bob' });
  const viewer = await userSession(app, adminCookie, { name: 'Ann' });
  await call(app, 'POST', '/api/v1/applications', { cookie: adminCookie, body: { slug: 'acme', name: 'ACME' } });
  const members = (cookie: string, email: string, role: string) =>
    call(app, 'POST', '/api/v1/applications/acme/members', { cookie, body: { email, role } });

  assert.equal((await members(adminCookie, owner.email, 'owner')).statusCode, 200);
  // the admin leaves; Olga is now the only owner
  const left = await call(app, 'DELETE', `/api/v1/applications/acme/members/${admin.id}`, { cookie: adminCookie });
  assert.equal(left.statusCode, 200);
  assert.equal(json<{ data: ApplicationDetail }>(left).data.myRole, null);

  // an owner manages members
  assert.equal((await members(owner.cookie, editor.email, 'editor')).statusCode, 200);
  const res = await members(owner.cookie, viewer.email.toUpperCase(), 'viewer');
  assert.equal(res.statusCode, 200);
  const detail = json<{ data: ApplicationDetail }>(res).data;
  assert.deepEqual(
    detail.members.map((m) => [m.name, m.role]),
    [['Olga', 'owner'], ['Bob', 'editor'], ['Ann', 'viewer']],
  );

  // an editor may not
  const denied = await members(editor.cookie, viewer.email, 'editor');
  assert.equal(denied.statusCode, 403);
  const deniedDelete = await call(app, 'DELETE', `/api/v1/applications/acme/members/${viewer.user.id}`, { cookie: editor.cookie });
  assert.equal(deniedDelete.statusCode, 403);

  // unknown e-mail → 404 naming the field
  const unknown = await members(owner.cookie, 'ghost@example.com', 'viewer');
  assert.equal(unknown.statusCode, 404);
  assert.deepEqual(json<ErrorBody>(unknown).details, [{ field: 'email', message: '没有使用该邮箱的用户' }]);
  const badRole = await members(owner.cookie, viewer.email, 'boss');
  assert.equal(badRole.statusCode, 400);
  assert.equal(json<ErrorBody>(badRole).details?.[0].field, 'role');

  // change a role
  const promoted = await members(owner.cookie, viewer.email, 'editor');
  assert.equal(json<{ data: ApplicationDetail }>(promoted).data.members.find((m) => m.userId === viewer.user.id)?.role, 'editor');

  // last owner: cannot be removed nor demoted
  const removeLast = await call(app, 'DELETE', `/api/v1/applications/acme/members/${owner.user.id}`, { cookie: owner.cookie });
  assert.equal(removeLast.statusCode, 409);
  assert.equal(json<ErrorBody>(removeLast).errorCode, 'CONFLICT');
  assert.equal(json<ErrorBody>(removeLast).errorMessage, '应用至少需要保留一名所有者');
  const demoteLast = await members(adminCookie, owner.email, 'viewer');
  assert.equal(demoteLast.statusCode, 409);

  // with a second owner, the first may go
  assert.equal((await members(owner.cookie, editor.email, 'owner')).statusCode, 200);
  const removed = await call(app, 'DELETE', `/api/v1/applications/acme/members/${owner.user.id}`, { cookie: adminCookie });
  assert.equal(removed.statusCode, 200);
  assert.deepEqual(
    json<{ data: ApplicationDetail }>(removed).data.members.map((m) => m.userId).sort(),
    [editor.user.id, viewer.user.id].sort(),
  );

  // removing a non-member → 404; a malformed id → 400
  const again = await call(app, 'DELETE', `/api/v1/applications/acme/members/${owner.user.id}`, { cookie: adminCookie });
  assert.equal(again.statusCode, 404);
  const malformed = await call(app, 'DELETE', '/api/v1/applications/acme/members/not-a-uuid', { cookie: adminCookie });
  assert.equal(malformed.statusCode, 400);
  assert.equal(json<ErrorBody>(malformed).details?.[0].field, 'userId');
});

test('applications: an owner in the recycle bin does not count as the last owner', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const a = await userSession(app, cookie);
  const b = await userSession(app, cookie);
  assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'owned', name: 'Owned' } })).statusCode, 201);
  for (const u of [a, b]) {
    const res = await call(app, 'POST', '/api/v1/applications/owned/members', { cookie, body: { email: u.email, role: 'owner' } });
    assert.equal(res.statusCode, 200);
  }
  // the creator (the administrator) steps down: a and b remain owners
  const admin = json<{ data: { id: string } }>(await call(app, 'GET', '/api/v1/auth/me', { cookie })).data;
  assert.equal((await call(app, 'DELETE', `/api/v1/applications/owned/members/${admin.id}`, { cookie })).statusCode, 200);
  // b goes to the recycle bin: a is now the last live owner and cannot be demoted
  assert.equal((await call(app, 'DELETE', `/api/v1/users/${b.user.id}`, { cookie })).statusCode, 200);
  const demote = await call(app, 'POST', '/api/v1/applications/owned/members', { cookie, body: { email: a.email, role: 'viewer' } });
  assert.equal(demote.statusCode, 409);
});
