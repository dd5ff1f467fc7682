/**
 * Views and share links: CRUD and access like records, config checks naming
 * `config.*`, rows through the records list code (filter, sorts, group-by order, keyset cursor,
 * calendar range, kanban column), share tokens (only the view's columns and rows, hidden fields
 * never answered), expiry, password, revocation, rate limit, page cap; delete to the recycle bin,
 * restore (share links back) and purge (share links gone).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { RecycleEntry, SharedView, View, ViewRows, ViewShare, ViewShareCreated } from '../../../../contracts';
import { auditLog, recycleBin, viewShares, views } from '../../db/schema';
import { adminSession, call, createTestApp, json, ownDatabasePerTest } from '../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject } from '../../test/records-support';
import { SHARE_RATE_LIMIT, sharedOptions, tokenHashOf } from './shares.service';

ownDatabasePerTest('every test makes the same application `viewsapp` and subject (not converted to its own slugs yet)');

interface ErrorBody {
  errorCode: string;
  details?: { field: string }[];
}

const choices = ['todo', 'doing', 'done'].map((label) => ({ label, color: '#1677ff' }));

async function setup() {
  const testApp = await createTestApp();
  const { app, handle } = testApp;
  const { cookie: admin, user: adminUser } = await adminSession(app);
  const members = await applicationWithMembers(app, admin, 'viewsapp');
  const subject = await makeSubject(handle.db, {
    applicationId: members.appId,
    key: 'task',
    name: 'Task',
    displayFieldKey: 'title',
    fields: [
      { key: 'title', name: 'Title', type: 'text' },
      { key: 'status', name: 'Status', type: 'singleSelect', options: { choices } },
      { key: 'due', name: 'Due', type: 'date' },
      { key: 'secret', name: 'Secret', type: 'text' },
      { key: 'amount', name: 'Amount', type: 'number' },
      { key: 'tags', name: 'Tags', type: 'multiSelect', options: { choices } },
    ],
  });
  const rows: [string, string | null, string, string, string][] = [
    ['A1', 'todo', '2026-11-02', 's-a1', '10'],
    ['A2', 'todo', '2026-11-15', 's-a2', '20'],
    ['B1', 'doing', '2026-11-20', 's-b1', '30'],
    ['C1', 'done', '2026-12-01', 's-c1', '40'],
    ['N1', null, '2026-10-30', 's-n1', '5'],
  ];
  for (const [title, status, due, secret, amount] of rows) {
    await insertRecord(handle.db, subject, { title, ...(status ? { status } : {}), due, secret, amount }, { createdBy: adminUser.id });
  }
  return { ...testApp, admin, adminUser, ...members, subject };
}

const base = '/api/v1/applications/viewsapp/subjects/task/views';
const gridConfig = {
  type: 'grid',
  columns: ['title', 'status', 'amount'],
  filter: { op: 'and', items: [{ field: 'amount', op: 'gte', value: 10 }] },
  sort: [{ field: 'amount', order: 'desc' }],
  groupBy: 'status',
};

test('views: CRUD, access like records, config checks, rows with filter/sort/group order and keyset cursor', async (t) => {
  const s = await setup();
  t.after(s.close);
  const { app } = s;

  // viewers read, cannot write; outsiders see nothing
  assert.equal((await call(app, 'POST', base, { cookie: s.viewer.cookie, body: { name: 'V', config: gridConfig } })).statusCode, 403);
  assert.equal((await call(app, 'GET', base, { cookie: s.outsider.cookie })).statusCode, 403);
  const created = await call(app, 'POST', base, { cookie: s.editor.cookie, body: { name: 'Open work', config: gridConfig } });
  assert.equal(created.statusCode, 201, created.body);
  const view = json<{ data: View }>(created).data;
  assert.equal(view.type, 'grid');
  assert.equal(view.subjectKey, 'task');
  assert.equal(view.config.type === 'grid' && view.config.pageSize, 100, 'defaults filled');

  // bad configs name the part
  const bad = async (config: unknown, field: string) => {
    const r = await call(app, 'POST', base, { cookie: s.editor.cookie, body: { name: 'Bad', config } });
    assert.equal(r.statusCode, 400, r.body);
    assert.ok(json<ErrorBody>(r).details?.some((d) => d.field === field), `${field} in ${r.body}`);
  };
  await bad({ type: 'grid', columns: ['title', 'nope'] }, 'config.columns.1');
  await bad({ type: 'grid', groupBy: 'tags' }, 'config.groupBy');
  await bad({ type: 'kanban', groupField: 'title' }, 'config.groupField');
  await bad({ type: 'calendar', dateField: 'title' }, 'config.dateField');
  await bad({ type: 'grid', filter: { op: 'and', items: [{ field: 'nope', op: 'eq', value: 1 }] } }, 'config.filter.nope');
  await bad({ type: 'grid', sort: [{ field: 'tags', order: 'asc' }] }, 'config.sort');

  // reading: viewer yes, outsider no
  assert.equal((await call(app, 'GET', `/api/v1/views/${view.id}`, { cookie: s.viewer.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `/api/v1/views/${view.id}`, { cookie: s.outsider.cookie })).statusCode, 403);
  const list = await call(app, 'GET', base, { cookie: s.viewer.cookie });
  assert.equal(json<{ total: number }>(list).total, 1);
  const all = await call(app, 'GET', '/api/v1/views?q=open', { cookie: s.admin });
  assert.equal(json<{ total: number }>(all).total, 1);
  assert.equal((await call(app, 'GET', '/api/v1/views', { cookie: s.editor.cookie })).statusCode, 403);

  // rows: filter amount >= 10 (N1 out), grouped by status first (asc, nulls last), then amount desc
  const page1 = await call(app, 'GET', `/api/v1/views/${view.id}/rows?pageSize=2`, { cookie: s.viewer.cookie });
  assert.equal(page1.statusCode, 200, page1.body);
  const p1 = json<ViewRows>(page1);
  assert.equal(p1.total, 4);
  const titles = p1.data.map((r) => r.values.title);
  assert.ok(p1.nextCursor);
  const page2 = json<ViewRows>(await call(app, 'GET', `/api/v1/views/${view.id}/rows?pageSize=2&cursor=${encodeURIComponent(p1.nextCursor!)}`, { cookie: s.viewer.cookie }));
  titles.push(...page2.data.map((r) => r.values.title));
  assert.equal(page2.nextCursor, null);
  // option labels sort as text: doing < done < todo
  assert.deepEqual(titles, ['B1', 'C1', 'A2', 'A1']);

  // update: viewer refused, editor renames; an unchanged update writes no audit entry
  assert.equal((await call(app, 'PATCH', `/api/v1/views/${view.id}`, { cookie: s.viewer.cookie, body: { name: 'x' } })).statusCode, 403);
  const renamed = await call(app, 'PATCH', `/api/v1/views/${view.id}`, { cookie: s.editor.cookie, body: { name: 'Renamed' } });
  assert.equal(json<{ data: View }>(renamed).data.name, 'Renamed');
  const before = (await s.handle.db.select().from(auditLog).where(eq(auditLog.action, 'view.update'))).length;
  await call(app, 'PATCH', `/api/v1/views/${view.id}`, { cookie: s.editor.cookie, body: { name: 'Renamed' } });
  assert.equal((await s.handle.db.select().from(auditLog).where(eq(auditLog.action, 'view.update'))).length, before);

  // kanban column and calendar range
  const kanban = json<{ data: View }>(
    await call(app, 'POST', base, { cookie: s.editor.cookie, body: { name: 'Board', config: { type: 'kanban', groupField: 'status', cardFields: ['due'] } } }),
  ).data;
  const column = async (group: string) =>
    json<ViewRows>(await call(app, 'GET', `/api/v1/views/${kanban.id}/rows?group=${group}`, { cookie: s.viewer.cookie })).data.map((r) => r.values.title).sort();
  assert.deepEqual(await column('todo'), ['A1', 'A2']);
  assert.deepEqual(await column(''), ['N1']);
  const calendar = json<{ data: View }>(
    await call(app, 'POST', base, { cookie: s.editor.cookie, body: { name: 'Due', config: { type: 'calendar', dateField: 'due', titleField: 'title' } } }),
  ).data;
  const month = json<ViewRows>(await call(app, 'GET', `/api/v1/views/${calendar.id}/rows?from=2026-11-01&to=2026-11-30`, { cookie: s.viewer.cookie }));
  assert.deepEqual(month.data.map((r) => r.values.title), ['A1', 'A2', 'B1'], 'only the visible month, by date');

  // the application's views over all its subjects (the workspace menu): members yes, outsiders no
  const appViews = await call(app, 'GET', '/api/v1/applications/viewsapp/views?pageSize=100', { cookie: s.viewer.cookie });
  assert.equal(appViews.statusCode, 200, appViews.body);
  assert.deepEqual(json<{ data: View[] }>(appViews).data.map((v) => `${v.subjectKey}/${v.name}`).sort(), ['task/Board', 'task/Due', 'task/Renamed']);
  assert.equal((await call(app, 'GET', '/api/v1/applications/viewsapp/views', { cookie: s.outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/applications/nope/views', { cookie: s.admin })).statusCode, 404);

  // delete: viewer refused, editor deletes (audited)
  assert.equal((await call(app, 'DELETE', `/api/v1/views/${calendar.id}`, { cookie: s.viewer.cookie })).statusCode, 403);
  assert.equal((await call(app, 'DELETE', `/api/v1/views/${calendar.id}`, { cookie: s.editor.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `/api/v1/views/${calendar.id}`, { cookie: s.editor.cookie })).statusCode, 404);
  assert.equal((await s.handle.db.select().from(auditLog).where(eq(auditLog.action, 'view.delete'))).length, 1);
});

test('share links: only the view columns and rows, hidden fields never answered, password, expiry, revocation, rate limit', async (t) => {
  const s = await setup();
  t.after(s.close);
  const { app } = s;
  const view = json<{ data: View }>(await call(app, 'POST', base, { cookie: s.editor.cookie, body: { name: 'Shared', config: gridConfig } })).data;

  assert.equal((await call(app, 'POST', `/api/v1/views/${view.id}/shares`, { cookie: s.viewer.cookie, body: {} })).statusCode, 403);
  const made = await call(app, 'POST', `/api/v1/views/${view.id}/shares`, { cookie: s.editor.cookie, body: {} });
  assert.equal(made.statusCode, 201, made.body);
  const share = json<{ data: ViewShareCreated }>(made).data;
  assert.ok(Buffer.from(share.token, 'base64url').length >= 32, 'at least 32 random bytes');
  assert.equal(share.tokenPrefix, share.token.slice(0, 8));
  const [stored] = await s.handle.db.select().from(viewShares).where(eq(viewShares.id, share.id));
  assert.equal(stored.tokenHash, tokenHashOf(share.token), 'only the hash is kept');
  assert.ok(!JSON.stringify(stored).includes(share.token));

  // logged out: the token admits
  const read = (token: string, extra = '', headers: Record<string, string> = {}) =>
    call(app, 'GET', `/api/v1/view-shares/rows?token=${encodeURIComponent(token)}${extra}`, { headers });
  const res = await read(share.token);
  assert.equal(res.statusCode, 200, res.body);
  const shared = json<SharedView>(res);
  assert.deepEqual(shared.view.columns.map((c) => c.key), ['title', 'status', 'amount']);
  assert.equal(shared.view.groupBy, 'status');
  // each column carries what its cells are drawn with: a select's options and their colours
  assert.deepEqual(shared.view.columns.find((c) => c.key === 'status')?.options, { choices: choices.map(({ label, color }) => ({ label, color })) });
  assert.deepEqual(shared.view.columns.find((c) => c.key === 'title')?.options, {});
  // display options only: a formula's expression and a relation's target stay on the server
  assert.deepEqual(sharedOptions({ expression: 'secret * 2', resultType: 'number', precision: 2 }), { resultType: 'number', precision: 2 });
  assert.deepEqual(sharedOptions({ targetSubjectId: 'x', multiple: true }), { multiple: true });
  assert.deepEqual(shared.data.map((r) => r.values.title), ['B1', 'C1', 'A2', 'A1'], "the view's rows only (N1 filtered out)");
  for (const row of shared.data) assert.deepEqual(Object.keys(row.values).sort(), ['amount', 'status', 'title']);
  assert.ok(!res.body.includes('s-a1') && !res.body.includes('secret'), 'hidden values never leave the server');
  assert.ok(!res.body.includes(s.adminUser.id), 'no hidden user ids or their names');
  // asking for a field outside the view: not answered
  const asked = json<SharedView>(await read(share.token, '&fields=title,secret,due'));
  assert.deepEqual(asked.view.columns.map((c) => c.key), ['title']);
  for (const row of asked.data) assert.deepEqual(Object.keys(row.values), ['title']);
  // size limit and paging
  assert.equal((await read(share.token, '&pageSize=201')).statusCode, 400);
  const p1 = json<SharedView>(await read(share.token, '&pageSize=3'));
  assert.equal(p1.data.length, 3);
  const p2 = json<SharedView>(await read(share.token, `&pageSize=3&cursor=${encodeURIComponent(p1.nextCursor!)}`));
  assert.deepEqual(p2.data.map((r) => r.values.title), ['A1']);

  // wrong token → 404; the list shows uses and never the token
  const wrong = await read(`${share.token.slice(0, -2)}xx`);
  assert.equal(wrong.statusCode, 404);
  const shares = json<{ data: ViewShare[] }>(await call(app, 'GET', `/api/v1/views/${view.id}/shares`, { cookie: s.editor.cookie })).data;
  assert.equal(shares[0].useCount, 4, "four admitted reads (the 400 was not admitted)");
  assert.ok(!JSON.stringify(shares).includes(share.token));

  // password
  const locked = json<{ data: ViewShareCreated }>(await call(app, 'POST', `/api/v1/views/${view.id}/shares`, { cookie: s.editor.cookie, body: { password: 'open sesame' } })).data;
  assert.equal(locked.hasPassword, true);
  const none = await read(locked.token);
  assert.equal(none.statusCode, 401);
  assert.equal(json<ErrorBody>(none).errorCode, 'SHARE_PASSWORD_REQUIRED');
  const bad = await read(locked.token, '', { 'x-share-password': 'nope' });
  assert.equal(json<ErrorBody>(bad).errorCode, 'SHARE_PASSWORD_WRONG');
  assert.equal((await read(locked.token, '', { 'x-share-password': 'open sesame' })).statusCode, 200);

  // expiry: a past one is refused at creation; one that passes → 404
  const past = await call(app, 'POST', `/api/v1/views/${view.id}/shares`, { cookie: s.editor.cookie, body: { expiresAt: '2020-01-01T00:00:00Z' } });
  assert.equal(past.statusCode, 400);
  const soon = json<{ data: ViewShareCreated }>(
    await call(app, 'POST', `/api/v1/views/${view.id}/shares`, { cookie: s.editor.cookie, body: { expiresAt: new Date(Date.now() + 60_000).toISOString() } }),
  ).data;
  assert.equal((await read(soon.token)).statusCode, 200);
  await s.handle.db.update(viewShares).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(viewShares.id, soon.id));
  assert.equal((await read(soon.token)).statusCode, 404);

  // revocation (audited), then 404; revoking again changes nothing
  assert.equal((await call(app, 'DELETE', `/api/v1/views/${view.id}/shares/${share.id}`, { cookie: s.viewer.cookie })).statusCode, 403);
  const revoked = await call(app, 'DELETE', `/api/v1/views/${view.id}/shares/${share.id}`, { cookie: s.editor.cookie });
  assert.ok(json<{ data: ViewShare }>(revoked).data.revokedAt);
  assert.equal((await read(share.token)).statusCode, 404);
  assert.equal((await s.handle.db.select().from(auditLog).where(eq(auditLog.action, 'view.share_revoke'))).length, 1);

  // a deleted view's links answer 404 while it is in the recycle bin
  await call(app, 'DELETE', `/api/v1/views/${view.id}`, { cookie: s.editor.cookie });
  assert.equal((await read(locked.token, '', { 'x-share-password': 'open sesame' })).statusCode, 404);

  // rate limit: SHARE_RATE_LIMIT a minute per IP, then 429
  let last = 0;
  for (let i = 0; i < SHARE_RATE_LIMIT + 1; i++) last = (await read('B'.repeat(43))).statusCode;
  assert.equal(last, 429);
});

test('delete goes to the recycle bin: hidden everywhere, share links 404 like a bad token; restore brings links back, purge removes them', async (t) => {
  const s = await setup();
  t.after(s.close);
  const { app } = s;
  const view = json<{ data: View }>(await call(app, 'POST', base, { cookie: s.editor.cookie, body: { name: 'Binned board', config: gridConfig } })).data;
  const keep = json<{ data: View }>(await call(app, 'POST', base, { cookie: s.editor.cookie, body: { name: 'Kept', config: gridConfig } })).data;
  const makeShare = async () => json<{ data: ViewShareCreated }>(await call(app, 'POST', `/api/v1/views/${view.id}/shares`, { cookie: s.editor.cookie, body: {} })).data;
  const live = await makeShare();
  const revoked = await makeShare();
  assert.equal((await call(app, 'DELETE', `/api/v1/views/${view.id}/shares/${revoked.id}`, { cookie: s.editor.cookie })).statusCode, 200);
  const read = (token: string) => call(app, 'GET', `/api/v1/view-shares/rows?token=${encodeURIComponent(token)}`);
  assert.equal((await read(live.token)).statusCode, 200);
  const names = async (url: string, cookie: string) => json<{ data: View[] }>(await call(app, 'GET', url, { cookie })).data.map((v) => v.name).sort();

  // delete (editor): one audit entry and one bin entry
  const deleted = await call(app, 'DELETE', `/api/v1/views/${view.id}`, { cookie: s.editor.cookie });
  assert.equal(deleted.statusCode, 200, deleted.body);
  const [audited] = await s.handle.db.select().from(auditLog).where(eq(auditLog.action, 'view.delete'));
  assert.equal(audited.targetId, view.id);
  assert.equal((await s.handle.db.select().from(views).where(eq(views.id, view.id))).length, 1, 'the row is kept (soft delete)');

  // hidden: lists (subject's and administrators'), detail, rows, update, share management, a second delete
  assert.deepEqual(await names(base, s.viewer.cookie), ['Kept']);
  assert.deepEqual(await names('/api/v1/views', s.admin), ['Kept']);
  assert.equal((await call(app, 'GET', `/api/v1/views/${view.id}`, { cookie: s.editor.cookie })).statusCode, 404);
  assert.equal((await call(app, 'GET', `/api/v1/views/${view.id}`, { cookie: s.admin })).statusCode, 404);
  assert.equal((await call(app, 'GET', `/api/v1/views/${view.id}/rows`, { cookie: s.viewer.cookie })).statusCode, 404);
  assert.equal((await call(app, 'PATCH', `/api/v1/views/${view.id}`, { cookie: s.editor.cookie, body: { name: 'x' } })).statusCode, 404);
  assert.equal((await call(app, 'GET', `/api/v1/views/${view.id}/shares`, { cookie: s.editor.cookie })).statusCode, 404);
  assert.equal((await call(app, 'POST', `/api/v1/views/${view.id}/shares`, { cookie: s.editor.cookie, body: {} })).statusCode, 404);
  assert.equal((await call(app, 'DELETE', `/api/v1/views/${view.id}`, { cookie: s.editor.cookie })).statusCode, 404);
  assert.equal((await call(app, 'GET', `/api/v1/views/${keep.id}/rows`, { cookie: s.viewer.cookie })).statusCode, 200, 'the other view is untouched');
  // its share link: the same 404 as a token that never existed
  const gone = await read(live.token);
  const unknown = await read('A'.repeat(43));
  assert.equal(gone.statusCode, 404);
  assert.deepEqual(json(gone), json(unknown), 'nothing tells a binned view from a bad token');

  // in the bin as type 'view', labelled with its name, deleted by the editor
  const bin = await call(app, 'GET', '/api/v1/recycle?type=view', { cookie: s.admin });
  assert.equal(bin.statusCode, 200, bin.body);
  const entries = json<{ data: RecycleEntry[] }>(bin).data;
  assert.equal(entries.length, 1);
  assert.equal(entries[0].type, 'view');
  assert.equal(entries[0].targetId, view.id);
  assert.equal(entries[0].label, 'Binned board');
  assert.equal(entries[0].deletedBy, s.editor.id);
  assert.ok(json<{ data: RecycleEntry[] }>(await call(app, 'GET', '/api/v1/recycle?q=binned', { cookie: s.admin })).data.some((e) => e.type === 'view'));

  // restore: listed and readable again, the live link answers, the revoked one still does not
  const restored = await call(app, 'POST', `/api/v1/recycle/view/${view.id}/restore`, { cookie: s.admin });
  assert.equal(restored.statusCode, 200, restored.body);
  assert.deepEqual(await names(base, s.viewer.cookie), ['Binned board', 'Kept']);
  assert.equal((await call(app, 'GET', `/api/v1/views/${view.id}/rows`, { cookie: s.viewer.cookie })).statusCode, 200);
  const back = await read(live.token);
  assert.equal(back.statusCode, 200, back.body);
  assert.equal(json<SharedView>(back).view.name, 'Binned board');
  assert.equal((await read(revoked.token)).statusCode, 404, 'a revoked link stays revoked');
  assert.equal(json<{ total: number }>(await call(app, 'GET', '/api/v1/recycle?type=view', { cookie: s.admin })).total, 0);
  const [row] = await s.handle.db.select().from(views).where(eq(views.id, view.id));
  assert.equal(row.deletedAt, null);
  assert.equal(row.deletedBy, null);

  // delete again, then purge: the row and its share links are gone for good
  assert.equal((await call(app, 'DELETE', `/api/v1/views/${view.id}`, { cookie: s.editor.cookie })).statusCode, 200);
  assert.equal((await s.handle.db.select().from(viewShares).where(eq(viewShares.viewId, view.id))).length, 2, 'links kept while in the bin');
  const purged = await call(app, 'DELETE', `/api/v1/recycle/view/${view.id}`, { cookie: s.admin });
  assert.equal(purged.statusCode, 200, purged.body);
  assert.equal((await s.handle.db.select().from(views).where(eq(views.id, view.id))).length, 0);
  assert.equal((await s.handle.db.select().from(viewShares).where(eq(viewShares.viewId, view.id))).length, 0);
  assert.equal((await s.handle.db.select().from(recycleBin).where(eq(recycleBin.targetId, view.id))).length, 0);
  assert.equal((await read(live.token)).statusCode, 404);
  assert.equal((await call(app, 'POST', `/api/v1/recycle/view/${view.id}/restore`, { cookie: s.admin })).statusCode, 404);
  assert.equal((await s.handle.db.select().from(auditLog).where(eq(auditLog.action, 'view.delete'))).length, 2);
});
