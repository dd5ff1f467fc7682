/**
 * The audit process monitor (both engines; monitor.ts, docs/engagements-monitor.md): trigger runs of
 * the application's triggers and the tasks that carry them, a report render's task and a task whose
 * input names an engagement's report, in their buckets; an engagement's view keeps only the work of
 * its own records; paging and `state`; members only; 404 for an unknown engagement or an
 * application without the Audit module.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { AuditModel, AuditMonitor } from '../../../../contracts';
import { tasks, triggerRuns } from '../../db/schema';
import { adminSession, call, createTestApp, createUser, json, login } from '../../test/helpers';
import { addTestMember, createTestApplication } from '../records/records.test-support';
import { createAuditApplication, createAuditRecord } from './engagements.test-support';

describe('audit process monitor', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string };
  let viewer = '';
  let outsider = '';
  let model: AuditModel;
  let e1 = '';
  let e2 = '';
  let p1 = '';
  let p2 = '';
  let report = '';
  let triggerId = '';
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, cookie = admin.cookie) =>
    call(ctx.app, method, url, { cookie, body, headers: { 'accept-language': 'en-US' } });
  const monitor = async (query = '', cookie = admin.cookie) => {
    const res = await req('GET', `/api/v1/applications/mon/audit/monitor${query}`, undefined, cookie);
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: AuditMonitor }>(res).data;
  };

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    ({ model } = await createAuditApplication(ctx.app, admin.cookie, 'mon'));
    const v = await createUser(ctx.app, admin.cookie, { email: 'mon-viewer@example.com', name: 'Viewer' });
    await addTestMember(ctx.app, admin.cookie, 'mon', v.email, 'viewer');
    viewer = await login(ctx.app, v.email);
    const o = await createUser(ctx.app, admin.cookie, { email: 'mon-out@example.com', name: 'Outsider' });
    outsider = await login(ctx.app, o.email);
    e1 = (await createAuditRecord(ctx.app, admin.cookie, 'mon', model, 'engagement', { title: 'Payroll 2026' })).id;
    e2 = (await createAuditRecord(ctx.app, admin.cookie, 'mon', model, 'engagement', { title: 'Treasury 2026' })).id;
    p1 = (await createAuditRecord(ctx.app, admin.cookie, 'mon', model, 'procedure', { title: 'Test payroll approvals', engagement: e1 })).id;
    p2 = (await createAuditRecord(ctx.app, admin.cookie, 'mon', model, 'procedure', { title: 'Test bank reconciliations', engagement: e2 })).id;
    report = (await createAuditRecord(ctx.app, admin.cookie, 'mon', model, 'report', { title: 'Payroll report', engagement: e1 })).id;
    const trig = await req('POST', '/api/v1/triggers', {
      name: 'Flag procedure',
      application: 'mon',
      enabled: true,
      event: 'manual',
      subject: model.subjects.procedure.key,
      steps: [{ type: 'update_record', config: { set: [{ field: 'method', value: 'inspection' }] } }],
    });
    assert.equal(trig.statusCode, 201, trig.body);
    triggerId = json<{ data: { id: string } }>(trig).data.id;
  });
  after(() => ctx.close());

  it('an empty application answers empty buckets', async () => {
    const m = await monitor();
    assert.equal(m.engagement, null);
    assert.deepEqual(m.totals, { tasks: { running: 0, queued: 0, failed: 0 }, triggerRuns: { running: 0, queued: 0, failed: 0 } });
    assert.deepEqual(m.triggerRuns.queued, []);
  });

  it("manual runs of the application's trigger are queued with their task; the engagement view keeps its own records' runs", async () => {
    // no task engine runs in API tests: the runs and their tasks stay queued
    for (const id of [p1, p2]) {
      const res = await req('POST', `/api/v1/triggers/${triggerId}/run`, { recordIds: [id] });
      assert.equal(res.statusCode, 201, res.body);
    }
    const all = await monitor();
    assert.equal(all.totals.triggerRuns.queued, 2);
    assert.equal(all.totals.tasks.queued, 2);
    assert.equal(all.triggerRuns.queued[0].triggerName, 'Flag procedure');
    assert.equal(all.triggerRuns.queued[0].eventKind, 'manual');
    assert.equal(all.triggerRuns.queued[0].subject, model.subjects.procedure.key);
    assert.deepEqual(new Set(all.triggerRuns.queued.map((r) => r.recordId)), new Set([p1, p2]));
    assert.equal(all.queued[0].kind, 'triggers.run');
    assert.equal(all.queued[0].link, 'trigger');
    assert.equal(all.queued[0].about, 'Flag procedure');

    const one = await monitor(`?engagementId=${e1}`);
    assert.deepEqual(one.engagement && { id: one.engagement.id, title: one.engagement.title }, { id: e1, title: 'Payroll 2026' });
    assert.equal(one.recordCount, 3); // the engagement, its procedure, its report
    assert.deepEqual(one.triggerRuns.queued.map((r) => r.recordId), [p1]);
    assert.equal(one.queued.length, 1);
    assert.equal(one.queued[0].id, one.triggerRuns.queued[0].taskId);
    const other = await monitor(`?engagementId=${e2}`);
    assert.deepEqual(other.triggerRuns.queued.map((r) => r.recordId), [p2]);
  });

  it('a dead run and a failed task show as failed; running ones as running', async () => {
    const runs = await ctx.app.db.select().from(triggerRuns);
    const r2 = runs.find((r) => (r.event as { recordId?: string }).recordId === p2)!;
    const r1 = runs.find((r) => (r.event as { recordId?: string }).recordId === p1)!;
    await ctx.app.db.update(triggerRuns).set({ state: 'dead', error: 'boom', attempts: 3, finishedAt: new Date() }).where(eq(triggerRuns.id, r2.id));
    await ctx.app.db.update(tasks).set({ state: 'failed', error: 'boom', attempts: 3, finishedAt: new Date() }).where(eq(tasks.id, r2.taskId!));
    await ctx.app.db.update(triggerRuns).set({ state: 'running', attempts: 1, startedAt: new Date() }).where(eq(triggerRuns.id, r1.id));
    await ctx.app.db.update(tasks).set({ state: 'running', attempts: 1, progressDone: 0, progressTotal: 1 }).where(eq(tasks.id, r1.taskId!));
    const m = await monitor();
    assert.deepEqual(m.totals, { tasks: { running: 1, queued: 0, failed: 1 }, triggerRuns: { running: 1, queued: 0, failed: 1 } });
    assert.equal(m.triggerRuns.failed[0].state, 'dead');
    assert.equal(m.triggerRuns.failed[0].error, 'boom');
    assert.equal(m.failed[0].error, 'boom');
    assert.equal(m.running[0].progressTotal, 1);
    const e2view = await monitor(`?engagementId=${e2}`);
    assert.equal(e2view.totals.triggerRuns.failed, 1);
    assert.equal(e2view.totals.triggerRuns.running, 0);
    // `state` fills one bucket; the totals still count all
    const onlyFailed = await monitor('?state=failed');
    assert.equal(onlyFailed.running.length, 0);
    assert.equal(onlyFailed.failed.length, 1);
    assert.equal(onlyFailed.totals.tasks.running, 1);
  });

  it("a task whose input names the engagement's report is the engagement's, not another's", async () => {
    await ctx.app.db.insert(tasks).values({
      kind: 'audit.report-render',
      input: { reportId: report },
      timeoutSeconds: 60,
      startedByLabel: 'admin@example.com',
      state: 'queued',
    });
    const one = await monitor(`?engagementId=${e1}`);
    const named = one.queued.find((t) => t.kind === 'audit.report-render');
    assert.ok(named);
    assert.equal(named.link, 'record');
    const other = await monitor(`?engagementId=${e2}`);
    assert.equal(other.queued.find((t) => t.kind === 'audit.report-render'), undefined);
  });

  it('a report render of the application is its task (template name and format)', async () => {
    const tpl = await req('POST', '/api/v1/applications/mon/report-templates', {
      name: 'Engagement letter',
      binding: { subjectId: model.subjects.engagement.id, relations: [] },
      body: '<h1>{{ record.title }}</h1>',
    });
    assert.equal(tpl.statusCode, 201, tpl.body);
    const tplId = json<{ data: { id: string } }>(tpl).data.id;
    const res = await req('POST', `/api/v1/report-templates/${tplId}/render`, { format: 'html', recordIds: [e1] });
    assert.equal(res.statusCode, 202, res.body);
    const render = json<{ data: { id: string; taskId: string } }>(res).data;
    // without an engine the render runs here in the background: wait for it, then mark it failed
    for (let i = 0; i < 300; i += 1) {
      const [t] = await ctx.app.db.select().from(tasks).where(eq(tasks.id, render.taskId));
      if (t.state !== 'queued' && t.state !== 'running') break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    await ctx.app.db.update(tasks).set({ state: 'failed', error: 'printer jammed' }).where(eq(tasks.id, render.taskId));
    const m = await monitor('?state=failed');
    const t = m.failed.find((x) => x.id === render.taskId);
    assert.ok(t, 'the render task is the application’s');
    assert.equal(t.link, 'report_render');
    assert.equal(t.about, 'Engagement letter · html');
    assert.ok((await monitor(`?engagementId=${e1}&state=failed`)).failed.some((x) => x.id === render.taskId));
    assert.ok(!(await monitor(`?engagementId=${e2}&state=failed`)).failed.some((x) => x.id === render.taskId));
  });

  it('pages every list alike', async () => {
    for (let i = 0; i < 3; i += 1) await req('POST', `/api/v1/triggers/${triggerId}/run`, { recordIds: [p2] });
    const page1 = await monitor('?state=queued&pageSize=2&current=1');
    const page2 = await monitor('?state=queued&pageSize=2&current=2');
    assert.equal(page1.totals.triggerRuns.queued, 3);
    assert.equal(page1.triggerRuns.queued.length, 2);
    assert.equal(page2.triggerRuns.queued.length, 1);
    assert.equal(page2.pageSize, 2);
    assert.ok(!page1.triggerRuns.queued.some((r) => r.id === page2.triggerRuns.queued[0].id));
  });

  it('members only; 404 for an unknown engagement, a record of another object, or no Audit module; 400 for a bad id', async () => {
    assert.equal((await monitor('', viewer)).engagement, null);
    assert.equal((await req('GET', '/api/v1/applications/mon/audit/monitor', undefined, outsider)).statusCode, 403);
    const missing = await req('GET', '/api/v1/applications/mon/audit/monitor?engagementId=00000000-0000-4000-8000-000000000001');
    assert.equal(missing.statusCode, 404);
    assert.match(missing.body, /No such audit engagement/);
    assert.equal((await req('GET', `/api/v1/applications/mon/audit/monitor?engagementId=${p1}`)).statusCode, 404);
    const bad = await req('GET', '/api/v1/applications/mon/audit/monitor?engagementId=nope');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /engagementId/);
    await createTestApplication(ctx.app, admin.cookie, 'mon-plain');
    assert.equal((await req('GET', '/api/v1/applications/mon-plain/audit/monitor')).statusCode, 404);
  });
});
