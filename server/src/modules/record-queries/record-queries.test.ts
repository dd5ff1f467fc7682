/**
 * Record queries (record-queries.service.ts, query-columns.ts, query-export.ts): columns through
 * one- and many-relations, filter/sort/search through the records compiler, errors naming the
 * definition's part, saved queries with the recycle bin, CSV and XLSX exports.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { RecordQueryPage, SavedQuery } from '../../../../contracts';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { exactNumber, exportQueryStream } from './query-export';
import { prepareQuery } from './query-run';
import { applicationWithMembers, insertRecord, makeSubject, softDeleteRecord } from '../../test/records-support';

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

/** Clients, staff and engagements (a one-relation to clients, a many-relation to staff). */
async function seed(db: Database, appId: string, ownerId: string) {
  const client = await makeSubject(db, {
    applicationId: appId,
    key: 'client',
    name: 'Client',
    displayFieldKey: 'name',
    fields: [
      { key: 'name', name: 'Name', type: 'text' },
      { key: 'revenue', name: 'Revenue', type: 'money', options: { currency: 'CNY' } },
    ],
  });
  const staff = await makeSubject(db, {
    applicationId: appId,
    key: 'staff',
    name: 'Staff',
    displayFieldKey: 'name',
    fields: [
      { key: 'name', name: 'Name', type: 'text' },
      { key: 'level', name: 'Level', type: 'number' },
    ],
  });
  const engagement = await makeSubject(db, {
    applicationId: appId,
    key: 'engagement',
    name: 'Engagement',
    displayFieldKey: 'title',
    fields: [
      { key: 'title', name: 'Title', type: 'text' },
      { key: 'fee', name: 'Fee', type: 'money', options: { currency: 'CNY' } },
      { key: 'start', name: 'Start', type: 'date' },
      { key: 'done', name: 'Done', type: 'boolean' },
      { key: 'labels', name: 'Labels', type: 'multiSelect', options: { choices: [{ label: 'a', color: '#000000' }, { label: 'b', color: '#000000' }] } },
      { key: 'owner', name: 'Owner', type: 'user' },
      { key: 'client', name: 'Client', type: 'relation', options: { targetSubjectId: client.id } },
      { key: 'team', name: 'Team', type: 'relation', options: { targetSubjectId: staff.id, multiple: true } },
    ],
  });
  const acme = await insertRecord(db, client, { name: 'Acme', revenue: '12345678901234567890.12' });
  const bolt = await insertRecord(db, client, { name: 'Bolt', revenue: '10' });
  const xavier = await insertRecord(db, staff, { name: 'Xavier', level: '1' });
  const yuki = await insertRecord(db, staff, { name: 'Yuki', level: '2.50' });
  const zoe = await insertRecord(db, staff, { name: 'Zoe', level: '3' });
  const e1 = await insertRecord(db, engagement, {
    title: 'E1 annual audit',
    fee: '1000.50',
    start: '2026-01-15',
    done: true,
    labels: ['a', 'b'],
    owner: ownerId,
    client: acme,
    team: [yuki, xavier],
  });
  const e2 = await insertRecord(db, engagement, { title: 'E2 review', fee: '200', client: bolt, team: [] });
  const e3 = await insertRecord(db, engagement, { title: 'E3 =cmd', fee: '300', team: [zoe] });
  return { client, staff, engagement, ids: { acme, bolt, xavier, yuki, zoe, e1, e2, e3 } };
}

test('record queries: columns through one- and many-relations, labels, filter, sort, search, paging, errors', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin, user: adminUser } = await adminSession(app);
  const { appId, editor } = await applicationWithMembers(app, admin, 'queries');
  const { engagement, staff, client, ids } = await seed(handle.db, appId, adminUser.id);

  const run = (definition: Record<string, unknown>, page: { current?: number; pageSize?: number } = {}, cookie = admin) =>
    call(app, 'POST', '/api/v1/record-queries/run', { cookie, body: { definition: { subjectId: engagement.id, ...definition }, ...page } });
  const columns = ['title', 'fee', 'start', 'done', 'labels', 'owner', 'client', 'client.name', 'client.revenue', 'team', 'team.name', 'team.level', 'id', 'createdBy'];
  const res = await run({ columns, sort: [{ field: 'title', order: 'asc' }] });
  assert.equal(res.statusCode, 200, res.body);
  const result = json<RecordQueryPage>(res);
  assert.deepEqual([result.total, result.totalExact, result.current, result.pageSize], [3, true, 1, 50]);
  assert.deepEqual(result.data.map((r) => r.id), [ids.e1, ids.e2, ids.e3]);
  assert.deepEqual(result.data[0].cells, {
    title: 'E1 annual audit',
    fee: '1000.50',
    start: '2026-01-15',
    done: true,
    labels: ['a', 'b'],
    owner: adminUser.id,
    client: ids.acme,
    'client.name': 'Acme',
    'client.revenue': '12345678901234567890.12',
    team: [ids.yuki, ids.xavier],
    'team.name': ['Yuki', 'Xavier'],
    'team.level': ['2.50', '1'],
    id: ids.e1,
    createdBy: null,
  });
  assert.deepEqual(result.data[1].cells['team.name'], []);
  assert.equal(result.data[1].cells.team, null);
  assert.equal(result.data[2].cells.client, null);
  assert.equal(result.data[2].cells['client.name'], null, 'no client: the joined value is empty');
  assert.deepEqual(result.data[2].cells['team.name'], ['Zoe']);
  assert.equal(result.labels[ids.acme], 'Acme');
  assert.equal(result.labels[ids.bolt], 'Bolt');
  assert.equal(result.labels[ids.yuki], 'Yuki');
  assert.equal(result.labels[adminUser.id], 'Admin');

  // filters and sorts through relations (before the deletes below: all targets live)
  const through = async (filter: unknown, sort: unknown[] = [{ field: 'title', order: 'asc' }]) => {
    const r = await run({ columns: ['title'], filter, sort });
    assert.equal(r.statusCode, 200, r.body);
    return json<RecordQueryPage>(r).data.map((row) => row.cells.title);
  };
  const cond = (field: string, op: string, value?: unknown) => ({ op: 'and', items: [{ field, op, value }] });
  assert.deepEqual(await through(cond('client.name', 'contains', 'acm')), ['E1 annual audit']);
  assert.deepEqual(await through(cond('client.revenue', 'lt', 100)), ['E2 review']);
  assert.deepEqual(await through(cond('client.name', 'ne', 'Acme')), ['E2 review'], 'a record without a client matches no relation condition');
  assert.deepEqual(await through(cond('team.level', 'gte', 2.5)), ['E1 annual audit', 'E3 =cmd']);
  assert.deepEqual(await through(cond('team.name', 'eq', 'Xavier')), ['E1 annual audit']);
  assert.deepEqual(
    await through({ op: 'or', items: [cond('team.name', 'eq', 'Zoe'), { op: 'and', items: [{ field: 'client.name', op: 'eq', value: 'Bolt' }, { field: 'fee', op: 'lt', value: 1000 }] }] }),
    ['E2 review', 'E3 =cmd'],
  );
  assert.deepEqual(await through(undefined, [{ field: 'client.name', order: 'desc' }, { field: 'title', order: 'asc' }]), ['E3 =cmd', 'E2 review', 'E1 annual audit']);
  assert.deepEqual(await through(undefined, [{ field: 'client.revenue', order: 'asc' }]), ['E2 review', 'E1 annual audit', 'E3 =cmd']);

  // deleted targets drop out of the relation columns
  await softDeleteRecord(handle.db, staff, ids.yuki);
  await softDeleteRecord(handle.db, client, ids.bolt);
  const afterDelete = json<RecordQueryPage>(await run({ columns: ['client.name', 'team', 'team.name'], sort: [{ field: 'title', order: 'asc' }] }));
  assert.deepEqual(
    afterDelete.data.map((r) => r.cells),
    [
      { 'client.name': 'Acme', team: [ids.xavier], 'team.name': ['Xavier'] },
      { 'client.name': null, team: null, 'team.name': [] },
      { 'client.name': null, team: [ids.zoe], 'team.name': ['Zoe'] },
    ],
  );

  // filter, sort and quick search through the records compiler; paging
  const filtered = json<RecordQueryPage>(await run({ columns: ['title'], filter: { op: 'and', items: [{ field: 'fee', op: 'gte', value: 250 }] }, sort: [{ field: 'fee', order: 'desc' }] }));
  assert.deepEqual(filtered.data.map((r) => r.cells.title), ['E1 annual audit', 'E3 =cmd']);
  const searched = json<RecordQueryPage>(await run({ columns: ['title'], q: 'review' }));
  assert.deepEqual(searched.data.map((r) => r.cells.title), ['E2 review']);
  const page2 = json<RecordQueryPage>(await run({ columns: ['title'], sort: [{ field: 'fee', order: 'asc' }] }, { current: 2, pageSize: 2 }));
  assert.deepEqual([page2.total, page2.data.map((r) => r.cells.title)], [3, ['E1 annual audit']]);

  // errors name the definition's part
  const fieldsOf = async (r: Awaited<ReturnType<typeof run>>) => {
    assert.equal(r.statusCode, 400, r.body);
    return json<ErrorBody>(r).details?.map((d) => d.field);
  };
  assert.deepEqual(await fieldsOf(await run({ columns: ['title', 'nope', 'client.nope', 'title.name', 'team.', 'createdAt'] })), [
    'definition.columns.1',
    'definition.columns.2',
    'definition.columns.3',
    'definition.columns.4',
  ]);
  assert.deepEqual(await fieldsOf(await run({ columns: ['title'], filter: { op: 'and', items: [{ field: 'nope', op: 'eq', value: 1 }] } })), ['definition.filter.nope']);
  assert.deepEqual(await fieldsOf(await run({ columns: ['title'], sort: [{ field: 'team', order: 'asc' }] })), ['definition.sort']);
  assert.deepEqual(await fieldsOf(await run({ columns: ['title'], sort: [{ field: 'team.name', order: 'asc' }] })), ['definition.sort']);
  assert.deepEqual(await fieldsOf(await run({ columns: ['title'], filter: cond('client.nope', 'eq', 'x') })), ['definition.filter.client.nope']);
  assert.deepEqual(await fieldsOf(await run({ columns: ['title'], filter: cond('title.name', 'eq', 'x') })), ['definition.filter.title.name']);
  const badOp = await run({ columns: ['title'], filter: cond('client.name', 'gt', 'x') });
  assert.deepEqual(await fieldsOf(badOp), ['definition.filter.client.name']);
  assert.deepEqual(await fieldsOf(await run({ columns: ['title'], subjectId: '00000000-0000-4000-8000-000000000000' })), ['definition.subjectId']);
  assert.deepEqual(await fieldsOf(await run({ columns: [] })), ['definition.columns']);

  // the admin console's: members of the application cannot run queries
  assert.equal((await run({ columns: ['title'] }, {}, editor.cookie)).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/record-queries', { cookie: editor.cookie })).statusCode, 403);
});

test('record queries: saved queries (create, list, get, update, delete to the recycle bin, restore, purge), audited', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin, user: adminUser } = await adminSession(app);
  const { appId } = await applicationWithMembers(app, admin, 'saved');
  const { engagement, staff } = await seed(handle.db, appId, adminUser.id);

  const create = (body: Record<string, unknown>) => call(app, 'POST', '/api/v1/record-queries', { cookie: admin, body });
  const created = await create({ name: 'Big fees', description: 'Fees over 250', definition: { subjectId: engagement.id, columns: ['title', 'fee', 'client.name'], filter: { op: 'and', items: [{ field: 'fee', op: 'gt', value: 250 }] } } });
  assert.equal(created.statusCode, 201, created.body);
  const saved = json<{ data: SavedQuery }>(created).data;
  assert.deepEqual(
    { name: saved.name, description: saved.description, subjectId: saved.subjectId, subjectName: saved.subjectName, application: saved.application, createdBy: saved.createdBy, sort: saved.definition.sort },
    { name: 'Big fees', description: 'Fees over 250', subjectId: engagement.id, subjectName: 'Engagement', application: 'saved', createdBy: adminUser.id, sort: [] },
  );
  await create({ name: 'Team', definition: { subjectId: staff.id, columns: ['name'] } });
  const invalid = await create({ name: '', definition: { subjectId: engagement.id, columns: ['nope'] } });
  assert.equal(invalid.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(invalid).details?.map((d) => d.field), ['name']);
  const badColumn = await create({ name: 'Bad', definition: { subjectId: engagement.id, columns: ['title', 'nope'] } });
  assert.deepEqual(json<ErrorBody>(badColumn).details?.map((d) => d.field), ['definition.columns.1']);

  const list = json<{ data: SavedQuery[]; total: number }>(await call(app, 'GET', '/api/v1/record-queries', { cookie: admin }));
  assert.deepEqual([list.total, list.data.map((q) => q.name)], [2, ['Team', 'Big fees']]);
  assert.deepEqual(json<{ data: SavedQuery[] }>(await call(app, 'GET', '/api/v1/record-queries?q=big', { cookie: admin })).data.map((q) => q.name), ['Big fees']);
  assert.deepEqual(json<{ data: SavedQuery[] }>(await call(app, 'GET', `/api/v1/record-queries?subjectId=${staff.id}`, { cookie: admin })).data.map((q) => q.name), ['Team']);
  assert.equal(json<{ data: SavedQuery }>(await call(app, 'GET', `/api/v1/record-queries/${saved.id}`, { cookie: admin })).data.name, 'Big fees');
  assert.equal((await call(app, 'GET', '/api/v1/record-queries/00000000-0000-4000-8000-000000000000', { cookie: admin })).statusCode, 404);

  const patched = await call(app, 'PATCH', `/api/v1/record-queries/${saved.id}`, {
    cookie: admin,
    body: { name: 'Biggest fees', definition: { subjectId: engagement.id, columns: ['title'], sort: [{ field: 'fee', order: 'desc' }] } },
  });
  assert.equal(patched.statusCode, 200, patched.body);
  const updated = json<{ data: SavedQuery }>(patched).data;
  assert.deepEqual([updated.name, updated.description, updated.definition.columns, updated.definition.filter], ['Biggest fees', 'Fees over 250', ['title'], undefined]);
  const badPatch = await call(app, 'PATCH', `/api/v1/record-queries/${saved.id}`, { cookie: admin, body: { definition: { subjectId: engagement.id, columns: ['x'] } } });
  assert.deepEqual(json<ErrorBody>(badPatch).details?.map((d) => d.field), ['definition.columns.0']);

  // delete → the bin; restore; delete again and purge
  assert.equal((await call(app, 'DELETE', `/api/v1/record-queries/${saved.id}`, { cookie: admin })).statusCode, 200);
  assert.equal((await call(app, 'GET', `/api/v1/record-queries/${saved.id}`, { cookie: admin })).statusCode, 404);
  assert.equal((await call(app, 'DELETE', `/api/v1/record-queries/${saved.id}`, { cookie: admin })).statusCode, 404);
  const bin = json<{ data: { type: string; id: string; label: string }[] }>(await call(app, 'GET', '/api/v1/recycle?type=query', { cookie: admin }));
  assert.deepEqual(bin.data.map((e) => [e.type, e.label]), [['query', 'Biggest fees']]);
  assert.equal((await call(app, 'POST', `/api/v1/recycle/query/${saved.id}/restore`, { cookie: admin })).statusCode, 200);
  assert.equal(json<{ data: SavedQuery }>(await call(app, 'GET', `/api/v1/record-queries/${saved.id}`, { cookie: admin })).data.name, 'Biggest fees');
  await call(app, 'DELETE', `/api/v1/record-queries/${saved.id}`, { cookie: admin });
  assert.equal((await call(app, 'DELETE', `/api/v1/recycle/query/${saved.id}`, { cookie: admin })).statusCode, 200);
  assert.equal((await call(app, 'POST', `/api/v1/recycle/query/${saved.id}/restore`, { cookie: admin })).statusCode, 404);

  const actions = (await handle.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, saved.id))).map((r) => r.action);
  assert.deepEqual(actions.filter((a) => a.startsWith('query.')), ['query.create', 'query.update', 'query.delete', 'query.delete']);
  const user = await userSession(app, admin);
  assert.equal((await create({ name: 'x', definition: { subjectId: staff.id, columns: ['name'] } })).statusCode, 201);
  assert.equal((await call(app, 'POST', '/api/v1/record-queries', { cookie: user.cookie, body: { name: 'x', definition: { subjectId: staff.id, columns: ['name'] } } })).statusCode, 403);
});

test('record queries: CSV and XLSX exports name the columns and the ids, keep numbers exact, stop at the cap', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin, user: adminUser } = await adminSession(app);
  const { appId } = await applicationWithMembers(app, admin, 'exports');
  const { engagement } = await seed(handle.db, appId, adminUser.id);
  const definition = {
    subjectId: engagement.id,
    columns: ['title', 'fee', 'done', 'labels', 'owner', 'client', 'client.revenue', 'team.name', 'createdAt'],
    sort: [{ field: 'title', order: 'asc' }],
  };
  const en = { 'accept-language': 'en-US' };

  const csv = await call(app, 'POST', '/api/v1/record-queries/export', { cookie: admin, body: { definition, format: 'csv', name: '大额 fees' }, headers: en });
  assert.equal(csv.statusCode, 200, csv.body);
  assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  assert.match(String(csv.headers['content-disposition']), /^attachment; filename="__ fees-\d{8}-\d{6}\.csv"; filename\*=UTF-8''%E5%A4%A7%E9%A2%9D%20fees-\d{8}-\d{6}\.csv$/);
  assert.equal(csv.headers['x-total-count'], '3');
  assert.equal(csv.headers['x-export-truncated'], 'false');
  assert.ok(csv.body.startsWith('\uFEFF'));
  const rows = Papa.parse<string[]>(csv.body.slice(1).trim()).data;
  assert.deepEqual(rows[0], ['Title', 'Fee', 'Done', 'Labels', 'Owner', 'Client', 'Client.Revenue', 'Team.Name', 'Created at']);
  assert.deepEqual(rows[1].slice(0, 8), ['E1 annual audit', '1000.50', 'true', 'a, b', 'Admin', 'Acme', '12345678901234567890.12', 'Yuki, Xavier']);
  assert.match(rows[1][8], /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  assert.deepEqual(rows[2].slice(0, 8), ['E2 review', '200', '', '', '', 'Bolt', '10', '']);
  assert.equal(rows[3][0], 'E3 =cmd');
  assert.equal(rows.length, 4);

  // a saved query's export, as XLSX, headers in Chinese
  const saved = json<{ data: SavedQuery }>(await call(app, 'POST', '/api/v1/record-queries', { cookie: admin, body: { name: 'Fees', definition } })).data;
  const xlsx = await call(app, 'GET', `/api/v1/record-queries/${saved.id}/export?format=xlsx`, { cookie: admin, headers: { 'accept-language': 'zh-CN' } });
  assert.equal(xlsx.statusCode, 200, xlsx.body);
  assert.equal(xlsx.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  assert.equal(sheet.name, 'Engagement');
  assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['Title', 'Fee', 'Done', 'Labels', 'Owner', 'Client', 'Client.Revenue', 'Team.Name', '创建时间']);
  assert.deepEqual((sheet.getRow(2).values as unknown[]).slice(1, 8), ['E1 annual audit', 1000.5, 'true', 'a, b', 'Admin', 'Acme', '12345678901234567890.12']);
  assert.equal(sheet.rowCount, 4);
  assert.equal((await call(app, 'GET', '/api/v1/record-queries/00000000-0000-4000-8000-000000000000/export', { cookie: admin })).statusCode, 404);

  // the cap: the first rows in the query's order
  const prepared = await prepareQuery(handle.db, { subjectId: engagement.id, columns: ['title'], sort: [{ field: 'title', order: 'desc' }] });
  const capped = await text(exportQueryStream(handle.db, prepared, 'csv', 'en-US', 2));
  assert.deepEqual(Papa.parse<string[]>(capped.slice(1).trim()).data, [['Title'], ['E3 =cmd'], ['E2 review']]);

  assert.equal(exactNumber('1000.50'), 1000.5);
  assert.equal(exactNumber('-0.10'), -0.1);
  assert.equal(exactNumber('200'), 200);
  assert.equal(exactNumber('12345678901234567890.12'), '12345678901234567890.12');
});
