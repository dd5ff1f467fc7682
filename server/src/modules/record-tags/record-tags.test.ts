/** A record's tags and categories (record-tags.service.ts): replace, unknown ids, roles, audit. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Category, Tag } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { categoriesOf } from '../categories/categories.service';
import { applicationWithMembers, insertRecord, makeSubject } from '../../test/records-support';
import { tagsOf } from '../tags/tags.service';

interface ErrorBody {
  details?: { field: string; message: string }[];
}

test('record tags and categories: editors replace the set; unknown ids name the field; viewers cannot', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie: admin } = await adminSession(app);
  const { appId, viewer, editor } = await applicationWithMembers(app, admin, 'labels');
  const subject = await makeSubject(handle.db, { applicationId: appId, key: 'risk', fields: [{ key: 'title', type: 'text' }] });
  const recordId = await insertRecord(handle.db, subject, { title: 'R-1' });
  const base = `/api/v1/applications/labels/subjects/risk/records/${recordId}`;

  const tag = async (name: string) => json<{ data: Tag }>(await call(app, 'POST', '/api/v1/tags', { cookie: admin, body: { name, color: '#1677ff' } })).data.id;
  const category = async (name: string) => json<{ data: Category }>(await call(app, 'POST', '/api/v1/categories', { cookie: admin, body: { name } })).data.id;
  const [high, open, later] = [await tag('High'), await tag('Open'), await tag('Later')];
  const [finance, it] = [await category('Finance'), await category('IT')];

  const putTags = (cookie: string, tagIds: string[], url = base) => call(app, 'PUT', `${url}/tags`, { cookie, body: { tagIds } });
  const first = await putTags(editor.cookie, [open, high, high]);
  assert.equal(first.statusCode, 200, first.body);
  assert.deepEqual(json<{ data: Tag[] }>(first).data.map((x) => x.name), ['High', 'Open']);
  const second = await putTags(editor.cookie, [later, high]);
  assert.deepEqual(json<{ data: Tag[] }>(second).data.map((x) => x.name), ['High', 'Later']);
  assert.deepEqual((await tagsOf(handle.db, { targetType: 'record', targetId: recordId })).map((x) => x.name), ['High', 'Later']);
  for (const bad of [['00000000-0000-4000-8000-000000000000'], ['not-an-id']]) {
    const res = await putTags(editor.cookie, bad);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(json<ErrorBody>(res).details?.map((d) => d.field), ['tagIds']);
  }
  assert.equal((await putTags(viewer.cookie, [])).statusCode, 403);
  assert.equal((await putTags(editor.cookie, [], `/api/v1/applications/labels/subjects/risk/records/00000000-0000-4000-8000-000000000000`)).statusCode, 404);

  const putCategories = (cookie: string, categoryIds: string[]) => call(app, 'PUT', `${base}/categories`, { cookie, body: { categoryIds } });
  const cats = await putCategories(editor.cookie, [it, finance]);
  assert.equal(cats.statusCode, 200, cats.body);
  assert.deepEqual(json<{ data: Category[] }>(cats).data.map((x) => x.name), ['Finance', 'IT']);
  assert.deepEqual(json<{ data: Category[] }>(await putCategories(admin, [it])).data.map((x) => x.name), ['IT']);
  assert.deepEqual((await categoriesOf(handle.db, { targetType: 'record', targetId: recordId })).map((x) => x.name), ['IT']);
  const badCat = await putCategories(editor.cookie, ['nope']);
  assert.deepEqual(json<ErrorBody>(badCat).details?.map((d) => d.field), ['categoryIds']);
  assert.equal((await putCategories(viewer.cookie, [])).statusCode, 403);

  const entries = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, recordId));
  assert.deepEqual(entries.map((e) => e.action).sort(), ['record.categorize', 'record.categorize', 'record.tag', 'record.tag']);
  const tagged = entries.find((e) => e.action === 'record.tag' && JSON.stringify(e.after).includes('Later'));
  assert.deepEqual([tagged?.before, tagged?.after], [{ tags: ['High', 'Open'] }, { tags: ['High', 'Later'] }]);
});
