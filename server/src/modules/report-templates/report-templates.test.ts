/**
 * Report templates API (both engines): create at version 1 with its frozen version; the binding's
 * subject, relation keys and the Liquid body checked (400 naming the field, the parse error's line);
 * optimistic saves (each change the next frozen version, a stale version 409, a no-op unchanged);
 * the Word template upload (not a Word file 400, the same file again unchanged) and download;
 * members read, viewers cannot write, outsiders 403; delete to the recycle bin and restore; audited;
 * a template bound to a record query previews and renders the query's rows as one output.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ReportRender, ReportTemplate, ReportTemplateVersion } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { insertRecord, makeSubject, multipartBody } from '../../test/records-support';
import { addTestMember, createTestApplication } from '../records/records.test-support';
import { documentLinks, documentVersions } from '../../db/schema';
import { closePdfBrowser, pdfAvailability } from './render';
import { tinyDocx } from './report-templates.route-specs';

describe('report templates API', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string };
  let viewer: { cookie: string };
  let outsider: { cookie: string };
  let auditSubjectId = '';
  let auditRecordId = '';
  let otherSubjectId = '';

  const req = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: object, cookie = admin.cookie) =>
    call(ctx.app, method, url, { cookie, body, headers: { 'accept-language': 'en-US' } });
  const details = (res: { body: string }) => json<{ details?: { field: string; message: string }[] }>(res as never).details ?? [];
  const create = (body: object, cookie = admin.cookie) => req('POST', '/api/v1/applications/rta/report-templates', body, cookie);
  const upload = async (id: string, content: Buffer, fileName = 'letter.docx') => {
    const form = await multipartBody([{ name: 'file', fileName, type: 'application/octet-stream', content }]);
    return call(ctx.app, 'PUT', `/api/v1/report-templates/${id}/docx`, {
      cookie: admin.cookie,
      body: form.body,
      headers: { 'content-type': form.contentType, 'accept-language': 'en-US' },
    });
  };

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    const appId = await createTestApplication(ctx.app, admin.cookie, 'rta');
    const otherId = await createTestApplication(ctx.app, admin.cookie, 'rtb');
    const finding = await makeSubject(ctx.app.db, { applicationId: appId, key: 'finding', fields: [{ key: 'title', type: 'text' }] });
    const auditSubject = await makeSubject(ctx.app.db, {
        applicationId: appId,
        key: 'audit',
        fields: [
          { key: 'title', type: 'text' },
          { key: 'findings', type: 'relation', options: { targetSubjectId: finding.id, multiple: true } },
          { key: 'owner_note', type: 'text' },
        ],
      displayFieldKey: 'title',
    });
    auditSubjectId = auditSubject.id;
    const f1 = await insertRecord(ctx.app.db, finding, { title: 'Door unlocked' });
    const f2 = await insertRecord(ctx.app.db, finding, { title: 'Log missing' });
    auditRecordId = await insertRecord(ctx.app.db, auditSubject, { title: 'Q3 audit', findings: [f1, f2] });
    otherSubjectId = (await makeSubject(ctx.app.db, { applicationId: otherId, key: 'audit', fields: [{ key: 'title', type: 'text' }] })).id;
    viewer = await userSession(ctx.app, admin.cookie);
    await addTestMember(ctx.app, admin.cookie, 'rta', (viewer as unknown as { email: string }).email, 'viewer');
    outsider = await userSession(ctx.app, admin.cookie);
  });
  after(async () => {
    await closePdfBrowser();
    await ctx.close();
  });

  /** Renders `format` of `recordIds` and waits for the render to finish; the finished render. */
  const renderAndWait = async (format: string, recordIds: string[]) => {
    const res = await req('POST', `/api/v1/report-templates/${tpl.id}/render`, { format, recordIds });
    assert.equal(res.statusCode, 202, res.body);
    const id = json<{ data: { id: string } }>(res).data.id;
    for (let i = 0; i < 300; i += 1) {
      const r = json<{ data: ReportRender }>(await req('GET', `/api/v1/report-templates/${tpl.id}/renders/${id}`)).data;
      if (r.state !== 'queued' && r.state !== 'running') return r;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    throw new Error('render did not finish');
  };

  let tpl: ReportTemplate;

  it('creates a template at version 1, bound to a subject and its relation, and freezes that version', async () => {
    const res = await create({
      name: ' Audit letter ',
      binding: { subjectId: auditSubjectId, relations: ['findings', 'findings'] },
      body: '<h1>{{ record.title }}</h1>{% for f in record.findings %}<p>{{ f.title }}</p>{% endfor %}',
      partials: { footer: '<small>{{ record.title }}</small>' },
    });
    assert.equal(res.statusCode, 201, res.body);
    tpl = json<{ data: ReportTemplate }>(res).data;
    assert.equal(tpl.name, 'Audit letter');
    assert.equal(tpl.version, 1);
    assert.deepEqual(tpl.binding.relations, ['findings']);
    assert.equal(tpl.subjectKey, 'audit');
    const versions = json<{ data: ReportTemplateVersion[]; total: number }>(await req('GET', `/api/v1/report-templates/${tpl.id}/versions`));
    assert.equal(versions.total, 1);
    assert.equal(versions.data[0].body, tpl.body);
  });

  it('refuses a binding or a body that does not fit, naming the field', async () => {
    const base = { name: 'x', binding: { subjectId: auditSubjectId, relations: [] } };
    let res = await create({ ...base, binding: { subjectId: otherSubjectId, relations: [] } });
    assert.equal(res.statusCode, 400);
    assert.equal(details(res)[0].field, 'binding.subjectId');
    res = await create({ ...base, binding: { subjectId: auditSubjectId, relations: ['title'] } });
    assert.equal(res.statusCode, 400);
    assert.equal(details(res)[0].field, 'binding.relations.0');
    assert.match(details(res)[0].message, /"title" is not a relation field/);
    res = await create({ ...base, body: 'ok\n{% for x in record.findings %}\n{{ x }' });
    assert.equal(res.statusCode, 400);
    assert.equal(details(res)[0].field, 'body');
    assert.match(details(res)[0].message, /line 3/);
    res = await create({ ...base, partials: { '1bad': '' } });
    assert.equal(res.statusCode, 400, res.body);
    res = await create({ ...base, partials: { ok: '{% if %}' } });
    assert.equal(details(res)[0].field, 'partials.ok');
  });

  it('saves each change as the next frozen version; stale 409, no-op unchanged, the subject fixed', async () => {
    let res = await req('PATCH', `/api/v1/report-templates/${tpl.id}`, { version: 1, body: '<h2>{{ record.title }}</h2>' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(json<{ data: ReportTemplate }>(res).data.version, 2);
    res = await req('PATCH', `/api/v1/report-templates/${tpl.id}`, { version: 1, name: 'late' });
    assert.equal(res.statusCode, 409);
    res = await req('PATCH', `/api/v1/report-templates/${tpl.id}`, { version: 2, body: '<h2>{{ record.title }}</h2>' });
    assert.equal(json<{ unchanged?: boolean }>(res).unchanged, true);
    res = await req('PATCH', `/api/v1/report-templates/${tpl.id}`, { version: 2, binding: { subjectId: otherSubjectId, relations: [] } });
    assert.equal(details(res)[0].field, 'binding.subjectId');
    const v1 = json<{ data: ReportTemplateVersion }>(await req('GET', `/api/v1/report-templates/${tpl.id}/versions/1`)).data;
    assert.match(v1.body, /<h1>/);
    assert.equal((await req('GET', `/api/v1/report-templates/${tpl.id}/versions/9`)).statusCode, 404);
  });

  it('takes a Word template as the next version and gives it back; refuses what is not one', async () => {
    const bytes = tinyDocx('Dear {title}');
    let res = await upload(tpl.id, bytes);
    assert.equal(res.statusCode, 200, res.body);
    const after = json<{ data: ReportTemplate }>(res).data;
    assert.equal(after.version, 3);
    assert.match(after.docxSha256 ?? '', /^[0-9a-f]{64}$/);
    assert.equal(after.docxFileName, 'letter.docx');
    res = await upload(tpl.id, bytes);
    assert.equal(json<{ unchanged?: boolean }>(res).unchanged, true);
    res = await upload(tpl.id, Buffer.from('not a zip'), 'fake.docx');
    assert.equal(res.statusCode, 400);
    assert.equal(details(res)[0].field, 'file');
    res = await req('GET', `/api/v1/report-templates/${tpl.id}/docx`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.rawPayload, bytes);
    tpl = after;
  });

  it('previews against a record with its related list, unsaved edits included, and lists what is missing', async () => {
    const res = await req(
      'POST',
      `/api/v1/report-templates/${tpl.id}/preview`,
      { recordId: auditRecordId, body: '<h1>{{ record.title }}</h1><ul>{% for f in record.findings %}<li>{{ f.title }}</li>{% endfor %}</ul><p>{{ record.owner_note }}</p>' },
      viewer.cookie,
    );
    assert.equal(res.statusCode, 200, res.body);
    const { html, missing } = json<{ data: { html: string; missing: { field: string }[] } }>(res).data;
    assert.match(html, /<h1>Q3 audit<\/h1>/);
    assert.match(html, /<li>Door unlocked<\/li><li>Log missing<\/li>/);
    assert.ok(missing.some((m) => m.field === 'record.owner_note'), JSON.stringify(missing));
    const bad = await req('POST', `/api/v1/report-templates/${tpl.id}/preview`, { recordId: auditRecordId, body: '{% if %}' });
    assert.equal(details(bad)[0].field, 'body');
    const none = await req('POST', `/api/v1/report-templates/${tpl.id}/preview`, { recordId: '00000000-0000-4000-8000-000000000000' });
    assert.equal(none.statusCode, 404);
  });

  it('renders HTML, DOCX and XLSX as document versions linked from the record, with the completeness check', async () => {
    // the saved body leaves owner_note out of the record: the HTML render is complete
    let res = await req('PATCH', `/api/v1/report-templates/${tpl.id}`, {
      version: tpl.version,
      body: '<h1>{{ record.title }}</h1>{% for f in record.findings %}<p>{{ f.title }}</p>{% endfor %}<p>{{ record.owner_note }}</p>',
    });
    tpl = json<{ data: ReportTemplate }>(res).data;
    const html = await renderAndWait('html', [auditRecordId]);
    assert.equal(html.state, 'done', html.error ?? '');
    assert.equal(html.templateVersion, tpl.version);
    assert.equal(html.complete, false);
    assert.ok(html.missing.some((m) => m.field === 'record.owner_note'));
    const [v] = await ctx.app.db.select().from(documentVersions).where(eq(documentVersions.documentId, html.documentId!));
    assert.match(v.sha256, /^[0-9a-f]{64}$/);
    assert.equal((v.origin as { templateVersion: number }).templateVersion, tpl.version);
    assert.equal((v.origin as { complete: boolean }).complete, false);
    const links = await ctx.app.db.select().from(documentLinks).where(eq(documentLinks.documentId, html.documentId!));
    assert.deepEqual(links.map((l) => [l.sourceType, l.sourceId]), [['record', auditRecordId]]);
    // the same record again: the next version of the same document
    const again = await renderAndWait('html', [auditRecordId]);
    assert.equal(again.documentId, html.documentId);
    assert.equal(again.documentVersion, 2);
    for (const format of ['docx', 'xlsx']) {
      const r = await renderAndWait(format, [auditRecordId]);
      assert.equal(r.state, 'done', `${format}: ${r.error}`);
      assert.ok(r.documentId);
      // XLSX writes every list whole: its check only lists cut lists (truncatedLists), none here
      if (format === 'xlsx') assert.deepEqual([r.complete, r.missing], [true, []]);
    }
    const list = json<{ total: number }>(await req('GET', `/api/v1/report-templates/${tpl.id}/renders`, undefined, viewer.cookie));
    assert.equal(list.total, 4);
    res = await req('POST', `/api/v1/report-templates/${tpl.id}/render`, { format: 'html', recordIds: [auditRecordId] }, viewer.cookie);
    assert.equal(res.statusCode, 403);
  });

  it('a template bound to a record query previews and renders the query rows as one output; without the query records are required', async () => {
    const saved = await req('POST', '/api/v1/record-queries', { name: 'All audits', definition: { subjectId: auditSubjectId, columns: ['title', 'owner_note'] } });
    assert.equal(saved.statusCode, 201, saved.body);
    const queryId = json<{ data: { id: string } }>(saved).data.id;
    const made = await create({
      name: 'Audit list',
      binding: { subjectId: auditSubjectId, recordQueryId: queryId },
      body: '<h1>{{ rows | size }} audits</h1><ul>{% for r in rows %}<li>{{ r.title }}</li>{% endfor %}</ul>',
    });
    assert.equal(made.statusCode, 201, made.body);
    const listTpl = json<{ data: ReportTemplate }>(made).data;
    const preview = await req('POST', `/api/v1/report-templates/${listTpl.id}/preview`, { recordId: null });
    assert.equal(preview.statusCode, 200, preview.body);
    assert.match(json<{ data: { html: string } }>(preview).data.html, /<h1>1 audits<\/h1><ul><li>Q3 audit<\/li><\/ul>/);
    const res = await req('POST', `/api/v1/report-templates/${listTpl.id}/render`, { format: 'xlsx' });
    assert.equal(res.statusCode, 202, res.body);
    const renderId = json<{ data: ReportRender }>(res).data.id;
    assert.equal(json<{ data: ReportRender }>(res).data.recordIds, null);
    let r: ReportRender | undefined;
    for (let i = 0; i < 300 && (!r || r.state === 'queued' || r.state === 'running'); i += 1) {
      await new Promise((ok) => setTimeout(ok, 100));
      r = json<{ data: ReportRender }>(await req('GET', `/api/v1/report-templates/${listTpl.id}/renders/${renderId}`)).data;
    }
    assert.equal(r!.state, 'done', r!.error ?? '');
    const content = await call(ctx.app, 'GET', `/api/v1/documents/${r!.documentId}/versions/${r!.documentVersion}/content`, { cookie: admin.cookie });
    assert.equal(content.statusCode, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(content.rawPayload as unknown as ArrayBuffer);
    const cells = book.worksheets[0].getSheetValues().flat().filter((c) => typeof c === 'string');
    assert.ok(cells.includes('Q3 audit'), JSON.stringify(cells));
    // no record links: the output is the query's, not a record's
    assert.deepEqual(await ctx.app.db.select().from(documentLinks).where(eq(documentLinks.documentId, r!.documentId!)), []);
    // a template bound to the subject only needs records
    const refused = await req('POST', `/api/v1/report-templates/${tpl.id}/render`, { format: 'html' });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(details(refused).map((d) => [d.field, d.message]), [['recordIds', 'Choose records: this template is not bound to a record query']]);
  });

  it('renders PDF when Chromium is here, else refuses it naming what to install', async () => {
    const a = pdfAvailability();
    if (!a.available) {
      const res = await req('POST', `/api/v1/report-templates/${tpl.id}/render`, { format: 'pdf', recordIds: [auditRecordId] });
      assert.equal(res.statusCode, 400);
      assert.match(details(res)[0].message, new RegExp(a.install.split(' ')[0]));
      return;
    }
    const r = await renderAndWait('pdf', [auditRecordId]);
    assert.equal(r.state, 'done', r.error ?? '');
    const [v] = await ctx.app.db.select().from(documentVersions).where(eq(documentVersions.documentId, r.documentId!));
    assert.equal(v.mimeType, 'application/pdf');
    assert.ok(v.size > 500);
  });

  it('lets members read, keeps viewers from writing and outsiders out', async () => {
    assert.equal((await req('GET', '/api/v1/applications/rta/report-templates', undefined, viewer.cookie)).statusCode, 200);
    assert.equal((await req('GET', `/api/v1/report-templates/${tpl.id}`, undefined, viewer.cookie)).statusCode, 200);
    assert.equal((await req('PATCH', `/api/v1/report-templates/${tpl.id}`, { version: 3, name: 'v' }, viewer.cookie)).statusCode, 403);
    assert.equal((await req('GET', `/api/v1/report-templates/${tpl.id}`, undefined, outsider.cookie)).statusCode, 403);
    assert.equal((await req('GET', '/api/v1/report-templates', undefined, viewer.cookie)).statusCode, 403);
    const all = json<{ total: number }>(await req('GET', '/api/v1/report-templates?q=letter'));
    assert.equal(all.total, 1);
  });

  it('deletes to the recycle bin and restores; every change is audited', async () => {
    assert.equal((await req('DELETE', `/api/v1/report-templates/${tpl.id}`)).statusCode, 200);
    assert.equal((await req('GET', `/api/v1/report-templates/${tpl.id}`)).statusCode, 404);
    const res = await req('POST', `/api/v1/recycle/report_template/${tpl.id}/restore`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await req('GET', `/api/v1/report-templates/${tpl.id}`)).statusCode, 200);
    const actions = (
      await ctx.app.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetType, 'report_template'), eq(auditLog.targetId, tpl.id)))
    ).map((r) => r.action);
    const count = (a: string) => actions.filter((x) => x === a).length;
    assert.deepEqual(
      ['create', 'update', 'render', 'delete'].map((v) => count(`report_template.${v}`)),
      [1, 3, 5, 1],
    );
  });
});
