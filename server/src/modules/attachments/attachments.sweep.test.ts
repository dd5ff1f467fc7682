/**
 * The unreferenced-blob sweep (attachments.service.ts sweepBlobs) with either blob store (the
 * local folder, PostgreSQL in the database under test): a blob referenced only by a document
 * version (its document in the recycle bin) or by a report template or a saved template version
 * is kept; once those rows are purged, the sweep removes it. And an app on the PostgreSQL store:
 * upload (committed inside the attachment's transaction), download, delete (the blob goes).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { documents, documentVersions, reportTemplates, reportTemplateVersions } from '../../db/schema';
import { PostgresBlobStore } from '../../lib/blob-store-pg';
import type { BlobStore } from '../../lib/blob-store';
import type { Attachment } from '../../../../contracts';
import { buildApp } from '../../app';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { createApplication, multipartBody } from '../../test/records-support';
import { sweepBlobs } from './attachments.service';

for (const kind of ['local', 'postgres'] as const) {
  test(`attachments sweep (${kind} store): document versions and report templates keep their blobs until purged`, async (t) => {
    const { app, handle, close } = await createTestApp();
    t.after(close);
    const db = handle.db;
    const blobs: BlobStore = kind === 'local' ? app.blobs : new PostgresBlobStore(db);
    const { cookie } = await adminSession(app);
    const applicationId = await createApplication(app, cookie, `sweep-${kind}`);

    const inVersion = await blobs.put(Buffer.from(`document version bytes ${kind}`));
    const inTemplate = await blobs.put(Buffer.from(`template docx ${kind}`));
    const inTemplateVersion = await blobs.put(Buffer.from(`template version docx ${kind}`));
    const loose = await blobs.put(Buffer.from(`nothing references this ${kind}`));

    // a document in the recycle bin (soft-deleted): its versions still reference their bytes
    const [doc] = await db.insert(documents).values({ applicationId, name: 'wp.pdf', currentVersion: 1, deletedAt: new Date() }).returning();
    await db.insert(documentVersions).values({ documentId: doc.id, version: 1, sha256: inVersion.sha256, size: inVersion.size, mimeType: 'application/pdf', fileName: 'wp.pdf' });
    const [template] = await db
      .insert(reportTemplates)
      .values({ applicationId, name: 'T', binding: {} as never, docxSha256: inTemplate.sha256 })
      .returning();
    await db.insert(reportTemplateVersions).values({ templateId: template.id, version: 1, binding: {} as never, body: '', partials: {}, page: {}, docxSha256: inTemplateVersion.sha256 });

    const swept = await sweepBlobs({ db, blobs }, { minAgeMs: 0 });
    assert.ok(swept.removed >= 1);
    assert.equal(await blobs.has(loose.sha256), false);
    for (const kept of [inVersion, inTemplate, inTemplateVersion]) assert.equal(await blobs.has(kept.sha256), true);

    // purged: the rows are gone, and so are the bytes at the next sweep
    await db.delete(documents).where(eq(documents.id, doc.id));
    await sweepBlobs({ db, blobs }, { minAgeMs: 0 });
    assert.equal(await blobs.has(inVersion.sha256), false);
    assert.equal(await blobs.has(inTemplate.sha256), true);
    await db.delete(reportTemplates).where(eq(reportTemplates.id, template.id));
    await sweepBlobs({ db, blobs }, { minAgeMs: 0 });
    assert.equal(await blobs.has(inTemplate.sha256), false);
    assert.equal(await blobs.has(inTemplateVersion.sha256), false);
  });
}

test('attachments on the PostgreSQL store: a multi-chunk upload, its download, and its blob gone with the last reference', async (t) => {
  const testApp = await createTestApp();
  t.after(testApp.close);
  const db = testApp.handle.db;
  const blobs = new PostgresBlobStore(db);
  const app = await buildApp({ db, engine: testApp.handle.engine, blobs });
  t.after(() => app.close());
  await app.ready();
  const { cookie } = await adminSession(app);
  await createApplication(app, cookie, 'pg-store');
  const content = Buffer.alloc(1.5 * 1024 * 1024, 'wp');
  const { body, contentType } = await multipartBody([{ name: 'file', fileName: 'big.bin', type: 'application/octet-stream', content }]);
  const res = await call(app, 'POST', '/api/v1/applications/pg-store/attachments', { cookie, body, headers: { 'content-type': contentType } });
  assert.equal(res.statusCode, 201, res.body);
  const uploaded = json<{ data: Attachment }>(res).data;
  assert.equal(await blobs.has(uploaded.sha256), true);
  const download = await call(app, 'GET', `/api/v1/attachments/${uploaded.id}/content`, { cookie });
  assert.equal(download.statusCode, 200);
  assert.ok(download.rawPayload.equals(content));
  assert.equal((await call(app, 'DELETE', `/api/v1/attachments/${uploaded.id}`, { cookie })).statusCode, 200);
  assert.equal(await blobs.has(uploaded.sha256), false);
});
