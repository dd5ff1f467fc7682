/**
 * Incidents (docs/rule-runs.md "Incidents"), on PGlite or PostgreSQL (TEST_DATABASE_URL): open →
 * acknowledged → resolved by a later run once the record is fixed; waived with a reason and an
 * expiry (kept by a run while the record still fails); an expired waiver reopened by the next run;
 * who may move them, the 409s of wrong states and the 400s of bad waivers; the audit entries.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { Incident } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { ruleIncidents } from '../../db/schema';
import { adminSession, call, createTestApp, json, type TestApp } from '../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject, type MemberSession } from '../../test/records-support';
import { ident } from '../subjects/ddl';
import type { SubjectDef } from '../subjects/subject-def';
import { insertRule, runRules } from './rule-runs.test-support';

const SLUG = 'incidents';
let t: TestApp;
let admin: string;
let members: { appId: string; viewer: MemberSession; editor: MemberSession; owner: MemberSession; outsider: MemberSession };
let items: SubjectDef;
let ruleId: string;
const rec: Record<string, string> = {};

before(async () => {
  t = await createTestApp();
  admin = (await adminSession(t.app)).cookie;
  members = await applicationWithMembers(t.app, admin, SLUG);
  items = await makeSubject(t.handle.db, {
    applicationId: members.appId,
    key: 'items',
    displayFieldKey: 'title',
    fields: [
      { key: 'title', type: 'text' },
      { key: 'qty', type: 'number' },
    ],
  });
  for (const [name, qty] of [
    ['fixme', '-1'],
    ['waiveme', '-2'],
    ['expiring', '-3'],
    ['fine', '4'],
  ] as const)
    rec[name] = await insertRecord(t.handle.db, items, { title: name, qty });
  ruleId = (await insertRule(t.handle.db, items, 'positive', { kind: 'range', field: 'qty', min: '0' }, 'warning', { messageEn: '{field} must be at least {limit}, not {value}' })).id;
});
after(async () => t?.close());

const list = async (cookie: string, query = '') =>
  json<{ data: Incident[]; total: number }>(await call(t.app, 'GET', `/api/v1/incidents?application=${SLUG}${query}`, { cookie, headers: { 'accept-language': 'en-US' } }));
const move = (cookie: string, id: string, verb: string, body?: object) => call(t.app, 'POST', `/api/v1/incidents/${id}/${verb}`, { cookie, ...(body ? { body } : {}) });
const incidentOf = async (record: string) => (await list(admin, `&record=${record}`)).data[0]!;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

test('a run opens incidents; they are listed with messages, filtered by state, subject, record and rule', async () => {
  const run = await runRules(t.app, members.editor.cookie, SLUG, 'items');
  assert.equal(run.state, 'done');
  const all = await list(members.viewer.cookie);
  assert.equal(all.total, 3);
  const fix = all.data.find((i) => i.recordId === rec.fixme)!;
  assert.equal(fix.state, 'open');
  assert.equal(fix.recordLabel, 'fixme');
  assert.equal(fix.ruleName, 'positive');
  assert.equal(fix.message, 'qty must be at least 0–, not -1');
  assert.equal(fix.lastRunId, run.id);
  assert.equal((await list(members.viewer.cookie, '&state=open&subject=items')).total, 3);
  assert.equal((await list(members.viewer.cookie, `&rule=${ruleId}&record=${rec.fixme}`)).total, 1);
  assert.equal((await list(members.viewer.cookie, '&state=resolved')).total, 0);
  assert.equal((await call(t.app, 'GET', `/api/v1/incidents?application=${SLUG}`, { cookie: members.outsider.cookie })).statusCode, 403);
  assert.equal((await call(t.app, 'GET', `/api/v1/incidents?application=${SLUG}&subject=nope`, { cookie: members.viewer.cookie })).statusCode, 404);
});

test('open → acknowledged → resolved by a later run after the record is fixed', async () => {
  const fix = await incidentOf(rec.fixme);
  assert.equal((await move(members.viewer.cookie, fix.id, 'acknowledge')).statusCode, 403);
  const acked = await move(members.editor.cookie, fix.id, 'acknowledge');
  assert.equal(acked.statusCode, 200, acked.body);
  assert.equal(json<{ data: Incident }>(acked).data.state, 'acknowledged');
  assert.ok(json<{ data: Incident }>(acked).data.acknowledgedBy);
  const twice = await move(members.editor.cookie, fix.id, 'acknowledge');
  assert.equal(twice.statusCode, 409);
  assert.match(twice.body, /问题当前状态不允许此操作/);
  const [entry] = rowsOf<{ action: string }>(await t.handle.db.execute(sql`select action from audit_log where target_id = ${fix.id} order by seq desc limit 1`));
  assert.equal(entry.action, 'incident.acknowledge');

  // still failing: a run keeps it acknowledged
  await runRules(t.app, members.editor.cookie, SLUG, 'items');
  assert.equal((await incidentOf(rec.fixme)).state, 'acknowledged');

  await t.handle.db.execute(sql`update ${sql.raw(ident(items.tableName))} set ${sql.raw(ident(items.fields.find((f) => f.key === 'qty')!.column!))} = 5 where id = ${rec.fixme}::uuid`);
  await runRules(t.app, members.editor.cookie, SLUG, 'items');
  const resolved = await incidentOf(rec.fixme);
  assert.equal(resolved.state, 'resolved');
  assert.ok(resolved.resolvedAt);
  assert.equal((await move(members.editor.cookie, fix.id, 'acknowledge')).statusCode, 409);
});

test('waive with a reason and an expiry: owners only, bounded, kept while it lasts', async () => {
  const inc = await incidentOf(rec.waiveme);
  const body = { reason: 'Known supplier credit', expiresAt: inDays(30) };
  assert.equal((await move(members.editor.cookie, inc.id, 'waive', body)).statusCode, 403);
  const noReason = await move(members.owner.cookie, inc.id, 'waive', { reason: ' ', expiresAt: inDays(3) });
  assert.equal(noReason.statusCode, 400);
  assert.match(noReason.body, /reason/);
  const past = await move(members.owner.cookie, inc.id, 'waive', { reason: 'x', expiresAt: inDays(-1) });
  assert.equal(past.statusCode, 400);
  assert.match(past.body, /expiresAt/);
  assert.equal((await move(members.owner.cookie, inc.id, 'waive', { reason: 'x', expiresAt: inDays(400) })).statusCode, 400);

  const waived = await move(members.owner.cookie, inc.id, 'waive', body);
  assert.equal(waived.statusCode, 200, waived.body);
  const w = json<{ data: Incident }>(waived).data;
  assert.equal(w.state, 'waived');
  assert.equal(w.waiverReason, 'Known supplier credit');
  assert.equal(w.waiverExpiresAt, body.expiresAt);
  assert.equal((await move(members.owner.cookie, inc.id, 'waive', body)).statusCode, 409);

  await runRules(t.app, members.editor.cookie, SLUG, 'items');
  assert.equal((await incidentOf(rec.waiveme)).state, 'waived', 'a live waiver stays');

  // reopen: owners and administrators
  assert.equal((await move(members.editor.cookie, inc.id, 'reopen')).statusCode, 403);
  const reopened = await move(admin, inc.id, 'reopen');
  assert.equal(reopened.statusCode, 200, reopened.body);
  assert.equal(json<{ data: Incident }>(reopened).data.state, 'open');
  assert.equal(json<{ data: Incident }>(reopened).data.waiverReason, null);
  assert.equal((await move(admin, inc.id, 'reopen')).statusCode, 409);
  assert.equal((await move(admin, randomUUID(), 'reopen')).statusCode, 404);
});

test('an expired waiver still failing is reopened by the next run', async () => {
  const inc = await incidentOf(rec.expiring);
  assert.equal((await move(members.owner.cookie, inc.id, 'waive', { reason: 'until the audit', expiresAt: inDays(1) })).statusCode, 200);
  await t.handle.db.update(ruleIncidents).set({ waiverExpiresAt: new Date(Date.now() - 60_000) }).where(eq(ruleIncidents.id, inc.id));
  await runRules(t.app, members.editor.cookie, SLUG, 'items');
  const after = await incidentOf(rec.expiring);
  assert.equal(after.state, 'open');
  assert.equal(after.waiverReason, 'until the audit', 'the waiver that lapsed stays on record');
});

test('incident.opened: a listening trigger gets one event per incident that becomes open (a write, a run), none for one still open', async () => {
  const events = async () =>
    rowsOf<{ record_id: string; subject_id: string; payload: { recordId: string; data: { ruleId: string; severity: string; value: string; runId: string | null } } }>(
      await t.handle.db.execute(sql`select record_id, subject_id, payload from trigger_events where kind = 'incident.opened' order by id`),
    );
  assert.equal((await events()).length, 0, 'the runs above had no listening trigger: nothing written');
  const noSubject = await call(t.app, 'POST', '/api/v1/triggers', { cookie: admin, body: { name: 'no subject', application: SLUG, event: 'incident.opened', enabled: true } });
  assert.equal(noSubject.statusCode, 400);
  const made = await call(t.app, 'POST', '/api/v1/triggers', { cookie: admin, body: { name: 'on incident', application: SLUG, event: 'incident.opened', subject: 'items', enabled: true } });
  assert.equal(made.statusCode, 201, made.body);

  // a write failing the warning rule: saved, its incident opened, one event
  const created = await call(t.app, 'POST', `/api/v1/applications/${SLUG}/subjects/items/records`, { cookie: members.editor.cookie, body: { values: { title: 'late', qty: '-7' } } });
  assert.equal(created.statusCode, 201, created.body);
  const late = json<{ data: { record: { id: string } } }>(created).data.record.id;
  let list = await events();
  assert.equal(list.length, 1);
  assert.equal(list[0].record_id, late);
  assert.equal(list[0].subject_id, items.id);
  assert.deepEqual([list[0].payload.recordId, list[0].payload.data.ruleId, list[0].payload.data.severity, list[0].payload.data.value], [late, ruleId, 'warning', '-7']);

  // failing again while open: not new
  assert.equal((await call(t.app, 'PATCH', `/api/v1/applications/${SLUG}/subjects/items/records/${late}`, { cookie: members.editor.cookie, body: { version: 1, values: { qty: '-8' } } })).statusCode, 200);
  assert.equal((await events()).length, 1);

  // a run: the records written behind the API's back fail for the first time → one event each, naming the run
  const quiet = await insertRecord(t.handle.db, items, { title: 'quiet', qty: '-9' });
  const run = await runRules(t.app, members.editor.cookie, SLUG, 'items');
  list = await events();
  assert.equal(list.length, 2, 'only the new one; those still open or waived are not new');
  assert.equal(list[1].record_id, quiet);
  assert.equal(list[1].payload.data.runId, run.id);
});
