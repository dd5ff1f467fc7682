/**
 * The access matrix (docs/product.md "Roles"): every registered API route, called as
 * anonymous, a viewer, an editor, an owner and an administrator, answers as its spec says —
 * refused roles get 401 (anonymous) or the spec's `denyStatus` (403 by default), allowed roles
 * get neither 401 nor 403 nor a 5xx. A route without a spec in its module's `*.route-specs.ts`
 * fails the test (server/src/test/route-specs.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestApp } from './helpers';
import { buildWorld, cookieOf, loadRouteSpecs, ROLES } from './route-specs';
import { runsOnOneEngine } from './engines';

runsOnOneEngine('postgres', 'who may call which route is decided by the route guards, before any query');

test('access matrix: every API route answers each role as designed', async (t) => {
  const { app, close } = await createTestApp();
  t.after(close);
  const specs = await loadRouteSpecs();
  const keys = app.apiRoutes.map((r) => `${r.method} ${r.url}`);
  assert.deepEqual(
    keys.filter((k) => !specs[k]),
    [],
    'every API route has a spec in its module\'s *.route-specs.ts',
  );
  assert.deepEqual(
    Object.keys(specs).filter((k) => !keys.includes(k)),
    [],
    'no spec names a route that does not exist',
  );
  const world = await buildWorld(app);
  const failures: string[] = [];
  for (const key of keys) {
    const spec = specs[key];
    for (const role of ROLES) {
      const res = await spec.call(world, cookieOf(world, role), role);
      const allowed = spec.allow.includes(role);
      const expected = allowed ? 'neither 401 nor 403 nor 5xx' : String(role === 'anonymous' ? 401 : (spec.denyStatus ?? 403));
      const okay = allowed
        ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
        : res.statusCode === (role === 'anonymous' ? 401 : (spec.denyStatus ?? 403));
      if (!okay) failures.push(`${key} as ${role}: ${res.statusCode}, expected ${expected} — ${res.body.slice(0, 200)}`);
    }
  }
  assert.deepEqual(failures, []);
  t.diagnostic(`${keys.length} routes × ${ROLES.length} roles`);
});
