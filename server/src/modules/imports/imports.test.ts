import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ImportBatch, ImportRow, ImportUndoResult, ImportUploadResult, RecordItem } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { auditLog, importBatches, importRows, recordVersions, recycleBin } from '../../db/schema';
import { adminSession, call, createTestApp, createUser, json, userSession } from '../../test/helpers';
import { multipartBody } from '../../test/records-support';
import { addTestMember, createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { diffRecordValues } from '../records/records.service';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { importTestHooks } from './imports.run';
import { expireAbandonedImports } from './imports.service';
import { undoTestHooks } from './imports.undo';

const FIXTURES = path.resolve(__dirname, '../../../../tests/fixtures/import');
/** Real-data extracts (tests/fixtures/README.md). */
const REAL = path.resolve(__dirname, '../../../../tests/fixtures');
const APP = '/api/v1/applications/imp';
const PEOPLE = `${APP}/subjects/person`;

let made: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let editor: { cookie: string; email: string; user: { id: string } };
let viewer: { cookie: string; email: string };
let subject: SubjectDef;
let appId: string;

before(async () => {
  made = await createTestApp();
  const { app } = made;
  ({ cookie } = await adminSession(app));
  appId = await createTestApplication(app, cookie, 'imp');
  editor = await userSession(app, cookie, { name: 'Ed Editor' });
  viewer = await userSession(app, cookie, { name: 'Vi Viewer' });
  await addTestMember(app, cookie, 'imp', editor.email, 'editor');
  await addTestMember(app, cookie, 'imp', viewer.email, 'viewer');
  await createTestSubjectIn(app, {
    applicationId: appId,
    key: 'person',
    name: 'Person',
    displayField: 'name',
    fields: [
      fieldOf('ref', 'autoNumber', { options: { prefix: 'R-', padding: 4 } }),
      fieldOf('code', 'text', { required: true, unique: true }),
      fieldOf('name', 'text', { required: true }),
      fieldOf('qty', 'number', { validation: { min: 0 } }),
      fieldOf('due', 'date'),
      fieldOf('active', 'boolean'),
      fieldOf('tags', 'multiSelect', { options: { choices: [{ label: 'a', color: '#1677ff' }, { label: 'b', color: '#52c41a' }, { label: 'c', color: '#ff4d4f' }] } }),
      fieldOf('double', 'formula', { options: { expression: 'qty * 2', resultType: 'number' } }),
    ],
  });
  subject = (await loadSubjectDef(app.db, { applicationId: appId, key: 'person' }))!;
});
after(async () => {
  importTestHooks.afterChunk = undefined;
  importTestHooks.afterApplyChunk = undefined;
  undoTestHooks.afterUndoChunk = undefined;
  await made?.close();
});

async function upload(fileName: string, content: Buffer | string, as = editor.cookie) {
  const { body, contentType } = await multipartBody([{ name: 'file', fileName, content }]);
  return call(made.app, 'POST', `${PEOPLE}/imports`, { cookie: as, body, headers: { 'content-type': contentType, 'accept-language': 'en-US' } });
}
async function uploaded(fileName: string, content: Buffer | string): Promise<ImportUploadResult> {
  const res = await upload(fileName, content);
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: ImportUploadResult }>(res).data;
}
const post = (url: string, body: unknown) => call(made.app, 'POST', url, { cookie: editor.cookie, body });
const settings = (batch: ImportBatch, extra: Record<string, unknown> = {}) => ({ mapping: batch.mapping, ...extra });
async function records(): Promise<RecordItem[]> {
  const res = await call(made.app, 'GET', `${PEOPLE}/records?pageSize=200&sort=code:asc`, { cookie });
  return json<{ data: RecordItem[] }>(res).data;
}
const byCode = async (code: string) => (await records()).find((r) => r.values.code === code);
async function tableCount(): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await made.app.db.execute(sql`select count(*)::int as n from ${sql.raw(`"${subject.tableName}"`)}`));
  return Number(r.n);
}
async function errorRows(id: string): Promise<ImportRow[]> {
  const res = await call(made.app, 'GET', `/api/v1/imports/${id}/rows?errorsOnly=true&pageSize=100`, { cookie: editor.cookie });
  assert.equal(res.statusCode, 200, res.body);
  return json<{ data: ImportRow[] }>(res).data;
}

test('CSV insert: auto-mapped, coerced, validated, one version per record naming the batch, one audit entry', async () => {
  const { batch, sample } = await uploaded('people.csv', readFileSync(path.join(FIXTURES, 'people.csv')));
  assert.deepEqual(batch.headers, ['Code', 'Name', 'Qty', 'Due', 'Active', 'Tags']);
  assert.deepEqual(batch.mapping, { Code: 'code', Name: 'name', Qty: 'qty', Due: 'due', Active: 'active', Tags: 'tags' });
  assert.equal(batch.total, 3);
  assert.equal(sample[0][1], 'Alice');
  const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${batch.id}/check`, settings(batch))).data;
  assert.equal(checked.status, 'validated');
  assert.deepEqual([checked.valid, checked.invalid], [3, 0]);
  const res = await post(`/api/v1/imports/${batch.id}/run`, settings(batch));
  assert.equal(res.statusCode, 200, res.body);
  const done = json<{ data: ImportBatch }>(res).data;
  assert.deepEqual([done.status, done.inserted, done.updated, done.processed], ['done', 3, 0, 3]);
  const alice = (await byCode('P-001'))!;
  assert.deepEqual(alice.values.tags, ['a', 'b']);
  assert.equal(alice.values.active, true);
  assert.equal(alice.values.double, '20');
  assert.match(String(alice.values.ref), /^R-\d{4}$/);
  assert.equal((await byCode('P-002'))!.values.due, '2026-02-01');
  const versions = await made.app.db.select().from(recordVersions).where(eq(recordVersions.batchId, batch.id));
  assert.equal(versions.length, 3);
  const audits = await made.app.db.select().from(auditLog).where(eq(auditLog.action, 'import.run'));
  assert.equal(audits.length, 1);
  assert.equal((audits[0].details as { inserted: number }).inserted, 3);
});

test('JSON and XLSX files are read (arrays, numbers with separators, rich text, formula results, dates)', async () => {
  const j = await uploaded('people.json', readFileSync(path.join(FIXTURES, 'people.json')));
  assert.deepEqual(j.batch.headers, ['code', 'name', 'qty', 'due', 'active', 'tags']);
  const jr = await post(`/api/v1/imports/${j.batch.id}/run`, settings(j.batch));
  assert.equal(jr.statusCode, 200, jr.body);
  assert.equal((await byCode('J-002'))!.values.qty, '1234.5');
  assert.deepEqual((await byCode('J-001'))!.values.tags, ['a']);

  const x = await uploaded('people.xlsx', readFileSync(path.join(FIXTURES, 'people.xlsx')));
  assert.deepEqual(x.batch.mapping, { code: 'code', NAME: 'name', Qty: 'qty', due: 'due', active: 'active' });
  const xr = await post(`/api/v1/imports/${x.batch.id}/run`, settings(x.batch));
  assert.equal(xr.statusCode, 200, xr.body);
  const helga = (await byCode('X-002'))!;
  assert.deepEqual([helga.values.name, helga.values.qty, helga.values.due, helga.values.active], ['Helga', '2', '2026-04-06', false]);
  assert.equal((await byCode('X-001'))!.values.due, '2026-04-05');
});

test('JSON streams item by item: 30,000 rows, a key first seen in the last item, cells of every row staged', async () => {
  const items = Array.from({ length: 30_000 }, (_, i) => ({ code: `L-${i}`, name: `Large ${i}`, qty: i, tags: i % 2 ? ['a', 'b'] : [], meta: { n: i, ok: true } }));
  const last = { ...items[items.length - 1], note: 'late key' };
  items[items.length - 1] = last;
  const { batch, sample } = await uploaded('large.json', Buffer.from(JSON.stringify(items)));
  assert.equal(batch.total, 30_000);
  assert.deepEqual(batch.headers, ['code', 'name', 'qty', 'tags', 'meta', 'note']);
  assert.deepEqual(batch.mapping, { code: 'code', name: 'name', qty: 'qty', tags: 'tags', meta: null, note: null });
  assert.equal(sample.length, 20);
  // an early row is padded to the final header; arrays joined with ', ', objects as JSON
  assert.deepEqual(sample[0], ['L-0', 'Large 0', '0', '', '{"n":0,"ok":true}', '']);
  assert.deepEqual(sample[1], ['L-1', 'Large 1', '1', 'a, b', '{"n":1,"ok":true}', '']);
  const page = async (current: number) => {
    const res = await call(made.app, 'GET', `/api/v1/imports/${batch.id}/rows?current=${current}&pageSize=100`, { cookie: editor.cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: ImportRow[]; total: number }>(res);
  };
  const middle = await page(151);
  assert.equal(middle.total, 30_000);
  assert.deepEqual([middle.data[0].rowNumber, middle.data[0].raw], [15_001, ['L-15000', 'Large 15000', '15000', '', '{"n":15000,"ok":true}', '']]);
  const end = (await page(300)).data;
  assert.deepEqual([end[99].rowNumber, end[99].raw], [30_000, ['L-29999', 'Large 29999', '29999', 'a, b', '{"n":29999,"ok":true}', 'late key']]);
});

test('JSON with a byte-order mark and a key first seen in a later item: checked and run, the earlier row has no value there', async () => {
  const { batch } = await uploaded('late.json', '\uFEFF[{"code":"K-1","name":"Kay"},{"code":"K-2","name":"Lou","qty":3,"active":"yes"}]');
  assert.deepEqual(batch.headers, ['code', 'name', 'qty', 'active']);
  const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${batch.id}/check`, settings(batch))).data;
  assert.deepEqual([checked.valid, checked.invalid], [2, 0]);
  const res = await post(`/api/v1/imports/${batch.id}/run`, settings(batch));
  assert.equal(res.statusCode, 200, res.body);
  const kay = (await byCode('K-1'))!;
  assert.equal(kay.values.qty ?? null, null);
  assert.equal(kay.values.active ?? null, null);
  const lou = (await byCode('K-2'))!;
  assert.deepEqual([lou.values.qty, lou.values.active], ['3', true]);
});

test('a JSON file that is not an array of objects, or not JSON, is a 400 naming the problem; nothing is staged', async () => {
  const failed = async (content: string) => {
    const res = await upload('bad.json', content);
    assert.equal(res.statusCode, 400, res.body);
    const body = json<{ errorMessage: string; details: { field: string; message: string }[] }>(res);
    assert.equal(body.details[0].field, 'file');
    return body.errorMessage;
  };
  const before = json<{ total: number }>(await call(made.app, 'GET', `${APP}/imports?subject=person`, { cookie: editor.cookie })).total;
  const shape = 'The JSON must be an array of objects, or an object holding one under a key';
  assert.equal(await failed('{"code":"X-1","name":"An object"}'), shape);
  assert.equal(await failed('{"list":[1,2],"empty":[]}'), shape);
  assert.equal(await failed('"text"'), shape);
  assert.equal(await failed('[{"code":"X-1","name":"Fine"}, 5]'), shape);
  assert.equal(await failed('[{"code":"X-1","name":"Fine"}, ["X-2", "An array"]]'), shape);
  assert.equal(await failed('[{"code":"X-1","name":"Fine"}, null]'), shape);
  assert.match(await failed('[{"code":"X-1","name":"Fine"},{"code":"X-2","na'), /^The file cannot be read: .+/);
  assert.match(await failed('[{"code":"X-1",,}]'), /^The file cannot be read: .+/);
  assert.match(await failed('not json'), /^The file cannot be read: .+/);
  assert.equal(await failed('[]'), 'The file has no header or no rows');
  const after = json<{ total: number }>(await call(made.app, 'GET', `${APP}/imports?subject=person`, { cookie: editor.cookie })).total;
  assert.equal(after, before);
  assert.equal((await byCode('X-1')) ?? null, null);
});

test('bad rows: per-row errors naming the column; all-or-nothing writes nothing; the error report; skip-bad-rows writes the rest', async () => {
  const csv = ['code,name,qty,active', 'B-1,Good,1,true', 'B-2,,5,', 'B-3,Neg,-1,', 'B-4,Word,abc,', 'B-1,Twice,2,', 'P-001,Taken,1,', 'B-5,Bool,1,maybe'].join('\n');
  const { batch } = await uploaded('bad.csv', csv);
  const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${batch.id}/check`, settings(batch))).data;
  assert.deepEqual([checked.valid, checked.invalid], [1, 6]);
  const errors = await errorRows(batch.id);
  const first = (n: number) => errors.find((r) => r.rowNumber === n)!.errors[0];
  assert.deepEqual([first(3).column, first(3).messageKey], ['name', 'errors.required']);
  assert.deepEqual([first(4).column, first(4).messageKey], ['qty', 'errors.record.min']);
  assert.deepEqual([first(5).column, first(5).value, first(5).messageKey], ['qty', 'abc', 'errors.record.number']);
  assert.deepEqual([first(6).messageKey, first(6).params], ['errors.import.duplicateValue', { row: 2 }]);
  assert.deepEqual([first(7).column, first(7).messageKey], ['code', 'errors.record.valueTaken']);
  assert.deepEqual([first(8).column, first(8).messageKey], ['active', 'errors.import.boolean']);

  const before = await tableCount();
  const refused = await post(`/api/v1/imports/${batch.id}/run`, settings(batch));
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(await tableCount(), before);

  const report = await call(made.app, 'GET', `/api/v1/imports/${batch.id}/errors`, { cookie: editor.cookie, headers: { 'accept-language': 'en-US' } });
  assert.equal(report.statusCode, 200);
  assert.match(String(report.headers['content-type']), /text\/csv/);
  const parsed = Papa.parse<string[]>(report.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  assert.deepEqual(parsed[0], ['Row', 'Column', 'Value', 'Message']);
  assert.equal(parsed.length, 7);
  assert.deepEqual(parsed.find((r) => r[0] === '5')!.slice(0, 3), ['5', 'qty', 'abc']);

  const ran = await post(`/api/v1/imports/${batch.id}/run`, settings(batch, { onError: 'skip_bad_rows' }));
  assert.equal(ran.statusCode, 200, ran.body);
  const done = json<{ data: ImportBatch }>(ran).data;
  assert.deepEqual([done.inserted, done.skipped], [1, 6]);
  assert.equal(await tableCount(), before + 1);
});

test('update and upsert by key; missing key and duplicate key are row errors; undo restores, leaves an edited row alone', async () => {
  const upd = await uploaded('update.csv', ['code,qty', 'P-001,11', 'P-002,2.50', 'NOPE,1', 'P-001,12', ',3'].join('\n'));
  const s = settings(upd.batch, { mode: 'update', keyFields: ['code'] });
  const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${upd.batch.id}/check`, s)).data;
  assert.deepEqual([checked.valid, checked.invalid], [2, 3]);
  const errs = await errorRows(upd.batch.id);
  assert.deepEqual(
    errs.map((r) => [r.rowNumber, r.errors[0].messageKey]),
    [
      [4, 'errors.import.keyNotFound'],
      [5, 'errors.import.duplicateKey'],
      [6, 'errors.import.keyMissing'],
    ],
  );
  const ran = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${upd.batch.id}/run`, { ...s, onError: 'skip_bad_rows' })).data;
  assert.deepEqual([ran.updated, ran.unchanged, ran.skipped], [1, 1, 3]);
  const alice = (await byCode('P-001'))!;
  assert.equal(alice.values.qty, '11');
  assert.equal(alice.values.double, '22');
  assert.equal(alice.version, 2);

  const ups = await uploaded('upsert.csv', ['code,name,qty', 'P-001,Alice,13', 'P-002,Bob,3', 'U-1,New,4'].join('\n'));
  const us = settings(ups.batch, { mode: 'upsert', keyFields: ['code'] });
  const up = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${ups.batch.id}/run`, us)).data;
  assert.deepEqual([up.inserted, up.updated], [1, 2]);
  assert.equal((await byCode('P-001'))!.values.qty, '13');
  assert.ok(await byCode('U-1'));

  // someone edits Bob after the import: undo leaves Bob alone unless confirmed
  const bob = (await byCode('P-002'))!;
  const patched = await call(made.app, 'PATCH', `${PEOPLE}/records/${bob.id}`, { cookie, body: { version: bob.version, values: { qty: '99' } } });
  assert.equal(patched.statusCode, 200, patched.body);
  const edited = await call(made.app, 'GET', `/api/v1/imports/${ups.batch.id}/edited`, { cookie: editor.cookie });
  assert.deepEqual(
    json<{ data: { recordId: string; label: string }[] }>(edited).data.map((r) => [r.recordId, r.label]),
    [[bob.id, 'Bob']],
  );
  const undone = await post(`/api/v1/imports/${ups.batch.id}/undo`, {});
  assert.equal(undone.statusCode, 200, undone.body);
  const u = json<{ data: ImportUndoResult }>(undone).data;
  assert.deepEqual([u.batch.status, u.deleted, u.restored, u.leftAlone.map((r) => r.recordId)], ['undone', 1, 1, [bob.id]]);
  assert.equal((await byCode('P-001'))!.values.qty, '11');
  assert.equal((await byCode('P-002'))!.values.qty, '99');
  assert.equal(await byCode('U-1'), undefined);
  const bin = await made.app.db.select().from(recycleBin).where(and(eq(recycleBin.type, 'record'), eq(recycleBin.label, 'New')));
  assert.equal(bin.length, 1);
  const again = await post(`/api/v1/imports/${ups.batch.id}/undo`, {});
  assert.equal(again.statusCode, 409);
  const audits = await made.app.db.select().from(auditLog).where(eq(auditLog.action, 'import.undo'));
  assert.equal(audits.length, 1);
});

test('undo with includeEdited undoes an edited row too', async () => {
  const ups = await uploaded('upsert2.csv', ['code,qty', 'P-003,5'].join('\n'));
  await post(`/api/v1/imports/${ups.batch.id}/run`, settings(ups.batch, { mode: 'update', keyFields: ['code'] }));
  const carol = (await byCode('P-003'))!;
  assert.equal(carol.values.qty, '5');
  await call(made.app, 'PATCH', `${PEOPLE}/records/${carol.id}`, { cookie, body: { version: carol.version, values: { name: 'Caroline' } } });
  const u = json<{ data: ImportUndoResult }>(await post(`/api/v1/imports/${ups.batch.id}/undo`, { includeEdited: true })).data;
  assert.deepEqual([u.restored, u.leftAlone.length], [1, 0]);
  const after = (await byCode('P-003'))!;
  assert.deepEqual([after.values.qty, after.values.name], [null, 'Carol']);
});

test('a crash in the middle of a run leaves no half batch: nothing visible, nothing in the table, batch failed', async () => {
  const lines = ['code,name,qty'];
  for (let i = 0; i < 2500; i += 1) lines.push(`C-${i},Crash ${i},${i}`);
  const { batch } = await uploaded('crash.csv', lines.join('\n'));
  const before = await tableCount();
  importTestHooks.afterChunk = (k) => {
    if (k === 2) throw new Error('simulated crash after chunk 2');
  };
  const res = await post(`/api/v1/imports/${batch.id}/run`, settings(batch));
  importTestHooks.afterChunk = undefined;
  assert.equal(res.statusCode, 500);
  assert.equal(await tableCount(), before);
  assert.equal((await records()).filter((r) => String(r.values.code).startsWith('C-')).length, 0);
  const versions = await made.app.db.select().from(recordVersions).where(eq(recordVersions.batchId, batch.id));
  assert.equal(versions.length, 0);
  const got = json<{ data: ImportBatch }>(await call(made.app, 'GET', `/api/v1/imports/${batch.id}`, { cookie: editor.cookie })).data;
  assert.equal(got.status, 'failed');
  // it can run again afterwards, whole
  const again = await post(`/api/v1/imports/${batch.id}/run`, settings(batch));
  assert.equal(again.statusCode, 200, again.body);
  assert.equal(json<{ data: ImportBatch }>(again).data.inserted, 2500);
  assert.equal(await tableCount(), before + 2500);
});

test('while a run stages its chunks, nobody sees its rows (lists, search, counts, queries, by id); marking it done shows them all at once', async () => {
  const lines = ['code,name,qty'];
  for (let i = 0; i < 2500; i += 1) lines.push(`S-${i},Staged ${i},${i}`);
  const { batch } = await uploaded('staged.csv', lines.join('\n'));
  const listTotal = async (q = '') =>
    json<{ total: number }>(await call(made.app, 'GET', `${PEOPLE}/records?pageSize=10${q ? `&q=${q}` : ''}`, { cookie: viewer.cookie })).total;
  const before = { table: await tableCount(), list: await listTotal(), search: await listTotal('Staged') };
  const count = async () => json<{ data: { recordCount: number } }>(await call(made.app, 'GET', PEOPLE, { cookie })).data.recordCount;
  const countBefore = await count();
  const seen: Record<string, number>[] = [];
  importTestHooks.afterChunk = async (k) => {
    if (k !== 2) return;
    const staged = rowsOf<{ id: string }>(
      await made.app.db.execute(sql`select id::text as id from ${sql.raw(`"${subject.tableName}"`)} where import_batch_id = ${batch.id}::uuid`),
    );
    const byId = await call(made.app, 'GET', `${PEOPLE}/records/${staged[0].id}`, { cookie: viewer.cookie });
    const query = await call(made.app, 'POST', '/api/v1/record-queries/run', {
      cookie,
      body: { definition: { subjectId: subject.id, columns: ['code'], q: 'Staged' }, pageSize: 10 },
    });
    // a staged unique value is taken: another user's create with it fails (no silent duplicate)
    const clash = await call(made.app, 'POST', `${PEOPLE}/records`, { cookie: editor.cookie, body: { values: { code: 'S-1', name: 'Clash' } } });
    seen.push({
      staged: staged.length,
      table: await tableCount(),
      list: await listTotal(),
      search: await listTotal('Staged'),
      count: await count(),
      byId: byId.statusCode,
      query: json<{ total: number }>(query).total,
      clash: clash.statusCode,
    });
  };
  const res = await post(`/api/v1/imports/${batch.id}/run`, settings(batch));
  importTestHooks.afterChunk = undefined;
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(seen, [
    { staged: 2000, table: before.table + 2000, list: before.list, search: before.search, count: countBefore, byId: 404, query: 0, clash: 409 },
  ]);
  assert.equal(await listTotal(), before.list + 2500);
  assert.equal(await listTotal('Staged'), 2500);
  assert.equal(await count(), countBefore + 2500);
  // undo them, so later tests count as before
  const undo = await post(`/api/v1/imports/${batch.id}/undo`, {});
  assert.equal(undo.statusCode, 200, undo.body);
  assert.equal(await listTotal(), before.list);
});

test('an update import is written chunk by chunk: others read each record whole and cannot write them; a crash puts every record back', async () => {
  const N = 2500;
  const lines = ['code,name,qty'];
  for (let i = 0; i < N; i += 1) lines.push(`D-${i},Chunked ${i},${i}`);
  const ins = await uploaded('chunked.csv', lines.join('\n'));
  assert.equal(json<{ data: ImportBatch }>(await post(`/api/v1/imports/${ins.batch.id}/run`, settings(ins.batch))).data.inserted, N);
  /** The viewer's page of 200 of the records whose qty is at least `min`, and their total. */
  const atLeast = async (min: number) => {
    const filter = JSON.stringify({ op: 'and', items: [{ field: 'code', op: 'startsWith', value: 'D-' }, { field: 'qty', op: 'gte', value: min }] });
    const res = await call(made.app, 'GET', `${PEOPLE}/records?pageSize=200&sort=qty:desc&filter=${encodeURIComponent(filter)}`, { cookie: viewer.cookie });
    return json<{ data: RecordItem[]; total: number }>(res);
  };
  const readAll = async () => {
    const filter = JSON.stringify({ op: 'and', items: [{ field: 'code', op: 'startsWith', value: 'D-' }] });
    const out: RecordItem[] = [];
    for (let cursor = ''; ; ) {
      const res = await call(made.app, 'GET', `${PEOPLE}/records?pageSize=200&sort=code:asc&filter=${encodeURIComponent(filter)}${cursor}`, { cookie });
      assert.equal(res.statusCode, 200, res.body);
      const page = json<{ data: RecordItem[]; nextCursor: string | null }>(res);
      out.push(...page.data);
      if (!page.nextCursor) return out;
      cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
    }
  };
  const before = await readAll();
  assert.equal(before.length, N);
  const made1 = await call(made.app, 'POST', `${PEOPLE}/records`, { cookie: editor.cookie, body: { values: { code: 'FREE-1', name: 'Free' } } });
  assert.equal(made1.statusCode, 201, made1.body);
  const other = json<{ data: { record: RecordItem } }>(made1).data.record;
  const last = before.find((r) => r.values.code === `D-${N - 1}`)!;

  const upd = lines.map((l, i) => (i === 0 ? l : `D-${i - 1},Chunked ${i - 1},${i - 1 + 10000}`)).join('\n');
  const { batch } = await uploaded('chunked-update.csv', upd);
  const s = settings(batch, { mode: 'update', keyFields: ['code'] });
  const seen: Record<string, unknown>[] = [];
  importTestHooks.afterApplyChunk = async (k) => {
    if (k !== 1) throw new Error('simulated crash after apply chunk 2');
    await look().catch((e: unknown) => seen.push({ error: String(e) }));
  };
  const look = async () => {
    const written = await atLeast(10000);
    const all = await atLeast(0);
    const busy = await call(made.app, 'PATCH', `${PEOPLE}/records/${last.id}`, { cookie: editor.cookie, body: { version: last.version, values: { name: 'Meanwhile' } } });
    const free = await call(made.app, 'PATCH', `${PEOPLE}/records/${other.id}`, { cookie: editor.cookie, body: { version: other.version, values: { name: 'Freed' } } });
    seen.push({
      // the first chunk's 1,000 records are written, each whole (qty, its formula, its version)
      written: written.total,
      all: all.total,
      whole: [...written.data, ...all.data].every((r) => Number(r.values.double) === 2 * Number(r.values.qty) && r.version === (Number(r.values.qty) >= 10000 ? 2 : 1)),
      busy: [busy.statusCode, json<{ errorCode: string }>(busy).errorCode, json<{ errorMessage: string }>(busy).errorMessage],
      free: free.statusCode,
    });
  };
  const crashed = await post(`/api/v1/imports/${batch.id}/run`, s);
  importTestHooks.afterApplyChunk = undefined;
  assert.equal(crashed.statusCode, 500, crashed.body);
  assert.ok(seen.length === 1, crashed.body);
  assert.deepEqual(seen, [{ written: 1000, all: N, whole: true, busy: [409, 'CONFLICT', '一项导入正在更新此记录，请稍后再试'], free: 200 }]);
  // every record as it was: values, version, update time; no history version of the batch
  const back = await readAll();
  assert.deepEqual(
    back.map((r) => [r.id, r.version, r.values.qty, r.values.double, r.updatedAt]),
    before.map((r) => [r.id, r.version, r.values.qty, r.values.double, r.updatedAt]),
  );
  assert.equal((await made.app.db.select().from(recordVersions).where(eq(recordVersions.batchId, batch.id))).length, 0);
  assert.equal(json<{ data: ImportBatch }>(await call(made.app, 'GET', `/api/v1/imports/${batch.id}`, { cookie: editor.cookie })).data.status, 'failed');
  // the records are free again; the batch runs whole afterwards
  const edit = await call(made.app, 'PATCH', `${PEOPLE}/records/${last.id}`, { cookie: editor.cookie, body: { version: last.version, values: { qty: '7' } } });
  assert.equal(edit.statusCode, 200, edit.body);
  const again = await post(`/api/v1/imports/${batch.id}/run`, s);
  assert.equal(again.statusCode, 200, again.body);
  assert.deepEqual([json<{ data: ImportBatch }>(again).data.updated, json<{ data: ImportBatch }>(again).data.status], [N, 'done']);
  assert.ok((await readAll()).every((r) => Number(r.values.qty) >= 10000 && Number(r.values.double) === 2 * Number(r.values.qty)));

  // its undo goes chunk by chunk too: stopped after chunk 2, the batch is done again with 2,000
  // records restored, which are not "edited since"; undone again, it restores the other 500
  const midUndo: unknown[] = [];
  undoTestHooks.afterUndoChunk = async (k) => {
    if (k === 1) {
      const during = json<{ data: ImportBatch }>(await call(made.app, 'GET', `/api/v1/imports/${batch.id}`, { cookie: editor.cookie })).data;
      midUndo.push((await atLeast(10000)).total, during.status, during.processed, during.total);
    }
    if (k === 2) throw new Error('simulated crash after undo chunk 2');
  };
  const stopped = await post(`/api/v1/imports/${batch.id}/undo`, {});
  undoTestHooks.afterUndoChunk = undefined;
  assert.equal(stopped.statusCode, 500, stopped.body);
  // (the progress bar's rows: the file's rows 2..1001 undone, of N)
  assert.deepEqual(midUndo, [N - 1000, 'undoing', 1000, N]);
  assert.equal(json<{ data: ImportBatch }>(await call(made.app, 'GET', `/api/v1/imports/${batch.id}`, { cookie: editor.cookie })).data.status, 'done');
  assert.equal((await atLeast(10000)).total, N - 2000);
  assert.deepEqual(json<{ data: unknown[] }>(await call(made.app, 'GET', `/api/v1/imports/${batch.id}/edited`, { cookie: editor.cookie })).data, []);
  const finished = await post(`/api/v1/imports/${batch.id}/undo`, {});
  assert.equal(finished.statusCode, 200, finished.body);
  const fin = json<{ data: ImportUndoResult }>(finished).data;
  assert.deepEqual([fin.batch.status, fin.restored, fin.deleted, fin.leftAlone.length], ['undone', N - 2000, 0, 0]);
  const restoredAll = await readAll();
  assert.deepEqual(
    restoredAll.map((r) => [r.values.code, r.values.qty, r.values.double, r.version]),
    before.map((r) => [r.values.code, r.values.code === `D-${N - 1}` ? '7' : r.values.qty, r.values.code === `D-${N - 1}` ? '14' : r.values.double, r.values.code === `D-${N - 1}` ? 4 : 3]),
  );
  // clean up for the later tests: the insert's undo, confirmed, sends the updated records to the bin
  assert.equal((await post(`/api/v1/imports/${ins.batch.id}/undo`, { includeEdited: true })).statusCode, 200);
  assert.equal((await readAll()).length, 0);
  assert.equal((await call(made.app, 'DELETE', `${PEOPLE}/records/${other.id}`, { cookie: editor.cookie })).statusCode, 200);
});

test('history lists, access and bad input', async () => {
  const list = await call(made.app, 'GET', `${APP}/imports?subject=person&pageSize=50`, { cookie: editor.cookie });
  assert.equal(list.statusCode, 200);
  const page = json<{ data: ImportBatch[]; total: number }>(list);
  assert.ok(page.total >= 8);
  assert.ok(page.data.some((b) => b.status === 'undone'));
  const all = await call(made.app, 'GET', '/api/v1/imports?application=imp', { cookie });
  assert.equal(json<{ total: number }>(all).total, page.total);
  assert.equal((await call(made.app, 'GET', '/api/v1/imports', { cookie: editor.cookie })).statusCode, 403);
  assert.equal((await upload('x.csv', 'a\n1', viewer.cookie)).statusCode, 403);
  const bad = await upload('x.pdf', 'a\n1');
  assert.equal(bad.statusCode, 400);
  assert.equal(json<{ details: { field: string }[] }>(bad).details[0].field, 'file');
  assert.equal((await upload('empty.csv', 'code\n')).statusCode, 400);
  const { batch } = await uploaded('map.csv', 'code,other\nM-1,x');
  const wrong = await post(`/api/v1/imports/${batch.id}/check`, { mapping: { code: 'code', other: 'double' } });
  assert.equal(wrong.statusCode, 400);
  assert.equal(json<{ details: { field: string }[] }>(wrong).details[0].field, 'mapping.other');
  const noKey = await post(`/api/v1/imports/${batch.id}/check`, { mapping: { code: 'code' }, mode: 'update' });
  assert.equal(json<{ details: { field: string }[] }>(noKey).details[0].field, 'keyFields');
});

test('grid export: CSV and XLSX of the filtered rows, only the visible columns, read back', async () => {
  const filter = JSON.stringify({ op: 'and', items: [{ field: 'code', op: 'startsWith', value: 'P-' }] });
  const body = { columns: ['code', 'name', 'qty', 'tags'], filter, sort: 'code:asc' };
  const csv = await call(made.app, 'POST', `${PEOPLE}/records/export`, { cookie: viewer.cookie, body: { ...body, format: 'csv' } });
  assert.equal(csv.statusCode, 200, csv.body);
  const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
  assert.deepEqual(rows[0], ['code', 'name', 'qty', 'tags']);
  assert.deepEqual(
    rows.slice(1).map((r) => r[0]),
    ['P-001', 'P-002', 'P-003'],
  );
  assert.deepEqual(rows[1], ['P-001', 'Alice', '11', 'a, b']);

  const xlsx = await call(made.app, 'POST', `${PEOPLE}/records/export`, { cookie: viewer.cookie, body: { ...body, format: 'xlsx' } });
  assert.equal(xlsx.statusCode, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  assert.equal(ws.rowCount, 4);
  assert.deepEqual((ws.getRow(1).values as unknown[]).slice(1), ['code', 'name', 'qty', 'tags']);
  assert.deepEqual((ws.getRow(2).values as unknown[]).slice(1), ['P-001', 'Alice', 11, 'a, b']);

  const bad = await call(made.app, 'POST', `${PEOPLE}/records/export`, { cookie: viewer.cookie, body: { columns: ['nope'] } });
  assert.equal(bad.statusCode, 400);
});

test('owners by e-mail, name or id and related records by display value or id: resolved set-based, unknown and ambiguous names are row errors naming the column', async () => {
  const { app } = made;
  const user = async (name: string, email: string) => (await createUser(app, cookie, { name, email })).user.id;
  const alice = await user('Alice Wong', 'alice.wong@corp.example');
  const bob = await user('Bob Li', 'bob.li@corp.example');
  await user('Sam Chen', 'sam.chen@corp.example');
  await user('Sam Chen', 'sam.chen2@corp.example');
  const gone = await user('Old Timer', 'old.timer@corp.example');
  const del = await call(app, 'DELETE', `/api/v1/users/${gone}`, { cookie });
  assert.equal(del.statusCode, 200, del.body);

  const client = await createTestSubjectIn(app, {
    applicationId: appId,
    key: 'client',
    name: 'Client',
    displayField: 'name',
    fields: [fieldOf('name', 'text', { required: true }), fieldOf('code', 'text')],
  });
  const lot = await createTestSubjectIn(app, { applicationId: appId, key: 'lot', name: 'Lot', displayField: 'no', fields: [fieldOf('no', 'number')] });
  await createTestSubjectIn(app, {
    applicationId: appId,
    key: 'engagement',
    name: 'Engagement',
    displayField: 'title',
    fields: [
      fieldOf('title', 'text', { required: true }),
      fieldOf('owner', 'user'),
      fieldOf('client', 'relation', { options: { targetSubjectId: client.id } }),
      fieldOf('partners', 'relation', { options: { targetSubjectId: client.id, multiple: true } }),
      fieldOf('lot', 'relation', { options: { targetSubjectId: lot.id } }),
    ],
  });
  const create = async (subjectKey: string, values: Record<string, unknown>) => {
    const res = await call(app, 'POST', `${APP}/subjects/${subjectKey}/records`, { cookie, body: { values } });
    assert.equal(res.statusCode, 201, res.body);
    return json<{ data: { record: RecordItem } }>(res).data.record.id;
  };
  const acme = await create('client', { name: 'Acme Ltd', code: 'C-1' });
  const beta = await create('client', { name: 'Beta Co', code: 'C-2' });
  await create('client', { name: 'Gamma', code: 'C-3' });
  await create('client', { name: 'gamma ', code: 'C-4' });
  const delta = await create('client', { name: 'Delta', code: 'C-5' });
  const binned = await call(app, 'DELETE', `${APP}/subjects/client/records/${delta}`, { cookie });
  assert.equal(binned.statusCode, 200, binned.body);
  const lot1234 = await create('lot', { no: '1234.50' });
  const unknownId = '00000000-0000-4000-8000-000000000000';

  const csv = [
    'title,owner,client,partners,lot',
    `E-1,ALICE.WONG@corp.example,Acme Ltd,"Beta Co; acme ltd","1,234.5"`,
    `E-2,bob li,${beta},${acme},`,
    `E-3,${alice},  ACME ltd ,,${lot1234}`,
    'E-4,Nobody,Acme Ltd,,',
    'E-5,Sam Chen,Gamma,"Beta Co, Nowhere",',
    'E-6,Old Timer,Delta,,',
    `E-7,${unknownId},${unknownId},,`,
    'E-8,Alice Wong,,,99',
  ].join('\n');
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'engagements.csv', content: csv }]);
  const up = await call(app, 'POST', `${APP}/subjects/engagement/imports`, { cookie: editor.cookie, body, headers: { 'content-type': contentType } });
  assert.equal(up.statusCode, 201, up.body);
  const { batch } = json<{ data: ImportUploadResult }>(up).data;
  assert.deepEqual(batch.mapping, { title: 'title', owner: 'owner', client: 'client', partners: 'partners', lot: 'lot' });
  const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${batch.id}/check`, settings(batch))).data;
  assert.deepEqual([checked.valid, checked.invalid], [3, 5]);

  // the preview: resolved ids, named as the grid names them
  const preview = await call(app, 'GET', `/api/v1/imports/${batch.id}/rows?pageSize=20`, { cookie: editor.cookie, headers: { 'accept-language': 'en-US' } });
  assert.equal(preview.statusCode, 200, preview.body);
  const page = json<{ data: ImportRow[]; labels: Record<string, string> }>(preview);
  assert.deepEqual(page.data[0].values, { title: 'E-1', owner: alice, client: acme, partners: [beta, acme], lot: lot1234 });
  assert.deepEqual(
    [page.labels[alice], page.labels[bob], page.labels[acme], page.labels[beta], page.labels[lot1234]],
    ['Alice Wong', 'Bob Li', 'Acme Ltd', 'Beta Co', '1234.50'],
  );

  const errors = new Map(page.data.filter((r) => r.errors.length).map((r) => [r.rowNumber, r.errors.map((e) => [e.column, e.value, e.messageKey, e.message])]));
  assert.deepEqual(errors.get(5), [['owner', 'Nobody', 'errors.import.userUnknown', 'No user has the e-mail or name “Nobody” (or the user was deleted)']]);
  assert.deepEqual(errors.get(6), [
    ['owner', 'Sam Chen', 'errors.import.userAmbiguous', '2 users are called “Sam Chen”: use the e-mail or the id'],
    ['client', 'Gamma', 'errors.import.relationAmbiguous', '2 Client records are called “Gamma”: use the id'],
    ['partners', 'Beta Co, Nowhere', 'errors.import.relationUnknown', 'No Client record is called “Nowhere”'],
  ]);
  // a deleted user and a record in the recycle bin name no one
  assert.deepEqual(
    errors.get(7)!.map((e) => [e[0], e[2]]),
    [
      ['owner', 'errors.import.userUnknown'],
      ['client', 'errors.import.relationUnknown'],
    ],
  );
  // ids are checked as before
  assert.deepEqual(
    errors.get(8)!.map((e) => [e[0], e[2]]),
    [
      ['owner', 'errors.record.userUnknown'],
      ['client', 'errors.record.relationUnknown'],
    ],
  );
  assert.deepEqual(errors.get(9), [['lot', '99', 'errors.import.relationUnknown', 'No Lot record is called “99”']]);

  const ran = await post(`/api/v1/imports/${batch.id}/run`, settings(batch, { onError: 'skip_bad_rows' }));
  assert.equal(ran.statusCode, 200, ran.body);
  assert.deepEqual([json<{ data: ImportBatch }>(ran).data.inserted, json<{ data: ImportBatch }>(ran).data.skipped], [3, 5]);
  const list = await call(app, 'GET', `${APP}/subjects/engagement/records?pageSize=10&sort=title:asc`, { cookie });
  const read = json<{ data: RecordItem[]; labels: Record<string, string> }>(list);
  assert.deepEqual(
    read.data.map((r) => [r.values.title, r.values.owner, r.values.client, r.values.partners ?? null, r.values.lot ?? null]),
    [
      ['E-1', alice, acme, [beta, acme], lot1234],
      ['E-2', bob, beta, [acme], null],
      ['E-3', alice, acme, null, lot1234],
    ],
  );
  assert.equal(read.labels[alice], 'Alice Wong');

  // a user field as the key of an update, given by e-mail
  const upd = await multipartBody([{ name: 'file', fileName: 'owners.csv', content: 'owner,title\nBOB.LI@corp.example,E-2 renamed' }]);
  const updUp = await call(app, 'POST', `${APP}/subjects/engagement/imports`, { cookie: editor.cookie, body: upd.body, headers: { 'content-type': upd.contentType } });
  const updBatch = json<{ data: ImportUploadResult }>(updUp).data.batch;
  const updated = await post(`/api/v1/imports/${updBatch.id}/run`, settings(updBatch, { mode: 'update', keyFields: ['owner'] }));
  assert.equal(updated.statusCode, 200, updated.body);
  assert.equal(json<{ data: ImportBatch }>(updated).data.updated, 1);
  const e2 = json<{ data: RecordItem[] }>(await call(app, 'GET', `${APP}/subjects/engagement/records?pageSize=10&sort=title:asc`, { cookie })).data.find((r) => r.values.owner === bob)!;
  assert.equal(e2.values.title, 'E-2 renamed');
});

/**
 * Asserts that each version 1 of batch `batchId` holds what records.service (and the run in
 * JavaScript) builds: every field's value (system fields: the run's time and user) as snapshot, the
 * non-null ones as changes; and that the records read back hold those values. @returns the records.
 */
async function versionsAsInJs(batchId: string, subjectId: string, key: string): Promise<RecordItem[]> {
  const { app } = made;
  const def = (await loadSubjectDef(app.db, { id: subjectId }))!;
  const staged = await app.db.select().from(importRows).where(eq(importRows.batchId, batchId));
  const versions = await app.db.select().from(recordVersions).where(eq(recordVersions.batchId, batchId));
  assert.equal(versions.length, staged.length);
  const list = json<{ data: RecordItem[] }>(await call(app, 'GET', `${APP}/subjects/${key}/records?pageSize=10`, { cookie })).data;
  const system: Record<string, string> = { createdAt: 'createdAt', updatedAt: 'createdAt', createdBy: 'by', updatedBy: 'by' };
  for (const row of staged) {
    const v = versions.find((x) => x.recordId === row.recordId)!;
    const snapshot: Record<string, unknown> = {};
    for (const f of def.fields) {
      if (f.type in system) snapshot[f.key] = system[f.type] === 'by' ? v.actorId : v.at.toISOString();
      else snapshot[f.key] = (row.values as Record<string, unknown>)[f.key] ?? null;
    }
    assert.deepEqual([v.version, v.action, v.actorLabel], [1, 'create', 'Ed Editor']);
    assert.deepEqual(v.snapshot, snapshot);
    assert.deepEqual(v.changes, diffRecordValues(def, null, snapshot as never));
    const rec = list.find((r) => r.id === row.recordId)!;
    for (const f of def.fields) if (!(f.type in system)) assert.deepEqual(rec.values[f.key] ?? null, snapshot[f.key], f.key);
  }
  return list;
}

test('a subject without formulas or auto numbers is imported in SQL: rows, links, and versions 1 as a record write builds them', async () => {
  const { app } = made;
  const target = await createTestSubjectIn(app, { applicationId: appId, key: 'tgt', name: 'Tgt', displayField: 'name', fields: [fieldOf('name', 'text')] });
  const choices = [{ label: 'a', color: '#1677ff' }, { label: 'b', color: '#52c41a' }];
  const kinds = await createTestSubjectIn(app, {
    applicationId: appId,
    key: 'kinds',
    name: 'Kinds',
    displayField: 'title',
    fields: [
      fieldOf('title', 'text', { required: true }),
      fieldOf('notes', 'longText'),
      fieldOf('qty', 'number'),
      fieldOf('price', 'money', { options: { currency: 'CNY', precision: 2 } }),
      fieldOf('due', 'date'),
      fieldOf('at', 'datetime'),
      fieldOf('ok', 'boolean'),
      fieldOf('state', 'singleSelect', { options: { choices } }),
      fieldOf('tags', 'multiSelect', { options: { choices } }),
      fieldOf('mail', 'email'),
      fieldOf('owner', 'user'),
      fieldOf('links', 'relation', { options: { targetSubjectId: target.id, multiple: true } }),
      fieldOf('made', 'createdAt'),
      fieldOf('by', 'createdBy'),
      fieldOf('changed', 'updatedAt'),
      fieldOf('changer', 'updatedBy'),
    ],
  });
  const t1 = json<{ data: { record: RecordItem } }>(await call(app, 'POST', `${APP}/subjects/tgt/records`, { cookie, body: { values: { name: 'T1' } } })).data.record.id;
  const t2 = json<{ data: { record: RecordItem } }>(await call(app, 'POST', `${APP}/subjects/tgt/records`, { cookie, body: { values: { name: 'T2' } } })).data.record.id;
  const csv = [
    'title,notes,qty,price,due,at,ok,state,tags,mail,owner,links',
    `K-1,"Some, notes","1,234.5",12.3,2026/3/4,2026-03-04 10:20,yes,a,"a;b",k1@example.com,${editor.email},"${t2}; ${t1}"`,
    'K-2,,,,,,,,,,,',
    `K-3,,0,0,,,no,b,,,,${t1}`,
  ].join('\n');
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'kinds.csv', content: csv }]);
  const up = await call(app, 'POST', `${APP}/subjects/kinds/imports`, { cookie: editor.cookie, body, headers: { 'content-type': contentType } });
  assert.equal(up.statusCode, 201, up.body);
  const { batch } = json<{ data: ImportUploadResult }>(up).data;
  const run = await post(`/api/v1/imports/${batch.id}/run`, settings(batch));
  assert.equal(run.statusCode, 200, run.body);
  assert.equal(json<{ data: ImportBatch }>(run).data.inserted, 3);

  const list = await versionsAsInJs(batch.id, kinds.id, 'kinds');
  const k1 = list.find((r) => r.values.title === 'K-1')!;
  assert.deepEqual(k1.values.links, [t2, t1]);
  assert.deepEqual(k1.values.tags, ['a', 'b']);
  assert.equal(k1.values.owner, editor.user.id);
  const [k2] = await made.app.db.select().from(recordVersions).where(eq(recordVersions.recordId, list.find((r) => r.values.title === 'K-2')!.id));
  assert.deepEqual(k2.changes, { title: { before: null, after: 'K-2' } });
});

test('a subject of more than 50 fields imported in SQL: the versions hold every field (jsonb_build_object in groups)', async () => {
  const { app } = made;
  const wide = await createTestSubjectIn(app, {
    applicationId: appId,
    key: 'wide',
    name: 'Wide',
    displayField: 'n1',
    fields: Array.from({ length: 60 }, (_, i) => fieldOf(`n${i + 1}`, 'number')),
  });
  const header = Array.from({ length: 60 }, (_, i) => `n${i + 1}`).join(',');
  const full = Array.from({ length: 60 }, (_, i) => String(i + 1)).join(',');
  // every other cell empty: nulls in every group of 50
  const gaps = Array.from({ length: 60 }, (_, i) => (i % 2 ? '' : String(i + 1))).join(',');
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'wide.csv', content: [header, full, gaps].join('\n') }]);
  const up = await call(app, 'POST', `${APP}/subjects/wide/imports`, { cookie: editor.cookie, body, headers: { 'content-type': contentType } });
  assert.equal(up.statusCode, 201, up.body);
  const { batch } = json<{ data: ImportUploadResult }>(up).data;
  const run = await post(`/api/v1/imports/${batch.id}/run`, settings(batch));
  assert.equal(run.statusCode, 200, run.body);
  const list = await versionsAsInJs(batch.id, wide.id, 'wide');
  const gapped = list.find((r) => r.values.n2 === null)!;
  const [v] = await app.db.select().from(recordVersions).where(eq(recordVersions.recordId, gapped.id));
  assert.equal(Object.keys(v.changes as object).length, 30);
  assert.equal(Object.keys(v.snapshot as object).length, 60);
});

test('a JSON object holding the rows under a key (iso-codes): the upload lists the keys holding arrays with their lengths, jsonPath reads one; items are numbered from 1', async () => {
  const iso = readFileSync(path.join(REAL, 'iso-639-3.json'));
  const n = (JSON.parse(iso.toString('utf8')) as { '639-3': unknown[] })['639-3'].length;
  // not a toast-worthy dead end: 400 naming jsonPath, the candidates in conflict.jsonArrays
  const pick = await upload('iso_639-3.json', iso);
  assert.equal(pick.statusCode, 400, pick.body);
  const body = json<{ errorMessage: string; details: { field: string }[]; conflict: { jsonArrays: { key: string; rows: number }[] } }>(pick);
  assert.equal(body.details[0].field, 'jsonPath');
  assert.deepEqual(body.conflict.jsonArrays, [{ key: '639-3', rows: n }]);
  assert.equal(body.errorMessage, `The JSON is an object: choose the key that holds the rows (639-3 (${n}))`);
  // several arrays: only those of objects are offered; a scalar array and an empty one are not
  const several = await upload('several.json', JSON.stringify({ meta: { v: 1 }, tags: ['x'], a: [{ code: 'A' }], none: [], b: [{ code: 'B' }, { code: 'C' }] }));
  assert.deepEqual(json<{ conflict: { jsonArrays: unknown[] } }>(several).conflict.jsonArrays, [
    { key: 'a', rows: 1 },
    { key: 'b', rows: 2 },
  ]);
  const missing = await call(made.app, 'POST', `${PEOPLE}/imports?jsonPath=meta`, {
    cookie: editor.cookie,
    ...(await multipartBody([{ name: 'file', fileName: 'iso.json', content: iso }]).then(({ body, contentType }) => ({ body, headers: { 'content-type': contentType, 'accept-language': 'en-US' } }))),
  });
  assert.equal(missing.statusCode, 400, missing.body);
  assert.equal(json<{ details: { field: string; message: string }[] }>(missing).details[0].field, 'jsonPath');
  // jsonPath picks the array: streamed like a top-level array, items numbered from 1
  const { body: form, contentType } = await multipartBody([{ name: 'file', fileName: 'iso.json', content: iso }]);
  const res = await call(made.app, 'POST', `${PEOPLE}/imports?jsonPath=639-3`, { cookie: editor.cookie, body: form, headers: { 'content-type': contentType } });
  assert.equal(res.statusCode, 201, res.body);
  const { batch, sample } = json<{ data: ImportUploadResult }>(res).data;
  assert.deepEqual([batch.total, batch.headers.slice(0, 4)], [n, ['alpha_3', 'name', 'scope', 'type']]);
  assert.equal(sample[0][0], 'aaa');
  const rows = json<{ data: ImportRow[] }>(await call(made.app, 'GET', `/api/v1/imports/${batch.id}/rows?pageSize=2`, { cookie: editor.cookie })).data;
  assert.deepEqual(
    rows.map((r) => r.rowNumber),
    [1, 2],
  );
  // CSV keeps the spreadsheet's numbers: the header is row 1, the first data row 2
  const csv = await uploaded('releases.csv', readFileSync(path.join(REAL, 'debian-releases.csv')));
  const first = json<{ data: ImportRow[] }>(await call(made.app, 'GET', `/api/v1/imports/${csv.batch.id}/rows?pageSize=1`, { cookie: editor.cookie })).data[0];
  assert.deepEqual([first.rowNumber, first.raw[1]], [2, 'Buzz']);
});

test('upsert by a unique key: an insert-mode check reports taken values, the upsert check with the key does not; a run with other settings checks again; update/upsert without a key is a 400 naming keyFields', async () => {
  const csv = (rows: string[]) => ['code,name,qty', ...rows].join('\n');
  const first = await uploaded('pk-1.csv', csv(['PK-1,One,1', 'PK-2,Two,2']));
  assert.equal((await post(`/api/v1/imports/${first.batch.id}/run`, settings(first.batch))).statusCode, 200);
  const again = await uploaded('pk-2.csv', csv(['PK-1,One again,10', 'PK-2,Two,2', 'PK-3,Three,3']));
  const insertCheck = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${again.batch.id}/check`, settings(again.batch))).data;
  assert.deepEqual([insertCheck.valid, insertCheck.invalid], [1, 2]);
  assert.ok((await errorRows(again.batch.id)).every((r) => r.errors.some((e) => e.messageKey === 'errors.record.valueTaken')));
  for (const mode of ['update', 'upsert']) {
    for (const step of ['check', 'run']) {
      const res = await post(`/api/v1/imports/${again.batch.id}/${step}`, settings(again.batch, { mode }));
      assert.equal(res.statusCode, 400, `${mode} ${step}: ${res.body}`);
      assert.deepEqual(
        json<{ details: { field: string }[] }>(res).details.map((d) => d.field),
        ['keyFields'],
      );
    }
  }
  const upsert = settings(again.batch, { mode: 'upsert', keyFields: ['code'] });
  const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${again.batch.id}/check`, upsert)).data;
  assert.deepEqual([checked.valid, checked.invalid], [3, 0]);
  // the run with settings other than the last check's checks again (an insert check's figures are never reused)
  const relabel = await uploaded('pk-3.csv', csv(['PK-1,One once more,11', 'PK-4,Four,4']));
  await post(`/api/v1/imports/${relabel.batch.id}/check`, settings(relabel.batch));
  const ran = await post(`/api/v1/imports/${relabel.batch.id}/run`, settings(relabel.batch, { mode: 'upsert', keyFields: ['code'] }));
  assert.equal(ran.statusCode, 200, ran.body);
  assert.deepEqual(
    [json<{ data: ImportBatch }>(ran).data.inserted, json<{ data: ImportBatch }>(ran).data.updated],
    [1, 1],
  );
  const found = json<{ data: RecordItem[] }>(await call(made.app, 'GET', `${PEOPLE}/records?q=PK-1`, { cookie })).data;
  assert.deepEqual(
    found.map((r) => r.values.name),
    ['One once more'],
  );
});

test('a batch never run can be removed (audited, its staged rows gone); one that ran cannot (409); batches never run expire after 7 days', async () => {
  const listed = async () => json<{ data: ImportBatch[] }>(await call(made.app, 'GET', `${APP}/imports?subject=person&pageSize=100`, { cookie: editor.cookie })).data.map((b) => b.id);
  const del = (id: string, as = editor.cookie) => call(made.app, 'DELETE', `/api/v1/imports/${id}`, { cookie: as, headers: { 'accept-language': 'en-US' } });
  const left = await uploaded('left.csv', 'code,name\nLEFT-1,Left\nLEFT-2,Left too');
  assert.equal((await del(left.batch.id, viewer.cookie)).statusCode, 403);
  const res = await del(left.batch.id);
  assert.equal(res.statusCode, 200, res.body);
  assert.ok(!(await listed()).includes(left.batch.id));
  const staged = await made.app.db.select().from(importRows).where(eq(importRows.batchId, left.batch.id));
  assert.equal(staged.length, 0);
  const [entry] = await made.app.db.select().from(auditLog).where(eq(auditLog.action, 'import.delete'));
  assert.equal((entry.details as { batch: string; fileName: string }).fileName, 'left.csv');
  assert.equal((await del(left.batch.id)).statusCode, 404);
  // checked and failed batches too; a batch that ran is undone, not removed
  const checkedOne = await uploaded('checked.csv', 'code,name\nCH-1,Checked');
  await post(`/api/v1/imports/${checkedOne.batch.id}/check`, settings(checkedOne.batch));
  assert.equal((await del(checkedOne.batch.id)).statusCode, 200);
  const ran = await uploaded('ran.csv', 'code,name\nRAN-1,Ran');
  assert.equal((await post(`/api/v1/imports/${ran.batch.id}/run`, settings(ran.batch))).statusCode, 200);
  const refused = await del(ran.batch.id);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.match(json<{ errorMessage: string }>(refused).errorMessage, /^Only an import that was not run/);
  // expiry: never-run batches untouched for 7 days go, a fresh one and a done one stay
  const old = await uploaded('old.csv', 'code,name\nOLD-1,Old');
  const fresh = await uploaded('fresh.csv', 'code,name\nNEW-1,New');
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
  await made.app.db.update(importBatches).set({ updatedAt: eightDaysAgo }).where(inArray(importBatches.id, [old.batch.id, ran.batch.id]));
  assert.equal(await expireAbandonedImports(made.app.db), 1);
  const ids = await listed();
  assert.deepEqual([ids.includes(old.batch.id), ids.includes(fresh.batch.id), ids.includes(ran.batch.id)], [false, true, true]);
});

test('a run with the settings of the last check (the mapping in any key order, another on-error policy) uses its figures; other settings check again', async () => {
  const { batch } = await uploaded('same.csv', 'name,code\nSame,SAME-1');
  const mapping = { name: 'name', code: 'code' };
  const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${batch.id}/check`, { mapping })).data;
  assert.deepEqual([checked.valid, checked.invalid], [1, 0]);
  // someone takes the unique value after the check: a run on the check's figures meets it in the
  // unique index (409 VALUE_TAKEN); a run that checked again would refuse the bad row instead
  assert.equal((await call(made.app, 'POST', `${PEOPLE}/records`, { cookie, body: { values: { code: 'SAME-1', name: 'Taken' } } })).statusCode, 201);
  // the same mapping as the check's, in the request's key order (jsonb stores it as { code, name })
  const res = await post(`/api/v1/imports/${batch.id}/run`, { mapping, onError: 'skip_bad_rows' });
  assert.equal(res.statusCode, 409, res.body);
  assert.equal(json<{ errorCode: string }>(res).errorCode, 'VALUE_TAKEN');
  // the failed batch is checked again on its next run: the row is bad now and skipped
  const again = await post(`/api/v1/imports/${batch.id}/run`, { mapping, onError: 'skip_bad_rows' });
  assert.equal(again.statusCode, 200, again.body);
  assert.deepEqual([json<{ data: ImportBatch }>(again).data.inserted, json<{ data: ImportBatch }>(again).data.skipped], [0, 1]);
});
