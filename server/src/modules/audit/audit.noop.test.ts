/**
 * No-ops (core/audit.plugin.ts): a PATCH/PUT that changes nothing writes nothing — no row change, no
 * audit entry — answers 200 with the object as it is and `unchanged: true`, and logs no error.
 * audit.routes-walk.test.ts repeats every PATCH/PUT; this test looks closer at a few.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { count } from 'drizzle-orm';
import { auditLog } from '../../db/schema';
import { adminSession, call, createTestApp, createUser, json, ownDatabasePerTest } from '../../test/helpers';

ownDatabasePerTest('the audit chain is one sequence for the whole database');

test('no-op changes: nothing written, 200 with the unchanged object and unchanged: true, no error logged', async (t) => {
  const logged: string[] = [];
  const { app, handle, close } = await createTestApp({ logger: { level: 'warn', stream: { write: (line: string) => void logged.push(line) } } });
  t.after(close);
  const { cookie } = await adminSession(app);
  const entries = async () => (await handle.db.select({ n: count() }).from(auditLog))[0].n;
  type Answer = { success: boolean; data: Record<string, unknown>; unchanged?: true };

  assert.equal((await call(app, 'POST', '/api/v1/applications', { cookie, body: { slug: 'noop', name: 'No-op', description: 'Kept' } })).statusCode, 201);
  const { user } = await createUser(app, cookie);
  const tag = json<Answer>(await call(app, 'POST', '/api/v1/tags', { cookie, body: { name: 'noop-tag', color: '#1677ff' } })).data;

  const cases: [string, string, Record<string, unknown>][] = [
    ['application', '/api/v1/applications/noop', { name: 'No-op', description: 'Kept' }],
    ['user', `/api/v1/users/${user.id}`, { name: user.name, email: user.email }],
    ['tag', `/api/v1/tags/${tag.id}`, { name: 'noop-tag', color: '#1677FF' }],
  ];
  for (const [label, url, body] of cases) {
    const before = await entries();
    logged.length = 0;
    const res = await call(app, 'PATCH', url, { cookie, body });
    assert.equal(res.statusCode, 200, `${label}: ${res.body}`);
    const answer = json<Answer>(res);
    assert.equal(answer.unchanged, true, `${label}: the answer says nothing changed`);
    for (const [k, v] of Object.entries(body)) assert.equal(String(answer.data[k]).toLowerCase(), String(v).toLowerCase(), `${label}.${k} as it is`);
    assert.equal(await entries(), before, `${label}: no audit entry`);
    assert.deepEqual(logged, [], `${label}: no error logged`);
  }

  // a real change still writes its one entry and is not flagged
  const before = await entries();
  const changed = await call(app, 'PATCH', '/api/v1/applications/noop', { cookie, body: { name: 'No-op', description: 'Changed' } });
  assert.equal(changed.statusCode, 200);
  assert.equal(json<Answer>(changed).unchanged, undefined);
  assert.equal(await entries(), before + 1);
  assert.deepEqual(logged, []);
});
