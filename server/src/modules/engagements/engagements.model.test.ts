/**
 * The audit model (both engines): enabling the Audit module makes its nine system subjects with
 * their locked and managed fields (idempotent; a taken key gets a suffix); locked fields refuse a
 * change of key, type, flags, target or choices and refuse deletion, while their name may change;
 * model subjects refuse deletion; managed fields refuse record writes; an owner's own field
 * survives the start-up upgrade; the default forms (enforced), reminders trigger and report template,
 * made once (an upgrade from version 1 makes what is missing, never what an owner deleted); the SLA
 * settings (owners only, validated, audited).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { AUDIT_OBJECTS, type AuditModel, type FormLayout } from '../../../../contracts';
import { appModels, auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, createUser, json, login } from '../../test/helpers';
import { addTestMember, createTestApplication } from '../records/records.test-support';
import { makeSubject } from '../../test/records-support';
import { auditModel, createAuditApplication, createAuditRecord, enableAudit } from './engagements.test-support';
import { AUDIT_MODEL_VERSION } from './model';
import { upgradeAuditModels } from './model-apply';

describe('audit model', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string };
  let editor = '';
  let model: AuditModel;
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, cookie = admin.cookie) =>
    call(ctx.app, method, url, { cookie, body, headers: { 'accept-language': 'en-US' } });
  const fieldsOf = async (key: string) =>
    json<{
      data: { fields: { key: string; type: string; locked?: boolean; managed?: boolean; name: string }[]; model?: string };
    }>(await req('GET', `/api/v1/applications/am/subjects/${key}`)).data;

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    ({ model } = await createAuditApplication(ctx.app, admin.cookie, 'am'));
    const u = await createUser(ctx.app, admin.cookie, { email: 'am-editor@example.com', name: 'Editor' });
    await addTestMember(ctx.app, admin.cookie, 'am', u.email, 'editor');
    editor = await login(ctx.app, u.email);
  });
  after(() => ctx.close());

  it('enabling the module makes the nine subjects with locked and managed fields', async () => {
    assert.deepEqual(Object.keys(model.subjects).sort(), [...AUDIT_OBJECTS].sort());
    assert.equal(model.version, AUDIT_MODEL_VERSION);
    assert.deepEqual(model.settings.slaDays, { critical: 30, high: 60, medium: 90, low: 180 });
    const engagement = await fieldsOf(model.subjects.engagement.key);
    assert.equal(engagement.model, 'audit.engagement');
    const phase = engagement.fields.find((f) => f.key === 'phase')!;
    assert.equal(phase.locked, true);
    assert.equal(phase.managed, true);
    assert.equal(engagement.fields.find((f) => f.key === 'title')!.managed, undefined);
    const procedure = await fieldsOf(model.subjects.procedure.key);
    assert.equal(procedure.fields.find((f) => f.key === 'engagement')!.type, 'relation');
    // the default views: a kanban of findings by status and a calendar of their due dates
    const views = json<{ data: { name: string; type: string }[] }>(
      await req('GET', `/api/v1/applications/am/subjects/${model.subjects.finding.key}/views`),
    ).data;
    // named in the enabling administrator's language (zh-CN)
    assert.deepEqual(views.map((v) => `${v.type}:${v.name}`).sort(), ['calendar:整改到期日历', 'kanban:按状态查看发现']);
  });

  it('enabling the module makes the default forms, the reminders trigger and the report template', async () => {
    const form = json<{ data: { id: string; name: string; isDefault: boolean; layout: FormLayout } }>(
      await req('GET', `/api/v1/applications/am/subjects/${model.subjects.finding.key}/default-form`),
    ).data;
    assert.equal(form.name, '审计发现');
    assert.equal(form.isDefault, true);
    assert.equal(form.layout.sections.length, 3);
    const plan = form.layout.sections[2].fields.find((f) => f.key === 'action_plan')!;
    assert.deepEqual(plan.requiredIf, { match: 'all', conditions: [{ field: 'response', op: 'eq', value: 'agree' }] });
    // no managed field is placed: the record API would refuse its value
    assert.ok(!form.layout.sections.some((s) => s.fields.some((f) => ['status', 'due_date', 'raised_at'].includes(f.key))));
    // the form is enforced: an agreed response needs its action plan
    const engagement = await createAuditRecord(ctx.app, admin.cookie, 'am', model, 'engagement', { title: 'Form check' });
    const refused = await req('POST', `/api/v1/applications/am/subjects/${model.subjects.finding.key}/records`, {
      formId: form.id,
      values: { title: 'Agreed without a plan', engagement: engagement.id, severity: 'low', response: 'agree' },
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(json<{ details: { field: string }[] }>(refused).details.map((d) => d.field), ['values.action_plan']);
    for (const object of ['engagement', 'procedure', 'evidence_request'] as const) {
      const f = await req('GET', `/api/v1/applications/am/subjects/${model.subjects[object].key}/default-form`);
      assert.equal(json<{ data: { isDefault: boolean } | null }>(f).data?.isDefault, true, object);
    }

    const triggers = json<{ data: { name: string; enabled: boolean; event: string; cron: string; timezone: string; steps: { type?: string }[] }[] }>(
      await req('GET', '/api/v1/triggers?application=am'),
    ).data;
    assert.deepEqual(
      triggers.map((t) => [t.name, t.enabled, t.event, t.cron, t.timezone, t.steps.map((x) => x.type)]),
      [['审计提醒与升级', true, 'schedule', '0 8 * * *', 'Asia/Shanghai', ['audit_reminders']]],
    );

    const templates = json<{ data: { name: string; subjectId: string }[] }>(await req('GET', '/api/v1/applications/am/report-templates')).data;
    assert.deepEqual(
      templates.map((t) => [t.name, t.subjectId]),
      [['审计报告', model.subjects.report.id]],
    );
  });

  it('enabling again, or in an application with a subject of the same key, keeps one subject per object', async () => {
    await createTestApplication(ctx.app, admin.cookie, 'am2');
    const appId = json<{ data: { id: string } }>(await req('GET', '/api/v1/applications/am2')).data.id;
    await makeSubject(ctx.app.db, { applicationId: appId, key: 'audit_engagement', fields: [{ key: 'name', type: 'text' }] });
    const m2 = await enableAudit(ctx.app, admin.cookie, 'am2');
    assert.equal(m2.subjects.engagement.key, 'audit_engagement_2');
    // disable, enable again: the same subjects
    assert.equal((await req('PATCH', '/api/v1/applications/am2', { modules: [] })).statusCode, 200);
    assert.equal((await req('PATCH', '/api/v1/applications/am2', { modules: ['audit'] })).statusCode, 200);
    assert.deepEqual((await auditModel(ctx.app, admin.cookie, 'am2')).subjects, m2.subjects);
  });

  it('the model routes answer 404 where the module is off', async () => {
    await createTestApplication(ctx.app, admin.cookie, 'am3');
    const res = await req('GET', '/api/v1/applications/am3/audit/model');
    assert.equal(res.statusCode, 404);
    assert.equal(json<{ errorMessage: string }>(res).errorMessage, 'The Audit module is not enabled in this application');
  });

  it('a locked field keeps its key, type, flags, target and choices, and cannot be deleted; its name can change', async () => {
    const base = `/api/v1/applications/am/subjects/${model.subjects.finding.key}/fields`;
    const refused = async (body: object, field: string) => {
      const res = await req('PATCH', `${base}/severity`, body);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(
        json<{ details: { field: string; message: string }[] }>(res).details.map((d) => d.field),
        [field],
      );
    };
    await refused({ type: 'text' }, 'type');
    await refused({ required: false }, 'required');
    await refused({ options: { choices: [{ label: 'critical', color: '#1677ff' }] } }, 'options.choices');
    await refused(
      {
        options: {
          choices: [
            { label: 'urgent', previousLabel: 'critical', color: '#1677ff' },
            { label: 'high', color: '#1677ff' },
            { label: 'medium', color: '#1677ff' },
            { label: 'low', color: '#1677ff' },
          ],
        },
      },
      'options.choices',
    );
    const rel = await req('PATCH', `${base}/engagement`, { options: { targetSubjectId: model.subjects.workpaper.id } });
    assert.equal(rel.statusCode, 400);
    const del = await req('DELETE', `${base}/severity`);
    assert.equal(del.statusCode, 409);
    assert.equal(json<{ errorCode: string }>(del).errorCode, 'FIELD_LOCKED');
    const renamed = await req('PATCH', `${base}/severity`, { name: 'Risk rating' });
    assert.equal(renamed.statusCode, 200, renamed.body);
  });

  it('a model subject cannot be deleted', async () => {
    const res = await req('DELETE', `/api/v1/applications/am/subjects/${model.subjects.workpaper.key}`);
    assert.equal(res.statusCode, 409);
    assert.equal(json<{ errorCode: string }>(res).errorCode, 'SUBJECT_LOCKED');
  });

  it('the default rules hold from the start: a period ending before it starts is refused', async () => {
    const url = `/api/v1/applications/am/subjects/${model.subjects.engagement.key}/records`;
    const bad = await req(
      'POST',
      url,
      { values: { title: 'Backwards', period_start: '2026-06-30', period_end: '2026-01-01' } },
      editor,
    );
    assert.equal(bad.statusCode, 400, bad.body);
    assert.match(bad.body, /The period must end on or after its start/);
    const good = await req(
      'POST',
      url,
      { values: { title: 'Forwards', period_start: '2026-01-01', period_end: '2026-06-30' } },
      editor,
    );
    assert.equal(good.statusCode, 201, good.body);
  });

  it('record writes refuse managed fields and take their defaults', async () => {
    const e = await createAuditRecord(ctx.app, editor, 'am', model, 'engagement', { title: 'FY26 payroll' });
    assert.equal(e.values.phase, 'scope');
    const url = `/api/v1/applications/am/subjects/${model.subjects.engagement.key}/records`;
    const made = await req('POST', url, { values: { title: 'x', phase: 'closed' } }, editor);
    assert.equal(made.statusCode, 400);
    assert.deepEqual(
      json<{ details: { field: string }[] }>(made).details.map((d) => d.field),
      ['values.phase'],
    );
    const changed = await req('PATCH', `${url}/${e.id}`, { version: e.version, values: { phase: 'closed' } }, editor);
    assert.equal(changed.statusCode, 400);
    const bulk = await req('POST', `${url}/bulk-update`, { ids: [e.id], values: { phase: 'closed' } }, editor);
    assert.equal(bulk.statusCode, 400);
  });

  it("an owner's own field survives the model's upgrade, and a missing model field comes back locked", async () => {
    const key = model.subjects.procedure.key;
    const added = await req('POST', `/api/v1/applications/am/subjects/${key}/fields`, {
      key: 'risk_ref',
      name: 'Risk ref',
      type: 'text',
    });
    assert.equal(added.statusCode, 201, added.body);
    const appId = json<{ data: { id: string } }>(await req('GET', '/api/v1/applications/am')).data.id;
    await ctx.app.db
      .update(appModels)
      .set({ version: 0 })
      .where(and(eq(appModels.applicationId, appId), eq(appModels.model, 'audit')));
    assert.ok((await upgradeAuditModels(ctx.app.db)) >= 1);
    const after = await fieldsOf(key);
    assert.ok(after.fields.some((f) => f.key === 'risk_ref' && !f.locked));
    assert.ok(after.fields.find((f) => f.key === 'conclusion')!.locked);
    assert.equal((await auditModel(ctx.app, admin.cookie, 'am')).version, AUDIT_MODEL_VERSION);
    // the default rules are made once: the upgrade makes no second copy
    const rules = json<{ data: { name: string }[] }>(await req('GET', '/api/v1/rules?application=am&pageSize=100')).data;
    assert.equal(rules.filter((r) => r.name === '审计期间止不早于期间起').length, 1);
  });

  it('an upgrade from version 1 makes the default forms, trigger and template once; one an owner deleted is not made again', async () => {
    const appId = json<{ data: { id: string } }>(await req('GET', '/api/v1/applications/am')).data.id;
    const key = model.subjects.engagement.key;
    const form = json<{ data: { id: string } }>(await req('GET', `/api/v1/applications/am/subjects/${key}/default-form`)).data;
    assert.equal((await req('DELETE', `/api/v1/forms/${form.id}`)).statusCode, 200);
    // an application as version 1 left it: no defaults made, none remembered (but the deleted form remembered)
    const kept = (await ctx.app.db.select().from(appModels).where(eq(appModels.applicationId, appId)))[0].settings as Record<string, unknown>;
    const trigger = json<{ data: { id: string }[] }>(await req('GET', '/api/v1/triggers?application=am')).data[0];
    assert.equal((await req('DELETE', `/api/v1/triggers/${trigger.id}`)).statusCode, 200);
    await ctx.app.db
      .update(appModels)
      .set({ version: 1, settings: { ...kept, defaultTriggers: [] } })
      .where(and(eq(appModels.applicationId, appId), eq(appModels.model, 'audit')));
    assert.ok((await upgradeAuditModels(ctx.app.db)) >= 1);
    assert.equal(json<{ data: unknown }>(await req('GET', `/api/v1/applications/am/subjects/${key}/default-form`)).data, null, 'the deleted form stays deleted');
    const triggers = json<{ data: { name: string }[] }>(await req('GET', '/api/v1/triggers?application=am')).data;
    assert.deepEqual(triggers.map((t) => t.name), ['审计提醒与升级'], 'the trigger not yet made is made, once');
    assert.equal(json<{ data: unknown[] }>(await req('GET', '/api/v1/applications/am/report-templates')).data.length, 1, 'no second template');
    await upgradeAuditModels(ctx.app.db);
    assert.equal(json<{ data: unknown[] }>(await req('GET', '/api/v1/triggers?application=am')).data.length, 1);
  });

  it('the SLA settings: owners only, 1–3650 days, audited, a repeat unchanged', async () => {
    const url = '/api/v1/applications/am/audit/settings';
    assert.equal((await req('PATCH', url, { slaDays: { high: 45 } }, editor)).statusCode, 403);
    const bad = await req('PATCH', url, { slaDays: { high: 0 } });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(
      json<{ details: { field: string }[] }>(bad).details.map((d) => d.field),
      ['slaDays.high'],
    );
    const ok = await req('PATCH', url, { slaDays: { high: 45 } });
    assert.equal(json<{ data: AuditModel }>(ok).data.settings.slaDays.high, 45);
    const again = await req('PATCH', url, { slaDays: { high: 45 } });
    assert.equal(json<{ unchanged?: boolean }>(again).unchanged, true);
    const entries = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'engagement.settings'));
    assert.equal(entries.length, 1);
  });
});
