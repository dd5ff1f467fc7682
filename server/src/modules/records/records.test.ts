import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import type { RecordDetail, RecordItem, RecordLocation, RecordVersion, StaleConflict } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { auditLog, categories, categorizations, fields, recordVersions, taggings, tags } from '../../db/schema';
import { adminSession, call, changeInSql, createTestApp, json, userSession } from '../../test/helpers';
import { loadSubjectDef } from '../subjects/subject-def';
import { recomputeFormulaField } from './records.service';
import { addTestMember, createTestApplication, createTestSubjectIn, fieldOf } from './records.test-support';

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
  conflict?: StaleConflict;
}

async function build() {
  const made = await createTestApp();
  try {
    return await populate(made);
  } catch (e) {
    await made.close();
    throw e;
  }
}

async function populate({ app, close }: Awaited<ReturnType<typeof createTestApp>>) {
  const { cookie, user: admin } = await adminSession(app);
  const appId = await createTestApplication(app, cookie, 'crud');
  const viewer = await userSession(app, cookie, { name: 'Vera Viewer' });
  const editor = await userSession(app, cookie, { name: 'Ed Editor' });
  const outsider = await userSession(app, cookie, { name: 'Otto Outsider' });
  await addTestMember(app, cookie, 'crud', viewer.email, 'viewer');
  await addTestMember(app, cookie, 'crud', editor.email, 'editor');
  await createTestSubjectIn(app, { applicationId: appId, key: 'tag', fields: [fieldOf('label', 'text')], displayField: 'label' });
  const tagDef = (await loadSubjectDef(app.db, { applicationId: appId, key: 'tag' }))!;
  await createTestSubjectIn(app, {
    applicationId: appId,
    key: 'paper',
    displayField: 'title',
    fields: [
      fieldOf('ref', 'autoNumber', { options: { prefix: 'WP-', padding: 3 } }),
      fieldOf('title', 'text', { required: true, unique: true }),
      fieldOf('qty', 'number', { validation: { min: 0 } }),
      fieldOf('price', 'money', { defaultValue: '1.00' }),
      fieldOf('total', 'formula', { options: { expression: 'qty * price', resultType: 'number' } }),
      fieldOf('big', 'formula', { options: { expression: 'total > 100', resultType: 'boolean' } }),
      fieldOf('tags', 'relation', { options: { targetSubjectId: tagDef.id, multiple: true } }),
      fieldOf('reviewer', 'user'),
      fieldOf('stamp', 'updatedBy'),
    ],
  });
  const subject = (await loadSubjectDef(app.db, { applicationId: appId, key: 'paper' }))!;
  const tagIds: string[] = [];
  for (const label of ['x', 'y', 'z']) {
    const res = await call(app, 'POST', '/api/v1/applications/crud/subjects/tag/records', { cookie, body: { values: { label } } });
    tagIds.push(json<{ data: RecordDetail }>(res).data.record.id);
  }
  return { app, cookie, admin, viewer, editor, outsider, appId, subject, tagIds, close };
}

let shared: ReturnType<typeof build> | undefined;
after(async () => (await shared)?.close());
const setup = () => (shared ??= build());

const BASE = '/api/v1/applications/crud/subjects/paper/records';
type App = Awaited<ReturnType<typeof createTestApp>>['app'];

async function create(app: App, cookie: string, values: Record<string, unknown>): Promise<RecordDetail> {
  const res = await call(app, 'POST', BASE, { cookie, body: { values } });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: RecordDetail }>(res).data;
}

async function versionsOf(app: App, cookie: string, id: string, query = ''): Promise<{ data: RecordVersion[]; total: number }> {
  const res = await call(app, 'GET', `${BASE}/${id}/versions${query}`, { cookie });
  assert.equal(res.statusCode, 200, res.body);
  return json<{ data: RecordVersion[]; total: number }>(res);
}

const auditCount = async (app: App, action: string) =>
  rowsOf<{ n: number }>(await app.db.execute(sql`select count(*)::int as n from audit_log where action = ${action}`))[0].n;

test('records: create — auto number, default, formulas, many-relation order, version 1 with history and audit', async () => {
  const { app, cookie, editor, admin, tagIds } = await setup();
  const before = await auditCount(app, 'record.create');
  const a = await create(app, editor.cookie, { title: 'Cash count', qty: 3, price: '40.50', tags: [tagIds[2], tagIds[0]], reviewer: admin.id });
  const r = a.record;
  assert.equal(r.version, 1);
  assert.match(String(r.values.ref), /^WP-\d{3}$/);
  assert.equal(r.values.total, '121.5');
  assert.equal(r.values.big, true);
  assert.deepEqual(r.values.tags, [tagIds[2], tagIds[0]]);
  assert.equal(r.values.stamp, editor.user.id);
  assert.equal(r.createdBy, editor.user.id);
  assert.equal(a.labels[tagIds[2]], 'z');
  assert.equal(a.labels[admin.id], 'Admin');
  assert.equal(a.labels[editor.user.id], 'Ed Editor');
  const b = await create(app, cookie, { title: 'Bank confirmation' });
  assert.equal(b.record.values.price, '1.00', 'the default');
  assert.equal(b.record.values.total, null, 'qty empty → formula empty');
  assert.equal(Number(String(b.record.values.ref).slice(3)), Number(String(r.values.ref).slice(3)) + 1);

  const history = await versionsOf(app, cookie, r.id);
  assert.equal(history.total, 1);
  const v1 = history.data[0];
  assert.deepEqual([v1.version, v1.action, v1.actorId, v1.actorLabel], [1, 'create', editor.user.id, 'Ed Editor']);
  assert.deepEqual(v1.changes.title, { before: null, after: 'Cash count' });
  assert.deepEqual(v1.changes.total, { before: null, after: '121.5' });
  assert.equal(v1.changes.reviewer?.after, admin.id);
  assert.equal(v1.changes.stamp, undefined, 'system fields are not changes');
  assert.deepEqual(v1.snapshot, r.values);
  assert.equal(await auditCount(app, 'record.create'), before + 2);

  const got = await call(app, 'GET', `${BASE}/${r.id}`, { cookie: editor.cookie });
  assert.equal(got.statusCode, 200);
  assert.deepEqual(json<{ data: RecordDetail }>(got).data.record, r);
  assert.deepEqual(json<{ data: RecordDetail }>(got).data.tagIds, []);
  // tags and categories of the record (target_type 'record'); deleted ones are left out
  const [tag] = await app.db.insert(tags).values({ name: 'Key control', color: '#1677ff' }).returning();
  const [gone] = await app.db.insert(tags).values({ name: 'Old', color: '#1677ff', deletedAt: new Date() }).returning();
  const [category] = await app.db.insert(categories).values({ name: 'Cash' }).returning();
  await app.db.insert(taggings).values([tag, gone].map((t) => ({ tagId: t.id, targetType: 'record', targetId: r.id })));
  await app.db.insert(categorizations).values({ categoryId: category.id, targetType: 'record', targetId: r.id });
  const tagged = json<{ data: RecordDetail }>(await call(app, 'GET', `${BASE}/${r.id}`, { cookie: editor.cookie })).data;
  assert.deepEqual([tagged.tagIds, tagged.categoryIds], [[tag.id], [category.id]]);
});

test('records: update writes only what changed, recomputes formulas, +1 version; a no-op writes nothing', async () => {
  const { app, cookie, editor } = await setup();
  const { record } = await create(app, cookie, { title: 'Inventory', qty: 2, price: 10 });
  const patch = (version: number, values: Record<string, unknown>, who = editor.cookie) =>
    call(app, 'PATCH', `${BASE}/${record.id}`, { cookie: who, body: { version, values } });
  const res = await patch(1, { qty: '200', title: 'Inventory' });
  assert.equal(res.statusCode, 200, res.body);
  const after = json<{ data: RecordDetail }>(res).data.record;
  assert.equal(after.version, 2);
  assert.deepEqual([after.values.qty, after.values.total, after.values.big], ['200', '2000', true]);
  assert.equal(after.updatedBy, editor.user.id);
  const [v2] = (await versionsOf(app, cookie, record.id)).data;
  assert.equal(v2.action, 'update');
  assert.deepEqual(Object.keys(v2.changes).sort(), ['big', 'qty', 'total']);
  assert.deepEqual(v2.changes.qty, { before: '2', after: '200' });
  const audits = await auditCount(app, 'record.update');
  // the same values again: no version, no audit entry
  const same = await patch(2, { qty: 200, title: 'Inventory' });
  assert.equal(same.statusCode, 200);
  assert.equal(json<{ data: RecordDetail }>(same).data.record.version, 2);
  assert.equal((await versionsOf(app, cookie, record.id)).total, 2);
  assert.equal(await auditCount(app, 'record.update'), audits);
});

test('records: a stale version is a 409 with the record now and the versions since; nothing is written', async () => {
  const { app, editor, cookie } = await setup();
  const { record } = await create(app, cookie, { title: 'Stale one', qty: 1 });
  await call(app, 'PATCH', `${BASE}/${record.id}`, { cookie, body: { version: 1, values: { qty: 2 } } });
  await call(app, 'PATCH', `${BASE}/${record.id}`, { cookie, body: { version: 2, values: { qty: 3 } } });
  const res = await call(app, 'PATCH', `${BASE}/${record.id}`, { cookie: editor.cookie, body: { version: 1, values: { qty: 99, title: 'Mine' } } });
  assert.equal(res.statusCode, 409);
  const body = json<ErrorBody>(res);
  assert.equal(body.errorCode, 'STALE_VERSION');
  assert.equal(body.conflict?.current.version, 3);
  assert.equal(body.conflict?.current.values.qty, '3');
  assert.deepEqual(body.conflict?.changes.map((c) => [c.version, c.changes.qty?.after]), [[2, '2'], [3, '3']]);
  const now = json<{ data: RecordDetail }>(await call(app, 'GET', `${BASE}/${record.id}`, { cookie })).data.record;
  assert.deepEqual([now.version, now.values.qty, now.values.title], [3, '3', 'Stale one']);
});

test('records: constraints hold on create, update and bulk update, naming the field; unique values', async () => {
  const { app, cookie } = await setup();
  const bad = async (method: 'POST' | 'PATCH', url: string, body: unknown, status: number, fieldNames: string[]) => {
    const res = await call(app, method, url, { cookie, body });
    assert.equal(res.statusCode, status, res.body);
    assert.deepEqual(json<ErrorBody>(res).details?.map((d) => d.field).sort(), fieldNames, url);
    return json<ErrorBody>(res);
  };
  await bad('POST', BASE, { values: { qty: -1 } }, 400, ['values.qty', 'values.title']);
  await bad('POST', BASE, { values: { title: 'T', total: 5, ref: 'x' } }, 400, ['values.ref', 'values.total']);
  // a number or money field given text that is no number: 400 naming each field, never dropped silently
  const notNumber = await bad('POST', BASE, { values: { title: 'T', qty: 'abc', price: '12abc' } }, 400, ['values.price', 'values.qty']);
  assert.equal(notNumber.errorCode, 'VALIDATION_FAILED');
  assert.ok(notNumber.details?.every((d) => d.message.length > 0));
  const { record } = await create(app, cookie, { title: 'Unique A' });
  const other = (await create(app, cookie, { title: 'Unique B' })).record;
  assert.equal((await bad('POST', BASE, { values: { title: 'Unique A' } }, 409, ['values.title'])).errorCode, 'VALUE_TAKEN');
  await bad('PATCH', `${BASE}/${other.id}`, { version: 1, values: { title: 'Unique A' } }, 409, ['values.title']);
  await bad('PATCH', `${BASE}/${other.id}`, { version: 1, values: { title: null, qty: 'x' } }, 400, ['values.qty', 'values.title']);
  // bulk update: validated once, all or nothing
  await bad('POST', `${BASE}/bulk-update`, { ids: [record.id, other.id], values: { qty: -5 } }, 400, ['values.qty']);
  await bad('POST', `${BASE}/bulk-update`, { ids: [record.id, other.id], values: { title: 'Same' } }, 409, ['values.title']);
  await bad('POST', `${BASE}/bulk-update`, { ids: [record.id, '00000000-0000-4000-8000-000000000000'], values: { qty: 1 } }, 404, ['ids']);
  const unchanged = json<{ data: RecordDetail }>(await call(app, 'GET', `${BASE}/${record.id}`, { cookie })).data.record;
  assert.deepEqual([unchanged.version, unchanged.values.qty], [1, null]);
  const ok = await call(app, 'POST', `${BASE}/bulk-update`, { cookie, body: { ids: [record.id, other.id, record.id], values: { qty: 4, price: '2.5' } } });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(json<{ data: { count: number } }>(ok).data.count, 2);
  const bulked = json<{ data: RecordDetail }>(await call(app, 'GET', `${BASE}/${other.id}`, { cookie })).data.record;
  assert.deepEqual([bulked.version, bulked.values.qty, bulked.values.total], [2, '4', '10']);
  const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'record.bulk_update')).orderBy(sql`seq desc`).limit(1);
  assert.equal((audit.details as { count: number }).count, 2);
  // a relation to a record that is not in the target subject
  await bad('PATCH', `${BASE}/${other.id}`, { version: 2, values: { tags: [record.id] } }, 400, ['values.tags']);
});

test('records: the unique index guards racing creates (one 201, the rest 409); versions stay gap-free under racing writes', async () => {
  const { app, cookie } = await setup();
  const results = await Promise.all(Array.from({ length: 5 }, () => call(app, 'POST', BASE, { cookie, body: { values: { title: 'Race' } } })));
  assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 409, 409, 409, 409]);
  for (const r of results.filter((x) => x.statusCode === 409)) assert.equal(json<ErrorBody>(r).errorCode, 'VALUE_TAKEN');
  const { record } = await create(app, cookie, { title: 'Counter', qty: 0 });
  const writes = await Promise.all(
    Array.from({ length: 6 }, (_, i) => call(app, 'POST', `${BASE}/bulk-update`, { cookie, body: { ids: [record.id], values: { qty: i + 1 } } })),
  );
  assert.ok(writes.every((w) => w.statusCode === 200));
  const versions = await app.db.select({ v: recordVersions.version }).from(recordVersions).where(eq(recordVersions.recordId, record.id));
  assert.deepEqual(versions.map((v) => v.v).sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7]);
  const now = json<{ data: RecordDetail }>(await call(app, 'GET', `${BASE}/${record.id}`, { cookie })).data.record;
  assert.equal(now.version, 7);
});

test('records: history pages newest first; restoring a version makes a new one (formulas recomputed); stale and missing versions refused', async () => {
  const { app, cookie, tagIds } = await setup();
  const { record } = await create(app, cookie, { title: 'History', qty: 1, price: 5, tags: [tagIds[0]] });
  await call(app, 'PATCH', `${BASE}/${record.id}`, { cookie, body: { version: 1, values: { qty: 2, tags: [tagIds[1], tagIds[2]] } } });
  await call(app, 'PATCH', `${BASE}/${record.id}`, { cookie, body: { version: 2, values: { title: 'History (renamed)' } } });
  const page1 = await versionsOf(app, cookie, record.id, '?pageSize=2');
  assert.equal(page1.total, 3);
  assert.deepEqual(page1.data.map((v) => v.version), [3, 2]);
  assert.deepEqual((await versionsOf(app, cookie, record.id, '?pageSize=2&current=2')).data.map((v) => v.version), [1]);
  const restore = (version: number, current: number) =>
    call(app, 'POST', `${BASE}/${record.id}/versions/${version}/restore`, { cookie, body: { version: current } });
  assert.equal((await restore(1, 2)).statusCode, 409);
  assert.equal((await restore(9, 3)).statusCode, 404);
  const res = await restore(1, 3);
  assert.equal(res.statusCode, 200, res.body);
  const now = json<{ data: RecordDetail }>(res).data.record;
  assert.equal(now.version, 4);
  assert.deepEqual([now.values.title, now.values.qty, now.values.total, now.values.tags], ['History', '1', '5', [tagIds[0]]]);
  const [v4] = (await versionsOf(app, cookie, record.id)).data;
  assert.equal(v4.action, 'restore');
  assert.deepEqual(v4.changes.title, { before: 'History (renamed)', after: 'History' });
  assert.deepEqual(v4.changes.tags, { before: [tagIds[1], tagIds[2]], after: [tagIds[0]] });
  assert.equal(v4.changes.ref, undefined, 'the auto number is kept');
  assert.equal(await auditCount(app, 'record.restore_version') >= 1, true);
});

test('records: delete to the recycle bin, restore (a new version) and purge (history kept); bulk delete is all or nothing', async () => {
  const { app, cookie } = await setup();
  const { record } = await create(app, cookie, { title: 'Binned' });
  assert.equal((await call(app, 'DELETE', `${BASE}/${record.id}`, { cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `${BASE}/${record.id}`, { cookie })).statusCode, 404);
  assert.equal((await call(app, 'DELETE', `${BASE}/${record.id}`, { cookie })).statusCode, 404);
  const bin = rowsOf<{ label: string }>(await app.db.execute(sql`select label from recycle_bin where type = 'record' and target_id = ${record.id}`));
  assert.deepEqual(bin, [{ label: 'Binned' }]);
  // its unique value is free while it is in the bin; restoring then clashes
  const taker = (await create(app, cookie, { title: 'Binned' })).record;
  const clash = await call(app, 'POST', `/api/v1/recycle/record/${record.id}/restore`, { cookie });
  assert.equal(clash.statusCode, 409, clash.body);
  assert.equal(json<ErrorBody>(clash).errorCode, 'VALUE_TAKEN');
  await call(app, 'DELETE', `${BASE}/${taker.id}`, { cookie });
  const restored = await call(app, 'POST', `/api/v1/recycle/record/${record.id}/restore`, { cookie });
  assert.equal(restored.statusCode, 200, restored.body);
  const back = json<{ data: RecordDetail }>(await call(app, 'GET', `${BASE}/${record.id}`, { cookie })).data.record;
  assert.equal(back.version, 3);
  assert.deepEqual((await versionsOf(app, cookie, record.id)).data.map((v) => v.action), ['restore', 'delete', 'create']);
  // purge: the row and links go, the versions stay
  const purged = await call(app, 'DELETE', `/api/v1/recycle/record/${taker.id}`, { cookie });
  assert.equal(purged.statusCode, 200, purged.body);
  const { subject } = await setup();
  assert.equal(rowsOf(await app.db.execute(sql`select 1 from ${sql.raw(subject.tableName)} where id = ${taker.id}::uuid`)).length, 0);
  assert.equal((await app.db.select().from(recordVersions).where(eq(recordVersions.recordId, taker.id))).length, 2);
  // bulk delete
  const a = (await create(app, cookie, { title: 'Bulk A' })).record;
  const b = (await create(app, cookie, { title: 'Bulk B' })).record;
  const missing = await call(app, 'POST', `${BASE}/bulk-delete`, { cookie, body: { ids: [a.id, '00000000-0000-4000-8000-000000000000'] } });
  assert.equal(missing.statusCode, 404);
  assert.equal((await call(app, 'GET', `${BASE}/${a.id}`, { cookie })).statusCode, 200);
  const both = await call(app, 'POST', `${BASE}/bulk-delete`, { cookie, body: { ids: [a.id, b.id] } });
  assert.equal(json<{ data: { count: number } }>(both).data.count, 2);
  const listed = json<{ data: RecordItem[] }>(await call(app, 'GET', `${BASE}?pageSize=200`, { cookie })).data.map((r) => r.id);
  assert.ok(!listed.includes(a.id) && !listed.includes(b.id) && listed.includes(record.id));
});

test('records: viewers read but cannot write (403); outsiders get 403; where a record lives', async () => {
  const { app, cookie, viewer, outsider, subject } = await setup();
  const { record } = await create(app, cookie, { title: 'Access' });
  assert.equal((await call(app, 'GET', BASE, { cookie: viewer.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `${BASE}/${record.id}`, { cookie: viewer.cookie })).statusCode, 200);
  assert.equal((await call(app, 'GET', `${BASE}/${record.id}/versions`, { cookie: viewer.cookie })).statusCode, 200);
  const writes = [
    call(app, 'POST', BASE, { cookie: viewer.cookie, body: { values: { title: 'Nope' } } }),
    call(app, 'PATCH', `${BASE}/${record.id}`, { cookie: viewer.cookie, body: { version: 1, values: { qty: 1 } } }),
    call(app, 'DELETE', `${BASE}/${record.id}`, { cookie: viewer.cookie }),
    call(app, 'POST', `${BASE}/bulk-update`, { cookie: viewer.cookie, body: { ids: [record.id], values: { qty: 1 } } }),
    call(app, 'POST', `${BASE}/bulk-delete`, { cookie: viewer.cookie, body: { ids: [record.id] } }),
    call(app, 'POST', `${BASE}/${record.id}/versions/1/restore`, { cookie: viewer.cookie, body: { version: 1 } }),
  ];
  for (const res of await Promise.all(writes)) assert.equal(res.statusCode, 403, res.body);
  assert.equal((await call(app, 'GET', BASE, { cookie: outsider.cookie })).statusCode, 403);
  const where = await call(app, 'GET', `/api/v1/records/${record.id}`, { cookie: viewer.cookie });
  assert.equal(where.statusCode, 200);
  assert.deepEqual(json<{ data: RecordLocation }>(where).data, {
    application: 'crud',
    applicationName: 'crud',
    subject: 'paper',
    subjectId: subject.id,
    subjectName: 'paper',
    recordId: record.id,
  });
  assert.equal((await call(app, 'GET', `/api/v1/records/${record.id}`, { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/records/00000000-0000-4000-8000-000000000000', { cookie })).statusCode, 404);
});

test('records: recomputeFormulaField rewrites one formula for every record', async () => {
  const { app, cookie, subject } = await setup();
  const { record } = await create(app, cookie, { title: 'Recompute', qty: 3, price: 2 });
  const total = subject.fields.find((f) => f.key === 'total')!;
  await changeInSql(app, () =>
    app.db.update(fields).set({ options: { expression: 'qty + price', resultType: 'number' } }).where(and(eq(fields.id, total.id))),
  );
  const changedDef = (await loadSubjectDef(app.db, { id: subject.id }))!;
  const changed = await app.db.transaction((tx) => recomputeFormulaField(tx, changedDef, changedDef.fields.find((f) => f.key === 'total')!, 2));
  assert.ok(changed >= 1);
  const now = json<{ data: RecordDetail }>(await call(app, 'GET', `${BASE}/${record.id}`, { cookie })).data.record;
  assert.equal(now.values.total, '5');
  assert.equal(now.version, 1, 'no new version');
  await changeInSql(app, () => app.db.update(fields).set({ options: total.options }).where(eq(fields.id, total.id)));
  await app.db.transaction((tx) => recomputeFormulaField(tx, subject, total));
});
