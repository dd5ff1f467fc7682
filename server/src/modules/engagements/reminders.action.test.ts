/**
 * The `audit_reminders` action type (both engines): a schedule trigger of an audit application
 * reminds remediation owners of findings due within `remindDays` and escalates overdue ones to the
 * engagement's lead; evidence requests likewise; closed findings and provided requests are left
 * alone; an application without the module fails the step with a clear error.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import type { AuditModel } from '../../../../contracts';
import { adminSession, call, createTestApp, createUser, json } from '../../test/helpers';
import { loadSubjectDef } from '../subjects/subject-def';
import { createTestApplication } from '../records/records.test-support';
import { createAuditApplication, createAuditRecord } from './engagements.test-support';

describe('audit reminders action', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string };
  let model: AuditModel;

  const req = (method: 'GET' | 'POST', url: string, body?: object) => call(ctx.app, method, url, { cookie: admin.cookie, body });
  /** Sets managed columns of a record directly (the flow's own actions are tested elsewhere). */
  const setColumns = async (subjectId: string, id: string, values: Record<string, string>) => {
    const def = (await loadSubjectDef(ctx.app.db, { id: subjectId }))!;
    for (const [key, value] of Object.entries(values)) {
      const f = def.fields.find((x) => x.key === key)!;
      const cast = f.type === 'date' ? '::date' : '';
      await ctx.app.db.execute(sql.raw(`update "${def.tableName}" set "${f.column}" = '${value}'${cast} where id = '${id}'`));
    }
  };
  const testRun = async (application: string) => {
    const made = await req('POST', '/api/v1/triggers', {
      name: `reminders ${application}`,
      application,
      event: 'schedule',
      cron: '0 8 * * *',
      timezone: 'UTC',
      steps: [{ type: 'audit_reminders', config: { remindDays: 7 } }],
    });
    assert.equal(made.statusCode, 201, made.body);
    const id = json<{ data: { id: string } }>(made).data.id;
    const res = await req('POST', `/api/v1/triggers/${id}/test`, {});
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: { steps: { status: string; output?: Record<string, number>; error?: string }[] } }>(res).data.steps[0];
  };

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    ({ model } = await createAuditApplication(ctx.app, admin.cookie, 'rem'));
  });
  after(() => ctx.close());

  it('reminds of what is due soon and escalates what is overdue', async () => {
    const lead = (await createUser(ctx.app, admin.cookie, { email: 'rem-lead@example.com' })).user;
    const owner = (await createUser(ctx.app, admin.cookie, { email: 'rem-owner@example.com' })).user;
    const e = await createAuditRecord(ctx.app, admin.cookie, 'rem', model, 'engagement', { title: 'Treasury', lead: lead.id });
    const finding = (title: string) => createAuditRecord(ctx.app, admin.cookie, 'rem', model, 'finding', { title, engagement: e.id, severity: 'high', owner: owner.id });
    const soon = await finding('Due soon');
    const late = await finding('Overdue');
    const closed = await finding('Closed');
    const far = await finding('Far off');
    const day = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
    await setColumns(model.subjects.finding.id, soon.id, { due_date: day(3) });
    await setColumns(model.subjects.finding.id, late.id, { due_date: day(-5) });
    await setColumns(model.subjects.finding.id, closed.id, { due_date: day(-5), status: 'closed' });
    await setColumns(model.subjects.finding.id, far.id, { due_date: day(60) });
    await createAuditRecord(ctx.app, admin.cookie, 'rem', model, 'evidence_request', { item: 'Bank letters', engagement: e.id, requested_from: owner.id, due_date: day(-1) });
    await createAuditRecord(ctx.app, admin.cookie, 'rem', model, 'evidence_request', { item: 'Given', engagement: e.id, due_date: day(-1), status: 'provided' });
    const step = await testRun('rem');
    assert.equal(step.status, 'ok', step.error);
    // soon → owner; overdue finding → owner + lead; overdue request → owner + lead
    assert.deepEqual(step.output, { reminded: 1, escalated: 2, notices: 5 });
  });

  it('fails the step clearly where the Audit module is off', async () => {
    await createTestApplication(ctx.app, admin.cookie, 'rem-off');
    const step = await testRun('rem-off');
    assert.equal(step.status, 'error');
    assert.match(step.error ?? '', /has not enabled the Audit module/);
  });
});
