/**
 * The audit engagement flow (both engines; docs/engagements-flow.md): every engagement phase action
 * and its gates (allowed, refused with the reason), the actions list, segregation of duties on
 * approval, approval to follow-up with open work, SLA due dates from the settings, overdue
 * findings, seeded sampling (random reproducible from its seed, systematic, judgmental), the
 * re-test loop both ways, progress with hours, access (viewer refused writes, outsider 403), and
 * each mutation's audit entry.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { eq, sql } from 'drizzle-orm';
import { SAMPLE_GENERATORS, type AuditActionOption, type AuditModel, type AuditSample, type AuditTransition } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject, type MemberSession } from '../../test/records-support';
import { ident } from '../subjects/ddl';
import { loadSubjectDef } from '../subjects/subject-def';
import { createAuditRecord, enableAudit, readAuditRecord } from './engagements.test-support';
import { drawRandomIndexes, seedState, selectIds, xoshiro128ss } from './sampling';
import { listTransitions } from './transitions-log';

dayjs.extend(utc);

const SLUG = 'aflow';
const BASE = `/api/v1/applications/${SLUG}/audit`;
type Rec = { id: string; version: number; values: Record<string, unknown> };

describe('audit engagement flow', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string };
  let m: { viewer: MemberSession; editor: MemberSession; owner: MemberSession; outsider: MemberSession; reviewer: MemberSession };
  let model: AuditModel;
  const today = () => dayjs.utc().format('YYYY-MM-DD');

  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, cookie = admin.cookie) =>
    call(ctx.app, method, url.startsWith('/api') ? url : `${BASE}${url}`, { cookie, body, headers: { 'accept-language': 'en-US' } });
  const data = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
    assert.equal(res.statusCode, status, res.body);
    return (res.json() as { data: T }).data;
  };
  const refusedWith = (res: { statusCode: number; body: string; json(): unknown }, messages: string[]) => {
    assert.equal(res.statusCode, 409, res.body);
    const body = res.json() as { errorCode: string; details: { field: string; message: string }[] };
    assert.equal(body.errorCode, 'TRANSITION_REFUSED');
    assert.deepEqual(body.details, messages.map((message) => ({ field: 'action', message })));
  };
  const record = (object: Parameters<typeof createAuditRecord>[4], values: Record<string, unknown>, cookie = admin.cookie) =>
    createAuditRecord(ctx.app, cookie, SLUG, model, object, values);
  const read = (object: Parameters<typeof readAuditRecord>[4], id: string) => readAuditRecord(ctx.app, admin.cookie, SLUG, model, object, id);
  const patch = async (object: Parameters<typeof readAuditRecord>[4], id: string, values: Record<string, unknown>) => {
    const current = await read(object, id);
    const res = await req('PATCH', `/api/v1/applications/${SLUG}/subjects/${model.subjects[object].key}/records/${id}`, { version: current.version, values });
    assert.equal(res.statusCode, 200, res.body);
  };
  const transition = (id: string, action: string, comment?: string, cookie = admin.cookie) =>
    req('POST', `/engagements/${id}/transition`, { action, ...(comment !== undefined ? { comment } : {}) }, cookie);
  const auditCount = async (action: string) => (await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

  /** An engagement in fieldwork (lead = the owner, reviewer = the reviewer) with `procedures` procedures. */
  const inFieldwork = async (title: string, procedures = 1, extra: Record<string, unknown> = {}): Promise<{ e: Rec; p: Rec[] }> => {
    const e = await record('engagement', {
      title,
      period_start: '2026-01-01',
      period_end: '2026-06-30',
      lead: m.owner.id,
      reviewer: m.reviewer.id,
      ...extra,
    });
    const p: Rec[] = [];
    for (let i = 0; i < procedures; i += 1) p.push(await record('procedure', { title: `${title} P${i + 1}`, engagement: e.id }));
    data(await transition(e.id, 'submit_scope'));
    data(await transition(e.id, 'start_fieldwork'));
    return { e, p };
  };
  const conclude = (id: string, conclusion: string, note?: string, cookie = m.editor.cookie) =>
    req('POST', `/procedures/${id}/conclude`, { conclusion, ...(note ? { note } : {}) }, cookie);
  const raise = (body: Record<string, unknown>, cookie = m.editor.cookie) => req('POST', '/findings', { kind: 'deficiency', severity: 'medium', ...body }, cookie);
  const findingTransition = (id: string, action: string, cookie = m.editor.cookie) => req('POST', `/findings/${id}/transition`, { action }, cookie);

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    const members = await applicationWithMembers(ctx.app, admin.cookie, SLUG);
    // the reviewer: another editor of the application
    const reviewer = await userSession(ctx.app, admin.cookie, { name: 'Reviewer' });
    const added = await req('POST', `/api/v1/applications/${SLUG}/members`, { email: reviewer.email, role: 'editor' });
    assert.equal(added.statusCode, 200, added.body);
    m = { ...members, reviewer: { id: reviewer.user.id, cookie: reviewer.cookie } };
    model = await enableAudit(ctx.app, admin.cookie, SLUG);
  });
  after(() => ctx.close());

  it('each phase action checks its gates, answers the reasons, and logs the transition', async () => {
    const e = await record('engagement', { title: 'FY26 payroll' }, m.editor.cookie);
    // the actions list: what the caller may do now, and why not
    const actions = data<{ phase: string; actions: AuditActionOption[] }>(await req('GET', `/engagements/${e.id}/actions`, undefined, m.editor.cookie));
    assert.equal(actions.phase, 'scope');
    assert.deepEqual(actions.actions, [
      {
        action: 'submit_scope',
        to: 'validate',
        allowed: false,
        reasons: ['The engagement needs a period (start and end dates)', 'The engagement needs at least one procedure'],
      },
    ]);
    const asViewer = data<{ actions: AuditActionOption[] }>(await req('GET', `/engagements/${e.id}/actions`, undefined, m.viewer.cookie));
    assert.equal(asViewer.actions[0].reasons[0], 'Only editors and owners can do this');
    assert.equal((await req('GET', `/engagements/${e.id}/actions`, undefined, m.outsider.cookie)).statusCode, 403);
    assert.equal((await transition(e.id, 'submit_scope', undefined, m.viewer.cookie)).statusCode, 403);

    // submit_scope: title, period (in order), a procedure
    refusedWith(await transition(e.id, 'submit_scope', undefined, m.editor.cookie), [
      'The engagement needs a period (start and end dates)',
      'The engagement needs at least one procedure',
    ]);
    // the model's default rule refuses a backwards period on every write; the gate still checks it
    // (an owner may disable the rule), so it is written here behind the rule's back
    const backwards = await req('PATCH', `/api/v1/applications/${SLUG}/subjects/${model.subjects.engagement.key}/records/${e.id}`, {
      version: (await read('engagement', e.id)).version,
      values: { period_start: '2026-07-01', period_end: '2026-01-01' },
    });
    assert.equal(backwards.statusCode, 400);
    await patch('engagement', e.id, { period_start: '2026-07-01' });
    const engagementDef = (await loadSubjectDef(ctx.app.db, { id: model.subjects.engagement.id }))!;
    const periodEnd = sql.raw(ident(engagementDef.fields.find((f) => f.key === 'period_end')!.column!));
    await ctx.app.db.execute(sql`update ${sql.raw(ident(engagementDef.tableName))} set ${periodEnd} = '2026-01-01'::date where id = ${e.id}::uuid`);
    const first = await record('procedure', { title: 'Payroll approval', engagement: e.id });
    refusedWith(await transition(e.id, 'submit_scope', undefined, m.editor.cookie), ['The period must not start after it ends']);
    await patch('engagement', e.id, { period_end: '2026-12-31' });
    const submitted = data<{ phase: string; transition: AuditTransition }>(await transition(e.id, 'submit_scope', 'scope ready', m.editor.cookie));
    assert.equal(submitted.phase, 'validate');
    assert.equal(submitted.transition.from, 'scope');
    assert.equal(submitted.transition.to, 'validate');
    assert.equal(submitted.transition.comment, 'scope ready');
    assert.equal(submitted.transition.actorId, m.editor.id);
    assert.equal((await read('engagement', e.id)).values.phase, 'validate');
    // an action from another phase
    refusedWith(await transition(e.id, 'submit_scope', undefined, m.editor.cookie), ["This action is not possible in the engagement's phase"]);

    // start_fieldwork: a lead
    refusedWith(await transition(e.id, 'start_fieldwork', undefined, m.editor.cookie), ['The engagement needs a lead']);
    await patch('engagement', e.id, { lead: m.owner.id, reviewer: m.reviewer.id });
    assert.equal(data<{ phase: string }>(await transition(e.id, 'start_fieldwork', undefined, m.editor.cookie)).phase, 'fieldwork');

    // submit_for_approval: no procedure in progress, no open review note
    const p = await record('procedure', { title: 'Payroll rates', engagement: e.id });
    assert.equal(data<Rec>(await req('POST', `/procedures/${p.id}/start`, undefined, m.editor.cookie)).values.status, 'in_progress');
    const note = await record('review_note', { note: 'Tie out to the ledger', engagement: e.id });
    refusedWith(await transition(e.id, 'submit_for_approval', undefined, m.editor.cookie), [
      'Some procedures are still in progress: conclude them first',
      'The engagement has open review notes',
    ]);
    data(await conclude(p.id, 'effective'));
    data(await conclude(first.id, 'effective'));
    assert.equal((await req('DELETE', `/api/v1/applications/${SLUG}/subjects/${model.subjects.review_note.key}/records/${note.id}`)).statusCode, 200);
    assert.equal(data<{ phase: string }>(await transition(e.id, 'submit_for_approval', undefined, m.editor.cookie)).phase, 'awaiting_approval');

    // approve / reject: an owner, an administrator or the reviewer, never the lead
    const approveAs = async (cookie: string) =>
      data<{ actions: AuditActionOption[] }>(await req('GET', `/engagements/${e.id}/actions`, undefined, cookie)).actions.find((a) => a.action === 'approve')!;
    assert.deepEqual((await approveAs(m.owner.cookie)).reasons, ['The engagement lead cannot approve or reject their own engagement (segregation of duties)']);
    assert.equal((await approveAs(m.reviewer.cookie)).allowed, true);
    refusedWith(await transition(e.id, 'approve', undefined, m.owner.cookie), [
      'The engagement lead cannot approve or reject their own engagement (segregation of duties)',
    ]);
    refusedWith(await transition(e.id, 'approve', undefined, m.editor.cookie), [
      "Only an owner, an administrator or the engagement's reviewer can approve or reject",
    ]);
    refusedWith(await transition(e.id, 'reject', '  ', m.reviewer.cookie), ['A comment is required']);
    assert.equal(data<{ phase: string }>(await transition(e.id, 'reject', 'Sample too small', m.reviewer.cookie)).phase, 'fieldwork');
    data(await transition(e.id, 'submit_for_approval', undefined, m.editor.cookie));
    // nothing open: approval closes the engagement
    const approved = data<{ phase: string; transition: AuditTransition }>(await transition(e.id, 'approve', undefined, m.reviewer.cookie));
    assert.equal(approved.phase, 'closed');
    const closed = await read('engagement', e.id);
    assert.equal(closed.values.phase, 'closed');
    assert.ok(closed.values.closed_at);
    assert.deepEqual(data<{ actions: unknown[] }>(await req('GET', `/engagements/${e.id}/actions`)).actions, []);

    // the log, newest first, with who and the comments
    const log = data<AuditTransition[]>(await req('GET', `/engagements/${e.id}/transitions`, undefined, m.viewer.cookie));
    assert.deepEqual(
      log.map((t) => t.action),
      ['approve', 'submit_for_approval', 'reject', 'submit_for_approval', 'start_fieldwork', 'submit_scope'],
    );
    assert.equal(log[2].comment, 'Sample too small');
    assert.equal(log[2].actorId, m.reviewer.id);
    assert.equal((await req('GET', `/engagements/${e.id}/transitions`, undefined, m.outsider.cookie)).statusCode, 403);
    const entries = await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, e.id));
    assert.equal(entries.filter((x) => x.action === 'engagement.transition').length, 6);
  });

  it('approval with open procedures or findings goes to follow-up; close needs them done; reopen goes back to fieldwork', async () => {
    const { e, p } = await inFieldwork('Treasury', 2);
    const concluded = data<{ procedure: Rec; proposedFinding?: Record<string, unknown> }>(await conclude(p[0].id, 'ineffective', 'Two payments unapproved'));
    assert.equal(concluded.procedure.values.status, 'done');
    assert.equal(concluded.procedure.values.conclusion, 'ineffective');
    assert.deepEqual(concluded.proposedFinding, {
      title: 'Treasury P1',
      engagement: e.id,
      procedure: p[0].id,
      kind: 'deficiency',
      severity: 'medium',
      condition: 'Two payments unapproved',
    });
    refusedWith(await conclude(p[0].id, 'effective'), ['The procedure is already concluded']);
    const f = data<Rec>(await raise({ engagementId: e.id, procedureId: p[0].id, title: 'Unapproved payments' }), 201);
    data(await transition(e.id, 'submit_for_approval'));
    const approved = data<{ phase: string; transition: AuditTransition }>(await transition(e.id, 'approve'));
    assert.equal(approved.phase, 'follow_up');
    assert.equal((await read('engagement', e.id)).values.closed_at, null);
    const options = data<{ actions: AuditActionOption[] }>(await req('GET', `/engagements/${e.id}/actions`, undefined, m.editor.cookie)).actions;
    assert.deepEqual(
      options.map((o) => [o.action, o.to, o.allowed]),
      [
        ['close', 'closed', false],
        ['reopen_fieldwork', 'fieldwork', true],
      ],
    );
    refusedWith(await transition(e.id, 'close', undefined, m.editor.cookie), ['Open procedures or findings remain']);
    assert.equal(data<{ phase: string }>(await transition(e.id, 'reopen_fieldwork', undefined, m.editor.cookie)).phase, 'fieldwork');
    data(await transition(e.id, 'submit_for_approval', undefined, m.editor.cookie));
    assert.equal(data<{ phase: string }>(await transition(e.id, 'approve')).phase, 'follow_up');
    // follow-up work: the other procedure, and the finding through a passing re-test
    data(await conclude(p[1].id, 'effective'));
    data(await findingTransition(f.id, 'start_remediation'));
    data(await findingTransition(f.id, 'request_retest'));
    data(await conclude(p[0].id, 'effective', 'Approvals in place'));
    assert.equal((await read('finding', f.id)).values.status, 'closed');
    const note = await record('review_note', { note: 'Sign the summary', engagement: e.id });
    refusedWith(await transition(e.id, 'close', undefined, m.editor.cookie), ['The engagement has open review notes']);
    assert.equal((await req('DELETE', `/api/v1/applications/${SLUG}/subjects/${model.subjects.review_note.key}/records/${note.id}`)).statusCode, 200);
    assert.equal(data<{ phase: string }>(await transition(e.id, 'close', undefined, m.editor.cookie)).phase, 'closed');
    assert.ok((await read('engagement', e.id)).values.closed_at);
  });

  it('raises findings with the SLA of their severity from the settings', async () => {
    const { e, p } = await inFieldwork('Procurement');
    const other = await inFieldwork('Other');
    const raisedBefore = await auditCount('finding.raise');
    assert.equal((await req('PATCH', `/api/v1/applications/${SLUG}/audit/settings`, { slaDays: { high: 45 } })).statusCode, 200);
    const high = data<Rec>(await raise({ engagementId: e.id, procedureId: p[0].id, title: 'Split orders', severity: 'high', owner: m.editor.id }), 201);
    assert.equal(high.values.status, 'open');
    assert.equal(high.values.raised_at, today());
    assert.equal(high.values.due_date, dayjs.utc().add(45, 'day').format('YYYY-MM-DD'));
    assert.equal(high.values.owner, m.editor.id);
    assert.equal(high.values.procedure, p[0].id);
    const low = data<Rec>(await raise({ engagementId: e.id, title: 'Naming', severity: 'low' }), 201);
    assert.equal(low.values.due_date, dayjs.utc().add(180, 'day').format('YYYY-MM-DD'));
    assert.equal(await auditCount('finding.raise'), raisedBefore + 2);
    assert.deepEqual((await listTransitions(ctx.app.db, high.id)).map((t) => [t.action, t.from, t.to]), [['raise', null, 'open']]);

    // refused: another engagement's procedure, an unknown engagement, an unknown owner, a viewer
    const fields = (res: { json(): unknown }) => (res.json() as { details: { field: string }[] }).details.map((d) => d.field);
    const wrongProcedure = await raise({ engagementId: e.id, procedureId: other.p[0].id, title: 'x' });
    assert.equal(wrongProcedure.statusCode, 400);
    assert.deepEqual(fields(wrongProcedure), ['procedureId']);
    const noEngagement = await raise({ engagementId: '00000000-0000-4000-8000-000000000000', title: 'x' });
    assert.deepEqual([noEngagement.statusCode, fields(noEngagement)], [400, ['engagementId']]);
    const badOwner = await raise({ engagementId: e.id, title: 'x', owner: '00000000-0000-4000-8000-000000000000' });
    assert.deepEqual([badOwner.statusCode, fields(badOwner)], [400, ['owner']]);
    const untitled = await raise({ engagementId: e.id, title: ' ' });
    assert.deepEqual([untitled.statusCode, fields(untitled)], [400, ['title']]);
    assert.equal((await raise({ engagementId: e.id, title: 'x' }, m.viewer.cookie)).statusCode, 403);
    assert.equal((await raise({ engagementId: e.id, title: 'x' }, m.outsider.cookie)).statusCode, 403);
    // managed fields stay out of the records API
    const direct = await req('POST', `/api/v1/applications/${SLUG}/subjects/${model.subjects.finding.key}/records`, {
      values: { title: 'x', engagement: e.id, due_date: '2030-01-01' },
    });
    assert.equal(direct.statusCode, 400);
  });

  it('lists overdue findings: not closed and due before today', async () => {
    const { e } = await inFieldwork('Inventory');
    const late = data<Rec>(await raise({ engagementId: e.id, title: 'Late count', severity: 'critical', owner: m.owner.id }), 201);
    const closedLate = data<Rec>(await raise({ engagementId: e.id, title: 'Closed late' }), 201);
    const onTime = data<Rec>(await raise({ engagementId: e.id, title: 'On time' }), 201);
    const subject = (await loadSubjectDef(ctx.app.db, { id: model.subjects.finding.id }))!;
    const col = (key: string) => sql.raw(ident(subject.fields.find((f) => f.key === key)!.column!));
    const table = sql.raw(ident(subject.tableName));
    const tenDaysAgo = dayjs.utc().subtract(10, 'day').format('YYYY-MM-DD');
    await ctx.app.db.execute(sql`update ${table} set ${col('due_date')} = ${tenDaysAgo}::date where id in (${late.id}::uuid, ${closedLate.id}::uuid)`);
    await ctx.app.db.execute(sql`update ${table} set ${col('status')} = 'closed' where id = ${closedLate.id}::uuid`);
    const overdue = data<{ id: string; daysOverdue: number; dueDate: string; severity: string; owner: string; engagementId: string }[]>(
      await req('GET', '/findings/overdue', undefined, m.viewer.cookie),
    );
    const mine = overdue.filter((o) => o.engagementId === e.id);
    assert.deepEqual(mine, [
      { id: late.id, title: 'Late count', severity: 'critical', dueDate: tenDaysAgo, daysOverdue: 10, owner: m.owner.id, engagementId: e.id },
    ]);
    assert.ok(!overdue.some((o) => o.id === onTime.id));
    const progress = data<{ findings: { total: number; open: number; overdue: number; bySeverity: Record<string, number> } }>(
      await req('GET', `/engagements/${e.id}/progress`),
    );
    assert.deepEqual(progress.findings, { total: 3, open: 2, overdue: 1, bySeverity: { critical: 1, high: 0, medium: 2, low: 0 } });
    assert.equal((await req('GET', '/findings/overdue', undefined, m.outsider.cookie)).statusCode, 403);
  });

  it('draws random, systematic and judgmental samples, reproducible from their seed', async () => {
    // the generator: xoshiro128** over the SHA-256 of the seed
    const next = xoshiro128ss(new Uint32Array([1, 2, 3, 4]));
    assert.deepEqual([next(), next(), next()], [11520, 0, 5927040]);
    assert.deepEqual(seedState('abc').length, 4);
    assert.deepEqual(drawRandomIndexes(100, 5, 'seed'), drawRandomIndexes(100, 5, 'seed'));

    const appId = json<{ data: { id: string } }>(await req('GET', `/api/v1/applications/${SLUG}`)).data.id;
    const invoices = await makeSubject(ctx.app.db, {
      applicationId: appId,
      key: 'af_invoices',
      fields: [
        { key: 'ref', type: 'text' },
        { key: 'amount', type: 'number' },
      ],
      displayFieldKey: 'ref',
    });
    const ids: string[] = [];
    for (let i = 1; i <= 50; i += 1) ids.push(await insertRecord(ctx.app.db, invoices, { ref: `INV-${i}`, amount: String(i) }));
    const population = [...ids].sort();
    const { e, p } = await inFieldwork('Payables');
    const draw = (body: Record<string, unknown>, cookie = m.editor.cookie) =>
      req('POST', `/procedures/${p[0].id}/sample`, { populationSubject: 'af_invoices', ...body }, cookie);
    const samplesBefore = await auditCount('procedure.sample');

    const first = data<AuditSample>(await draw({ size: 10, selection: 'random', seed: 'FY26-payables' }), 201);
    assert.equal(first.populationCount, 50);
    assert.equal(first.generator, SAMPLE_GENERATORS.random);
    assert.equal(first.selectedIds.length, 10);
    assert.equal(new Set(first.selectedIds).size, 10);
    assert.deepEqual(first.selectedIds, selectIds(SAMPLE_GENERATORS.random, population, 10, 'FY26-payables'));
    assert.ok(first.selected.every((s) => /^INV-\d+$/.test(s.label)));
    const again = data<AuditSample>(await draw({ size: 10, selection: 'random', seed: 'FY26-payables' }), 201);
    assert.deepEqual(again.selectedIds, first.selectedIds);
    const otherSeed = data<AuditSample>(await draw({ size: 10, selection: 'random', seed: 'FY26-payables-2' }), 201);
    assert.notDeepEqual(otherSeed.selectedIds, first.selectedIds);
    const unseeded = data<AuditSample>(await draw({ size: 3, selection: 'random' }), 201);
    assert.match(unseeded.seed, /^[0-9a-f]{32}$/);
    assert.deepEqual(data<{ matches: boolean; selectedIds: string[] }>(await req('POST', `/samples/${first.id}/redraw`, {}, m.viewer.cookie)), {
      matches: true,
      selectedIds: first.selectedIds,
    });

    // a filtered population: amount > 40
    const filtered = data<AuditSample>(
      await draw({ size: 5, selection: 'random', seed: 's', filter: { op: 'and', items: [{ field: 'amount', op: 'gt', value: 40 }] } }),
      201,
    );
    assert.equal(filtered.populationCount, 10);
    assert.ok(filtered.selected.every((s) => Number(s.label.slice(4)) > 40));

    // systematic: every k-th from a seeded start
    const systematic = data<AuditSample>(await draw({ size: 5, selection: 'systematic', seed: 'sys' }), 201);
    assert.equal(systematic.generator, SAMPLE_GENERATORS.systematic);
    const positions = systematic.selectedIds.map((id) => population.indexOf(id));
    assert.ok(positions[0] >= 0 && positions[0] < 10);
    assert.deepEqual(positions, [0, 1, 2, 3, 4].map((i) => positions[0] + i * 10));
    assert.equal(data<{ matches: boolean }>(await req('POST', `/samples/${systematic.id}/redraw`)).matches, true);

    // judgmental: the records named
    const judgmental = data<AuditSample>(await draw({ size: 2, selection: 'judgmental', recordIds: [ids[7], ids[3]] }), 201);
    assert.deepEqual([...judgmental.selectedIds].sort(), [ids[3], ids[7]].sort());
    assert.equal(judgmental.generator, SAMPLE_GENERATORS.judgmental);

    // refused input
    const fieldOf400 = (res: { statusCode: number; json(): unknown }) => {
      assert.equal(res.statusCode, 400);
      return (res.json() as { details: { field: string }[] }).details.map((d) => d.field);
    };
    assert.deepEqual(fieldOf400(await draw({ size: 51, selection: 'random' })), ['size']);
    assert.deepEqual(fieldOf400(await draw({ size: 1, selection: 'judgmental' })), ['recordIds']);
    assert.deepEqual(fieldOf400(await draw({ size: 1, selection: 'judgmental', recordIds: [e.id] })), ['recordIds']);
    assert.deepEqual(fieldOf400(await draw({ size: 1, selection: 'random', populationSubject: 'nope' })), ['populationSubject']);
    assert.deepEqual(fieldOf400(await draw({ size: 1, selection: 'random', filter: { op: 'and', items: [{ field: 'nope', op: 'eq', value: 1 }] } })), ['filter.nope']);
    assert.equal((await draw({ size: 1, selection: 'random' }, m.viewer.cookie)).statusCode, 403);
    const scoped = await record('engagement', { title: 'Still scoping' });
    const scopedProcedure = await record('procedure', { title: 'Early', engagement: scoped.id });
    refusedWith(await req('POST', `/procedures/${scopedProcedure.id}/sample`, { populationSubject: 'af_invoices', size: 1, selection: 'random' }), [
      'The engagement must be in fieldwork or follow-up',
    ]);

    // the list, newest first; the procedure's fields; the audit entries
    const list = data<AuditSample[]>(await req('GET', `/procedures/${p[0].id}/samples`, undefined, m.viewer.cookie));
    assert.equal(list.length, 7);
    assert.equal(list[0].id, judgmental.id);
    assert.equal(list[list.length - 1].id, first.id);
    const procedure = await read('procedure', p[0].id);
    assert.equal(procedure.values.selection, 'judgmental');
    assert.equal(Number(procedure.values.sample_size), 2);
    assert.equal(await auditCount('procedure.sample'), samplesBefore + 7);
    assert.equal((await req('GET', `/procedures/${p[0].id}/samples`, undefined, m.outsider.cookie)).statusCode, 403);
  });

  it('the re-test loop: a failing re-test returns the finding to remediation, a passing one closes it', async () => {
    const { e, p } = await inFieldwork('Access reviews');
    const startsBefore = await auditCount('procedure.start');
    assert.equal(data<Rec>(await req('POST', `/procedures/${p[0].id}/start`, undefined, m.editor.cookie)).values.status, 'in_progress');
    assert.equal(await auditCount('procedure.start'), startsBefore + 1);
    refusedWith(await req('POST', `/procedures/${p[0].id}/start`, undefined, m.editor.cookie), ['Only an open procedure can be started']);
    data(await conclude(p[0].id, 'ineffective', 'Leavers kept access'));
    const f = data<Rec>(await raise({ engagementId: e.id, procedureId: p[0].id, title: 'Leavers keep access', severity: 'high' }), 201);

    const actionsOf = async (cookie = m.editor.cookie) => data<{ status: string; actions: AuditActionOption[] }>(await req('GET', `/findings/${f.id}/actions`, undefined, cookie));
    assert.deepEqual(await actionsOf(), { status: 'open', actions: [{ action: 'start_remediation', to: 'remediation', allowed: true, reasons: [] }] });
    assert.deepEqual((await actionsOf(m.viewer.cookie)).actions[0].reasons, ['Only editors and owners can do this']);
    refusedWith(await findingTransition(f.id, 'request_retest'), ["This action is not possible in the finding's status"]);
    assert.equal((await findingTransition(f.id, 'start_remediation', m.viewer.cookie)).statusCode, 403);
    const transitionsBefore = await auditCount('finding.transition');
    assert.equal(data<{ status: string }>(await findingTransition(f.id, 'start_remediation')).status, 'remediation');
    assert.equal(await auditCount('finding.transition'), transitionsBefore + 1);

    // a re-test re-opens the procedure that failed; it fails again
    const retestsBefore = await auditCount('procedure.retest');
    const retest = data<{ status: string; retestProcedureId: string; transition: AuditTransition }>(await findingTransition(f.id, 'request_retest'));
    assert.equal(retest.status, 'retest');
    assert.equal(retest.retestProcedureId, p[0].id);
    assert.equal(await auditCount('procedure.retest'), retestsBefore + 1);
    let procedure = await read('procedure', p[0].id);
    assert.deepEqual([procedure.values.status, procedure.values.conclusion, procedure.values.conclusion_note, procedure.values.retest_of], ['open', null, null, f.id]);
    assert.deepEqual((await actionsOf()).actions, []);
    const failed = data<{ procedure: Rec; proposedFinding?: unknown }>(await conclude(p[0].id, 'partially_effective', 'Two leavers remain'));
    assert.equal(failed.proposedFinding, undefined);
    assert.equal((await read('finding', f.id)).values.status, 'remediation');

    // and passes: the finding closes
    data(await findingTransition(f.id, 'request_retest'));
    const concludesBefore = await auditCount('procedure.conclude');
    data(await conclude(p[0].id, 'effective', 'All leavers removed'));
    assert.equal(await auditCount('procedure.conclude'), concludesBefore + 1);
    const closed = await read('finding', f.id);
    assert.equal(closed.values.status, 'closed');
    assert.ok(closed.values.closed_at);
    assert.deepEqual((await actionsOf()).actions, []);
    assert.deepEqual(
      (await listTransitions(ctx.app.db, f.id)).map((t) => t.action),
      ['retest_passed', 'request_retest', 'retest_failed', 'request_retest', 'start_remediation', 'raise'],
    );
    // a closed finding cannot be closed again or re-opened by the records API
    const direct = await req('PATCH', `/api/v1/applications/${SLUG}/subjects/${model.subjects.finding.key}/records/${f.id}`, {
      version: closed.version,
      values: { status: 'open' },
    });
    assert.equal(direct.statusCode, 400);

    // a finding without a procedure: the re-test makes one
    const loose = data<Rec>(await raise({ engagementId: e.id, title: 'Shared accounts' }), 201);
    data(await findingTransition(loose.id, 'start_remediation'));
    const made = data<{ retestProcedureId: string }>(await findingTransition(loose.id, 'request_retest'));
    procedure = await read('procedure', made.retestProcedureId);
    assert.deepEqual([procedure.values.title, procedure.values.engagement, procedure.values.status, procedure.values.retest_of], [
      'Re-test: Shared accounts',
      e.id,
      'open',
      loose.id,
    ]);
    assert.equal((await req('GET', `/findings/${loose.id}/actions`, undefined, m.outsider.cookie)).statusCode, 403);
  });

  it('answers the progress of an engagement with hours against the budget', async () => {
    const { e, p } = await inFieldwork('Payroll hours', 3, { budget_hours: 40 });
    data(await req('POST', `/procedures/${p[0].id}/start`, undefined, m.editor.cookie));
    data(await conclude(p[1].id, 'effective'));
    await record('workpaper', { title: 'Lead schedule', engagement: e.id });
    await record('review_note', { note: 'Check rates', engagement: e.id });
    await record('time_entry', { engagement: e.id, person: m.owner.id, date: '2026-03-01', hours: 3.5 });
    await record('time_entry', { engagement: e.id, person: m.owner.id, date: '2026-03-02', hours: 2 });
    await record('time_entry', { engagement: e.id, procedure: p[0].id, person: m.reviewer.id, date: '2026-03-02', hours: 1.25 });
    const progress = data<Record<string, unknown>>(await req('GET', `/engagements/${e.id}/progress`, undefined, m.viewer.cookie));
    assert.deepEqual(progress, {
      phase: 'fieldwork',
      procedures: { total: 3, done: 1, byStatus: { open: 1, in_progress: 1, done: 1 } },
      findings: { total: 0, open: 0, bySeverity: { critical: 0, high: 0, medium: 0, low: 0 }, overdue: 0 },
      workpapers: { total: 1, byStatus: { draft: 1, pending_review: 0, reviewed: 0, approved: 0, rejected: 0 } },
      reviewNotes: { open: 1 },
      hours: {
        budget: 40,
        spent: 6.75,
        byPerson: [
          { userId: m.owner.id, name: `${SLUG} owner`, hours: 5.5 },
          { userId: m.reviewer.id, name: 'Reviewer', hours: 1.25 },
        ],
      },
    });
    assert.equal((await req('GET', `/engagements/${e.id}/progress`, undefined, m.outsider.cookie)).statusCode, 403);
    assert.equal((await req('GET', `/engagements/00000000-0000-4000-8000-000000000000/progress`)).statusCode, 404);
    // viewers cannot take any flow action
    for (const [url, body] of [
      [`/procedures/${p[2].id}/start`, undefined],
      [`/procedures/${p[2].id}/conclude`, { conclusion: 'effective' }],
      [`/engagements/${e.id}/transition`, { action: 'submit_for_approval' }],
    ] as const) {
      assert.equal((await req('POST', url, body, m.viewer.cookie)).statusCode, 403, url);
    }
  });
});
