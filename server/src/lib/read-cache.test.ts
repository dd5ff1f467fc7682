/**
 * The read cache (lib/read-cache.ts) and its invalidation (db/cache-invalidation.ts): hits, bumps,
 * a change during a load, and a change made directly in SQL reaching the cache through the
 * database's notification (PGlite and PostgreSQL).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { call, createTestApp, initAdmin } from '../test/helpers';
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
  // a mutating request bumps before its response leaves
  await call(app, 'POST', '/api/v1/auth/logout');
  assert.ok(app.readCache.stats.bumps > quiet);
});
