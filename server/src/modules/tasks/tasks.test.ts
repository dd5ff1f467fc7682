/**
 * The durable tasks on pg-boss (both engines): a task runs to done with progress and logs, a
 * failing handler retries with backoff then fails, cancel stops a running handler at its next
 * chunk, a singleton key merges a second start, the live stream, access and audit entries; and the
 * committed pg-boss migration still matches the installed pg-boss.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type { Task, TaskLog } from '../../../../contracts';
import { auditLog, tasks } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { startTaskEngine, type TaskEngine } from './tasks.engine';
import { pgBossMigrationSql } from './tasks.pgboss-migration';
import { registerTaskKind } from './tasks.registry';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

registerTaskKind(
  'test.chunks',
  async ({ task, progress, log, isCancelled }) => {
    const { n, sleepMs } = task.input as { n: number; sleepMs?: number };
    let done = 0;
    for (; done < n; done += 1) {
      if (await isCancelled()) break;
      await progress(done + 1, n, `chunk ${done + 1}`);
      await log('info', `chunk ${done + 1} of ${n}`, { chunk: done + 1 });
      if (sleepMs) await sleep(sleepMs);
    }
    return { chunks: done };
  },
  { manual: true, retryLimit: 0 },
);
registerTaskKind(
  'test.fails',
  async ({ log }) => {
    await log('info', 'trying');
    throw new Error('boom');
  },
  { manual: true, retryLimit: 1, retryDelaySeconds: 1 },
);

async function setup() {
  const ctx = await createTestApp();
  const admin = await adminSession(ctx.app);
  const engine = await startTaskEngine(ctx.app.db, {
    log: quiet,
    pollingIntervalSeconds: 0.5,
    schedule: false,
    supervise: false,
  });
  const start = async (body: object) => {
    const res = await call(ctx.app, 'POST', '/api/v1/tasks', { cookie: admin.cookie, body });
    assert.ok(res.statusCode === 201 || res.statusCode === 200, res.body);
    return json<{ data: { task: Task; merged: boolean } }>(res).data;
  };
  const get = async (id: string) =>
    json<{ data: Task }>(await call(ctx.app, 'GET', `/api/v1/tasks/${id}`, { cookie: admin.cookie })).data;
  const waitFor = async (id: string, ok: (t: Task) => boolean, ms = 20_000) => {
    const until = Date.now() + ms;
    for (;;) {
      const t = await get(id);
      if (ok(t)) return t;
      if (Date.now() > until) throw new Error(`task ${id} still ${t.state} (${t.progressDone}/${t.progressTotal})`);
      await sleep(100);
    }
  };
  const logs = async (id: string) =>
    json<{ data: TaskLog[]; total: number }>(
      await call(ctx.app, 'GET', `/api/v1/tasks/${id}/logs?pageSize=100`, { cookie: admin.cookie }),
    );
  const audits = (id: string) => ctx.handle.db.select().from(auditLog).where(eq(auditLog.targetId, id));
  const close = async () => {
    await engine.stop(2000);
    await ctx.close();
  };
  return { ...ctx, admin, start, get, waitFor, logs, audits, close };
}

test('tasks: a task runs to done with progress and logs; listed, filtered, streamed; its start audited', async (t) => {
  const s = await setup();
  t.after(s.close);
  const { task } = await s.start({ kind: 'test.chunks', input: { n: 3 } });
  assert.equal(task.state, 'queued');
  assert.equal(task.startedBy, s.admin.user.id);
  const done = await s.waitFor(task.id, (x) => x.state === 'done');
  assert.deepEqual([done.progressDone, done.progressTotal, done.progressMessage], [3, 3, 'chunk 3']);
  assert.deepEqual(done.result, { chunks: 3 });
  assert.equal(done.attempts, 1);
  assert.ok(done.startedAt && done.finishedAt);
  const lines = await s.logs(task.id);
  assert.deepEqual(
    lines.data.map((l) => l.message),
    ['attempt 1 started', 'chunk 1 of 3', 'chunk 2 of 3', 'chunk 3 of 3', 'done'],
  );
  assert.deepEqual(lines.data[1].data, { chunk: 1 });
  const page2 = json<{ data: TaskLog[]; total: number }>(
    await call(s.app, 'GET', `/api/v1/tasks/${task.id}/logs?after=${lines.data[2].id}`, { cookie: s.admin.cookie }),
  );
  assert.deepEqual(
    page2.data.map((l) => l.message),
    ['chunk 3 of 3', 'done'],
  );

  const list = json<{ data: Task[]; total: number }>(
    await call(s.app, 'GET', `/api/v1/tasks?kind=test.chunks&state=done&startedBy=${s.admin.user.id}`, {
      cookie: s.admin.cookie,
    }),
  );
  assert.ok(list.data.some((x) => x.id === task.id));
  const none = json<{ total: number }>(
    await call(s.app, 'GET', `/api/v1/tasks?kind=test.chunks&since=${new Date(Date.now() + 60_000).toISOString()}`, {
      cookie: s.admin.cookie,
    }),
  );
  assert.equal(none.total, 0);

  const stream = await call(s.app, 'GET', `/api/v1/tasks/${task.id}/stream`, { cookie: s.admin.cookie });
  assert.equal(stream.statusCode, 200);
  assert.match(String(stream.headers['content-type']), /text\/event-stream/);
  assert.equal((stream.body.match(/^event: log$/gm) ?? []).length, 5);
  assert.match(stream.body, /event: end\ndata: {"state":"done"}/);

  const entries = await s.audits(task.id);
  assert.deepEqual(
    entries.map((e) => e.action),
    ['task.start'],
  );
  assert.equal(entries[0].actorId, s.admin.user.id);
});

test('tasks: a failing handler is retried with backoff, then fails; a retry by hand queues it again', async (t) => {
  const s = await setup();
  t.after(s.close);
  const { task } = await s.start({ kind: 'test.fails' });
  const failed = await s.waitFor(task.id, (x) => x.state === 'failed', 30_000);
  assert.equal(failed.attempts, 2, 'one retry');
  assert.equal(failed.error, 'boom');
  const lines = (await s.logs(task.id)).data;
  const starts = lines.filter((l) => /^attempt \d started$/.test(l.message));
  assert.equal(starts.length, 2);
  const firstFail = lines.find((l) => l.message === 'attempt 1 failed; retrying')!;
  assert.ok(firstFail, 'the first failure says it will retry');
  assert.ok(lines.some((l) => l.message === 'attempt 2 failed'));
  const gap = new Date(starts[1].at).getTime() - new Date(firstFail.at).getTime();
  assert.ok(gap >= 900, `the retry waited its delay (${gap} ms)`);

  const retried = await call(s.app, 'POST', `/api/v1/tasks/${task.id}/retry`, { cookie: s.admin.cookie });
  assert.equal(retried.statusCode, 200, retried.body);
  assert.equal(json<{ data: Task }>(retried).data.state, 'queued');
  const again = await call(s.app, 'POST', `/api/v1/tasks/${task.id}/retry`, { cookie: s.admin.cookie });
  assert.equal(again.statusCode, 409, 'a queued or running task is not retried');
  await s.waitFor(task.id, (x) => x.state === 'failed' && x.attempts === 4, 30_000);
  assert.deepEqual(
    (await s.audits(task.id)).map((e) => e.action),
    ['task.start', 'task.retry'],
  );
});

test('tasks: cancel stops a running handler at its next chunk; a queued one at once; a finished one is refused', async (t) => {
  const s = await setup();
  t.after(s.close);
  const { task } = await s.start({ kind: 'test.chunks', input: { n: 1000, sleepMs: 30 } });
  await s.waitFor(task.id, (x) => x.state === 'running' && x.progressDone >= 2);
  const res = await call(s.app, 'POST', `/api/v1/tasks/${task.id}/cancel`, { cookie: s.admin.cookie });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(json<{ data: Task }>(res).data.cancelRequested, true);
  const twice = await call(s.app, 'POST', `/api/v1/tasks/${task.id}/cancel`, { cookie: s.admin.cookie });
  assert.equal(twice.statusCode, 200);
  assert.equal(json<{ unchanged?: boolean }>(twice).unchanged, true);
  const cancelled = await s.waitFor(task.id, (x) => x.state === 'cancelled');
  assert.ok(cancelled.progressDone < 1000, `stopped early (${cancelled.progressDone})`);
  const messages = (await s.logs(task.id)).data.map((l) => l.message);
  assert.ok(messages.includes('cancel requested'));
  assert.equal(messages.at(-1), 'cancelled: stopped at a chunk boundary');
  const after = (await s.get(task.id)).progressDone;
  await sleep(300);
  assert.equal((await s.get(task.id)).progressDone, after, 'no chunk after the cancel');
  assert.equal((await call(s.app, 'POST', `/api/v1/tasks/${task.id}/cancel`, { cookie: s.admin.cookie })).statusCode, 409);
  assert.deepEqual(
    (await s.audits(task.id)).map((e) => e.action),
    ['task.start', 'task.cancel'],
  );

  // queued, never run: stopped before any worker takes it
  await s.close();
  const later = await setupWithoutEngine();
  t.after(later.close);
  const { task: queued } = await later.start({ kind: 'test.chunks', input: { n: 1 } });
  const c = await call(later.app, 'POST', `/api/v1/tasks/${queued.id}/cancel`, { cookie: later.cookie });
  assert.equal(json<{ data: Task }>(c).data.state, 'cancelled');
});

async function setupWithoutEngine() {
  const ctx = await createTestApp();
  const admin = await adminSession(ctx.app);
  const start = async (body: object) =>
    json<{ data: { task: Task; merged: boolean } }>(await call(ctx.app, 'POST', '/api/v1/tasks', { cookie: admin.cookie, body }))
      .data;
  return { ...ctx, cookie: admin.cookie, user: admin.user, start };
}

test('tasks: a singleton key merges a second start into the active task; the engine sends tasks queued while it was off', async (t) => {
  const s = await setupWithoutEngine();
  // the engine started below stops before the database closes (after-hooks run in the order they
  // are added; an engine stopped over a closed pool keeps pg-boss's timers, and the process never exits)
  const engines: TaskEngine[] = [];
  t.after(async () => {
    for (const engine of engines) await engine.stop(2000);
    await s.close();
  });
  const key = `k-${Date.now()}`;
  const first = await s.start({ kind: 'test.chunks', input: { n: 2 }, singletonKey: key });
  const second = await s.start({ kind: 'test.chunks', input: { n: 5 }, singletonKey: key });
  assert.equal(first.merged, false);
  assert.equal(second.merged, true);
  assert.equal(second.task.id, first.task.id);
  const other = await s.start({ kind: 'test.chunks', input: { n: 1 }, singletonKey: `${key}-b` });
  assert.notEqual(other.task.id, first.task.id);
  assert.equal(
    (
      await s.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'task.start'), eq(auditLog.targetId, first.task.id)))
    ).length,
    1,
  );
  assert.equal(first.task.state, 'queued');

  const engine = await startTaskEngine(s.app.db, { log: quiet, pollingIntervalSeconds: 0.5, schedule: false, supervise: false });
  engines.push(engine);
  for (let i = 0; ; i += 1) {
    const [row] = await s.handle.db.select().from(tasks).where(eq(tasks.id, first.task.id));
    if (row.state === 'done') break;
    if (i > 200) assert.fail(`still ${row.state}`);
    await sleep(100);
  }
  // done: the key is free again
  assert.equal((await s.start({ kind: 'test.chunks', input: { n: 1 }, singletonKey: key })).merged, false);
});

test('tasks: administrators only; unknown kinds refused; the built-in kinds listed', async (t) => {
  const s = await setupWithoutEngine();
  t.after(s.close);
  const user = await userSession(s.app, s.cookie);
  for (const [method, url] of [
    ['GET', '/api/v1/tasks'],
    ['POST', '/api/v1/tasks'],
    ['GET', '/api/v1/tasks/kinds'],
  ] as const) {
    assert.equal(
      (await call(s.app, method, url, { cookie: user.cookie, body: method === 'POST' ? { kind: 'test.chunks' } : undefined }))
        .statusCode,
      403,
      url,
    );
    assert.equal(
      (await call(s.app, method, url, { body: method === 'POST' ? { kind: 'test.chunks' } : undefined })).statusCode,
      401,
      url,
    );
  }
  const bad = await call(s.app, 'POST', '/api/v1/tasks', { cookie: s.cookie, body: { kind: 'no.such-kind' } });
  assert.equal(bad.statusCode, 400);
  assert.equal(json<{ details: { field: string }[] }>(bad).details[0].field, 'kind');
  const kinds = json<{ data: { kind: string; manual: boolean }[] }>(
    await call(s.app, 'GET', '/api/v1/tasks/kinds', { cookie: s.cookie }),
  ).data;
  assert.ok(kinds.some((k) => k.kind === 'imports.expire-abandoned' && k.manual));
  assert.ok(kinds.some((k) => k.kind === 'tasks.purge-finished'));
});

test('tasks: the built-in purge of finished tasks keeps the recent ones (the retention is the system setting taskRetentionDays)', async (t) => {
  const s = await setupWithoutEngine();
  const engines: TaskEngine[] = [];
  t.after(async () => {
    for (const engine of engines) await engine.stop(2000);
    await s.close();
  });
  const patched = await call(s.app, 'PATCH', '/api/v1/settings', { cookie: s.cookie, body: { taskRetentionDays: 3 } });
  assert.equal(patched.statusCode, 200, patched.body);
  assert.equal(
    (await call(s.app, 'PATCH', '/api/v1/settings', { cookie: s.cookie, body: { taskRetentionDays: 0 } })).statusCode,
    400,
  );
  const old = new Date(Date.now() - 4 * 24 * 3600_000);
  const [gone] = await s.handle.db
    .insert(tasks)
    .values({ kind: 'test.chunks', state: 'done', timeoutSeconds: 60, startedByLabel: 'system', finishedAt: old })
    .returning();
  const [kept] = await s.handle.db
    .insert(tasks)
    .values({
      kind: 'test.chunks',
      state: 'done',
      timeoutSeconds: 60,
      startedByLabel: 'system',
      finishedAt: new Date(Date.now() - 2 * 24 * 3600_000),
    })
    .returning();
  const engine = await startTaskEngine(s.app.db, { log: quiet, pollingIntervalSeconds: 0.5, schedule: false, supervise: false });
  engines.push(engine);
  const { task } = await s.start({ kind: 'tasks.purge-finished' });
  for (let i = 0; ; i += 1) {
    const [row] = await s.handle.db.select().from(tasks).where(eq(tasks.id, task.id));
    if (row.state === 'done') {
      assert.ok((row.result as { purged: number }).purged >= 1);
      assert.equal((row.result as { retentionDays: number }).retentionDays, 3);
      break;
    }
    if (i > 200) assert.fail(`still ${row.state}`);
    await sleep(100);
  }
  assert.equal((await s.handle.db.select().from(tasks).where(eq(tasks.id, gone.id))).length, 0);
  assert.equal((await s.handle.db.select().from(tasks).where(eq(tasks.id, kept.id))).length, 1);
});

test('tasks: the committed pg-boss migration matches the installed pg-boss', () => {
  const committed = fs.readFileSync(path.resolve('server/drizzle/0014_pgboss.sql'), 'utf8');
  assert.equal(committed, pgBossMigrationSql());
});
