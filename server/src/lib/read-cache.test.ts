/**
 * The read cache (lib/read-cache.ts) and its invalidation (db/cache-invalidation.ts): hits, bumps,
 * a change during a load, and a change made directly in SQL reaching the cache through the
 * database's notification (PGlite and PostgreSQL).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { adminSession, call, createTestApp, initAdmin } from '../test/helpers';
import { ReadCache } from './read-cache';

test('read cache: a value is served until the generation moves', async () => {
  const cache = new ReadCache();
  const ns = cache.namespace<number>('t');
  let loads = 0;
  const load = async () => ++loads;
  assert.equal(await ns.get('k', load), 1);
  assert.equal(await ns.get('k', load), 1);
  cache.bump();
  assert.equal(await ns.get('k', load), 2);
  ns.patch('k', (v) => v * 10);
  assert.equal(await ns.get('k', load), 20);
  assert.deepEqual({ hits: cache.stats.hits, misses: cache.stats.misses }, { hits: 2, misses: 2 });
});

test('read cache: a change during a load is not cached', async () => {
  const cache = new ReadCache();
  const ns = cache.namespace<string>('t');
  assert.equal(
    await ns.get('k', async () => {
      cache.bump();
      return 'old';
    }),
    'old',
  );
  assert.equal(await ns.get('k', async () => 'new'), 'new');
});

test('read cache: disabled, every read loads', async () => {
  const ns = new ReadCache({ enabled: false }).namespace<number>('t');
  let loads = 0;
  await ns.get('k', async () => ++loads);
  assert.equal(await ns.get('k', async () => ++loads), 2);
});

test('read cache: values expire after maxAgeMs', async () => {
  const ns = new ReadCache({ maxAgeMs: 20 }).namespace<number>('t');
  let loads = 0;
  await ns.get('k', async () => ++loads);
  await new Promise((r) => setTimeout(r, 40));
  assert.equal(await ns.get('k', async () => ++loads), 2);
});

test('cache invalidation: a change made directly in SQL, and a mutating request, bump the cache', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  await initAdmin(app);
  await new Promise((r) => setTimeout(r, 200)); // the set-up's own notifications arrive first
  const before = app.readCache.stats.bumps;
  // another process (or psql) renames a user: the trigger notifies, the listener bumps
  await handle.db.execute(sql`update users set name = 'Renamed'`);
  const deadline = Date.now() + 2000;
  while (app.readCache.stats.bumps === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  assert.ok(app.readCache.stats.bumps > before, 'the notification arrived within 2 s');
  // the touch of last_seen_at does not notify (sessions notify on DELETE only)
  const quiet = app.readCache.stats.bumps;
  await handle.db.execute(sql`update sessions set last_seen_at = now()`);
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(app.readCache.stats.bumps, quiet);
  // a mutating request that changes a cached table bumps before its response leaves (PostgreSQL:
  // the onSend hook; PGlite: the notification, delivered before the transaction settles)
  const { cookie } = await adminSession(app);
  const signedIn = app.readCache.stats.bumps;
  await call(app, 'POST', '/api/v1/auth/logout', { cookie });
  assert.ok(app.readCache.stats.bumps > signedIn);
  // a subject's change notifies too (its definition is cached)
  const beforeSubject = app.readCache.stats.bumps;
  await handle.db.execute(sql`update subjects set updated_at = now()`);
  const until = Date.now() + 2000;
  while (app.readCache.stats.bumps === beforeSubject && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  assert.ok(app.readCache.stats.bumps > beforeSubject, 'a subject change notifies');
});

test('cache invalidation on PGlite: the next read sees a change of a cached table at once, with no onSend hook', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  if (handle.raw.engine !== 'pglite') return;
  const { cookie } = await adminSession(app);
  const created = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'cachecheck', name: 'Cache check' } });
  assert.equal(created.statusCode, 201, created.body);
  const quiet = app.readCache.stats.bumps;
  await call(app, 'PATCH', '/api/v1/applications/cachecheck', { cookie, body: { name: 'Renamed' } });
  assert.ok(app.readCache.stats.bumps > quiet, 'applications is cached: the rename bumped');
  const read = await call(app, 'GET', '/api/v1/applications/cachecheck', { cookie });
  assert.equal(JSON.parse(read.body).data.name, 'Renamed');
});

test('result cache: versions per table, an epoch for the rest, a write during a run, shared runs', async () => {
  const cache = new ReadCache();
  const results = cache.results;
  let runs = 0;
  const run = async () => ({ rows: [[++runs]] });
  assert.deepEqual((await results.get('q', ['rec_a', 'rec_b'], run)).value, { rows: [[1]] });
  const again = await results.get('q', ['rec_a', 'rec_b'], run);
  assert.equal(again.hit, true);
  assert.equal(runs, 1);
  // another table's write changes nothing; one the result read makes it stale
  results.bumpTable('rec_c');
  assert.equal((await results.get('q', ['rec_a', 'rec_b'], run)).hit, true);
  results.bumpTable('rec_b');
  assert.equal((await results.get('q', ['rec_a', 'rec_b'], run)).hit, false);
  assert.equal(runs, 2);
  // the epoch (definitions, memberships…) makes everything stale
  results.bumpAll();
  assert.equal((await results.get('q', ['rec_a', 'rec_b'], run)).hit, false);
  // a write that lands while the statement runs: the answer is not kept
  const during = await results.get('w', ['rec_a'], async () => {
    results.bumpTable('rec_a');
    return { rows: [[0]] };
  });
  assert.equal(during.hit, false);
  assert.equal((await results.get('w', ['rec_a'], run)).hit, false, 'the result read before the write was not kept');
  // ten concurrent viewers of one card: one run
  const before = runs;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const slow = async () => {
    await gate;
    return run();
  };
  const all = Promise.all(Array.from({ length: 10 }, () => results.get('shared', ['rec_a'], slow)));
  release();
  const answers = await all;
  assert.equal(runs, before + 1);
  assert.equal(answers.filter((a) => !a.hit).length, 1);
  // …but a viewer who comes after a write does not share a run started before it
  let release2!: () => void;
  const gate2 = new Promise<void>((r) => (release2 = r));
  results.bumpTable('rec_a');
  const older = results.get('shared', ['rec_a'], async () => {
    await gate2;
    return run();
  });
  results.bumpTable('rec_a');
  const newer = results.get('shared', ['rec_a'], run);
  release2();
  assert.equal((await newer).hit, false);
  assert.equal((await older).hit, false);
  // disabled (the app without a cache source): always runs
  const off = new ReadCache({ enabled: false });
  await off.results.get('q', [], run);
  assert.equal((await off.results.get('q', [], run)).hit, false);
});
