import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { openDatabase } from './client';
import { defaultMigrationsFolder, migrateDatabase } from './migrate';
import { applications, memberships, users } from './schema';
import { DEMO_APP_SLUG, seedDemoData } from './seed';

test('migrate: the committed migrations apply on a fresh PGlite data dir, and re-opening keeps the data', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assay-data-'));
  t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  assert.ok(fs.existsSync(path.join(defaultMigrationsFolder(), 'meta', '_journal.json')));

  const first = await openDatabase({ dataDir });
  assert.equal(first.engine, 'pglite');
  assert.equal(first.description, `PGlite in ${path.join(dataDir, 'db')}`);
  await migrateDatabase(first);
  await first.db.insert(users).values({ email: 'keep@example.com', name: 'Keep', passwordHash: 'x' });
  await first.close();
  assert.ok(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION')), 'PGlite wrote its files in <dataDir>/db');

  const second = await openDatabase({ dataDir });
  t.after(() => second.close());
  await migrateDatabase(second); // a second run applies nothing and keeps the data
  const rows = await second.db.select().from(users);
  assert.deepEqual(rows.map((r) => r.email), ['keep@example.com']);
  assert.equal(second.raw.engine, 'pglite');
  if (second.raw.engine !== 'pglite') return;
  const applied = await second.raw.client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  const journal = JSON.parse(fs.readFileSync(path.join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  assert.equal(applied.rows[0].n, journal.entries.length);

  // the schema's checks hold
  await assert.rejects(second.db.insert(users).values({ email: 'UPPER@example.com', name: 'U', passwordHash: 'x' }));
  await assert.rejects(second.db.insert(users).values({ email: 'keep@example.com', name: 'Dup', passwordHash: 'x' }));
});

test('seed: the demo data has the admin, two auditors and the demo workspace', async (t) => {
  const handle = await openDatabase({ memory: true });
  t.after(() => handle.close());
  await migrateDatabase(handle);
  await seedDemoData(handle.db);
  await seedDemoData(handle.db); // idempotent
  const all = await handle.db.select().from(users);
  assert.deepEqual(all.map((u) => [u.email, u.isAdmin]).sort(), [
    ['admin@assay.local', true],
    ['auditor@assay.local', false],
    ['viewer@assay.local', false],
  ]);
  const [demo] = await handle.db.select().from(applications);
  assert.equal(demo.slug, DEMO_APP_SLUG);
  assert.equal(demo.name, '示例审计工作区');
  const roles = await handle.db.select().from(memberships);
  const byUser = new Map(all.map((u) => [u.id, u.email]));
  assert.deepEqual(roles.map((m) => [byUser.get(m.userId), m.role]).sort(), [
    ['admin@assay.local', 'owner'],
    ['auditor@assay.local', 'editor'],
    ['viewer@assay.local', 'viewer'],
  ]);
});
