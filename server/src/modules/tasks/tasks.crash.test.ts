/**
 * Crash recovery of a chunked task (docs/tasks.md "Crash recovery"), on the engine of the run
 * (PGlite data folder, or a PostgreSQL database when TEST_DATABASE_URL is set): the real server
 * (`node --import tsx server/src/index.ts`, its task engine on) runs an import of 12,000 rows —
 * the `imports.run` kind, 12 chunks of 1,000 — and is killed with SIGKILL once a few chunks have
 * committed; a new server on the same data requeues the dead process's task at start (PGlite
 * always, PostgreSQL with TASKS_SINGLE_PROCESS=true) and the retried attempt resumes from the
 * batch's last committed chunk: every row of the file is in the subject exactly once (the code
 * column is not unique, so a chunk written twice would show), the auto numbers are all distinct,
 * and the task is done after two attempts whose log says where the second resumed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { childApi, childSignIn, startChildServer as startServer, type ChildServer } from '../../test/child-server';
import { createEngineDatabase } from '../../test/helpers';

const PASSWORD = 'Crash-test-2026';
const ROWS = 12_000;

const api = childApi;
const signIn = (server: ChildServer) => childSignIn(server, 'admin@example.com', PASSWORD);

interface Batch {
  id: string;
  status: string;
  processed: number;
  total: number;
  inserted: number;
  mapping: Record<string, string | null>;
}
interface TaskRow {
  id: string;
  state: string;
  attempts: number;
  progressDone: number;
  progressTotal: number | null;
}

test(
  'tasks crash: kill -9 in the middle of an import task, restart — it resumes from its last committed chunk, each row written once',
  { timeout: 180_000 },
  async (t) => {
    const { env } = await createEngineDatabase(t);
    const first = await startServer(env);
    t.after(() => first.child.kill('SIGKILL'));
    assert.equal(
      (await api(first, 'POST', '/setup/init', { body: { name: 'Admin', email: 'admin@example.com', password: PASSWORD } }))
        .status,
      201,
    );
    const cookie = await signIn(first);
    assert.equal((await api(first, 'POST', '/applications', { cookie, body: { slug: 'crash', name: 'Crash' } })).status, 201);
    const fields = [
      { key: 'ref', name: 'Ref', type: 'autoNumber', options: { prefix: 'R-', padding: 6 } },
      { key: 'code', name: 'Code', type: 'text', options: {} },
      { key: 'title', name: 'Title', type: 'text', options: {} },
    ];
    const made = await api(first, 'POST', '/applications/crash/subjects', {
      cookie,
      body: { key: 'items', name: 'Items', displayField: 'title', fields },
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));

    const lines = ['code,title'];
    for (let i = 0; i < ROWS; i += 1) lines.push(`K-${i},Item ${i}`);
    const form = new FormData();
    form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'crash.csv');
    const up = await api<{ data: { batch: Batch } }>(first, 'POST', '/applications/crash/subjects/items/imports', {
      cookie,
      body: form,
    });
    assert.equal(up.status, 201, JSON.stringify(up.body));
    const batch = up.body.data.batch;
    // the dry run first (a run with its settings does not check again): `running` is then the task's
    const checked = await api<{ data: Batch }>(first, 'POST', `/imports/${batch.id}/check`, {
      cookie,
      body: { mapping: batch.mapping },
    });
    assert.equal(checked.status, 200, JSON.stringify(checked.body));

    // the run's request waits for its task; the server dies under it
    const running = api(first, 'POST', `/imports/${batch.id}/run`, { cookie, body: { mapping: batch.mapping } }).catch(
      () => undefined,
    );
    const get = async (server: ChildServer, c: string) =>
      (await api<{ data: Batch }>(server, 'GET', `/imports/${batch.id}`, { cookie: c })).body.data;
    let before = 0;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const b = await get(first, cookie);
      if (b.status === 'running' && b.processed >= 3000) {
        before = b.processed;
        break;
      }
      assert.notEqual(b.status, 'done', 'the run finished before it could be killed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    await running;
    assert.ok(before >= 3000 && before < ROWS, `killed after ${before} rows`);

    // the same data; on PostgreSQL the new server says it is the only one (its engine requeues at start)
    const second = await startServer({ ...env, TASKS_SINGLE_PROCESS: 'true' });
    t.after(() => second.child.kill('SIGKILL'));
    const cookie2 = await signIn(second);
    let after: Batch | undefined;
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      after = await get(second, cookie2);
      if (after.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    assert.deepEqual([after?.status, after?.inserted], ['done', ROWS], second.output());

    // the task: two attempts, the second resumed after a committed chunk at or past where the first was seen
    const list = await api<{ data: TaskRow[] }>(second, 'GET', '/tasks?kind=imports.run&pageSize=10', { cookie: cookie2 });
    assert.equal(list.body.data.length, 1);
    const task = list.body.data[0];
    assert.deepEqual([task.state, task.attempts], ['done', 2]);
    const logs = await api<{ data: { message: string; data: { processed?: number } | null }[] }>(
      second,
      'GET',
      `/tasks/${task.id}/logs?pageSize=100`,
      { cookie: cookie2 },
    );
    const resumed = logs.body.data.find((l) => l.message.startsWith('resuming after'));
    assert.ok(resumed, logs.body.data.map((l) => l.message).join(' | '));
    const at = resumed.data!.processed!;
    assert.ok(at >= before && at % 1000 === 0 && at < ROWS, `resumed after ${at} rows (seen ${before} before the kill)`);
    assert.ok(logs.body.data.some((l) => l.message.startsWith('the process running this task stopped')));

    // every row once: as many records as rows (paged through: the list's total is capped), every code and every auto number distinct
    const codes = new Set<string>();
    const refs = new Set<string>();
    let total = 0;
    for (let cursor = ''; ;) {
      const page = await api<{ data: { values: { code: string; ref: string } }[]; total: number; nextCursor: string | null }>(
        second,
        'GET',
        `/applications/crash/subjects/items/records?pageSize=200&sort=code:asc${cursor}`,
        { cookie: cookie2 },
      );
      for (const r of page.body.data) {
        total += 1;
        codes.add(r.values.code);
        refs.add(r.values.ref);
      }
      if (!page.body.nextCursor) break;
      cursor = `&cursor=${encodeURIComponent(page.body.nextCursor)}`;
    }
    assert.deepEqual([total, codes.size, refs.size], [ROWS, ROWS, ROWS]);
  },
);
