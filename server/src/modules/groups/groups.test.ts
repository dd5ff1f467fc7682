import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { groupGrants, groupMembers, groups, recycleBin } from '../../db/schema';
import { adminSession, call, changeInSql, createTestApp, json, userSession, ownDatabasePerTest } from '../../test/helpers';
import { recyclableOf } from '../../core/recycle.registry';

ownDatabasePerTest('groups are one list for the whole database, paged and counted');

interface ErrorBody {
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}
interface GroupBody {
  id: string;
  name: string;
  description: string | null;
  memberCount: number;
  grantCount: number;
  grants: { applicationId: string; slug: string; role: string }[];
}

test('groups: create, list (page, sort, search), rename; names are unique case-insensitively and errors name the field', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const en = { 'accept-language': 'en-US' };
  for (const name of ['Field team', 'Review board', 'Audit committee']) {
    assert.equal((await call(app, 'POST', '/api/v1/groups', { cookie, body: { name } })).statusCode, 201);
  }
  const dup = await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: '  field TEAM ' }, headers: en });
  assert.equal(dup.statusCode, 409);
  assert.deepEqual(json<ErrorBody>(dup).details, [{ field: 'name', message: 'This group name is already in use' }]);
  const empty = await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: ' ' } });
  assert.equal(empty.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(empty).details?.map((d) => d.field), ['name']);

  const list = json<{ data: GroupBody[]; total: number }>(await call(app, 'GET', '/api/v1/groups?pageSize=2', { cookie }));
  assert.equal(list.total, 3);
  assert.deepEqual(list.data.map((g) => g.name), ['Audit committee', 'Field team']);
  const desc = json<{ data: GroupBody[] }>(await call(app, 'GET', '/api/v1/groups?sort=name:desc', { cookie }));
  assert.deepEqual(desc.data.map((g) => g.name), ['Review board', 'Field team', 'Audit committee']);
  const found = json<{ data: GroupBody[] }>(await call(app, 'GET', '/api/v1/groups?q=review', { cookie }));
  assert.deepEqual(found.data.map((g) => g.name), ['Review board']);

  const id = found.data[0].id;
  const renamed = await call(app, 'PATCH', `/api/v1/groups/${id}`, { cookie, body: { name: 'Review panel', description: 'Second line' } });
  assert.equal(renamed.statusCode, 200);
  assert.deepEqual([json<{ data: GroupBody }>(renamed).data.name, json<{ data: GroupBody }>(renamed).data.description], ['Review panel', 'Second line']);
  const clash = await call(app, 'PATCH', `/api/v1/groups/${id}`, { cookie, body: { name: 'AUDIT committee' } });
  assert.equal(clash.statusCode, 409);
  assert.deepEqual(json<ErrorBody>(clash).details?.map((d) => d.field), ['name']);
  // same name, other case, on itself is fine
  assert.equal((await call(app, 'PATCH', `/api/v1/groups/${id}`, { cookie, body: { name: 'REVIEW panel' } })).statusCode, 200);
});

test('groups: the effective role is the union of own membership and live groups’ grants', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const appRes = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'union', name: 'Union' } });
  const appId = json<{ data: { id: string } }>(appRes).data.id;
  const u = await userSession(app, cookie, { name: 'Grace' });
  const target = await userSession(app, cookie, { name: 'Target' });

  // no role: cannot open the application, not listed
  assert.equal((await call(app, 'GET', '/api/v1/applications/union', { cookie: u.cookie })).statusCode, 403);
  assert.equal(json<{ total: number }>(await call(app, 'GET', '/api/v1/applications', { cookie: u.cookie })).total, 0);

  const group = json<{ data: GroupBody }>(await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: 'Editors' } })).data.id;
  assert.deepEqual(json<{ data: { added: boolean } }>(await call(app, 'POST', `/api/v1/groups/${group}/members`, { cookie, body: { userId: u.user.id } })).data, { added: true });
  assert.deepEqual(json<{ data: { added: boolean } }>(await call(app, 'POST', `/api/v1/groups/${group}/members`, { cookie, body: { userId: u.user.id } })).data, { added: false });
  const grant = await call(app, 'PUT', `/api/v1/groups/${group}/grants/${appId}`, { cookie, body: { role: 'owner' } });
  assert.equal(grant.statusCode, 200);
  assert.deepEqual(json<{ data: GroupBody }>(grant).data.grants.map((g) => [g.slug, g.role]), [['union', 'owner']]);

  // owner via the group: opens, lists with myRole owner, and can manage members (an owner's action)
  const opened = await call(app, 'GET', '/api/v1/applications/union', { cookie: u.cookie });
  assert.equal(opened.statusCode, 200);
  assert.equal(json<{ data: { myRole: string } }>(opened).data.myRole, 'owner');
  const mine = json<{ data: { slug: string; myRole: string }[] }>(await call(app, 'GET', '/api/v1/applications', { cookie: u.cookie })).data;
  assert.deepEqual(mine.map((a) => [a.slug, a.myRole]), [['union', 'owner']]);
  const added = await call(app, 'POST', '/api/v1/applications/union/members', { cookie: u.cookie, body: { email: target.email, role: 'viewer' } });
  assert.equal(added.statusCode, 200);

  // a direct viewer membership + an editor grant → editor (the highest); the user page shows both sources
  await call(app, 'PUT', `/api/v1/groups/${group}/grants/${appId}`, { cookie, body: { role: 'editor' } });
  await call(app, 'POST', '/api/v1/applications/union/members', { cookie, body: { email: u.email, role: 'viewer' } });
  assert.equal(json<{ data: { myRole: string } }>(await call(app, 'GET', '/api/v1/applications/union', { cookie: u.cookie })).data.myRole, 'editor');
  assert.equal((await call(app, 'POST', '/api/v1/applications/union/members', { cookie: u.cookie, body: { email: target.email, role: 'editor' } })).statusCode, 403, 'an editor does not manage members');
  const detail = json<{ data: { memberships: { slug: string; role: string; direct: string | null; viaGroups: { groupName: string; role: string }[] }[] } }>(
    await call(app, 'GET', `/api/v1/users/${u.user.id}`, { cookie }),
  ).data;
  assert.deepEqual(detail.memberships, [
    { applicationId: appId, slug: 'union', name: 'Union', role: 'editor', direct: 'viewer', viaGroups: [{ groupId: group, groupName: 'Editors', role: 'editor' }] },
  ]);
  // removing the direct membership leaves the group's role (the direct one is what is removed)
  assert.equal((await call(app, 'DELETE', `/api/v1/applications/union/members/${u.user.id}`, { cookie })).statusCode, 200);
  assert.equal(json<{ data: { myRole: string } }>(await call(app, 'GET', '/api/v1/applications/union', { cookie: u.cookie })).data.myRole, 'editor');
  assert.equal((await call(app, 'DELETE', `/api/v1/applications/union/members/${u.user.id}`, { cookie })).statusCode, 404);

  // the group deleted → the user loses the role; restored → back with members and grants
  assert.equal((await call(app, 'DELETE', `/api/v1/groups/${group}`, { cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', '/api/v1/applications/union', { cookie: u.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', `/api/v1/groups/${group}`, { cookie })).statusCode, 404);
  assert.equal(json<{ total: number }>(await call(app, 'GET', '/api/v1/groups', { cookie })).total, 0);
  assert.deepEqual((await handle.db.select().from(recycleBin)).map((r) => [r.type, r.label]), [['group', 'Editors']]);
  const bin = recyclableOf('group');
  assert.ok(bin);
  // restored outside a request (as the bin's handler runs): the API's read cache learns it from the
  // database's notification, a few ms later (an API restore would drop it before answering)
  await changeInSql(app, () => handle.db.transaction((tx) => bin.restore(tx, group)));
  const back = json<{ data: GroupBody }>(await call(app, 'GET', `/api/v1/groups/${group}`, { cookie })).data;
  assert.deepEqual([back.memberCount, back.grantCount], [1, 1]);
  assert.equal(json<{ data: { myRole: string } }>(await call(app, 'GET', '/api/v1/applications/union', { cookie: u.cookie })).data.myRole, 'editor');

  // remove the grant, then the member
  assert.equal((await call(app, 'DELETE', `/api/v1/groups/${group}/grants/${appId}`, { cookie })).statusCode, 200);
  assert.equal((await call(app, 'DELETE', `/api/v1/groups/${group}/grants/${appId}`, { cookie })).statusCode, 404);
  assert.equal((await call(app, 'GET', '/api/v1/applications/union', { cookie: u.cookie })).statusCode, 403);
  assert.equal((await call(app, 'DELETE', `/api/v1/groups/${group}/members/${u.user.id}`, { cookie })).statusCode, 200);
  assert.equal((await call(app, 'DELETE', `/api/v1/groups/${group}/members/${u.user.id}`, { cookie })).statusCode, 404);
});

test('groups: restore refuses a name taken meanwhile; purge removes the group with its members and grants', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const appId = json<{ data: { id: string } }>(await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'purge', name: 'P' } })).data.id;
  const u = await userSession(app, cookie);
  const group = json<{ data: GroupBody }>(await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: 'Ops' } })).data.id;
  await call(app, 'POST', `/api/v1/groups/${group}/members`, { cookie, body: { userId: u.user.id } });
  await call(app, 'PUT', `/api/v1/groups/${group}/grants/${appId}`, { cookie, body: { role: 'viewer' } });
  await call(app, 'DELETE', `/api/v1/groups/${group}`, { cookie });
  const other = json<{ data: GroupBody }>(await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: 'OPS' } }));
  assert.equal(other.data.name, 'OPS', 'a deleted group frees its name');
  const bin = recyclableOf('group');
  assert.ok(bin);
  await assert.rejects(handle.db.transaction((tx) => bin.restore(tx, group)), (e: Error) => e.message.includes('errors.groupNameTaken'));
  await assert.rejects(handle.db.transaction((tx) => bin.purge(tx, other.data.id)), (e: Error) => e.message.includes('errors.groupNotDeleted'));
  await handle.db.transaction((tx) => bin.purge(tx, group));
  assert.equal((await handle.db.select().from(groups).where(eq(groups.id, group))).length, 0);
  assert.equal((await handle.db.select().from(groupMembers).where(eq(groupMembers.groupId, group))).length, 0);
  assert.equal((await handle.db.select().from(groupGrants).where(eq(groupGrants.groupId, group))).length, 0);
});

test('groups: members are paged and searchable; unknown ids are 404 naming the field', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const group = json<{ data: GroupBody }>(await call(app, 'POST', '/api/v1/groups', { cookie, body: { name: 'Many' } })).data.id;
  for (const name of ['Zed', 'Amy', 'Kim']) {
    const u = await userSession(app, cookie, { name });
    await call(app, 'POST', `/api/v1/groups/${group}/members`, { cookie, body: { userId: u.user.id } });
  }
  const pageOne = json<{ data: { name: string }[]; total: number }>(await call(app, 'GET', `/api/v1/groups/${group}/members?pageSize=2`, { cookie }));
  assert.deepEqual([pageOne.total, pageOne.data.map((m) => m.name)], [3, ['Amy', 'Kim']]);
  const search = json<{ data: { name: string }[] }>(await call(app, 'GET', `/api/v1/groups/${group}/members?q=ze`, { cookie }));
  assert.deepEqual(search.data.map((m) => m.name), ['Zed']);
  const unknownUser = await call(app, 'POST', `/api/v1/groups/${group}/members`, { cookie, body: { userId: '00000000-0000-4000-8000-000000000000' } });
  assert.equal(unknownUser.statusCode, 404);
  assert.deepEqual(json<ErrorBody>(unknownUser).details?.map((d) => d.field), ['userId']);
  const badRole = await call(app, 'PUT', `/api/v1/groups/${group}/grants/00000000-0000-4000-8000-000000000000`, { cookie, body: { role: 'boss' } });
  assert.equal(badRole.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(badRole).details?.map((d) => d.field), ['role']);
});
