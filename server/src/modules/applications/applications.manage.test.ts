/**
 * Applications: create with icon, colour, modules and initial members; edit (owner or
 * administrator); list sort; delete to the recycle bin, restore and purge (the subjects' tables
 * go with the purge); a deleted application disappears everywhere while its slug stays taken.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Application, ApplicationDetail, AuditEntry, RecycleEntry, UserDetail } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { subjects } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession, ownDatabasePerTest } from '../../test/helpers';
import { createSubjectTable, tableNameOf } from '../subjects/ddl';

ownDatabasePerTest('the application list, its sorting and the recycle bin span every application of the database');

interface ErrorBody {
  success: false;
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}
type PageBody<T> = { success: true; data: T[]; total: number };
const EN = { 'accept-language': 'en-US' };

async function auditOf(app: Parameters<typeof call>[0], cookie: string, action: string): Promise<AuditEntry[]> {
  return json<PageBody<AuditEntry>>(await call(app, 'GET', `/api/v1/audit?action=${action}`, { cookie })).data;
}

test('applications: create with icon, colour, modules and members; the creator stays owner', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie, user: admin } = await adminSession(app);
  const ed = await userSession(app, cookie, { name: 'Ed' });
  const vi = await userSession(app, cookie, { name: 'Vi' });

  const res = await call(app, 'POST', '/api/v1/applications', {
    cookie,
    body: {
      slug: 'fy26',
      name: 'FY 2026',
      description: 'Annual audit',
      icon: 'AuditOutlined',
      color: '#1677FF',
      modules: ['risk', 'audit', 'risk'],
      members: [
        { email: ed.email.toUpperCase(), role: 'editor' },
        { userId: vi.user.id, role: 'viewer' },
        { userId: admin.id, role: 'viewer' },
      ],
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  const created = json<{ data: Application }>(res).data;
  assert.equal(created.icon, 'AuditOutlined');
  assert.equal(created.color, '#1677ff', 'stored lower-case');
  assert.deepEqual(created.modules, ['audit', 'risk'], 'deduplicated, in APP_MODULES order');
  assert.equal(created.myRole, 'owner');
  assert.equal(created.memberCount, 3);

  const detail = json<{ data: ApplicationDetail }>(await call(app, 'GET', '/api/v1/applications/fy26', { cookie })).data;
  assert.deepEqual(
    detail.members.map((m) => [m.userId, m.role]),
    [
      [admin.id, 'owner'],
      [ed.user.id, 'editor'],
      [vi.user.id, 'viewer'],
    ],
  );
  const [entry] = await auditOf(app, cookie, 'application.create');
  assert.equal(entry.targetId, created.id);
  assert.deepEqual((entry.after as { members: unknown[] }).members.length, 3);
  assert.equal((entry.after as { color: string }).color, '#1677ff');
});

test('applications: create refuses a bad icon, colour, module or member, naming the field', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const post = (body: object) => call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'beta', name: 'Beta', ...body }, headers: EN });

  const icon = await post({ icon: 'RocketLauncherOutlined' });
  assert.equal(icon.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(icon).details, [{ field: 'icon', message: 'Choose one of the offered icons' }]);

  const color = await post({ color: 'blue' });
  assert.deepEqual(json<ErrorBody>(color).details, [{ field: 'color', message: 'Theme colour must be #rrggbb' }]);

  const mod = await post({ modules: ['audit', 'weather'] });
  assert.deepEqual(json<ErrorBody>(mod).details, [{ field: 'modules.1', message: 'No such module' }]);

  const who = await post({ members: [{ role: 'viewer' }] });
  assert.deepEqual(json<ErrorBody>(who).details, [{ field: 'members.0.userId', message: 'Name the member by user id or by e-mail (one of them)' }]);

  const role = await post({ members: [{ email: 'a@example.com', role: 'boss' }] });
  assert.equal(json<ErrorBody>(role).details?.[0].field, 'members.0.role');

  const unknown = await post({
    members: [
      { email: 'ghost@example.com', role: 'viewer' },
      { userId: '00000000-0000-4000-8000-000000000000', role: 'editor' },
    ],
  });
  assert.equal(unknown.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(unknown).details, [
    { field: 'members.0.email', message: 'No user has this e-mail address' },
    { field: 'members.1.userId', message: 'No such user' },
  ]);

  const reserved = await post({ slug: 'settings' });
  assert.deepEqual(json<ErrorBody>(reserved).details, [{ field: 'slug', message: 'This slug is reserved by the system; choose another' }]);

  // nothing was created by the refused calls
  assert.equal(json<PageBody<Application>>(await call(app, 'GET', '/api/v1/applications', { cookie })).total, 0);
});

test('applications: an owner or an administrator edits; editors, viewers and outsiders may not', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const owner = await userSession(app, cookie);
  const editor = await userSession(app, cookie);
  const outsider = await userSession(app, cookie);
  await call(app, 'POST', '/api/v1/applications', {
    cookie,
    body: {
      slug: 'acme',
      name: 'ACME',
      color: '#fa541c',
      members: [
        { email: owner.email, role: 'owner' },
        { email: editor.email, role: 'editor' },
      ],
    },
  });
  const patch = (who: string, body: object) => call(app, 'PATCH', '/api/v1/applications/acme', { cookie: who, body, headers: EN });

  const edited = await patch(owner.cookie, { name: 'ACME Audit', description: 'Group audit', icon: 'BankOutlined', modules: ['fund'] });
  assert.equal(edited.statusCode, 200, edited.body);
  const detail = json<{ data: ApplicationDetail }>(edited).data;
  assert.equal(detail.name, 'ACME Audit');
  assert.equal(detail.description, 'Group audit');
  assert.equal(detail.icon, 'BankOutlined');
  assert.deepEqual(detail.modules, ['fund']);
  assert.equal(detail.color, '#fa541c', 'untouched');
  assert.equal(detail.myRole, 'owner');

  const [entry] = await auditOf(app, cookie, 'application.update');
  assert.deepEqual(entry.before, { name: 'ACME', description: null, icon: null, modules: [] });
  assert.deepEqual(entry.after, { name: 'ACME Audit', description: 'Group audit', icon: 'BankOutlined', modules: ['fund'] });

  // clearing: null colour, '' description
  const cleared = json<{ data: ApplicationDetail }>(await patch(cookie, { color: null, description: '' })).data;
  assert.equal(cleared.color, null);
  assert.equal(cleared.description, null);

  // a request that changes nothing writes no entry
  const before = (await auditOf(app, cookie, 'application.update')).length;
  assert.equal((await patch(owner.cookie, { name: 'ACME Audit' })).statusCode, 200);
  assert.equal((await auditOf(app, cookie, 'application.update')).length, before);

  assert.equal((await patch(editor.cookie, { name: 'Mine' })).statusCode, 403);
  assert.equal((await patch(outsider.cookie, { name: 'Mine' })).statusCode, 403);
  assert.equal((await call(app, 'PATCH', '/api/v1/applications/acme', { body: { name: 'Mine' } })).statusCode, 401);
  // an administrator who is not a member edits too
  const adminId = json<{ data: { id: string } }>(await call(app, 'GET', '/api/v1/auth/me', { cookie })).data.id;
  assert.equal((await call(app, 'DELETE', `/api/v1/applications/acme/members/${adminId}`, { cookie })).statusCode, 200);
  const byAdmin = await patch(cookie, { description: 'By the administrator' });
  assert.equal(byAdmin.statusCode, 200);
  assert.equal(json<{ data: ApplicationDetail }>(byAdmin).data.myRole, null);
  assert.equal((await call(app, 'PATCH', '/api/v1/applications/nope', { cookie, body: { name: 'X' } })).statusCode, 404);

  const empty = await patch(owner.cookie, {});
  assert.equal(empty.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(empty).details, [{ field: '', message: 'Required' }]);
  const slug = await patch(owner.cookie, { slug: 'other' });
  assert.equal(slug.statusCode, 400, 'the slug is fixed');
  const badName = await patch(owner.cookie, { name: ' ' });
  assert.deepEqual(json<ErrorBody>(badName).details, [{ field: 'name', message: 'Required' }]);
  const badColor = await patch(owner.cookie, { color: '#12345' });
  assert.deepEqual(json<ErrorBody>(badColor).details, [{ field: 'color', message: 'Theme colour must be #rrggbb' }]);
});

test('applications: the list sorts by name, slug or creation', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  for (const [slug, name] of [
    ['bravo', 'Zulu'],
    ['alpha', 'Yankee'],
    ['charlie', 'Xray'],
  ]) {
    await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug, name } });
  }
  const list = async (q: string) => json<PageBody<Application>>(await call(app, 'GET', `/api/v1/applications?${q}`, { cookie })).data.map((a) => a.slug);
  assert.deepEqual(await list(''), ['charlie', 'alpha', 'bravo'], 'by name by default');
  assert.deepEqual(await list('sort=slug:asc'), ['alpha', 'bravo', 'charlie']);
  assert.deepEqual(await list('sort=slug:desc'), ['charlie', 'bravo', 'alpha']);
  assert.deepEqual(await list('sort=createdAt:desc'), ['charlie', 'alpha', 'bravo']);
  assert.deepEqual(await list('sort=name:desc&pageSize=1&current=2'), ['alpha']);
  const bad = await call(app, 'GET', '/api/v1/applications?sort=color:asc', { cookie, headers: EN });
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(bad).details, [{ field: 'sort', message: 'Not a valid sort' }]);
});

test('applications: delete to the recycle bin hides it everywhere, keeps the slug; restore and purge', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const owner = await userSession(app, cookie);
  await call(app, 'POST', '/api/v1/applications', {
    cookie,
    body: { slug: 'acme', name: 'ACME', members: [{ email: owner.email, role: 'owner' }] },
  });
  const appId = json<{ data: ApplicationDetail }>(await call(app, 'GET', '/api/v1/applications/acme', { cookie })).data.id;
  // a subject with its real table, as the subjects module makes them
  const [subject] = await handle.db
    .insert(subjects)
    .values({ applicationId: appId, key: 'risks', name: 'Risks', tableName: 'rec_pending' })
    .returning({ id: subjects.id });
  const table = tableNameOf(subject.id);
  await handle.db.transaction(async (tx) => {
    await tx.update(subjects).set({ tableName: table }).where(sql`${subjects.id} = ${subject.id}`);
    await createSubjectTable(tx, table);
  });
  const tableExists = async () => rowsOf<{ t: string | null }>(await handle.db.execute(sql`select to_regclass(${table})::text as t`))[0].t !== null;
  assert.equal(await tableExists(), true);

  // only an administrator deletes
  assert.equal((await call(app, 'DELETE', '/api/v1/applications/acme', { cookie: owner.cookie })).statusCode, 403);
  const deleted = await call(app, 'DELETE', '/api/v1/applications/acme', { cookie });
  assert.equal(deleted.statusCode, 200);
  assert.deepEqual(json<{ data: { slug: string } }>(deleted).data, { slug: 'acme' });
  const [entry] = await auditOf(app, cookie, 'application.delete');
  assert.equal(entry.targetId, appId);
  assert.equal((entry.before as { slug: string }).slug, 'acme');

  // gone from lookups and lists, for the owner and the administrator
  assert.equal((await call(app, 'GET', '/api/v1/applications/acme', { cookie })).statusCode, 404);
  assert.equal((await call(app, 'GET', '/api/v1/applications/acme', { cookie: owner.cookie })).statusCode, 404);
  assert.equal(json<PageBody<Application>>(await call(app, 'GET', '/api/v1/applications', { cookie })).total, 0);
  assert.equal(json<PageBody<Application>>(await call(app, 'GET', '/api/v1/applications', { cookie: owner.cookie })).total, 0);
  assert.equal((await call(app, 'PATCH', '/api/v1/applications/acme', { cookie, body: { name: 'X' } })).statusCode, 404);
  assert.equal((await call(app, 'DELETE', '/api/v1/applications/acme', { cookie })).statusCode, 404, 'already deleted');
  const loader = await call(app, 'GET', `/__serverLoader?route=1&url=${encodeURIComponent('/acme')}`, { cookie: owner.cookie });
  assert.equal(loader.statusCode, 404);
  const ownerDetail = json<{ data: UserDetail }>(await call(app, 'GET', `/api/v1/users/${owner.user.id}`, { cookie })).data;
  assert.deepEqual(ownerDetail.memberships, [], 'memberships of a deleted application are not listed');
  // the slug stays taken while in the bin
  const again = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'acme', name: 'New' } });
  assert.equal(again.statusCode, 409);
  assert.equal(json<ErrorBody>(again).errorCode, 'SLUG_TAKEN');

  // in the bin
  const bin = json<PageBody<RecycleEntry>>(await call(app, 'GET', '/api/v1/recycle?type=application', { cookie })).data;
  assert.deepEqual(
    bin.map((e) => [e.targetId, e.label]),
    [[appId, 'ACME (/acme)']],
  );

  // restore: back with its members and subject
  const restored = await call(app, 'POST', `/api/v1/recycle/application/${appId}/restore`, { cookie });
  assert.equal(restored.statusCode, 200, restored.body);
  const back = json<{ data: ApplicationDetail }>(await call(app, 'GET', '/api/v1/applications/acme', { cookie: owner.cookie })).data;
  assert.equal(back.myRole, 'owner');
  assert.equal(back.memberCount, 2);
  assert.equal(await tableExists(), true);

  // purge: the row, the subject and its table go; the slug is free again
  assert.equal((await call(app, 'DELETE', '/api/v1/applications/acme', { cookie })).statusCode, 200);
  const purged = await call(app, 'DELETE', `/api/v1/recycle/application/${appId}`, { cookie });
  assert.equal(purged.statusCode, 200, purged.body);
  assert.equal(await tableExists(), false, 'the subject table is dropped');
  const left = rowsOf<{ n: number | string }>(await handle.db.execute(sql`select count(*) as n from subjects where application_id = ${appId}`));
  assert.equal(Number(left[0].n), 0);
  assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'acme', name: 'New' } })).statusCode, 201);
});
