/**
 * The reusable PGlite instance of `ownDatabasePerTest` files (test/pglite-reuse.ts): a test that
 * wrote rows, made a subject's table, changed settings and disabled a trigger leaves nothing the
 * next test sees; a test that changes the schema in a way the reset does not undo gets a new
 * instance; two apps open at once get two databases.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client';
import { adminSession, call, createTestApp, json, ownDatabasePerTest } from './helpers';
import { isAtBaseline } from './pglite-reuse';
import { runsOnOneEngine } from './engines';
import { makeSubject } from './records-support';

runsOnOneEngine('pglite', 'the reuse is PGlite-only: PostgreSQL copies its template for each test');
ownDatabasePerTest('these tests check what one test leaves for the next in a database of its own');

let firstClient: unknown;

test('reuse: a test writes rows, a subject table, a setting and turns a trigger off', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  firstClient = handle.raw.engine === 'pglite' ? handle.raw.client : undefined;
  const { cookie } = await adminSession(app);
  const created = await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'reuse', name: 'Reuse' } });
  assert.equal(created.statusCode, 201);
  const appId = json<{ data: { id: string } }>(created).data.id;
  await makeSubject(handle.db, { applicationId: appId, key: 'samples', fields: [{ key: 'title', type: 'text' }] });
  await handle.db.execute(sql`set timezone = 'Asia/Tokyo'`);
  await handle.db.execute(sql`alter table audit_log disable trigger user`);
  await handle.db.execute(sql`alter table audit_log enable trigger user`);
  assert.equal(await isAtBaseline(handle), false);
});

test('reuse: the next test starts on the same instance, back at the migrated state', async (t) => {
  const { app, handle, close } = await createTestApp();
  t.after(close);
  assert.ok(firstClient && handle.raw.engine === 'pglite' && handle.raw.client === firstClient, 'the instance is reused');
  assert.equal(await isAtBaseline(handle), true);
  const tz = rowsOf<{ TimeZone: string }>(await handle.db.execute(sql`show timezone`))[0];
  assert.notEqual(Object.values(tz)[0], 'Asia/Tokyo');
  assert.deepEqual(json(await call(app, 'GET', '/api/v1/setup/status')), { success: true, data: { initialized: false } });
});

test('reuse: a schema change the reset does not undo gets a new instance', async (t) => {
  const first = await createTestApp();
  const before = first.handle.raw.engine === 'pglite' ? first.handle.raw.client : undefined;
  await first.handle.db.execute(sql`create function reuse_probe() returns int language sql as 'select 1'`);
  await first.close();
  const { handle, close } = await createTestApp();
  t.after(close);
  assert.ok(handle.raw.engine === 'pglite' && handle.raw.client !== before, 'a new instance');
  assert.equal(await isAtBaseline(handle), true);
});

test('reuse: two apps open at once have two databases', async (t) => {
  const a = await createTestApp();
  t.after(a.close);
  const b = await createTestApp();
  t.after(b.close);
  await adminSession(a.app);
  assert.deepEqual(json(await call(b.app, 'GET', '/api/v1/setup/status')), { success: true, data: { initialized: false } });
});
