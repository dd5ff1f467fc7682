/**
 * Comments on a record (comments.service.ts): who reads, writes and deletes, plain text kept as
 * written, 404 for an unknown or deleted record, paging, audit.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Comment } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { applicationWithMembers, insertRecord, makeSubject, softDeleteRecord } from '../../test/records-support';

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

test('comments: members read, editors write, the author or an owner deletes; unknown records are 404', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer, editor, owner, outsider } = await applicationWithMembers(app, admin, 'review');
  const subject = await makeSubject(handle.db, { applicationId: appId, key: 'finding', fields: [{ key: 'title', type: 'text' }] });
  const recordId = await insertRecord(handle.db, subject, { title: 'F-1' });
  const otherId = await insertRecord(handle.db, subject, { title: 'F-2' });
  const url = (id = recordId) => `/api/v1/applications/review/subjects/finding/records/${id}/comments`;
  const post = (cookie: string, body: unknown, id = recordId) => call(app, 'POST', url(id), { cookie, body });

  const text = '  <b>Not bold</b>\nSecond line & more  ';
  const created = await post(editor.cookie, { body: text });
  assert.equal(created.statusCode, 201, created.body);
  const first = json<{ data: Comment }>(created).data;
  assert.equal(first.body, '<b>Not bold</b>\nSecond line & more', 'trimmed, otherwise kept as written');
  assert.equal(first.authorId, editor.id);
  assert.equal(first.authorName, 'review editor');
  const second = json<{ data: Comment }>(await post(owner.cookie, { body: 'Owner note' })).data;
  await post(admin, { body: 'On another record' }, otherId);

  assert.equal((await post(viewer.cookie, { body: 'viewer' })).statusCode, 403);
  assert.equal((await post(outsider.cookie, { body: 'outsider' })).statusCode, 403);
  const empty = await post(editor.cookie, { body: '   ' });
  assert.equal(empty.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(empty).details?.map((d) => d.field), ['body']);
  assert.equal((await post(editor.cookie, { body: 'x'.repeat(10_001) })).statusCode, 400);
  assert.equal((await post(editor.cookie, { body: 'x' }, '00000000-0000-4000-8000-000000000000')).statusCode, 404);
  assert.equal((await call(app, 'POST', '/api/v1/applications/review/subjects/nope/records/00000000-0000-4000-8000-000000000000/comments', { cookie: editor.cookie, body: { body: 'x' } })).statusCode, 404);

  const list = await call(app, 'GET', url(), { cookie: viewer.cookie });
  assert.equal(list.statusCode, 200);
  const page = json<{ data: Comment[]; total: number }>(list);
  assert.equal(page.total, 2);
  assert.deepEqual(page.data.map((c) => c.id), [first.id, second.id]);
  const page2 = json<{ data: Comment[] }>(await call(app, 'GET', `${url()}?current=2&pageSize=1`, { cookie: viewer.cookie }));
  assert.deepEqual(page2.data.map((c) => c.id), [second.id]);
  assert.equal((await call(app, 'GET', url(), { cookie: outsider.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', url(), {})).statusCode, 401);

  // delete: not the viewer nor another editor; the author; an owner deletes anyone's
  const del = (cookie: string, id: string, rid = recordId) => call(app, 'DELETE', `${url(rid)}/${id}`, { cookie });
  assert.equal((await del(viewer.cookie, first.id)).statusCode, 403);
  const editor2 = json<{ data: Comment }>(await post(admin, { body: 'by the administrator' })).data;
  assert.equal((await del(editor.cookie, editor2.id)).statusCode, 403);
  assert.equal((await del(editor.cookie, first.id, otherId)).statusCode, 404, 'a comment of another record');
  assert.equal((await del(editor.cookie, first.id)).statusCode, 200);
  assert.equal((await del(editor.cookie, first.id)).statusCode, 404);
  assert.equal((await del(owner.cookie, editor2.id)).statusCode, 200);
  assert.equal((await del(admin, second.id)).statusCode, 200);
  assert.equal(json<{ total: number }>(await call(app, 'GET', url(), { cookie: viewer.cookie })).total, 0);

  // a record in the recycle bin: its comments are out of reach
  await softDeleteRecord(handle.db, subject, otherId);
  assert.equal((await call(app, 'GET', url(otherId), { cookie: viewer.cookie })).statusCode, 404);

  const actions = (await handle.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetType, 'comment'))).map((r) => r.action);
  assert.deepEqual(actions.sort(), ['comment.create', 'comment.create', 'comment.create', 'comment.create', 'comment.delete', 'comment.delete', 'comment.delete']);
});
