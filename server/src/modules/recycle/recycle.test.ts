/**
 * The recycle bin: list across types, restore with the relations, purge with them,
 * retention setting and the scheduler's retention run — over the real `tags` table through the
 * test Recyclable (recycle.test-support.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asc, eq, gt } from 'drizzle-orm';
import type { RecycleEntry } from '../../../../contracts';
import { auditLog, recycleBin, settings, taggings, tags } from '../../db/schema';
import { registerHousekeepingKinds } from '../../ops/scheduler';
import { runTaskNow } from '../tasks/tasks.engine';
import { adminSession, call, createTestApp, json, userSession, ownDatabasePerTest } from '../../test/helpers';
import { moveToRecycleBin, registerRecyclable } from '../../core/recycle.registry';
import { purgeExpired } from './recycle.service';
import { binnedTestTag, TEST_TAG_TYPE } from './recycle.test-support';

ownDatabasePerTest('the recycle bin\'s retention is one setting and its list spans the whole database');

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const DAY = 24 * 60 * 60 * 1000;

async function setup() {
  const ctx = await createTestApp();
  const admin = await adminSession(ctx.app);
  const actor = { id: admin.user.id, label: 'admin@example.com' };
  const list = async (query = '') => {
    const res = await call(ctx.app, 'GET', `/api/v1/recycle${query}`, { cookie: admin.cookie });
    assert.equal(res.statusCode, 200, res.body);
    return json<{ data: RecycleEntry[]; total: number }>(res);
  };
  let lastSeq = 0;
  const newEntries = async () => {
    const rows = await ctx.handle.db.select().from(auditLog).where(gt(auditLog.seq, lastSeq)).orderBy(asc(auditLog.seq));
    if (rows.length) lastSeq = rows[rows.length - 1].seq;
    return rows;
  };
  await newEntries();
  return { ...ctx, cookie: admin.cookie, actor, list, newEntries };
}

test('recycle bin: lists every type newest first, filters by type and label, pages', async (t) => {
  const { handle, close, actor, list } = await setup();
  t.after(close);
  await binnedTestTag(handle.db, 'alpha', { actor, deletedAt: new Date(Date.now() - 3 * DAY) });
  await binnedTestTag(handle.db, 'beta', { actor, deletedAt: new Date(Date.now() - 1 * DAY) });
  await handle.db.transaction((tx) => moveToRecycleBin(tx, { type: 'other', id: 'x1', label: 'Other thing', actorId: null, actorLabel: 'shell' }));

  const all = await list();
  assert.equal(all.total, 3);
  assert.deepEqual(all.data.map((e) => e.label), ['Other thing', 'beta', 'alpha']);
  assert.equal(all.data[1].deletedByLabel, 'admin@example.com');
  assert.equal(all.data[1].deletedBy, actor.id);
  assert.deepEqual((await list('?sort=deletedAt:asc')).data.map((e) => e.label), ['alpha', 'beta', 'Other thing']);
  assert.deepEqual((await list(`?type=${TEST_TAG_TYPE}`)).data.map((e) => e.label), ['beta', 'alpha']);
  assert.deepEqual((await list('?q=ALP')).data.map((e) => e.label), ['alpha']);
  assert.deepEqual((await list('?q=shell')).data.map((e) => e.label), ['Other thing'], 'q also searches who deleted it');
  const p2 = await list('?pageSize=2&current=2');
  assert.equal(p2.total, 3);
  assert.deepEqual(p2.data.map((e) => e.label), ['alpha']);
});

test('recycle bin: restore brings the tag back with its taggings, one recycle.restore entry; 404s; 409 on a clash', async (t) => {
  const { app, handle, close, actor, cookie, list, newEntries } = await setup();
  t.after(close);
  const id = await binnedTestTag(handle.db, 'Urgent', { actor, targets: [{ type: 'user', id: 'u1' }, { type: 'record', id: 'r9' }] });
  await newEntries();

  const res = await call(app, 'POST', `/api/v1/recycle/${TEST_TAG_TYPE}/${id}/restore`, { cookie });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(json<{ data: RecycleEntry }>(res).data.label, 'Urgent');
  const [tag] = await handle.db.select().from(tags).where(eq(tags.id, id));
  assert.equal(tag.deletedAt, null);
  assert.equal(tag.deletedBy, null);
  assert.equal((await handle.db.select().from(taggings).where(eq(taggings.tagId, id))).length, 2, 'the relations come back with it');
  assert.equal((await list()).total, 0);
  const entries = await newEntries();
  assert.deepEqual(entries.map((e) => [e.action, e.targetType, e.targetId, e.actorLabel]), [['recycle.restore', TEST_TAG_TYPE, id, 'admin@example.com']]);
  assert.equal((entries[0].before as { label: string }).label, 'Urgent');

  assert.equal((await call(app, 'POST', `/api/v1/recycle/${TEST_TAG_TYPE}/${id}/restore`, { cookie })).statusCode, 404, 'no longer in the bin');
  const unknown = await call(app, 'POST', `/api/v1/recycle/nosuchtype/${id}/restore`, { cookie, headers: { 'accept-language': 'en-US' } });
  assert.equal(unknown.statusCode, 404);
  assert.equal(json<{ errorMessage: string }>(unknown).errorMessage, 'The recycle bin has no such type of object');
  assert.equal((await call(app, 'DELETE', `/api/v1/recycle/nosuchtype/${id}`, { cookie })).statusCode, 404);
  assert.equal((await call(app, 'POST', `/api/v1/recycle/BAD%20TYPE/${id}/restore`, { cookie })).statusCode, 400);

  // a live tag took the name meanwhile: 409, nothing changes
  const again = await binnedTestTag(handle.db, 'clash', { actor });
  await handle.db.insert(tags).values({ name: 'CLASH', color: '#000000' });
  await newEntries();
  const clash = await call(app, 'POST', `/api/v1/recycle/${TEST_TAG_TYPE}/${again}/restore`, { cookie, headers: { 'accept-language': 'en-US' } });
  assert.equal(clash.statusCode, 409);
  assert.equal(json<{ errorMessage: string }>(clash).errorMessage, 'Cannot restore: an object named “clash” already exists');
  assert.equal((await list()).total, 1, 'still in the bin');
  assert.deepEqual(await newEntries(), [], 'a refused restore writes nothing');
});

test('recycle bin: purge deletes the tag and its taggings for good, one recycle.purge entry; only administrators', async (t) => {
  const { app, handle, close, actor, cookie, list, newEntries } = await setup();
  t.after(close);
  const id = await binnedTestTag(handle.db, 'gone', { actor, targets: [{ type: 'user', id: 'u1' }] });
  await newEntries();
  const member = await userSession(app, cookie);
  await newEntries();
  assert.equal((await call(app, 'DELETE', `/api/v1/recycle/${TEST_TAG_TYPE}/${id}`, { cookie: member.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/recycle', { cookie: member.cookie })).statusCode, 403);
  assert.equal((await call(app, 'GET', '/api/v1/recycle')).statusCode, 401);

  const res = await call(app, 'DELETE', `/api/v1/recycle/${TEST_TAG_TYPE}/${id}`, { cookie });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal((await handle.db.select().from(tags).where(eq(tags.id, id))).length, 0);
  assert.equal((await handle.db.select().from(taggings).where(eq(taggings.tagId, id))).length, 0, 'relations purged by cascade');
  assert.equal((await list()).total, 0);
  assert.deepEqual((await newEntries()).map((e) => [e.action, e.targetId]), [['recycle.purge', id]]);
  assert.equal((await call(app, 'DELETE', `/api/v1/recycle/${TEST_TAG_TYPE}/${id}`, { cookie })).statusCode, 404);
});

test('recycle retention: read, set (audited, 400 out of range), and the daily run purges what is older, one system entry', async (t) => {
  const { app, handle, close, actor, cookie, list, newEntries } = await setup();
  t.after(close);
  const retention = async () => json<{ data: { days: number } }>(await call(app, 'GET', '/api/v1/recycle/retention', { cookie })).data.days;
  assert.equal(await retention(), 0, 'keep forever by default');

  const old1 = await binnedTestTag(handle.db, 'old-1', { actor, deletedAt: new Date(Date.now() - 40 * DAY), targets: [{ type: 'user', id: 'u1' }] });
  const old2 = await binnedTestTag(handle.db, 'old-2', { actor, deletedAt: new Date(Date.now() - 31 * DAY) });
  const fresh = await binnedTestTag(handle.db, 'fresh', { actor, deletedAt: new Date(Date.now() - 2 * DAY) });
  await handle.db.transaction((tx) => moveToRecycleBin(tx, { type: 'unhandled', id: 'z', label: 'no handler', actorId: null, actorLabel: null }));
  await handle.db.update(recycleBin).set({ deletedAt: new Date(Date.now() - 90 * DAY) }).where(eq(recycleBin.targetId, 'z'));
  await newEntries();

  registerHousekeepingKinds({ signingKey: null, log: quiet });
  assert.deepEqual(await runTaskNow(handle.db, 'recycle.purge-expired'), { retentionDays: 0, purged: 0, skipped: 0 }, 'retention 0: nothing purged');
  assert.deepEqual(await newEntries(), [], 'no entry when nothing was purged');

  for (const days of [-1, 3651, 1.5]) {
    const bad = await call(app, 'PUT', '/api/v1/recycle/retention', { cookie, body: { days } });
    assert.equal(bad.statusCode, 400);
    assert.equal(json<{ details: { field: string }[] }>(bad).details[0].field, 'days');
  }
  const put = await call(app, 'PUT', '/api/v1/recycle/retention', { cookie, body: { days: 30 } });
  assert.equal(put.statusCode, 200, put.body);
  assert.equal(await retention(), 30);
  const [row] = await handle.db.select().from(settings).where(eq(settings.key, 'recycle.retentionDays'));
  assert.equal(row.value, 30);
  assert.equal(row.updatedBy, actor.id);
  const set = await newEntries();
  assert.deepEqual(set.map((e) => [e.action, e.before, e.after]), [['recycle.retention', { days: 0 }, { days: 30 }]]);

  assert.deepEqual(await runTaskNow(handle.db, 'recycle.purge-expired'), { retentionDays: 30, purged: 2, skipped: 1 });
  const remaining = (await list('?pageSize=100')).data.map((e) => e.targetId).sort();
  assert.deepEqual(remaining, [fresh, 'z'].sort(), 'the fresh one and the one without a handler stay');
  assert.equal((await handle.db.select().from(tags).where(eq(tags.id, old1))).length, 0);
  assert.equal((await handle.db.select().from(tags).where(eq(tags.id, old2))).length, 0);
  assert.equal((await handle.db.select().from(taggings).where(eq(taggings.tagId, old1))).length, 0);
  const run = await newEntries();
  assert.equal(run.length, 1, 'one entry per run');
  assert.equal(run[0].action, 'recycle.purge');
  assert.equal(run[0].actorLabel, 'system');
  assert.equal(run[0].actorId, null);
  assert.deepEqual((run[0].details as { purged: number; byType: Record<string, number> }).byType, { [TEST_TAG_TYPE]: 2 });
  assert.deepEqual(await purgeExpired(handle.db), { retentionDays: 30, purged: 0, byType: {}, skipped: 1, errors: [] });
  assert.deepEqual(await newEntries(), []);
});

test('recycle retention: a handler that fails skips that object only (savepoint), the others are purged', async (t) => {
  const { handle, close, actor, newEntries } = await setup();
  t.after(close);
  registerRecyclable({
    type: 'flaky',
    restore: async () => undefined,
    purge: async (tx) => {
      await tx.insert(tags).values({ name: 'side effect', color: '#000000' });
      throw new Error('flaky purge');
    },
  });
  const old = new Date(Date.now() - 10 * DAY);
  const doomed = await binnedTestTag(handle.db, 'doomed', { actor, deletedAt: old });
  await handle.db.transaction((tx) => moveToRecycleBin(tx, { type: 'flaky', id: 'f1', label: 'flaky', actorId: null, actorLabel: null }));
  await handle.db.update(recycleBin).set({ deletedAt: old }).where(eq(recycleBin.type, 'flaky'));
  await handle.db.insert(settings).values({ key: 'recycle.retentionDays', value: 7 });
  await newEntries();
  const run = await purgeExpired(handle.db);
  assert.equal(run.purged, 1);
  assert.equal(run.skipped, 1);
  assert.equal(run.errors[0].error, 'flaky purge');
  assert.equal((await handle.db.select().from(tags).where(eq(tags.id, doomed))).length, 0);
  assert.equal((await handle.db.select().from(tags).where(eq(tags.name, 'side effect'))).length, 0, "the failed handler's writes rolled back");
  assert.equal((await newEntries()).length, 1);
});
