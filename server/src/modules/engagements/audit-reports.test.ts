/**
 * Audit reports (both engines; docs/engagements-papers.md "Audit reports"): a report created from
 * a template bound to the report subject renders (a task: polled) with the engagement and its
 * findings; the review flow with its render gate; approval locks the record (records API) and
 * puts the rendered document on legal hold; GET /reports/:id gives the printable page its HTML;
 * access and one audit entry per request; the default template (made on enable, again on demand
 * once deleted) names codes; PDF and DOCX outputs stored as document versions.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { ActionOption, AuditModel, AuditReport, AuditReportDetail, RecordItem } from '../../../../contracts';
import { auditLog, documentVersions } from '../../db/schema';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { applicationWithMembers, multipartBody, type MemberSession } from '../../test/records-support';
import { closePdfBrowser, pdfAvailability } from '../report-templates/render';
import { tinyDocx } from '../report-templates/report-templates.route-specs';
import { createAuditRecord, enableAudit } from './engagements.test-support';

describe('audit reports', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin = '';
  let m: { viewer: MemberSession; editor: MemberSession; owner: MemberSession; outsider: MemberSession };
  let model: AuditModel;
  let engagement = '';
  let templateId = '';
  const slug = 'reports';
  const base = `/api/v1/applications/${slug}/audit`;
  const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: object) =>
    call(ctx.app, method, url.startsWith('/api') ? url : `${base}${url}`, { cookie, body, headers: { 'accept-language': 'en-US' } });
  const detail = async (id: string, cookie = m.viewer.cookie) => {
    const res = await req('GET', `/reports/${id}`, cookie);
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: AuditReportDetail }>(res).data;
  };
  /** Polls the report until its latest render has finished (done or failed), at most ~10 s. */
  const rendered = async (id: string) => {
    for (let i = 0; i < 100; i += 1) {
      const d = await detail(id);
      if (d.renderState === 'done' || d.renderState === 'failed') return d;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('render did not finish');
  };

  before(async () => {
    ctx = await createTestApp();
    admin = (await adminSession(ctx.app)).cookie;
    m = await applicationWithMembers(ctx.app, admin, slug);
    model = await enableAudit(ctx.app, admin, slug);
    engagement = (await createAuditRecord(ctx.app, admin, slug, model, 'engagement', { title: 'Procurement audit 2026', client: 'Acme' })).id;
    await createAuditRecord(ctx.app, m.editor.cookie, slug, model, 'finding', { title: 'Split purchase orders', engagement, severity: 'low' });
    await createAuditRecord(ctx.app, m.editor.cookie, slug, model, 'finding', { title: 'No three-way match', engagement, severity: 'critical' });
    const t = await req('POST', `/api/v1/applications/${slug}/report-templates`, m.editor.cookie, {
      name: 'Procurement template',
      binding: { subjectId: model.subjects.report.id, relations: ['engagement'] },
      body: '<h1>{{ record.title }}</h1>{% for e in record.engagement %}<p class="eng">{{ e.title }} — {{ e.client }}</p>{% endfor %}<ol>{% for f in record.findings %}<li>{{ f.title }} ({{ f.severity }})</li>{% endfor %}</ol>',
    });
    assert.equal(t.statusCode, 201, t.body);
    templateId = json<{ data: { id: string } }>(t).data.id;
  });
  after(async () => {
    await closePdfBrowser();
    await ctx.close();
  });

  it('creates, renders, reviews and approves a report; the approved one is locked and its document held', async () => {
    // a template of another subject, or none, names templateId
    const bad = await req('POST', '/reports', m.editor.cookie, { engagementId: engagement, templateId: engagement, title: 'x', format: 'html' });
    assert.equal(bad.statusCode, 400);
    assert.equal(json<{ details: { field: string }[] }>(bad).details[0].field, 'templateId');
    assert.equal((await req('POST', '/reports', m.viewer.cookie, { engagementId: engagement, templateId, title: 'x', format: 'html' })).statusCode, 403);

    const res = await req('POST', '/reports', m.editor.cookie, { engagementId: engagement, templateId, title: 'Procurement report', format: 'html' });
    assert.equal(res.statusCode, 201, res.body);
    const report = json<{ data: RecordItem }>(res).data;
    assert.deepEqual([report.values.status, report.values.format, report.values.template], ['draft', 'html', templateId]);
    // exactly one entry for the request: the creation, naming the render
    const created = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.targetId, report.id));
    assert.deepEqual(created.map((e) => e.action), ['audit_report.create']);
    assert.ok((created[0].after as { render: { render: string } }).render.render);

    const d = await rendered(report.id);
    assert.equal(d.renderState, 'done');
    assert.ok(d.documentId && d.documentVersionId);
    assert.equal(d.downloadUrl, null);
    assert.match(d.html ?? '', /<h1>Procurement report<\/h1>/);
    assert.match(d.html ?? '', /Procurement audit 2026 — Acme/);
    // the findings of the engagement, most severe first
    assert.match(d.html ?? '', /<li>No three-way match \(critical\)<\/li><li>Split purchase orders \(low\)<\/li>/);
    assert.deepEqual(d.findings.map((f) => [f.title, f.severity, f.status]), [['No three-way match', 'critical', 'open'], ['Split purchase orders', 'low', 'open']]);
    assert.equal(d.engagementTitle, 'Procurement audit 2026');
    assert.equal((d.engagement as { client: string }).client, 'Acme');

    // render again (draft): a new version of the same document
    const again = await req('POST', `/reports/${report.id}/render`, m.editor.cookie);
    assert.equal(again.statusCode, 202, again.body);
    const d2 = await rendered(report.id);
    assert.equal(d2.documentId, d.documentId);
    assert.notEqual(d2.documentVersionId, d.documentVersionId);

    // review flow: submit records the document; segregation; approve holds it
    const act = (cookie: string, action: string, comment?: string) => req('POST', `/reports/${report.id}/transition`, cookie, { action, comment });
    assert.equal((await act(m.editor.cookie, 'submit')).statusCode, 200);
    assert.equal((await req('POST', `/reports/${report.id}/render`, m.editor.cookie)).statusCode, 409);
    const denied = await act(m.editor.cookie, 'review');
    assert.equal(denied.statusCode, 409);
    assert.equal(json<{ errorCode: string }>(denied).errorCode, 'TRANSITION_REFUSED');
    assert.equal((await act(m.owner.cookie, 'review')).statusCode, 200);
    const actions = json<{ data: { status: string; actions: ActionOption[] } }>(await req('GET', `/reports/${report.id}/actions`, m.owner.cookie)).data;
    assert.equal(actions.status, 'reviewed');
    assert.deepEqual(actions.actions.map((a) => [a.action, a.allowed]), [['approve', true], ['reject', true]]);
    const appr = await act(admin, 'approve');
    assert.equal(appr.statusCode, 200, appr.body);
    const final = await detail(report.id, m.editor.cookie);
    assert.equal(final.status, 'approved');
    assert.equal(final.documentVersionId, d2.documentVersionId);
    assert.deepEqual(final.signoffs.map((s) => s.role), ['prepared', 'reviewed', 'approved']);
    assert.deepEqual(final.transitions.map((t) => t.action), ['approve', 'review', 'submit']);
    assert.match(final.html ?? '', /Procurement report/);
    const doc = json<{ data: { legalHold: boolean } }>(await req('GET', `/api/v1/documents/${final.documentId}`, admin)).data;
    assert.equal(doc.legalHold, true);
    const recUrl = `/api/v1/applications/${slug}/subjects/${model.subjects.report.key}/records/${report.id}`;
    const current = json<{ data: { record: RecordItem } }>(await req('GET', recUrl, admin)).data.record;
    assert.equal(json<{ errorCode: string }>(await req('PATCH', recUrl, admin, { version: current.version, values: { title: 'x' } })).errorCode, 'RECORD_LOCKED');
    assert.equal(json<{ errorCode: string }>(await req('DELETE', recUrl, admin)).errorCode, 'RECORD_LOCKED');

    // the list, narrowed to the engagement
    const list = json<{ data: AuditReport[]; total: number }>(await req('GET', `/reports?engagementId=${engagement}`, m.viewer.cookie));
    assert.equal(list.total, 1);
    assert.deepEqual([list.data[0].id, list.data[0].status, list.data[0].engagementTitle, list.data[0].renderState], [report.id, 'approved', 'Procurement audit 2026', 'done']);
    assert.equal(json<{ total: number }>(await req('GET', `/reports?engagementId=${report.id}`, m.viewer.cookie)).total, 0);

    const actionsOf = (await ctx.handle.db.select().from(auditLog).where(eq(auditLog.targetId, report.id))).map((e) => e.action);
    assert.deepEqual(actionsOf, ['audit_report.create', 'audit_report.render', 'audit_report.transition', 'audit_report.transition', 'audit_report.transition']);
  });

  it('has the default template from the enable, makes it again once deleted, and renders the engagement and its findings with it, codes named', async () => {
    assert.equal((await req('POST', '/reports/default-template', m.viewer.cookie)).statusCode, 403);
    const first = json<{ data: { templateId: string; created: boolean }; unchanged?: boolean }>(await req('POST', '/reports/default-template', m.editor.cookie));
    assert.deepEqual([first.data.created, first.unchanged], [false, true], 'made when the module was enabled');
    const removed = await call(ctx.app, 'DELETE', `/api/v1/report-templates/${first.data.templateId}`, { cookie: m.owner.cookie });
    assert.equal(removed.statusCode, 200, removed.body);
    const remade = await req('POST', '/reports/default-template', m.editor.cookie);
    assert.equal(remade.statusCode, 200, remade.body);
    const made = json<{ data: { templateId: string; created: boolean }; unchanged?: boolean }>(remade);
    assert.equal(made.data.created, true);
    const again = json<{ data: { templateId: string; created: boolean }; unchanged?: boolean }>(await req('POST', '/reports/default-template', m.owner.cookie));
    assert.deepEqual([again.data.templateId, again.data.created, again.unchanged], [made.data.templateId, false, true]);
    const res = await req('POST', '/reports', m.editor.cookie, { engagementId: engagement, templateId: made.data.templateId, title: 'Default report', format: 'html' });
    assert.equal(res.statusCode, 201, res.body);
    const d = await rendered(json<{ data: RecordItem }>(res).data.id);
    assert.equal(d.renderState, 'done');
    assert.match(d.html ?? '', /<h1>Default report<\/h1>/);
    assert.match(d.html ?? '', /Findings \(2\)/);
    assert.match(d.html ?? '', /1\. No three-way match \(Critical\)/, 'the severity by its name, not its code');
    assert.match(d.html ?? '', /<td>Acme<\/td>/);
  });

  it('renders PDF (where Chromium is) and DOCX (once the template has a Word file) into stored document versions', async () => {
    const made = json<{ data: { templateId: string } }>(await req('POST', '/reports/default-template', m.editor.cookie)).data.templateId;
    const mimeOf = async (d: AuditReportDetail) => {
      assert.ok(d.documentId, 'the render is stored as a document');
      const versions = await ctx.handle.db.select().from(documentVersions).where(eq(documentVersions.documentId, d.documentId!));
      assert.ok(versions[0].size > 500, `${versions[0].size} bytes`);
      return versions[0].mimeType;
    };
    const pdf = await req('POST', '/reports', m.editor.cookie, { engagementId: engagement, templateId: made, title: 'PDF report', format: 'pdf' });
    if (pdfAvailability().available) {
      assert.equal(pdf.statusCode, 201, pdf.body);
      const d = await rendered(json<{ data: RecordItem }>(pdf).data.id);
      assert.equal(d.renderState, 'done');
      assert.equal(await mimeOf(d), 'application/pdf');
    } else {
      assert.equal(pdf.statusCode, 400);
      assert.deepEqual(json<{ details: { field: string }[] }>(pdf).details.map((x) => x.field), ['format']);
    }
    // DOCX needs the template's Word file: refused naming the format until it has one
    const refused = await req('POST', '/reports', m.editor.cookie, { engagementId: engagement, templateId: made, title: 'Word report', format: 'docx' });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual(json<{ details: { field: string }[] }>(refused).details.map((x) => x.field), ['format']);
    const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'report.docx', type: 'application/octet-stream', content: tinyDocx('Report {title}') }]);
    const put = await call(ctx.app, 'PUT', `/api/v1/report-templates/${made}/docx`, { cookie: m.editor.cookie, body, headers: { 'content-type': contentType } });
    assert.equal(put.statusCode, 200, put.body);
    const docx = await req('POST', '/reports', m.editor.cookie, { engagementId: engagement, templateId: made, title: 'Word report', format: 'docx' });
    assert.equal(docx.statusCode, 201, docx.body);
    const d = await rendered(json<{ data: RecordItem }>(docx).data.id);
    assert.equal(d.renderState, 'done');
    assert.equal(await mimeOf(d), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('refuses outsiders and submitting before a finished render', async () => {
    const res = await req('POST', '/reports', m.editor.cookie, { engagementId: engagement, templateId, title: 'Outsider check', format: 'html' });
    const id = json<{ data: RecordItem }>(res).data.id;
    assert.equal((await req('GET', `/reports/${id}`, m.outsider.cookie)).statusCode, 403);
    assert.equal((await req('GET', '/reports', m.outsider.cookie)).statusCode, 403);
    assert.equal((await req('GET', `/reports/${engagement}`, m.viewer.cookie)).statusCode, 404);
    await rendered(id);
    // a report without any render cannot be submitted: made through the records API (no render)
    const bare = await createAuditRecord(ctx.app, m.editor.cookie, slug, model, 'report', { title: 'No render', engagement });
    const refused = await req('POST', `/reports/${bare.id}/transition`, m.editor.cookie, { action: 'submit' });
    assert.equal(refused.statusCode, 409);
    assert.deepEqual(json<{ details: { message: string }[] }>(refused).details.map((x) => x.message), ['The report has not been rendered yet']);
  });
});
