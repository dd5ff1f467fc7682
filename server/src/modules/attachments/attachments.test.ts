/**
 * Attachments (attachments.service.ts): upload by role, the size limit (413), the download's
 * headers, a record's list, delete with de-duplicated blobs removed only when unreferenced, audit.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Attachment } from '../../../../contracts';
import { attachments, auditLog, recordComments } from '../../db/schema';
import { registerHousekeepingKinds } from '../../ops/scheduler';
import { runTaskNow } from '../tasks/tasks.engine';
import { adminSession, call, createTestApp, json, ownDatabasePerTest } from '../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject, multipartBody, softDeleteRecord } from '../../test/records-support';
import { purgeRecordExtras } from '../../core/record-extras';
import { tagsOf } from '../tags/tags.service';
import { cleanFileName, cleanMimeType, sweepBlobs } from './attachments.service';
import { contentDisposition } from '../../lib/content-disposition';

ownDatabasePerTest('the blob sweep looks at every attachment of the database');

interface ErrorBody {
  errorCode: string;
  errorMessage: string;
  details?: { field: string; message: string }[];
}

test('attachments: file names, media types and Content-Disposition', () => {
  assert.equal(cleanFileName('C:\\Users\\me\\report.pdf'), 'report.pdf');
  assert.equal(cleanFileName('../../etc/passwd'), 'passwd');
  assert.equal(cleanFileName('  a\u0000b.txt '), 'ab.txt');
  assert.equal(cleanFileName(''), 'file');
  assert.equal(cleanFileName('..'), 'file');
  const long = cleanFileName(`${'x'.repeat(300)}.xlsx`);
  assert.equal(long.length, 255);
  assert.ok(long.endsWith('.xlsx'));
  assert.equal(cleanMimeType('Image/PNG; charset=x'), 'image/png');
  assert.equal(cleanMimeType('not a type'), 'application/octet-stream');
  assert.equal(cleanMimeType(undefined), 'application/octet-stream');
  assert.equal(
    contentDisposition('attachment', '审计报告 "final" (v2).pdf'),
    `attachment; filename="____ _final_ (v2).pdf"; filename*=UTF-8''%E5%AE%A1%E8%AE%A1%E6%8A%A5%E5%91%8A%20%22final%22%20%28v2%29.pdf`,
  );
  assert.equal(contentDisposition('inline', 'a.png'), `inline; filename="a.png"; filename*=UTF-8''a.png`);
});

test('attachments: upload by role, download headers, record list, de-duplicated blobs removed when unreferenced', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer, editor, owner, outsider } = await applicationWithMembers(app, admin, 'fieldwork');
  const subject = await makeSubject(handle.db, { applicationId: appId, key: 'workpaper', fields: [{ key: 'title', type: 'text' }] });
  const recordId = await insertRecord(handle.db, subject, { title: 'WP-1' });
  const base = '/api/v1/applications/fieldwork';

  const upload = async (cookie: string | undefined, parts: Parameters<typeof multipartBody>[0], opts: { noCsrf?: boolean } = {}) => {
    const { body, contentType } = await multipartBody(parts);
    return call(app, 'POST', `${base}/attachments`, { cookie, body, headers: { 'content-type': contentType }, noCsrf: opts.noCsrf });
  };
  const content = '审计底稿 — working paper\n';
  const sha = createHash('sha256').update(content).digest('hex');
  const onRecord = [
    { name: 'subjectKey', value: 'workpaper' },
    { name: 'recordId', value: recordId },
  ];

  // editors upload onto the record; an owner uploads the same bytes under another name (one blob)
  const first = await upload(editor.cookie, [...onRecord, { name: 'file', fileName: '底稿 A.txt', type: 'text/plain', content }]);
  assert.equal(first.statusCode, 201, first.body);
  const a = json<{ data: Attachment }>(first).data;
  assert.deepEqual(
    { fileName: a.fileName, size: a.size, mimeType: a.mimeType, sha256: a.sha256, createdBy: a.createdBy },
    { fileName: '底稿 A.txt', size: Buffer.byteLength(content), mimeType: 'text/plain', sha256: sha, createdBy: editor.id },
  );
  const second = await upload(owner.cookie, [...onRecord, { name: 'file', fileName: 'copy.txt', type: 'text/plain', content }]);
  const b = json<{ data: Attachment }>(second).data;
  assert.equal(b.sha256, sha);
  assert.equal(await app.blobs.has(sha), true);
  // an upload for an attachment field: no subject or record, any field name
  const loose = await upload(editor.cookie, [{ name: 'upload', fileName: 'chart.png', type: 'image/png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }]);
  assert.equal(loose.statusCode, 201);
  const png = json<{ data: Attachment }>(loose).data;

  // who may upload
  const file = { name: 'file', fileName: 'x.txt', content: 'x' };
  assert.equal((await upload(viewer.cookie, [file])).statusCode, 403);
  assert.equal((await upload(outsider.cookie, [file])).statusCode, 403);
  assert.equal((await upload(undefined, [file])).statusCode, 401);
  const noCsrf = await upload(editor.cookie, [file], { noCsrf: true });
  assert.equal(noCsrf.statusCode, 403);
  assert.equal(json<ErrorBody>(noCsrf).errorCode, 'CSRF_REJECTED');
  assert.equal((await upload(admin, [file])).statusCode, 201);

  // form errors name the field
  const fieldOf = async (res: Awaited<ReturnType<typeof upload>>, status: number) => {
    assert.equal(res.statusCode, status, res.body);
    return json<ErrorBody>(res).details?.map((d) => d.field);
  };
  assert.deepEqual(await fieldOf(await upload(editor.cookie, [{ name: 'subjectKey', value: 'workpaper' }]), 400), ['file']);
  assert.deepEqual(await fieldOf(await upload(editor.cookie, [file, { ...file, fileName: 'y.txt' }]), 400), ['file']);
  assert.deepEqual(await fieldOf(await upload(editor.cookie, [{ name: 'recordId', value: recordId }, file]), 400), ['subjectKey']);
  assert.deepEqual(await fieldOf(await upload(editor.cookie, [{ name: 'subjectKey', value: 'workpaper' }, { name: 'recordId', value: 'nope' }, file]), 400), ['recordId']);
  assert.equal((await upload(editor.cookie, [{ name: 'subjectKey', value: 'nope' }, file])).statusCode, 404);
  const missingRecord = await upload(editor.cookie, [{ name: 'subjectKey', value: 'workpaper' }, { name: 'recordId', value: '00000000-0000-4000-8000-000000000000' }, file]);
  assert.equal(missingRecord.statusCode, 404);
  assert.equal(json<ErrorBody>(missingRecord).errorMessage, '记录不存在');
  const asJson = await call(app, 'POST', `${base}/attachments`, { cookie: editor.cookie, body: { file: 'x' } });
  assert.equal(asJson.statusCode, 415);

  // download: members read; headers; conditional GET; inline only for safe types
  const get = (cookie: string | undefined, id: string, query = '', headers: Record<string, string> = {}) =>
    call(app, 'GET', `/api/v1/attachments/${id}/content${query}`, { cookie, headers });
  const got = await get(viewer.cookie, a.id);
  assert.equal(got.statusCode, 200);
  assert.equal(got.body, content);
  assert.equal(got.headers['content-type'], 'text/plain');
  assert.equal(got.headers['content-length'], String(Buffer.byteLength(content)));
  assert.equal(got.headers['content-disposition'], `attachment; filename="__ A.txt"; filename*=UTF-8''%E5%BA%95%E7%A8%BF%20A.txt`);
  assert.equal(got.headers['x-content-type-options'], 'nosniff');
  assert.match(String(got.headers['content-security-policy']), /sandbox/);
  assert.equal(got.headers.etag, `"${sha}"`);
  assert.equal((await get(viewer.cookie, a.id, '', { 'if-none-match': `"${sha}"` })).statusCode, 304);
  assert.match(String((await get(viewer.cookie, png.id, '?disposition=inline')).headers['content-disposition']), /^inline;/);
  assert.equal((await get(editor.cookie, png.id)).rawPayload.length, 4);
  assert.equal((await get(outsider.cookie, a.id)).statusCode, 403);
  assert.equal((await get(undefined, a.id)).statusCode, 401);
  assert.equal((await get(admin, a.id)).statusCode, 200);
  assert.equal((await get(viewer.cookie, '00000000-0000-4000-8000-000000000000')).statusCode, 404);

  // the record's list (the loose upload is not on it)
  const list = await call(app, 'GET', `${base}/subjects/workpaper/records/${recordId}/attachments`, { cookie: viewer.cookie });
  assert.equal(list.statusCode, 200);
  const listed = json<{ data: Attachment[]; total: number }>(list);
  assert.deepEqual([listed.total, listed.data.map((x) => x.fileName)], [2, ['底稿 A.txt', 'copy.txt']]);
  const paged = json<{ data: Attachment[] }>(await call(app, 'GET', `${base}/subjects/workpaper/records/${recordId}/attachments?pageSize=1&current=2`, { cookie: viewer.cookie }));
  assert.deepEqual(paged.data.map((x) => x.fileName), ['copy.txt']);
  assert.equal((await call(app, 'GET', `${base}/subjects/workpaper/records/${recordId}/attachments`, { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', `${base}/subjects/workpaper/records/00000000-0000-4000-8000-000000000000/attachments`, { cookie: viewer.cookie })).statusCode, 404);
  await softDeleteRecord(handle.db, subject, recordId);
  assert.equal((await call(app, 'GET', `${base}/subjects/workpaper/records/${recordId}/attachments`, { cookie: viewer.cookie })).statusCode, 404);

  // delete: viewers may not; the shared blob stays until its last live reference goes
  assert.equal((await call(app, 'DELETE', `/api/v1/attachments/${a.id}`, { cookie: viewer.cookie })).statusCode, 403);
  assert.equal((await call(app, 'DELETE', `/api/v1/attachments/${a.id}`, { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'DELETE', `/api/v1/attachments/${a.id}`, { cookie: editor.cookie })).statusCode, 200);
  assert.equal((await get(viewer.cookie, a.id)).statusCode, 404);
  assert.equal((await call(app, 'DELETE', `/api/v1/attachments/${a.id}`, { cookie: editor.cookie })).statusCode, 404);
  assert.equal(await app.blobs.has(sha), true, 'still referenced by the copy');
  assert.equal((await get(viewer.cookie, b.id)).body, content);
  assert.equal((await call(app, 'DELETE', `/api/v1/attachments/${b.id}`, { cookie: owner.cookie })).statusCode, 200);
  assert.equal(await app.blobs.has(sha), false, 'no live reference left');

  // a new upload of the same bytes brings the blob back
  const again = await upload(editor.cookie, [{ name: 'file', fileName: 'again.txt', content }]);
  assert.equal(json<{ data: Attachment }>(again).data.sha256, sha);
  assert.equal(await app.blobs.has(sha), true);

  const entries = await handle.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'attachment'), inArray(auditLog.action, ['attachment.upload', 'attachment.delete'])));
  assert.deepEqual(
    entries.map((e) => e.action).sort(),
    [...Array(5).fill('attachment.upload'), 'attachment.delete', 'attachment.delete'].sort(),
  );
});

test('attachments: bidi and other control characters are stripped from file names on upload and in Content-Disposition', async (t) => {
  // U+202E makes `invoice\u202Efdp.exe` display as "invoiceexe.pdf"
  // eslint-disable-next-line no-control-regex
  const BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
  assert.equal(cleanFileName('invoice\u202Efdp.exe'), 'invoicefdp.exe');
  assert.equal(cleanFileName('\u2066a\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u2067\u2068b\u0085\u009b.txt'), 'ab.txt');
  assert.equal(cleanFileName('\u202E'), 'file');
  assert.equal(cleanFileName('审计\u200D👩‍💻.pdf'), '审计\u200D👩‍💻.pdf', 'joiners are kept (emoji, scripts that need them)');
  assert.doesNotMatch(contentDisposition('attachment', 'old\u202Efdp.exe'), /%E2%80%AE|\u202E/, 'a name stored before is cleaned when served');
  assert.equal(contentDisposition('attachment', 'old\u202Efdp.exe'), `attachment; filename="oldfdp.exe"; filename*=UTF-8''oldfdp.exe`);

  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  await applicationWithMembers(app, admin, 'bidi');
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'invoice\u202Efdp.exe', type: 'application/octet-stream', content: 'MZ' }]);
  const res = await call(app, 'POST', '/api/v1/applications/bidi/attachments', { cookie: admin, body, headers: { 'content-type': contentType } });
  assert.equal(res.statusCode, 201, res.body);
  const stored = json<{ data: Attachment }>(res).data;
  assert.equal(stored.fileName, 'invoicefdp.exe');
  const [row] = await handle.db.select().from(attachments).where(eq(attachments.id, stored.id));
  assert.doesNotMatch(row.fileName, BIDI);
  const got = await call(app, 'GET', `/api/v1/attachments/${stored.id}/content`, { cookie: admin });
  assert.equal(got.statusCode, 200);
  assert.equal(got.headers['content-disposition'], `attachment; filename="invoicefdp.exe"; filename*=UTF-8''invoicefdp.exe`);
  const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'attachment.upload'));
  assert.doesNotMatch(JSON.stringify(entry.after), /\\u202e|\u202E/i, 'the audit entry names the cleaned file');
});

test('attachments: the upload size limit of the system settings (413 naming it)', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  await applicationWithMembers(app, admin, 'limits');
  const settings = await call(app, 'PATCH', '/api/v1/settings', { cookie: admin, body: { uploadMaxMb: 1 } });
  assert.equal(settings.statusCode, 200, settings.body);
  const upload = async (size: number, extraLength?: string) => {
    const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'big.bin', content: Buffer.alloc(size, 7) }]);
    const headers: Record<string, string> = { 'content-type': contentType };
    if (extraLength) headers['content-length'] = extraLength;
    return call(app, 'POST', '/api/v1/applications/limits/attachments', { cookie: admin, body, headers });
  };
  const exact = await upload(1024 * 1024);
  assert.equal(exact.statusCode, 201, exact.body);
  assert.equal(json<{ data: Attachment }>(exact).data.size, 1024 * 1024);
  const over = await upload(1024 * 1024 + 1);
  assert.equal(over.statusCode, 413);
  assert.equal(json<ErrorBody>(over).errorMessage, '文件超过上传大小上限（1 MB）');
  assert.equal((await call(app, 'PATCH', '/api/v1/settings', { cookie: admin, body: { uploadMaxMb: 2 } })).statusCode, 200);
  assert.equal((await upload(1024 * 1024 + 1)).statusCode, 201);
  const far = await upload(3 * 1024 * 1024);
  assert.equal(far.statusCode, 413);
  assert.match(json<ErrorBody>(far).errorMessage, /（2 MB）/);
});

test('attachments: a purged record takes its comments, tags and attachments along; the sweep removes unreferenced blobs only', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId } = await applicationWithMembers(app, admin, 'sweep');
  const subject = await makeSubject(handle.db, { applicationId: appId, key: 'memo', fields: [{ key: 'title', type: 'text' }] });
  const gone = await insertRecord(handle.db, subject, { title: 'gone' });
  const kept = await insertRecord(handle.db, subject, { title: 'kept' });
  const upload = async (content: string, recordId?: string) => {
    const fields = recordId ? [{ name: 'subjectKey', value: 'memo' }, { name: 'recordId', value: recordId }] : [];
    const { body, contentType } = await multipartBody([...fields, { name: 'file', fileName: 'f.txt', content }]);
    const res = await call(app, 'POST', '/api/v1/applications/sweep/attachments', { cookie: admin, body, headers: { 'content-type': contentType } });
    return json<{ data: Attachment }>(res).data;
  };
  const onGone = await upload('shared bytes', gone);
  const inField = await upload('field bytes');
  const onKept = await upload('shared bytes', kept);
  const tag = json<{ data: { id: string } }>(await call(app, 'POST', '/api/v1/tags', { cookie: admin, body: { name: 'T', color: '#000000' } })).data.id;
  await call(app, 'PUT', `/api/v1/applications/sweep/subjects/memo/records/${gone}/tags`, { cookie: admin, body: { tagIds: [tag] } });
  await call(app, 'POST', `/api/v1/applications/sweep/subjects/memo/records/${gone}/comments`, { cookie: admin, body: { body: 'bye' } });

  await handle.db.transaction((tx) => purgeRecordExtras(tx, { recordIds: [gone], attachmentIds: [inField.id] }));
  assert.deepEqual(await tagsOf(handle.db, { targetType: 'record', targetId: gone }), []);
  assert.equal((await handle.db.select().from(recordComments).where(eq(recordComments.recordId, gone))).length, 0);
  const live = await handle.db.select({ id: attachments.id }).from(attachments).where(isNull(attachments.deletedAt));
  assert.deepEqual(live.map((r) => r.id), [onKept.id]);

  // nothing is swept while young; then only the unreferenced blob goes
  assert.deepEqual(await sweepBlobs({ db: handle.db, blobs: app.blobs }), { checked: 0, removed: 0 });
  assert.ok(registerHousekeepingKinds({ signingKey: null, log: { info() {}, warn() {}, error() {} }, blobs: app.blobs }).includes('attachments.sweep-blobs'));
  assert.deepEqual(await sweepBlobs({ db: handle.db, blobs: app.blobs }, { minAgeMs: 0 }), { checked: 2, removed: 1 });
  assert.equal(await app.blobs.has(inField.sha256), false);
  assert.equal(await app.blobs.has(onGone.sha256), true, 'still referenced by the kept record');
  assert.deepEqual(await runTaskNow(handle.db, 'attachments.sweep-blobs'), { checked: 0, removed: 0, temp: 0 });
});

test('attachments: an upload racing the delete of the last reference to the same bytes keeps its blob', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  await applicationWithMembers(app, admin, 'race');
  const upload = async () => {
    const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'same.txt', content: 'the same bytes' }]);
    const res = await call(app, 'POST', '/api/v1/applications/race/attachments', { cookie: admin, body, headers: { 'content-type': contentType } });
    assert.equal(res.statusCode, 201, res.body);
    return json<{ data: Attachment }>(res).data;
  };
  let previous = await upload();
  for (let i = 0; i < 8; i += 1) {
    const [deleted, next] = await Promise.all([call(app, 'DELETE', `/api/v1/attachments/${previous.id}`, { cookie: admin }), upload()]);
    assert.equal(deleted.statusCode, 200);
    assert.equal(await app.blobs.has(next.sha256), true, `round ${i}: the new upload's blob is there`);
    assert.equal((await call(app, 'GET', `/api/v1/attachments/${next.id}/content`, { cookie: admin })).body, 'the same bytes');
    previous = next;
  }
});
