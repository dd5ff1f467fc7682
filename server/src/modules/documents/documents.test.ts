/**
 * Documents (documents.service.ts, documents.shares.ts, documents.recyclable.ts): upload of several
 * files with their SHA-256, same name → next version, restore, download, the size limit (413 naming
 * the file), legal hold and retention refusing the purge, share links, "linked from" a record,
 * access by role.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { DocumentDetail, DocumentFolder, DocumentUploadResult } from '../../../../contracts';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject, multipartBody } from '../../test/records-support';
import { ruleIncidents, reportRenders } from '../../db/schema';
import { insertDefaultTemplate } from '../report-templates/report-templates.service';
import { insertDefaultRule } from '../rules/rules.service';
import { extractionsSettled } from './documents.extract';
import { linkDocument, storeDocumentVersion } from './documents.store';
import { tinyDocx, tinyPdf } from './documents.fixtures';

const sha = (b: string | Buffer) => createHash('sha256').update(b).digest('hex');

test('documents: upload, versions, restore, download, size limit, hold, retention, shares, links, access', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(async () => {
    await extractionsSettled();
    await close();
  });
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer, editor, outsider } = await applicationWithMembers(app, admin, 'evidence');
  const base = '/api/v1/applications/evidence';
  const upload = async (cookie: string | undefined, parts: Parameters<typeof multipartBody>[0], path = `${base}/documents/upload`) => {
    const { body, contentType } = await multipartBody(parts);
    return call(app, 'POST', path, { cookie, body, headers: { 'content-type': contentType } });
  };

  // a folder with a retention of 30 days
  const folderRes = await call(app, 'POST', `${base}/document-folders`, { cookie: editor.cookie, body: { name: 'Contracts', retentionDays: 30 } });
  assert.equal(folderRes.statusCode, 201, folderRes.body);
  const folder = json<{ data: DocumentFolder }>(folderRes).data;
  assert.equal((await call(app, 'POST', `${base}/document-folders`, { cookie: editor.cookie, body: { name: 'contracts' } })).statusCode, 409);
  // a child folder: moving the parent under it is a cycle (400 naming parentId); the parent holding it cannot be deleted (409)
  const child = json<{ data: DocumentFolder }>(await call(app, 'POST', `${base}/document-folders`, { cookie: editor.cookie, body: { name: 'Signed', parentId: folder.id } })).data;
  const cycle = await call(app, 'PATCH', `/api/v1/document-folders/${folder.id}`, { cookie: editor.cookie, body: { parentId: child.id } });
  assert.equal(cycle.statusCode, 400);
  assert.equal(json<{ details: { field: string }[] }>(cycle).details[0].field, 'parentId');
  assert.equal((await call(app, 'DELETE', `/api/v1/document-folders/${folder.id}`, { cookie: editor.cookie })).statusCode, 409);
  assert.equal((await call(app, 'DELETE', `/api/v1/document-folders/${child.id}`, { cookie: editor.cookie })).statusCode, 204);

  // two files at once
  const a = 'first file — 第一个文件\n';
  const b = Buffer.from([0, 1, 2, 3, 255]);
  const res = await upload(editor.cookie, [
    { name: 'tags', value: 'q1, audit' },
    { name: 'file', fileName: 'a.txt', type: 'text/plain', content: a },
    { name: 'file', fileName: 'b.bin', type: 'application/octet-stream', content: b },
  ]);
  assert.equal(res.statusCode, 201, res.body);
  const items = json<{ data: DocumentUploadResult }>(res).data.items;
  assert.equal(items.length, 2);
  assert.deepEqual(items.map((i) => [i.document.sha256, i.document.size, i.version, i.created]), [
    [sha(a), Buffer.byteLength(a), 1, true],
    [sha(b), b.length, 1, true],
  ]);
  assert.deepEqual(items[0].document.tags, ['q1', 'audit']);
  const docA = items[0].document.id;

  // the same name in the same folder → v2
  const a2 = 'second version\n';
  const v2 = json<{ data: DocumentUploadResult }>(await upload(editor.cookie, [{ name: 'file', fileName: 'a.txt', type: 'text/plain', content: a2 }])).data.items[0];
  assert.deepEqual([v2.document.id, v2.version, v2.created, v2.document.sha256], [docA, 2, false, sha(a2)]);

  // restore v1 → v3 with v1's bytes; download equals
  const restored = await call(app, 'POST', `/api/v1/documents/${docA}/versions/1/restore`, { cookie: editor.cookie });
  assert.equal(restored.statusCode, 201, restored.body);
  assert.equal(json<{ data: { version: number } }>(restored).data.version, 3);
  const detail = json<{ data: DocumentDetail }>(await call(app, 'GET', `/api/v1/documents/${docA}`, { cookie: viewer.cookie })).data;
  assert.deepEqual(detail.versions.map((v) => [v.version, v.sha256, v.restoredFrom]), [[3, sha(a), 1], [2, sha(a2), null], [1, sha(a), null]]);
  assert.ok(detail.versions[0].createdByLabel);
  const download = await call(app, 'GET', `/api/v1/documents/${docA}/versions/3/content`, { cookie: viewer.cookie });
  assert.equal(download.statusCode, 200);
  assert.equal(download.body, a);
  assert.equal(download.headers.etag, `"${sha(a)}"`);
  assert.match(String(download.headers['content-disposition']), /^inline/);
  const bin = await call(app, 'GET', `/api/v1/documents/${items[1].document.id}/versions/1/content`, { cookie: viewer.cookie });
  assert.deepEqual(bin.rawPayload, b);
  assert.match(String(bin.headers['content-disposition']), /^attachment/);
  assert.equal(bin.headers['x-content-type-options'], 'nosniff');

  // too large: 413 naming the file
  assert.equal((await call(app, 'PATCH', '/api/v1/settings', { cookie: admin, body: { uploadMaxMb: 1 } })).statusCode, 200);
  const big = await upload(editor.cookie, [{ name: 'file', fileName: 'huge.bin', content: Buffer.alloc(1024 * 1024 + 10) }]);
  assert.equal(big.statusCode, 413, big.body);
  assert.match(big.body, /huge\.bin/);

  // access: viewers read but do not write; outsiders are refused; the console is for administrators
  assert.equal((await upload(viewer.cookie, [{ name: 'file', fileName: 'v.txt', content: 'v' }])).statusCode, 403);
  assert.equal((await call(app, 'GET', `/api/v1/documents/${docA}`, { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/documents', { cookie: editor.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/documents', { cookie: admin })).statusCode, 200);

  // legal hold blocks the purge with its reason; release → purge ok
  const held = await call(app, 'PUT', `/api/v1/documents/${docA}/legal-hold`, { cookie: admin, body: { reason: 'Litigation 2026-7' } });
  assert.equal(held.statusCode, 200, held.body);
  assert.equal((await call(app, 'PUT', `/api/v1/documents/${docA}/legal-hold`, { cookie: editor.cookie, body: { reason: 'x' } })).statusCode, 403);
  assert.equal((await call(app, 'DELETE', `/api/v1/documents/${docA}`, { cookie: editor.cookie })).statusCode, 204);
  const purgeHeld = await call(app, 'DELETE', `/api/v1/recycle/document/${docA}`, { cookie: admin });
  assert.equal(purgeHeld.statusCode, 409, purgeHeld.body);
  assert.match(purgeHeld.body, /Litigation 2026-7/);
  // the bin lists it with the reason
  const bin1 = await call(app, 'GET', `/api/v1/recycle?type=document`, { cookie: admin });
  assert.match(bin1.body, /Litigation 2026-7/);
  // restore, release the hold, delete again: purge now works (no folder retention at the root)
  assert.equal((await call(app, 'POST', `/api/v1/recycle/document/${docA}/restore`, { cookie: admin })).statusCode, 200);
  assert.equal((await call(app, 'DELETE', `/api/v1/documents/${docA}/legal-hold`, { cookie: admin })).statusCode, 200);
  assert.equal((await call(app, 'DELETE', `/api/v1/documents/${docA}`, { cookie: editor.cookie })).statusCode, 204);
  assert.equal((await call(app, 'DELETE', `/api/v1/recycle/document/${docA}`, { cookie: admin })).statusCode, 200);
  assert.equal((await call(app, 'GET', `/api/v1/documents/${docA}`, { cookie: admin })).statusCode, 404);

  // retention: a document of the 30-day folder cannot be purged; the message gives the date
  const kept = json<{ data: DocumentUploadResult }>(
    await upload(editor.cookie, [{ name: 'folderId', value: folder.id }, { name: 'file', fileName: 'contract.txt', type: 'text/plain', content: 'signed' }]),
  ).data.items[0].document;
  assert.equal(kept.folderId, folder.id);
  assert.equal((await call(app, 'DELETE', `/api/v1/documents/${kept.id}`, { cookie: editor.cookie })).statusCode, 204);
  const retained = await call(app, 'DELETE', `/api/v1/recycle/document/${kept.id}`, { cookie: admin });
  assert.equal(retained.statusCode, 409);
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  assert.ok(retained.body.includes(until) || retained.body.includes(new Date(Date.now() + 29 * 86_400_000).toISOString().slice(0, 10)), retained.body);
  // the folder with a document in the bin: its purge waits
  assert.equal((await call(app, 'DELETE', `/api/v1/document-folders/${folder.id}`, { cookie: editor.cookie })).statusCode, 204);
  assert.equal((await call(app, 'DELETE', `/api/v1/recycle/document_folder/${folder.id}`, { cookie: admin })).statusCode, 409);

  // share links: works, password, revoked → 404, expired → 404
  const docB = items[1].document.id;
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  assert.equal((await call(app, 'POST', `/api/v1/documents/${docB}/shares`, { cookie: editor.cookie, body: { expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() } })).statusCode, 400);
  const shareRes = await call(app, 'POST', `/api/v1/documents/${docB}/shares`, { cookie: editor.cookie, body: { expiresAt } });
  assert.equal(shareRes.statusCode, 201, shareRes.body);
  const { share, token } = json<{ data: { share: { id: string }; token: string } }>(shareRes).data;
  const info = await call(app, 'GET', `/api/v1/document-shares/info?token=${token}`);
  assert.equal(info.statusCode, 200, info.body);
  assert.equal(json<{ data: { fileName: string } }>(info).data.fileName, 'b.bin');
  const shared = await call(app, 'GET', `/api/v1/document-shares/content?token=${token}`);
  assert.deepEqual(shared.rawPayload, b);
  assert.match(String(shared.headers['content-disposition']), /^attachment/);
  const withPassword = json<{ data: { token: string } }>(
    await call(app, 'POST', `/api/v1/documents/${docB}/shares`, { cookie: editor.cookie, body: { expiresAt, password: 'correct-horse' } }),
  ).data.token;
  assert.equal((await call(app, 'GET', `/api/v1/document-shares/info?token=${withPassword}`)).statusCode, 401);
  assert.equal((await call(app, 'GET', `/api/v1/document-shares/info?token=${withPassword}`, { headers: { 'x-share-password': 'correct-horse' } })).statusCode, 200);
  assert.equal((await call(app, 'DELETE', `/api/v1/documents/${docB}/shares/${share.id}`, { cookie: editor.cookie })).statusCode, 204);
  const revoked = await call(app, 'GET', `/api/v1/document-shares/content?token=${token}`);
  assert.equal(revoked.statusCode, 404);
  await handle.db.execute(sql`update document_shares set expires_at = now() - interval '1 minute' where document_id = ${docB}::uuid`);
  const expired = await call(app, 'GET', `/api/v1/document-shares/info?token=${withPassword}`, { headers: { 'x-share-password': 'correct-horse' } });
  assert.equal(expired.statusCode, 404);
  assert.equal(json<{ errorMessage: string }>(expired).errorMessage, json<{ errorMessage: string }>(revoked).errorMessage);

  // linked from a real record; a record of no subject / another id is refused
  const subject = await makeSubject(handle.db, { applicationId: appId, key: 'workpaper', fields: [{ key: 'title', type: 'text' }] });
  const recordId = await insertRecord(handle.db, subject, { title: 'WP-1' });
  const missing = await call(app, 'POST', `/api/v1/documents/${docB}/links`, { cookie: editor.cookie, body: { sourceType: 'record', sourceId: docB, subjectKey: 'workpaper' } });
  assert.equal(missing.statusCode, 404);
  const linked = await call(app, 'POST', `/api/v1/documents/${docB}/links`, { cookie: editor.cookie, body: { sourceType: 'record', sourceId: recordId, subjectKey: 'workpaper' } });
  assert.equal(linked.statusCode, 201, linked.body);
  assert.equal(json<{ data: { href: string } }>(linked).data.href, `/evidence/workpaper/${recordId}`);
  // a finding (rule incident) links to its failing record's page; a report render to its template's page
  const ruleId = await insertDefaultRule(
    handle.db,
    subject,
    { name: 'Title set', definition: { kind: 'pattern', field: 'title', pattern: '^WP-' }, severity: 'warning', messageZh: '标题以 WP- 开头', messageEn: 'Title starts with WP-' },
    { id: editor.id, label: 'editor' },
  );
  const [incident] = await handle.db.insert(ruleIncidents).values({ applicationId: appId, subjectId: subject.id, ruleId, recordId, severity: 'warning' }).returning();
  const findingLink = await call(app, 'POST', `/api/v1/documents/${docB}/links`, { cookie: editor.cookie, body: { sourceType: 'finding', sourceId: incident.id } });
  assert.equal(findingLink.statusCode, 201, findingLink.body);
  assert.deepEqual(
    [json<{ data: { href: string; label: string } }>(findingLink).data.href, json<{ data: { label: string } }>(findingLink).data.label],
    [`/evidence/workpaper/${recordId}`, 'Title set'],
  );
  const templateId = await insertDefaultTemplate(
    handle.db,
    appId,
    { name: 'WP print', description: '', binding: { subjectId: subject.id, relations: [] }, body: '<h1>{{ record.title }}</h1>', createdBy: editor.id },
    'editor',
  );
  const [render] = await handle.db.insert(reportRenders).values({ applicationId: appId, templateId, templateVersion: 1, format: 'html', recordIds: [recordId] }).returning();
  const reportLink = await call(app, 'POST', `/api/v1/documents/${docB}/links`, { cookie: editor.cookie, body: { sourceType: 'report', sourceId: render.id } });
  assert.equal(reportLink.statusCode, 201, reportLink.body);
  assert.deepEqual(
    [json<{ data: { href: string } }>(reportLink).data.href, json<{ data: { label: string } }>(reportLink).data.label],
    [`/evidence/report_template/${templateId}`, 'WP print (HTML)'],
  );
  const fromRecord = await call(app, 'GET', `${base}/subjects/workpaper/records/${recordId}/documents`, { cookie: viewer.cookie });
  assert.deepEqual(json<{ data: { items: { id: string }[] } }>(fromRecord).data.items.map((d) => d.id), [docB]);

  // text extraction after upload (PDF, DOCX with Chinese); q= matches the extracted text
  const texts = json<{ data: DocumentUploadResult }>(
    await upload(editor.cookie, [
      { name: 'file', fileName: 'scan.pdf', type: 'application/pdf', content: tinyPdf('Materiality threshold') },
      { name: 'file', fileName: 'memo.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: tinyDocx(['重要性水平 备忘录']) },
    ]),
  ).data.items.map((i) => i.document.id);
  await extractionsSettled();
  const pdfText = json<{ data: { textState: string; text: string } }>(await call(app, 'GET', `/api/v1/documents/${texts[0]}/versions/1/text`, { cookie: viewer.cookie })).data;
  assert.equal(pdfText.textState, 'done');
  assert.match(pdfText.text, /Materiality threshold/);
  const search = async (q: string) =>
    json<{ data: { items: { id: string }[] } }>(await call(app, 'GET', `${base}/documents?q=${encodeURIComponent(q)}`, { cookie: viewer.cookie })).data.items.map((d) => d.id);
  assert.deepEqual(await search('materiality'), [texts[0]]);
  assert.deepEqual(await search('重要性水平'), [texts[1]]);
});

test('documents: storeDocumentVersion adds versions by source key; linkDocument links once', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(async () => {
    await extractionsSettled();
    await close();
  });
  const { cookie: admin } = await adminSession(app);
  const { appId } = await applicationWithMembers(app, admin, 'renders');
  const actor = { id: null, label: 'report renderer' };
  const input = { applicationId: appId, sourceKey: `tpl:all:html:${appId}`, name: 'Quarterly report', fileName: 'report.html', mimeType: 'text/html', actor };
  const first = await storeDocumentVersion(app.db, { ...input, bytes: Buffer.from('<p>v1</p>') });
  const second = await storeDocumentVersion(app.db, { ...input, bytes: Buffer.from('<p>v2</p>') });
  assert.equal(second.documentId, first.documentId);
  assert.deepEqual([first.version, second.version, second.sha256, second.size], [1, 2, sha('<p>v2</p>'), 9]);
  const other = await storeDocumentVersion(app.db, { ...input, sourceKey: undefined, bytes: Buffer.from('<p>v1</p>') });
  assert.notEqual(other.documentId, first.documentId);
  const subject = await makeSubject(handle.db, { applicationId: appId, key: 'engagement', fields: [{ key: 'title', type: 'text' }] });
  const recordId = await insertRecord(handle.db, subject, { title: 'E-1' });
  const link = { documentId: first.documentId, sourceType: 'record' as const, sourceId: recordId, subjectId: subject.id, label: 'E-1', actorId: null };
  assert.equal(await linkDocument(app.db, link), await linkDocument(app.db, link));
  const html = await call(app, 'GET', `/api/v1/documents/${first.documentId}/versions/2/content`, { cookie: admin });
  // HTML is never shown in place
  assert.match(String(html.headers['content-disposition']), /^attachment/);
  assert.match(String(html.headers['content-security-policy']), /sandbox/);
});
