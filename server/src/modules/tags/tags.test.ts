import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Tag } from '../../../../contracts';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { recyclableOf } from '../../core/recycle.registry';

interface ErrorBody {
  errorCode: string;
  details?: { field: string; message: string }[];
}

test('tags: names are unique case-insensitively among live tags; assign replaces the set; usage counts', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const make = async (name: string, color = '#1677FF') => call(app, 'POST', '/api/v1/tags', { cookie, body: { name, color } });

  const urgent = json<{ data: Tag }>(await make('Urgent')).data;
  assert.equal(urgent.color, '#1677ff');
  const dup = await make('urgent');
  assert.equal(dup.statusCode, 409);
  assert.deepEqual(json<ErrorBody>(dup).details?.map((d) => d.field), ['name']);
  const badColor = await make('Red', 'red');
  assert.deepEqual(json<ErrorBody>(badColor).details?.map((d) => d.field), ['color']);
  const review = json<{ data: Tag }>(await make('Review', '#fa8c16')).data;
  const archive = json<{ data: Tag }>(await make('Archive', '#8c8c8c')).data;
  assert.equal((await call(app, 'PATCH', `/api/v1/tags/${review.id}`, { cookie, body: { name: 'URGENT' } })).statusCode, 409);

  const assign = (targetId: string, tagIds: string[]) =>
    call(app, 'PUT', '/api/v1/tags/assign', { cookie, body: { targetType: 'variable', targetId, tagIds } });
  const first = await assign('v1', [urgent.id, review.id, urgent.id]);
  assert.equal(first.statusCode, 200);
  assert.deepEqual(json<{ data: Tag[] }>(first).data.map((x) => x.name), ['Review', 'Urgent']);
  await assign('v2', [urgent.id]);
  const replaced = await assign('v1', [archive.id, urgent.id]);
  assert.deepEqual(json<{ data: Tag[] }>(replaced).data.map((x) => x.name), ['Archive', 'Urgent']);
  const of = json<{ data: Tag[] }>(await call(app, 'GET', '/api/v1/tags/of?targetType=variable&targetId=v1', { cookie }));
  assert.deepEqual(of.data.map((x) => x.name), ['Archive', 'Urgent']);
  const unknown = await assign('v1', ['00000000-0000-4000-8000-000000000000']);
  assert.equal(unknown.statusCode, 400);
  assert.deepEqual(json<ErrorBody>(unknown).details?.map((d) => d.field), ['tagIds']);

  const byUsage = json<{ data: Tag[]; total: number }>(await call(app, 'GET', '/api/v1/tags?sort=usage:desc', { cookie }));
  assert.equal(byUsage.total, 3);
  assert.deepEqual(byUsage.data.map((x) => [x.name, x.usage]), [['Urgent', 2], ['Archive', 1], ['Review', 0]]);
  const search = json<{ data: Tag[] }>(await call(app, 'GET', '/api/v1/tags?q=arch', { cookie }));
  assert.deepEqual(search.data.map((x) => x.name), ['Archive']);

  // delete → hidden everywhere, its taggings kept; restore brings them back; a name taken meanwhile is a 409
  assert.equal((await call(app, 'DELETE', `/api/v1/tags/${urgent.id}`, { cookie })).statusCode, 200);
  const afterDelete = json<{ data: Tag[] }>(await call(app, 'GET', '/api/v1/tags/of?targetType=variable&targetId=v1', { cookie }));
  assert.deepEqual(afterDelete.data.map((x) => x.name), ['Archive']);
  await assign('v1', [archive.id]); // does not drop the deleted tag's tagging
  const other = json<{ data: Tag }>(await make('urgent')).data;
  const bin = recyclableOf('tag')!;
  await assert.rejects(handle.db.transaction((tx) => bin.restore(tx, urgent.id)), (e: { status?: number }) => e.status === 409);
  await call(app, 'DELETE', `/api/v1/tags/${other.id}`, { cookie });
  await handle.db.transaction((tx) => bin.restore(tx, urgent.id));
  const restored = json<{ data: Tag[] }>(await call(app, 'GET', '/api/v1/tags/of?targetType=variable&targetId=v1', { cookie }));
  assert.deepEqual(restored.data.map((x) => [x.name, x.usage]), [['Archive', 1], ['Urgent', 2]]);
  await handle.db.transaction((tx) => bin.purge(tx, urgent.id));
  const purged = json<{ data: Tag[] }>(await call(app, 'GET', '/api/v1/tags/of?targetType=variable&targetId=v2', { cookie }));
  assert.deepEqual(purged.data, []);
});

test('tags: any signed-in user lists tags; only administrators change them or tag objects', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const user = await userSession(app, cookie);
  assert.equal((await call(app, 'GET', '/api/v1/tags', { cookie: user.cookie })).statusCode, 200);
  assert.equal((await call(app, 'POST', '/api/v1/tags', { cookie: user.cookie, body: { name: 'x', color: '#000000' } })).statusCode, 403);
  assert.equal(
    (await call(app, 'PUT', '/api/v1/tags/assign', { cookie: user.cookie, body: { targetType: 'x', targetId: 'y', tagIds: [] } })).statusCode,
    403,
  );
});
