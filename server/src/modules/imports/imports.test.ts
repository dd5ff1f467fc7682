import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ImportBatch, ImportRow, ImportUndoResult, ImportUploadResult, RecordItem } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { auditLog, recordVersions, recycleBin } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { multipartBody } from '../record-queries/subjects.test-support';
import { addTestMember, createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { importTestHooks } from './imports.run';

const FIXTURES = path.resolve(__dirname, '../../../../tests/fixtures/import');
const APP = '/api/v1/applications/imp';
const PEOPLE = `${APP}/subjects/person`;

let made: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let editor: { cookie: string; email: string };
let viewer: { cookie: string; email: string };
let subject: SubjectDef;

before(async () => {
  made = await createTestApp();
  const { app } = made;
  ({ cookie } = await adminSession(app));
  const appId = await createTestApplication(app, cookie, 'imp');
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
  await made?.close();
});

async function upload(fileName: string, content: Buffer | string, as = editor.cookie) {
  const { body, contentType } = await multipartBody([{ name: 'file', fileName, content }]);
  return call(made.app, 'POST', `${PEOPLE}/imports`, { cookie: as, body, headers: { 'content-type': contentType } });
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
