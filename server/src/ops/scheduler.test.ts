import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { Task } from '../../../contracts';
import { auditSignatures, loginThrottle, sessions, tasks } from '../db/schema';
import { signingKeyFromText } from '../modules/audit/audit.signing';
import { IDLE_TIMEOUT_MS } from '../modules/auth/auth.service';
import { startTaskEngine } from '../modules/tasks/tasks.engine';
import { getTaskKind } from '../modules/tasks/tasks.registry';
import { adminSession, call, createTestApp, json, userSession } from '../test/helpers';
import {
  createScheduler,
  HOUSEKEEPING_CRONS,
  HOUSEKEEPING_INTERVALS,
  housekeepingTasks,
  registerHousekeepingKinds,
} from './scheduler';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

test('scheduler: runs each task on its interval, never two runs of one task at once, and stops cleanly', async () => {
  let runs = 0;
  let concurrent = 0;
  let maxConcurrent = 0;
  const errors: unknown[] = [];
  const scheduler = createScheduler(
    [
      {
        name: 'slow',
        intervalMs: 10,
        runAtStart: true,
        run: async () => {
          runs += 1;
          concurrent += 1;
          maxConcurrent = Math.max(maxConcurrent, concurrent);
          await new Promise((resolve) => setTimeout(resolve, 35));
          concurrent -= 1;
        },
      },
      {
        name: 'failing',
        intervalMs: 10,
        runAtStart: false,
        run: async () => {
          throw new Error('boom');
        },
      },
    ],
    { ...quiet, error: (obj: unknown) => void errors.push(obj) },
    { firstRunDelayMs: 1 },
  );
  scheduler.start();
  scheduler.start(); // idempotent
  // until 3 runs of each have happened (~110 ms on an idle machine; a loaded CI machine may take
  // longer, so the wait is a deadline, not a fixed sleep)
  const deadline = Date.now() + 10_000;
  while ((runs < 3 || errors.length < 3) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  await scheduler.stop();
  const after = runs;
  assert.ok(runs >= 3, `ran ${runs} times`);
  assert.equal(maxConcurrent, 1, 'a run still going is not overlapped');
  assert.ok(errors.length >= 3, 'a failing task is logged and keeps its schedule');
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(runs, after, 'no run after stop');
  await assert.rejects(scheduler.runNow('nope'), /no scheduled task/);
});

test('housekeeping: the shared jobs are scheduled task kinds (cron as documented) that purge sessions and counters and sign heads; the per-process ones anchor, checkpoint and vacuum', async (t) => {
  assert.deepEqual(HOUSEKEEPING_INTERVALS, { anchorAuditHead: 900_000, checkpoint: 3_600_000, vacuum: 86_400_000 });
  assert.deepEqual(HOUSEKEEPING_CRONS, {
    'auth.purge-sessions': '*/10 * * * *',
    'audit.sign-head': '*/15 * * * *',
    'recycle.purge-expired': '23 2 * * *',
    'attachments.sweep-blobs': '53 4 * * *',
  });
  const key = signingKeyFromText('s'.repeat(40), 'AUDIT_SIGNING_KEY');
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const stale = await userSession(app, cookie);
  await handle.db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - IDLE_TIMEOUT_MS - 1) })
    .where(eq(sessions.userId, stale.user.id));
  await call(app, 'POST', '/api/v1/auth/login', { body: { email: 'x@example.com', password: 'Wrong-password-1' } });
  await handle.db.update(loginThrottle).set({ lastFailureAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });

  assert.deepEqual(registerHousekeepingKinds({ signingKey: key, log: quiet }), [
    'auth.purge-sessions',
    'recycle.purge-expired',
    'audit.sign-head',
  ]);
  for (const kind of ['auth.purge-sessions', 'recycle.purge-expired', 'audit.sign-head']) {
    const k = getTaskKind(kind)!;
    assert.deepEqual(
      [k.cron, k.singletonKey, k.manual],
      [HOUSEKEEPING_CRONS[kind as keyof typeof HOUSEKEEPING_CRONS], 'all', true],
      kind,
    );
  }
  // the expiry of abandoned imports is the built-in kind only (no second, per-process job)
  assert.ok(getTaskKind('imports.expire-abandoned')?.cron);
  const names = housekeepingTasks(handle, quiet).map((task) => task.name);
  assert.deepEqual(names, handle.engine === 'pglite' ? ['checkpoint', 'vacuum'] : []);

  // through the task engine, as the cron's runs go: each a task with its result
  const engine = await startTaskEngine(app.db, { log: quiet, pollingIntervalSeconds: 0.5, schedule: false, supervise: false });
  t.after(() => engine.stop(2000));
  const run = async (kind: string) => {
    const res = await call(app, 'POST', '/api/v1/tasks', { cookie, body: { kind } });
    assert.equal(res.statusCode, 201, res.body);
    const id = json<{ data: { task: Task } }>(res).data.task.id;
    for (let i = 0; ; i += 1) {
      const [row] = await handle.db.select().from(tasks).where(eq(tasks.id, id));
      if (row.state === 'done') return row.result;
      if (i > 300 || row.state === 'failed') assert.fail(`${kind}: ${row.state} ${row.error}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  assert.deepEqual(await run('auth.purge-sessions'), { sessions: 1, throttles: 2 });
  assert.equal((await handle.db.select().from(sessions)).length, 1, "the administrator's session stays");
  const first = (await run('audit.sign-head')) as { seq: number };
  // the second start's own audit entry (task.start) is the one new entry it signs
  assert.deepEqual(await run('audit.sign-head'), { seq: first.seq + 1 });
  assert.equal((await handle.db.select().from(auditSignatures)).length, 2);
  if (handle.engine === 'pglite') {
    const scheduler = createScheduler(housekeepingTasks(handle, quiet), quiet);
    await scheduler.runNow('checkpoint');
    await scheduler.runNow('vacuum');
    assert.equal((await call(app, 'GET', '/api/v1/users', { cookie })).statusCode, 200, 'still serving after VACUUM');
    await scheduler.stop();
  }
});
