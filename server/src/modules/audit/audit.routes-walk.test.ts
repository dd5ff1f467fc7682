/**
 * "Every mutating route writes exactly one audit entry" (docs/product.md "API conventions"):
 * walks `app.mutatingRoutes` (every POST/PUT/PATCH/DELETE under /api, registered with its declared
 * `config.audit`), runs each route's `audit` scenario (its module's `*.route-specs.ts`, see
 * server/src/test/route-specs.ts) once successfully, and checks that exactly one entry was
 * appended, with one of the declared actions. A new mutating route without a scenario fails.
 * Every PATCH/PUT is then asked the same change again (its scenario's `noop`, by default `run`
 * once more): a no-op is a declared outcome — 2xx, `unchanged: true`, no entry, no error logged
 * (core/audit.plugin.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asc, gt } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '../../../../contracts';
import { auditLog } from '../../db/schema';
import { call, createTestApp, DEFAULT_PASSWORD, json, ownDatabasePerTest } from '../../test/helpers';
import { buildWorld, loadRouteSpecs, type World } from '../../test/route-specs';
import { verifyChain } from './audit.service';
import { runsOnOneEngine } from '../../test/engines';

runsOnOneEngine('postgres', 'that every write route records an audit entry is the routes\' code; the audit chain itself runs on both engines (audit.test.ts)');

ownDatabasePerTest('the walk starts from first-run setup and counts every audit entry of the database');

test('audit: every mutating route declares its actions and a successful call writes exactly one entry', async (t) => {
  const logged: string[] = [];
  const { app, handle, close } = await createTestApp({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } });
  t.after(close);
  const specs = await loadRouteSpecs();
  const routes = app.mutatingRoutes.map((r) => `${r.method} ${r.url}`);
  const missing = routes.filter((key) => !specs[key]?.audit);
  assert.deepEqual(missing, [], 'every mutating route has an audit scenario in its module\'s *.route-specs.ts');
  const stale = Object.keys(specs).filter((key) => specs[key].audit && !routes.includes(key));
  assert.deepEqual(stale, [], 'no audit scenario names a route that does not exist');
  for (const route of app.mutatingRoutes) {
    if (route.audit === false) continue;
    for (const action of route.audit) assert.ok((AUDIT_ACTIONS as readonly string[]).includes(action), `${action} is listed in AUDIT_ACTIONS`);
  }

  let lastSeq = 0;
  /** The entries appended since the previous check. */
  const newEntries = async () => {
    const rows = await handle.db.select().from(auditLog).where(gt(auditLog.seq, lastSeq)).orderBy(asc(auditLog.seq));
    if (rows.length) lastSeq = rows[rows.length - 1].seq;
    return rows;
  };

  // setup first (empty database), then the world the other scenarios need
  const bare = { app } as World;
  const init = await specs['POST /api/v1/setup/init'].audit!.run(bare, undefined);
  assert.equal(init.statusCode, 201);
  assert.deepEqual((await newEntries()).map((e) => e.action), ['setup.init']);
  const world = await buildWorld(app, { user: json<{ data: { id: string } }>(init).data, email: 'admin@example.com', password: DEFAULT_PASSWORD });
  await newEntries();

  let noops = 0;
  for (const route of app.mutatingRoutes) {
    const key = `${route.method} ${route.url}`;
    if (key === 'POST /api/v1/setup/init') continue;
    const scenario = specs[key].audit!;
    const prepared = scenario.prepare ? await scenario.prepare(world) : undefined;
    await newEntries();
    const res = await scenario.run(world, prepared);
    assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${key}: ${res.statusCode} ${res.body}`);
    const entries = await newEntries();
    if (route.audit === false) {
      assert.equal(entries.length, 0, `${key} writes no entry`);
      continue;
    }
    assert.equal(entries.length, 1, `${key} wrote ${entries.map((e) => e.action).join(', ') || 'nothing'}`);
    assert.ok(route.audit.includes(entries[0].action), `${key} wrote ${entries[0].action}, declared ${route.audit.join(', ')}`);
    // a download (POST /deploy/export answers the package zip) has no envelope to flag
    if (res.statusCode !== 204 && /json/.test(String(res.headers['content-type'])))
      assert.equal(json<{ unchanged?: boolean }>(res).unchanged, undefined, `${key}: a change is not flagged unchanged`);
    if (route.method !== 'PATCH' && route.method !== 'PUT') continue;
    // the same change again changes nothing: no entry, a clear answer, no error logged
    logged.length = 0;
    const again = await (scenario.noop ?? scenario.run)(world, prepared);
    assert.ok(again.statusCode >= 200 && again.statusCode < 300, `${key} again: ${again.statusCode} ${again.body}`);
    assert.deepEqual((await newEntries()).map((e) => e.action), [], `${key} again writes no entry`);
    assert.equal(json<{ unchanged?: boolean }>(again).unchanged, true, `${key} again answers unchanged: true`);
    assert.deepEqual(logged, [], `${key} again logs no error`);
    noops += 1;
  }
  assert.ok(noops >= 20, `${noops} no-ops walked`);
  assert.deepEqual(logged, []);
  assert.equal((await verifyChain(handle.db)).intact, true);
  assert.equal(json<{ success: boolean }>(await call(app, 'GET', '/api/v1/audit/verify', { cookie: world.users.admin.cookie })).success, true);
});

test('audit: a mutating route without config.audit stops the app from building', async () => {
  await assert.rejects(
    createTestApp({
      beforeReady: (a) => {
        a.post('/api/v1/test-undeclared', async () => ({ ok: true }));
      },
    }),
    /POST \/api\/v1\/test-undeclared must declare config\.audit/,
  );
});
