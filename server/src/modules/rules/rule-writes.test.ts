/**
 * Rules on every write path (docs/rules.md "One definition, two evaluators"): a blocking rule of
 * each kind refuses a create and an update (400 VALIDATION_FAILED naming `values.<field>`, the
 * rule's message in the request's language); a warning saves, opens an incident shown on the
 * record's detail, and a fix resolves it; bulk edit is all or nothing; a version restore whose
 * values fail is refused; the triggers' record actions; the import check reports rule failures as
 * row errors and the run writes none of the refused rows; an import's undo whose old values fail a
 * blocking rule is refused naming the file's rows, a warning opens incidents; a catastrophic pattern finishes at once
 * (re2js); disabled rules are ignored. Rules are inserted straight into the table
 * (rules.test-support.ts); both engines.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { ImportBatch, ImportRow, ImportUploadResult, RecordDetail, RecordItem, RuleDefinition } from '../../../../contracts';
import { ruleIncidents, rules } from '../../db/schema';
import { adminSession, call, createTestApp, json, type TestApp } from '../../test/helpers';
import { multipartBody } from '../../test/records-support';
import { createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { createRecordAction } from '../triggers/actions/create-record.action';
import { updateRecordAction } from '../triggers/actions/update-record.action';
import type { ActionContext } from '../triggers/action-types';
import { insertRule, setRuleEnabled } from './rules.test-support';

interface ErrorBody {
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}

let t: TestApp;
let cookie: string;
let adminId: string;
let items: SubjectDef;
const SLUG = 'rule-writes';
const ITEMS = `/api/v1/applications/${SLUG}/subjects/items/records`;

/** The blocking rules of `items`, one per kind: the field each names and values that fail it. */
const KINDS: { name: string; definition: RuleDefinition; field: string; bad: Record<string, unknown> }[] = [
  { name: 'low ≤ high', definition: { kind: 'comparison', field: 'lo', op: 'le', otherField: 'hi' }, field: 'lo', bad: { lo: '5', hi: '2' } },
  { name: 'qty 0–100', definition: { kind: 'range', field: 'qty', min: 0, max: 100 }, field: 'qty', bad: { qty: '101' } },
  { name: 'e-mail', definition: { kind: 'pattern', field: 'email', pattern: '[a-z]+@[a-z]+\\.com' }, field: 'email', bad: { email: 'nobody' } },
  {
    name: 'closed needs a note',
    definition: { kind: 'requiredIf', field: 'note', condition: { op: 'and', items: [{ field: 'status', op: 'eq', value: 'closed' }] } },
    field: 'note',
    bad: { status: 'closed', note: null },
  },
  { name: 'sku unique', definition: { kind: 'unique', fields: ['sku'] }, field: 'sku', bad: { sku: 'TAKEN' } },
  { name: 'known code', definition: { kind: 'existsIn', field: 'code', subject: 'codes', targetField: 'code' }, field: 'code', bad: { code: 'ZZ' } },
  { name: 'not thirteen', definition: { kind: 'expression', expression: 'qty != 13' }, field: '', bad: { qty: '13' } },
];

let serial = 0;
/** Values passing every rule of `items` (a new sku each time). */
const good = (extra: Record<string, unknown> = {}) => ({
  name: 'ok',
  lo: '1',
  hi: '2',
  qty: '5',
  email: 'a@b.com',
  status: 'open',
  code: 'A',
  sku: `S-${(serial += 1)}`,
  score: '1',
  ...extra,
});

const post = (url: string, body: unknown, lang = 'en-US') => call(t.app, 'POST', url, { cookie, body, headers: { 'accept-language': lang } });
const patch = (url: string, body: unknown, lang = 'en-US') => call(t.app, 'PATCH', url, { cookie, body, headers: { 'accept-language': lang } });

async function create(values: Record<string, unknown>): Promise<RecordDetail> {
  const res = await post(ITEMS, { values });
  assert.equal(res.statusCode, 201, res.body);
  return json<{ data: RecordDetail }>(res).data;
}
async function detail(id: string, base = ITEMS): Promise<RecordDetail> {
  const res = await call(t.app, 'GET', `${base}/${id}`, { cookie });
  assert.equal(res.statusCode, 200, res.body);
  return json<{ data: RecordDetail }>(res).data;
}
function refused(res: Awaited<ReturnType<typeof call>>, field: string, message: RegExp): void {
  assert.equal(res.statusCode, 400, res.body);
  const body = json<ErrorBody>(res);
  assert.equal(body.errorCode, 'VALIDATION_FAILED');
  const detailOf = body.details?.find((d) => d.field === (field ? `values.${field}` : 'values'));
  assert.ok(detailOf, res.body);
  assert.match(detailOf.message, message);
}

before(async () => {
  t = await createTestApp();
  const admin = await adminSession(t.app);
  cookie = admin.cookie;
  adminId = admin.user.id;
  const applicationId = await createTestApplication(t.app, cookie, SLUG);
  await createTestSubjectIn(t.app, { applicationId, key: 'codes', fields: [fieldOf('code', 'text')], displayField: 'code' });
  await createTestSubjectIn(t.app, {
    applicationId,
    key: 'items',
    displayField: 'name',
    fields: [
      fieldOf('name', 'text'),
      fieldOf('lo', 'number'),
      fieldOf('hi', 'number'),
      fieldOf('qty', 'number'),
      fieldOf('email', 'text'),
      fieldOf('status', 'text'),
      fieldOf('note', 'text'),
      fieldOf('code', 'text'),
      fieldOf('sku', 'text'),
      fieldOf('score', 'number'),
      fieldOf('long', 'longText'),
    ],
  });
  items = (await loadSubjectDef(t.app.db, { applicationId, key: 'items' }))!;
  for (const code of ['A', 'B']) assert.equal((await post(`/api/v1/applications/${SLUG}/subjects/codes/records`, { values: { code } })).statusCode, 201);
  await create(good({ sku: 'TAKEN' }));
  for (const k of KINDS)
    await insertRule(t.app.db, {
      subject: items.id,
      name: k.name,
      definition: k.definition,
      messageZh: `规则「${k.name}」：{field} 的值 {value} 不符`,
      messageEn: `Rule "${k.name}": {field} value {value} does not pass ({limit})`,
    });
  // a disabled rule that every write here would fail
  await insertRule(t.app.db, { subject: items.id, name: 'disabled', definition: { kind: 'range', field: 'qty', max: 0 }, enabled: false });
});
after(async () => t?.close());

/** Sets rule `id`'s severity (its `updated_at` moves, so compiled copies are refreshed). */
async function setSeverity(id: string, severity: 'blocking' | 'warning'): Promise<void> {
  await t.app.db.update(rules).set({ severity, updatedAt: new Date() }).where(eq(rules.id, id));
}

test('every kind of blocking rule refuses a create and an update, naming the field, in the request\'s language', async () => {
  const record = await create(good());
  assert.deepEqual(record.warnings, []);
  assert.deepEqual(record.incidents, []);
  for (const k of KINDS) {
    const en = new RegExp(`^Rule "${k.name}"`);
    refused(await post(ITEMS, { values: good(k.bad) }), k.field, en);
    const current = await detail(record.record.id);
    refused(await patch(`${ITEMS}/${record.record.id}`, { version: current.record.version, values: k.bad }), k.field, en);
    // in Chinese, with the placeholders filled in
    const zh = await patch(`${ITEMS}/${record.record.id}`, { version: current.record.version, values: k.bad }, 'zh-CN');
    refused(zh, k.field, new RegExp(`^规则「${k.name}」`));
    assert.equal((await detail(record.record.id)).record.version, current.record.version, `${k.name}: nothing written`);
  }
  // the placeholders: {field} is the field's name, {value} the value, {limit} the rule's
  const res = await post(ITEMS, { values: good({ qty: '101' }) });
  assert.equal(json<ErrorBody>(res).details?.[0].message, 'Rule "qty 0–100": qty value 101 does not pass (0–100)');
  assert.equal(json<ErrorBody>(res).errorMessage, 'Rule "qty 0–100": qty value 101 does not pass (0–100)');
  // an update changing another field of a record that passes is fine; the disabled rule (qty ≤ 0) is ignored
  const ok = await patch(`${ITEMS}/${record.record.id}`, { version: record.record.version, values: { name: 'renamed', qty: '7' } });
  assert.equal(ok.statusCode, 200, ok.body);
});

test('a warning saves the record, answers the warning and opens an incident; a fix resolves it', async () => {
  const rule = await insertRule(t.app.db, {
    subject: items.id,
    name: 'score ≤ 10',
    definition: { kind: 'comparison', field: 'score', op: 'le', value: 10 },
    severity: 'warning',
    messageZh: '{field} 超过 {limit}：{value}',
    messageEn: '{field} over {limit}: {value}',
  });
  try {
    const made = await create(good({ score: '12' }));
    assert.deepEqual(
      made.warnings?.map((w) => [w.ruleId, w.name, w.field, w.messageEn, w.messageZh]),
      [[rule, 'score ≤ 10', 'score', 'score over 10: 12', 'score 超过 10：12']],
    );
    assert.deepEqual(
      made.incidents.map((i) => [i.ruleId, i.state, i.severity, i.messageEn]),
      [[rule, 'open', 'warning', 'score over 10: 12']],
    );
    const id = made.record.id;
    // still failing after an edit of another field: kept open, its value updated
    const edited = await patch(`${ITEMS}/${id}`, { version: 1, values: { score: '15' } });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(json<{ data: RecordDetail }>(edited).data.incidents[0].messageEn, 'score over 10: 15');
    assert.equal(json<{ data: RecordDetail }>(edited).data.warnings?.length, 1);
    // fixed: resolved, no longer on the record's page
    const fixed = await patch(`${ITEMS}/${id}`, { version: 2, values: { score: '3' } });
    assert.equal(fixed.statusCode, 200, fixed.body);
    assert.deepEqual(json<{ data: RecordDetail }>(fixed).data.warnings, []);
    assert.deepEqual((await detail(id)).incidents, []);
    const [row] = await t.app.db.select().from(ruleIncidents).where(and(eq(ruleIncidents.recordId, id), eq(ruleIncidents.ruleId, rule)));
    assert.equal(row.state, 'resolved');
    assert.ok(row.resolvedAt);
    // failing again: the same incident opens again
    const again = await patch(`${ITEMS}/${id}`, { version: 3, values: { score: '20' } });
    assert.equal(json<{ data: RecordDetail }>(again).data.incidents[0].id, row.id);
    assert.equal(json<{ data: RecordDetail }>(again).data.incidents[0].state, 'open');
  } finally {
    await setRuleEnabled(t.app.db, rule, false);
  }
});

test('bulk edit: one record failing refuses the whole edit', async () => {
  const a = await create(good({ hi: '100' }));
  const b = await create(good({ hi: '2' }));
  const res = await post(`${ITEMS}/bulk-update`, { ids: [a.record.id, b.record.id], values: { lo: '50' } });
  refused(res, 'lo', /^Rule "low ≤ high"/);
  assert.equal((await detail(a.record.id)).record.values.lo, '1');
  assert.equal((await detail(a.record.id)).record.version, 1);
  const ok = await post(`${ITEMS}/bulk-update`, { ids: [a.record.id, b.record.id], values: { lo: '2' } });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(json<{ data: { count: number } }>(ok).data.count, 2);
});

test('a version restore whose values fail a rule is refused', async () => {
  const made = await create(good({ qty: '5' }));
  const id = made.record.id;
  assert.equal((await patch(`${ITEMS}/${id}`, { version: 1, values: { qty: '60' } })).statusCode, 200);
  const rule = await insertRule(t.app.db, { subject: items.id, name: 'qty ≥ 50', definition: { kind: 'range', field: 'qty', min: 50 } });
  try {
    refused(await post(`${ITEMS}/${id}/versions/1/restore`, { version: 2 }), 'qty', /^qty ≥ 50: qty 5/);
    assert.equal((await detail(id)).record.version, 2);
  } finally {
    await setRuleEnabled(t.app.db, rule, false);
  }
  const res = await post(`${ITEMS}/${id}/versions/1/restore`, { version: 2 });
  assert.equal(res.statusCode, 200, res.body);
});

test('the triggers\' create_record and update_record actions are checked too', async () => {
  const ctxOf = (tx: ActionContext['tx'], recordId?: string): ActionContext => ({
    db: t.app.db,
    tx,
    trigger: { id: '00000000-0000-0000-0000-000000000001', name: 'test', ownerId: adminId },
    event: { kind: 'manual', application: SLUG, subject: 'items', recordId, depth: 0 },
    dryRun: false,
    log: async () => undefined,
    variable: async () => undefined,
  });
  const set = (values: Record<string, unknown>) => Object.entries(values).map(([field, value]) => ({ field, value }));
  await assert.rejects(
    t.app.db.transaction((tx) => createRecordAction.run(ctxOf(tx), { subject: 'items', set: set(good({ qty: '500' })) })),
    (e: Error & { errorCode?: string }) => e.errorCode === 'VALIDATION_FAILED',
  );
  const out = (await t.app.db.transaction((tx) => createRecordAction.run(ctxOf(tx), { subject: 'items', set: set(good()) }))) as { recordId: string };
  await assert.rejects(
    t.app.db.transaction((tx) => updateRecordAction.run(ctxOf(tx, out.recordId), { set: set({ email: 'not an e-mail' }) })),
    (e: Error & { errorCode?: string }) => e.errorCode === 'VALIDATION_FAILED',
  );
  assert.equal((await detail(out.recordId)).record.values.email, 'a@b.com');
});

test('a catastrophic pattern on a long value finishes at once (re2js, linear time)', async () => {
  const rule = await insertRule(t.app.db, { subject: items.id, name: 'aaa', definition: { kind: 'pattern', field: 'long', pattern: '(a+)+$' } });
  try {
    const started = performance.now();
    refused(await post(ITEMS, { values: good({ long: `${'a'.repeat(50_000)}!` }) }), 'long', /^aaa: long/);
    assert.ok(performance.now() - started < 2000, `took ${performance.now() - started} ms`);
    assert.equal((await post(ITEMS, { values: good({ long: 'a'.repeat(50_000) }) })).statusCode, 201);
  } finally {
    await setRuleEnabled(t.app.db, rule, false);
  }
});

test('import: the check makes rows failing a blocking rule bad rows; the run writes none of them', async () => {
  const csv = ['name,lo,hi,qty,email,status,code,sku', 'i1,1,2,5,a@b.com,open,A,IMP-1', 'i2,1,2,101,a@b.com,open,A,IMP-2', 'i3,1,2,5,a@b.com,open,ZZ,IMP-3', 'i4,1,2,5,a@b.com,open,B,IMP-1'].join('\n');
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'items.csv', content: csv }]);
  const up = await call(t.app, 'POST', `/api/v1/applications/${SLUG}/subjects/items/imports`, { cookie, body, headers: { 'content-type': contentType, 'accept-language': 'en-US' } });
  assert.equal(up.statusCode, 201, up.body);
  const { batch } = json<{ data: ImportUploadResult }>(up).data;
  const settings = { mapping: batch.mapping };
  const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${batch.id}/check`, settings)).data;
  assert.deepEqual([checked.valid, checked.invalid], [1, 3]);
  const rows = json<{ data: (ImportRow & { errors: { field: string | null; column: string | null; message: string }[] })[] }>(
    await call(t.app, 'GET', `/api/v1/imports/${batch.id}/rows?errorsOnly=true&pageSize=100`, { cookie, headers: { 'accept-language': 'en-US' } }),
  ).data;
  assert.deepEqual(
    rows.map((r) => [r.rowNumber, r.errors.map((e) => [e.field, e.column, e.message.split(':')[0]])]),
    [
      [3, [['qty', 'qty', 'Rule "qty 0–100"']]],
      [4, [['code', 'code', 'Rule "known code"']]],
      // a uniqueness rule within the file: the later row
      [5, [['sku', 'sku', 'Rule "sku unique"']]],
    ],
  );
  // all or nothing: refused; skipping bad rows: only the good one
  assert.equal((await post(`/api/v1/imports/${batch.id}/run`, settings)).statusCode, 409);
  const ran = await post(`/api/v1/imports/${batch.id}/run`, { ...settings, onError: 'skip_bad_rows' });
  assert.equal(ran.statusCode, 200, ran.body);
  assert.deepEqual([json<{ data: ImportBatch }>(ran).data.inserted, json<{ data: ImportBatch }>(ran).data.skipped], [1, 3]);
  const list = json<{ data: RecordItem[] }>(await call(t.app, 'GET', `${ITEMS}?pageSize=200`, { cookie })).data;
  assert.deepEqual(list.filter((r) => String(r.values.name).startsWith('i')).map((r) => r.values.name), ['i1']);
});

test('import: the dry run lists the warnings of valid rows; the run writes them and opens their incidents', async () => {
  const rule = await insertRule(t.app.db, {
    subject: items.id,
    name: 'score warn',
    definition: { kind: 'comparison', field: 'score', op: 'le', value: 10 },
    severity: 'warning',
  });
  try {
    const csv = ['name,qty,email,status,code,sku,score', 'w1,5,a@b.com,open,A,W-1,50', 'w2,5,a@b.com,open,A,W-2,1'].join('\n');
    const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'warn.csv', content: csv }]);
    const up = await call(t.app, 'POST', `/api/v1/applications/${SLUG}/subjects/items/imports`, { cookie, body, headers: { 'content-type': contentType } });
    const { batch } = json<{ data: ImportUploadResult }>(up).data;
    const checked = json<{ data: ImportBatch }>(await post(`/api/v1/imports/${batch.id}/check`, { mapping: batch.mapping })).data;
    assert.deepEqual([checked.valid, checked.invalid, checked.warned], [2, 0, 1]);
    const warned = json<{ data: ImportRow[]; total: number }>(
      await call(t.app, 'GET', `/api/v1/imports/${batch.id}/rows?warningsOnly=true`, { cookie, headers: { 'accept-language': 'en-US' } }),
    );
    assert.equal(warned.total, 1);
    assert.deepEqual(
      warned.data.map((r) => [r.rowNumber, r.errors.length, r.warnings.map((w) => [w.field, w.column, w.value, w.message.split(':')[0]])]),
      [[2, 0, [['score', 'score', '50', 'score warn']]]],
    );
    const ran = await post(`/api/v1/imports/${batch.id}/run`, { mapping: batch.mapping });
    assert.equal(ran.statusCode, 200, ran.body);
    assert.equal(json<{ data: ImportBatch }>(ran).data.inserted, 2);
    const list = json<{ data: RecordItem[] }>(await call(t.app, 'GET', `${ITEMS}?pageSize=200`, { cookie })).data;
    const w1 = list.find((r) => r.values.name === 'w1')!;
    const w2 = list.find((r) => r.values.name === 'w2')!;
    assert.deepEqual((await detail(w1.id)).incidents.map((i) => [i.name, i.state, i.value]), [['score warn', 'open', '50']]);
    assert.deepEqual((await detail(w2.id)).incidents, []);
  } finally {
    await setRuleEnabled(t.app.db, rule, false);
  }
});

test('import undo: old values failing a blocking rule refuse the undo naming the rows; a warning opens an incident', async () => {
  const a = await create(good({ name: 'u-a', qty: '5', sku: 'UNDO-A' }));
  const b = await create(good({ name: 'u-b', qty: '7', sku: 'UNDO-B' }));
  const c = await create(good({ name: 'u-c', qty: '60', sku: 'UNDO-C' }));
  const csv = ['sku,qty', 'UNDO-A,60', 'UNDO-B,70', 'UNDO-C,80'].join('\n');
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'undo.csv', content: csv }]);
  const up = await call(t.app, 'POST', `/api/v1/applications/${SLUG}/subjects/items/imports`, { cookie, body, headers: { 'content-type': contentType } });
  assert.equal(up.statusCode, 201, up.body);
  const { batch } = json<{ data: ImportUploadResult }>(up).data;
  const settings = { mapping: batch.mapping, mode: 'update', keyFields: ['sku'] };
  const ran = await post(`/api/v1/imports/${batch.id}/run`, settings);
  assert.equal(ran.statusCode, 200, ran.body);
  assert.equal(json<{ data: ImportBatch }>(ran).data.updated, 3);
  // switched on since: the old quantities of rows 2 and 3 (5 and 7) fail it, row 4's (60) passes
  const rule = await insertRule(t.app.db, {
    subject: items.id,
    name: 'qty ≥ 50',
    definition: { kind: 'range', field: 'qty', min: 50 },
    messageZh: '数量 {value} 小于 50',
    messageEn: 'qty {value} is below 50',
  });
  try {
    const res = await post(`/api/v1/imports/${batch.id}/undo`, {});
    assert.equal(res.statusCode, 400, res.body);
    const err = json<ErrorBody>(res);
    assert.equal(err.errorCode, 'VALIDATION_FAILED');
    assert.match(err.errorMessage, /row\(s\) 2, 3 \(2 in all\) fail a blocking rule: qty 5 is below 50/);
    assert.deepEqual(
      err.details?.map((d) => [d.field, d.message]),
      [
        ['rows.2.values.qty', 'qty 5 is below 50'],
        ['rows.3.values.qty', 'qty 7 is below 50'],
      ],
    );
    // nothing of the refused chunk stays; the batch can be undone again
    for (const [r, qty] of [[a, '60'], [b, '70'], [c, '80']] as const) {
      const d = await detail(r.record.id);
      assert.deepEqual([d.record.values.qty, d.record.version], [qty, 2]);
    }
    const got = json<{ data: ImportBatch }>(await call(t.app, 'GET', `/api/v1/imports/${batch.id}`, { cookie })).data;
    assert.equal(got.status, 'done');

    // as a warning: the undo goes through, the records restored failing it get an incident
    await setSeverity(rule, 'warning');
    const undone = await post(`/api/v1/imports/${batch.id}/undo`, {});
    assert.equal(undone.statusCode, 200, undone.body);
    assert.deepEqual((await detail(a.record.id)).incidents.map((i) => [i.name, i.state, i.value]), [['qty ≥ 50', 'open', '5']]);
    assert.deepEqual((await detail(b.record.id)).incidents.map((i) => [i.name, i.state, i.value]), [['qty ≥ 50', 'open', '7']]);
    assert.deepEqual((await detail(c.record.id)).incidents, []);
    assert.equal((await detail(a.record.id)).record.values.qty, '5');
  } finally {
    await setRuleEnabled(t.app.db, rule, false);
  }
});
