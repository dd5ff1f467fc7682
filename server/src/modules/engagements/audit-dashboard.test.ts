/**
 * The audit dashboard (both engines; docs/engagements-dashboard.md): counts against records made
 * here — engagements by phase, procedures done/remaining, findings by severity and age bucket,
 * overdue remediations most overdue first, hours budgeted (procedures by assignee) against spent
 * (time entries by person) — for the whole application and for one engagement; deleted records
 * do not count; a bad or unknown engagement id, an application without the module.
 * Managed fields (phase, status, raised_at, due_date) are set by SQL on the record tables: the
 * dashboard only reads them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { AuditDashboard, AuditModel, AuditObject } from '../../../../contracts';
import { adminSession, call, createTestApp, createUser, json, login } from '../../test/helpers';
import { addTestMember, createTestApplication } from '../records/records.test-support';
import { ident } from '../subjects/ddl';
import { loadSubjectDef } from '../subjects/subject-def';
import { createAuditApplication, createAuditRecord } from './engagements.test-support';

/** 'YYYY-MM-DD' of today (UTC) plus `days`. */
const dayOf = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('audit dashboard', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string; user: { id: string } };
  let viewer = '';
  let model: AuditModel;
  const ids: Record<string, string> = {};
  const users: Record<string, string> = {};
  const dashboard = async (query = '', cookie = admin.cookie) => {
    const res = await call(ctx.app, 'GET', `/api/v1/applications/ad/audit/dashboard${query}`, { cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: AuditDashboard }>(res).data;
  };
  /** Sets managed (or any) fields of a record by SQL on its table. */
  const set = async (object: AuditObject, id: string, values: Record<string, string | null>) => {
    const def = (await loadSubjectDef(ctx.app.db, { id: model.subjects[object].id }))!;
    for (const [key, value] of Object.entries(values)) {
      const column = key === 'deleted_at' ? 'deleted_at' : def.fields.find((f) => f.key === key)!.column!;
      const cast = key === 'deleted_at' ? 'timestamptz' : ['raised_at', 'due_date'].includes(key) ? 'date' : 'text';
      await ctx.app.db.execute(sql`update ${sql.raw(ident(def.tableName))} set ${sql.raw(ident(column))} = ${value}::${sql.raw(cast)} where id = ${id}::uuid`);
    }
  };
  const record = async (name: string, object: AuditObject, values: Record<string, unknown>, managed: Record<string, string | null> = {}) => {
    ids[name] = (await createAuditRecord(ctx.app, admin.cookie, 'ad', model, object, values)).id;
    if (Object.keys(managed).length) await set(object, ids[name], managed);
  };

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    users.admin = admin.user.id;
    ({ model } = await createAuditApplication(ctx.app, admin.cookie, 'ad'));
    const bea = await createUser(ctx.app, admin.cookie, { name: 'Bea' });
    await addTestMember(ctx.app, admin.cookie, 'ad', bea.email, 'editor');
    users.bea = bea.user.id;
    const cy = await createUser(ctx.app, admin.cookie, { name: 'Cy' });
    await addTestMember(ctx.app, admin.cookie, 'ad', cy.email, 'viewer');
    users.cy = cy.user.id;
    viewer = await login(ctx.app, cy.email);

    await record('e1', 'engagement', { title: 'Payroll' }, { phase: 'fieldwork' });
    await record('e2', 'engagement', { title: 'Treasury' }, { phase: 'fieldwork' });
    await record('e3', 'engagement', { title: 'Scoping' });
    await record('e4', 'engagement', { title: 'Old' }, { phase: 'closed' });
    await record('e5', 'engagement', { title: 'Deleted' }, { phase: 'fieldwork', deleted_at: new Date().toISOString() });

    const proc = (name: string, engagement: string, assignee: string, budget: string, status: string, deleted = false) =>
      record(name, 'procedure', { title: name, engagement: ids[engagement], assignee: users[assignee], budget_hours: budget }, {
        status,
        ...(deleted ? { deleted_at: new Date().toISOString() } : {}),
      });
    await proc('p1', 'e1', 'admin', '10', 'done');
    await proc('p2', 'e1', 'bea', '5', 'in_progress');
    await proc('p3', 'e1', 'bea', '2.5', 'open');
    await proc('p4', 'e2', 'admin', '4', 'done');
    await proc('p5', 'e2', 'admin', '100', 'done', true);

    const finding = (name: string, engagement: string, severity: string, status: string, raised: number, due: number) =>
      record(name, 'finding', { title: name, engagement: ids[engagement], severity, owner: users.bea }, {
        status,
        raised_at: dayOf(-raised),
        due_date: dayOf(due),
      });
    await finding('f1', 'e1', 'critical', 'open', 10, -5);
    await finding('f2', 'e1', 'high', 'remediation', 45, -20);
    await finding('f3', 'e1', 'low', 'closed', 100, -50);
    await finding('f4', 'e2', 'medium', 'open', 95, 1);
    await finding('f5', 'e2', 'medium', 'retest', 70, 0);

    const time = (name: string, engagement: string, person: string, hours: string) =>
      record(name, 'time_entry', { engagement: ids[engagement], person: users[person], date: dayOf(0), hours });
    await time('t1', 'e1', 'admin', '3');
    await time('t2', 'e1', 'bea', '1.5');
    await time('t3', 'e2', 'bea', '2');
    await time('t4', 'e2', 'cy', '1');
  });
  after(() => ctx.close());

  it('counts the application’s live records (a viewer reads it)', async () => {
    const d = await dashboard('', viewer);
    assert.deepEqual(d.engagements, {
      total: 4,
      byPhase: { scope: 1, validate: 0, fieldwork: 2, awaiting_approval: 0, follow_up: 0, closed: 1 },
    });
    assert.deepEqual(d.procedures, { total: 4, done: 2, remaining: 2 });
    assert.deepEqual(d.findings.bySeverity, { critical: 1, high: 1, medium: 2, low: 1 });
    assert.equal(d.findings.open, 4);
    assert.deepEqual(d.findings.byAge, [
      { bucket: '0-30', n: 1 },
      { bucket: '31-60', n: 1 },
      { bucket: '61-90', n: 1 },
      { bucket: '90+', n: 1 },
    ]);
    assert.deepEqual(
      d.overdueRemediations.map((r) => [r.title, r.severity, r.daysOverdue, r.dueDate, r.ownerLabel, r.engagementTitle]),
      [
        ['f2', 'high', 20, dayOf(-20), 'Bea', 'Payroll'],
        ['f1', 'critical', 5, dayOf(-5), 'Bea', 'Payroll'],
      ],
    );
    assert.equal(d.overdueRemediations[0].id, ids.f2);
    assert.deepEqual(d.hours, [
      { userId: users.admin, name: 'Admin', budgeted: 14, spent: 3 },
      { userId: users.bea, name: 'Bea', budgeted: 7.5, spent: 3.5 },
      { userId: users.cy, name: 'Cy', budgeted: 0, spent: 1 },
    ]);
  });

  it('narrows every figure to one engagement', async () => {
    const d = await dashboard(`?engagementId=${ids.e1}`);
    assert.equal(d.engagements.total, 1);
    assert.equal(d.engagements.byPhase.fieldwork, 1);
    assert.deepEqual(d.procedures, { total: 3, done: 1, remaining: 2 });
    assert.deepEqual(d.findings.bySeverity, { critical: 1, high: 1, medium: 0, low: 1 });
    assert.equal(d.findings.open, 2);
    assert.deepEqual(
      d.overdueRemediations.map((r) => r.title),
      ['f2', 'f1'],
    );
    assert.deepEqual(d.hours, [
      { userId: users.admin, name: 'Admin', budgeted: 10, spent: 3 },
      { userId: users.bea, name: 'Bea', budgeted: 7.5, spent: 1.5 },
    ]);
    const e2 = await dashboard(`?engagementId=${ids.e2}`);
    assert.deepEqual(e2.procedures, { total: 1, done: 1, remaining: 0 });
    assert.deepEqual(e2.overdueRemediations, []);
  });

  it('refuses a bad engagement id (400), an unknown or deleted one (404), an application without the module (404)', async () => {
    const bad = await call(ctx.app, 'GET', '/api/v1/applications/ad/audit/dashboard?engagementId=nope', { cookie: admin.cookie });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /engagementId/);
    for (const id of ['00000000-0000-4000-8000-000000000000', ids.e5]) {
      const res = await call(ctx.app, 'GET', `/api/v1/applications/ad/audit/dashboard?engagementId=${id}`, { cookie: admin.cookie });
      assert.equal(res.statusCode, 404, res.body);
    }
    await createTestApplication(ctx.app, admin.cookie, 'ad-plain');
    const off = await call(ctx.app, 'GET', '/api/v1/applications/ad-plain/audit/dashboard', {
      cookie: admin.cookie,
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(off.statusCode, 404);
    assert.match(off.body, /Audit module/i);
  });
});
