/**
 * Validation runs (docs/rule-runs.md), on PGlite or PostgreSQL (TEST_DATABASE_URL): each kind of
 * rule finds its failing records, the counts and the score, several chunks (a small chunk size),
 * cancel between chunks, a rule set's version named, failures paged with messages in the request's
 * language, CSV and XLSX export parsed back, the trend and the data-quality scores, access.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { DataQuality, RuleRun, RuleRunFailure, RuleRunTrendPoint } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { ruleIncidents, ruleRuns, tasks } from '../../db/schema';
import { adminSession, call, createTestApp, json, type TestApp } from '../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject, softDeleteRecord, type MemberSession } from '../../test/records-support';
import type { SubjectDef } from '../subjects/subject-def';
import { executeRuleRun, ruleRunSettings, scoreOf } from './rule-runs.engine';
import { insertRule, insertRuleSet, runRules, waitForRun } from './rule-runs.test-support';

const SLUG = 'rule-runs';
let t: TestApp;
let admin: string;
let members: { viewer: MemberSession; editor: MemberSession; owner: MemberSession; outsider: MemberSession };
let items: SubjectDef;
const ids: Record<string, string> = {};
const ruleIds: Record<string, string> = {};
let firstRun: RuleRun;

before(async () => {
  t = await createTestApp();
  admin = (await adminSession(t.app)).cookie;
  const m = await applicationWithMembers(t.app, admin, SLUG);
  members = m;
  const codes = await makeSubject(t.handle.db, { applicationId: m.appId, key: 'codes', fields: [{ key: 'code', type: 'text' }] });
  for (const code of ['K1', 'K2']) await insertRecord(t.handle.db, codes, { code });
  items = await makeSubject(t.handle.db, {
    applicationId: m.appId,
    key: 'items',
    name: 'Items',
    displayFieldKey: 'code',
    fields: [
      { key: 'n', type: 'number', options: { precision: 2 } },
      { key: 'm', type: 'number', options: { precision: 2 } },
      { key: 'code', type: 'text' },
      { key: 't', type: 'text' },
      { key: 's', type: 'singleSelect', options: { choices: [{ label: 'Open', color: '#1677ff' }, { label: 'Closed', color: '#1677ff' }] } },
      { key: 'ref', type: 'text' },
    ],
  });
  let i = 0;
  const put = async (name: string, values: Record<string, unknown>) => {
    i += 1;
    ids[name] = await insertRecord(t.handle.db, items, { n: '5', m: '6', code: `AB${i}`, t: 'x', s: 'Open', ref: 'K1', ...values });
  };
  await put('ok1', {});
  await put('negative', { n: '-1', m: '0' });
  await put('huge', { n: '144', m: '200' });
  await put('mBelowN', { n: '10', m: '5' });
  await put('badCode', { code: 'bad' });
  await put('closedNoText', { s: 'Closed', t: null });
  await put('dup1', { code: 'CD1' });
  await put('dup2', { code: 'CD1' });
  await put('noRef', { ref: 'NOPE' });
  await put('thirteen', { n: '13', m: '14' });
  await put('ok2', {});
  ids.empty = await insertRecord(t.handle.db, items, {});
  const gone = await insertRecord(t.handle.db, items, { n: '-5', code: 'CD1', ref: 'NOPE' });
  await softDeleteRecord(t.handle.db, items, gone);

  const add = async (name: string, def: Parameters<typeof insertRule>[3], severity: 'blocking' | 'warning' = 'warning') => {
    ruleIds[name] = (await insertRule(t.handle.db, items, name, def, severity)).id;
  };
  await add('nonNegative', { kind: 'comparison', field: 'n', op: 'ge', value: '0' }, 'blocking');
  await add('mAtLeastN', { kind: 'comparison', field: 'm', op: 'ge', otherField: 'n' });
  await add('range', { kind: 'range', field: 'n', min: '0', max: '100' });
  await add('codePattern', { kind: 'pattern', field: 'code', pattern: '[A-Z]{2}[0-9]+' });
  await add('textIfClosed', { kind: 'requiredIf', field: 't', condition: { op: 'and', items: [{ field: 's', op: 'eq', value: 'Closed' }] } }, 'blocking');
  await add('uniqueCode', { kind: 'unique', fields: ['code'] });
  await add('refExists', { kind: 'existsIn', field: 'ref', subject: 'codes', targetField: 'code' });
  await add('not13', { kind: 'expression', expression: 'n != 13' }, 'blocking');
  await add('sqrtSmall', { kind: 'expression', expression: 'sqrt(abs(n)) < 10' });
  await insertRule(t.handle.db, items, 'disabled', { kind: 'comparison', field: 'n', op: 'eq', value: '999' }, 'warning', { enabled: false });
  ruleRunSettings.chunkRows = 5;
});
after(async () => {
  delete ruleRunSettings.chunkRows;
  await t?.close();
});

const failed = (run: RuleRun) => Object.fromEntries(run.results.map((r) => [r.name, r.failed]));

test('a run finds every kind of rule, over several chunks, with counts and the weighted score', async () => {
  firstRun = await runRules(t.app, members.editor.cookie, SLUG, 'items');
  assert.equal(firstRun.state, 'done', firstRun.error ?? '');
  assert.equal(firstRun.records, 12);
  assert.equal(firstRun.ruleSetVersion, null);
  assert.equal(firstRun.rules.length, 9, 'the enabled rules only');
  assert.deepEqual(failed(firstRun), {
    nonNegative: 1,
    mAtLeastN: 1,
    range: 2,
    codePattern: 1,
    textIfClosed: 1,
    uniqueCode: 2,
    refExists: 1,
    not13: 1,
    sqrtSmall: 1,
  });
  for (const r of firstRun.results) assert.equal(r.passed + r.failed, 12);
  assert.equal(firstRun.failingRecords, 9);
  // blocking weighs 2: (3×2 + 6×1)×12 = 144 checks, 3×2 + 8 = 14 weighted failures
  assert.equal(firstRun.score, 90.28);
  assert.equal(scoreOf(firstRun.results, 12), 90.28);
  assert.ok(firstRun.longestChunkMs >= 0);
  assert.equal(firstRun.progressDone, 12);

  // the task recorded the run: done, progress, its result
  // (the task row is marked done just after the run row)
  let task: { state: string; progress_done: number; result: { chunks: number } } | undefined;
  for (let i = 0; i < 100 && task?.state !== 'done'; i += 1) {
    if (i) await new Promise((r) => setTimeout(r, 50));
    [task] = rowsOf<NonNullable<typeof task>>(await t.handle.db.execute(sql`select state, progress_done, result from tasks where id = ${firstRun.taskId}::uuid`));
  }
  assert.ok(task);
  assert.equal(task.state, 'done');
  assert.equal(task.progress_done, 12);
  assert.equal(task.result.chunks, 3, '12 records in chunks of 5');

  // one incident per failing pair; the deleted record has none
  const incidents = await t.handle.db.select().from(ruleIncidents).where(eq(ruleIncidents.subjectId, items.id));
  assert.equal(incidents.length, 11);
  assert.ok(incidents.every((i) => i.state === 'open' && i.lastRunId === firstRun.id));
});

test('failures are paged with labels and messages in the request language; CSV and XLSX export parse back', async () => {
  const res = await call(t.app, 'GET', `/api/v1/rule-runs/${firstRun.id}/failures?pageSize=5`, {
    cookie: members.viewer.cookie,
    headers: { 'accept-language': 'en-US' },
  });
  assert.equal(res.statusCode, 200, res.body);
  const body = json<{ data: RuleRunFailure[]; total: number }>(res);
  assert.equal(body.total, 11);
  assert.equal(body.data.length, 5);
  const all = json<{ data: RuleRunFailure[] }>(
    await call(t.app, 'GET', `/api/v1/rule-runs/${firstRun.id}/failures?pageSize=100&rule=${ruleIds.range}`, { cookie: members.viewer.cookie, headers: { 'accept-language': 'en-US' } }),
  ).data;
  assert.deepEqual(all.map((f) => f.recordId).sort(), [ids.negative, ids.huge].sort());
  const huge = all.find((f) => f.recordId === ids.huge)!;
  assert.equal(huge.message, 'range: n value 144 breaks 0–100');
  assert.equal(huge.recordLabel, 'AB3');
  const zh = json<{ data: RuleRunFailure[] }>(
    await call(t.app, 'GET', `/api/v1/rule-runs/${firstRun.id}/failures?rule=${ruleIds.range}`, { cookie: members.viewer.cookie, headers: { 'accept-language': 'zh-CN' } }),
  ).data;
  assert.match(zh[0].message, /^range：n 的值/);

  const csv = await call(t.app, 'GET', `/api/v1/rule-runs/${firstRun.id}/export?format=csv`, { cookie: members.viewer.cookie, headers: { 'accept-language': 'en-US' } });
  assert.equal(csv.statusCode, 200, csv.body);
  const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, '').trim()).data;
  assert.deepEqual(rows[0], ['Record ID', 'Record', 'Rule', 'Severity', 'Value', 'Message']);
  assert.equal(rows.length, 12);
  assert.ok(rows.some((r) => r[0] === ids.huge && r[2] === 'sqrtSmall'));

  const xlsx = await call(t.app, 'GET', `/api/v1/rule-runs/${firstRun.id}/export?format=xlsx`, { cookie: members.viewer.cookie });
  assert.equal(xlsx.statusCode, 200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  assert.equal(sheet.rowCount, 12);
  assert.equal(sheet.getRow(1).getCell(1).value, '记录 ID');

  const bad = await call(t.app, 'GET', `/api/v1/rule-runs/${firstRun.id}/export?format=pdf`, { cookie: members.viewer.cookie });
  assert.equal(bad.statusCode, 400);
});

test("a rule set's latest published version runs its rules of the subject and is named", async () => {
  const cmp = await insertRule(t.handle.db, items, 'setOnly', { kind: 'range', field: 'm', max: '100' });
  const setId = await insertRuleSet(t.handle.db, items.applicationId, 'Core', [cmp], 2);
  const run = await runRules(t.app, members.editor.cookie, SLUG, 'items', setId);
  assert.equal(run.state, 'done');
  assert.equal(run.ruleSet, setId);
  assert.equal(run.ruleSetName, 'Core');
  assert.equal(run.ruleSetVersion, 2);
  assert.deepEqual(failed(run), { setOnly: 1 });
  // the set's run resolved nothing of the other rules
  const open = await t.handle.db.select().from(ruleIncidents).where(eq(ruleIncidents.state, 'open'));
  assert.equal(open.length, 12);

  const draft = await insertRuleSet(t.handle.db, items.applicationId, 'Draft', [cmp], 0);
  const refused = await call(t.app, 'POST', '/api/v1/rule-runs', { cookie: members.editor.cookie, body: { application: SLUG, subject: 'items', ruleSet: draft } });
  assert.equal(refused.statusCode, 409);
  const missing = await call(t.app, 'POST', '/api/v1/rule-runs', { cookie: members.editor.cookie, body: { application: SLUG, subject: 'items', ruleSet: randomUUID() } });
  assert.equal(missing.statusCode, 404);

  const listed = json<{ data: RuleRun[]; total: number }>(await call(t.app, 'GET', `/api/v1/rule-runs?application=${SLUG}&ruleSet=${setId}`, { cookie: members.viewer.cookie }));
  assert.equal(listed.total, 1);
  assert.equal(listed.data[0].id, run.id);
});

test('a run stops at a chunk boundary when cancelled; a finished run cannot be cancelled', async () => {
  const [row] = await t.handle.db
    .insert(ruleRuns)
    .values({ applicationId: items.applicationId, subjectId: items.id, rules: firstRun.rules.map((r) => ({ ...r, subjectId: items.id })), createdLabel: 'test' })
    .returning();
  let asked = 0;
  const outcome = await executeRuleRun(t.handle.db, row.id, {
    progress: async () => undefined,
    log: async () => undefined,
    isCancelled: async () => ++asked > 2,
  });
  assert.equal(outcome.state, 'cancelled');
  assert.equal(outcome.records, 10, 'two chunks of 5');
  const [after] = await t.handle.db.select().from(ruleRuns).where(eq(ruleRuns.id, row.id));
  assert.equal(after.state, 'cancelled');
  assert.equal(after.records, 10);
  assert.equal(after.score, null);

  const done = await call(t.app, 'POST', `/api/v1/rule-runs/${firstRun.id}/cancel`, { cookie: members.editor.cookie });
  assert.equal(done.statusCode, 409);
  const viewer = await call(t.app, 'POST', `/api/v1/rule-runs/${firstRun.id}/cancel`, { cookie: members.viewer.cookie });
  assert.equal(viewer.statusCode, 403);
});

test('a cancel that comes after the last chunk ends the run cancelled, no incident resolved', async () => {
  // the task was asked to stop after the last check between chunks: the end's transaction sees it
  const [task] = await t.handle.db.insert(tasks).values({ kind: 'rules.run', timeoutSeconds: 60, state: 'running', cancelRequested: true, startedByLabel: 'test' }).returning();
  const [row] = await t.handle.db
    .insert(ruleRuns)
    .values({ applicationId: items.applicationId, subjectId: items.id, taskId: task.id, rules: firstRun.rules.map((r) => ({ ...r, subjectId: items.id })), createdLabel: 'test' })
    .returning();
  const open = async () => (await t.handle.db.select().from(ruleIncidents).where(eq(ruleIncidents.subjectId, items.id))).filter((i) => i.state !== 'resolved').length;
  const before = await open();
  const outcome = await executeRuleRun(t.handle.db, row.id, { progress: async () => undefined, log: async () => undefined, isCancelled: async () => false });
  assert.equal(outcome.state, 'cancelled');
  const [after] = await t.handle.db.select().from(ruleRuns).where(eq(ruleRuns.id, row.id));
  assert.equal(after.state, 'cancelled');
  assert.equal(after.score, null);
  assert.equal(await open(), before);
});

test('cancel through the API: the run ends cancelled, audited', async () => {
  ruleRunSettings.chunkRows = 1;
  try {
    const res = await call(t.app, 'POST', '/api/v1/rule-runs', { cookie: members.editor.cookie, body: { application: SLUG, subject: 'items' } });
    assert.equal(res.statusCode, 202, res.body);
    const { run } = json<{ data: { run: RuleRun } }>(res).data;
    const cancelled = await call(t.app, 'POST', `/api/v1/rule-runs/${run.id}/cancel`, { cookie: members.editor.cookie });
    if (cancelled.statusCode === 409) {
      // the run finished before the cancel arrived (a fast machine): nothing to check further
      return;
    }
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const finished = await waitForRun(t.app, members.editor.cookie, run.id);
    assert.equal(finished.state, 'cancelled');
    const [entry] = rowsOf<{ action: string }>(await t.handle.db.execute(sql`select action from audit_log where target_id = ${run.id} order by seq desc limit 1`));
    assert.equal(entry.action, 'rule_run.cancel');
  } finally {
    ruleRunSettings.chunkRows = 5;
  }
});

test('the trend, the data-quality scores and a second start of an active run', async () => {
  const again = await runRules(t.app, members.editor.cookie, SLUG, 'items');
  // the set's rule is enabled too: (6 + 7)×12 = 156 checks, 15 weighted failures
  assert.equal(again.score, 90.38);
  const trend = json<{ data: RuleRunTrendPoint[] }>(await call(t.app, 'GET', `/api/v1/rule-runs/trend?application=${SLUG}&subject=items`, { cookie: members.viewer.cookie })).data;
  assert.ok(trend.length >= 3);
  assert.equal(trend[trend.length - 1].runId, again.id, 'oldest first');
  assert.equal(trend[trend.length - 1].failures, 12);

  const quality = json<{ data: DataQuality }>(await call(t.app, 'GET', `/api/v1/applications/${SLUG}/data-quality`, { cookie: members.viewer.cookie })).data;
  const it = quality.subjects.find((s) => s.subject === 'items')!;
  assert.equal(it.score, 90.38);
  assert.equal(it.runId, again.id);
  assert.equal(quality.subjects.find((s) => s.subject === 'codes')!.score, null);

  const list = json<{ data: RuleRun[]; total: number }>(await call(t.app, 'GET', `/api/v1/rule-runs?application=${SLUG}&subject=items&pageSize=2`, { cookie: members.viewer.cookie }));
  assert.equal(list.data.length, 2);
  assert.equal(list.data[0].id, again.id, 'newest first');
  assert.ok(list.total >= 4);
});

test('access: members read, editors start, outsiders and viewers are refused', async () => {
  const start = (cookie: string) => call(t.app, 'POST', '/api/v1/rule-runs', { cookie, body: { application: SLUG, subject: 'items' } });
  assert.equal((await start(members.viewer.cookie)).statusCode, 403);
  assert.equal((await start(members.outsider.cookie)).statusCode, 403);
  assert.equal((await call(t.app, 'GET', `/api/v1/rule-runs?application=${SLUG}`, { cookie: members.outsider.cookie })).statusCode, 403);
  assert.equal((await call(t.app, 'GET', `/api/v1/rule-runs/${firstRun.id}`, { cookie: members.outsider.cookie })).statusCode, 403);
  assert.equal((await call(t.app, 'GET', `/api/v1/rule-runs/${randomUUID()}`, { cookie: members.viewer.cookie })).statusCode, 404);
  assert.equal((await call(t.app, 'POST', '/api/v1/rule-runs', { cookie: members.editor.cookie, body: { application: SLUG, subject: 'nope' } })).statusCode, 404);
  assert.equal((await call(t.app, 'POST', '/api/v1/rule-runs', { cookie: members.editor.cookie, body: { application: SLUG } })).statusCode, 400);
});

test('the trigger action run_rule_set queues runs in the trigger run transaction (a Test starts nothing)', async () => {
  const { runRuleSetAction } = await import('../triggers/actions/run-rule-set.action');
  const { auditWriter } = await import('../../core/audit.writer');
  const audit = auditWriter({ id: null, label: 'trigger walk', ip: null });
  const ctx = {
    db: t.handle.db,
    tx: t.handle.db,
    trigger: { id: randomUUID(), name: 'nightly', ownerId: null },
    event: { kind: 'schedule', application: SLUG, depth: 0 },
    dryRun: true,
    log: async () => undefined,
    variable: async () => undefined,
    audit,
  };
  assert.deepEqual(await runRuleSetAction.run(ctx, { allSubjects: true }), { wouldRun: ['items'], ruleSet: null });
  const out = (await runRuleSetAction.run({ ...ctx, dryRun: false }, { subject: 'items' })) as { runs: { id: string; merged: boolean }[] };
  assert.equal(out.runs.length, 1);
  const [row] = await t.handle.db.select().from(ruleRuns).where(eq(ruleRuns.id, out.runs[0].id));
  assert.equal(row.state, 'queued', 'left to the task engine');
  assert.equal(row.createdLabel, 'trigger walk');
  const outcome = await executeRuleRun(t.handle.db, row.id, { progress: async () => undefined, log: async () => undefined, isCancelled: async () => false });
  assert.equal(outcome.state, 'done');
  assert.equal(outcome.score, 90.38);
  await t.handle.db.execute(sql`update tasks set state = 'done', finished_at = now() where id = ${row.taskId}::uuid`);
});

test("a chunk's SQL rules as one statement or one statement each: the same results", async () => {
  const counts: Record<string, number>[] = [];
  for (const combine of [true, false]) {
    ruleRunSettings.combineSqlRules = combine;
    try {
      const run = await runRules(t.app, members.editor.cookie, SLUG, 'items');
      assert.equal(run.state, 'done', run.error ?? '');
      assert.equal(run.failingRecords, 9);
      counts.push(failed(run));
    } finally {
      delete ruleRunSettings.combineSqlRules;
    }
  }
  assert.deepEqual(counts[0], counts[1]);
  assert.equal(counts[0].uniqueCode, 2);
  assert.equal(counts[0].refExists, 1);
});
