import assert from 'node:assert/strict';
import { test } from 'node:test';
import { eq } from 'drizzle-orm';
import { auditSignatures, loginThrottle, sessions } from '../db/schema';
import { signingKeyFromText } from '../modules/audit/audit.signing';
import { IDLE_TIMEOUT_MS } from '../modules/auth/auth.service';
import { adminSession, call, createTestApp, userSession } from '../test/helpers';
import { createScheduler, HOUSEKEEPING_INTERVALS, housekeepingTasks } from './scheduler';

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

test('housekeeping: intervals as documented; the purge ends expired sessions and old counters; heads get signed', async (t) => {
  assert.deepEqual(HOUSEKEEPING_INTERVALS, { purgeSessions: 600_000, signAuditHead: 900_000, anchorAuditHead: 900_000, checkpoint: 3_600_000, vacuum: 86_400_000, recycleRetention: 86_400_000, expireImports: 3_600_000 });
  const key = signingKeyFromText('s'.repeat(40), 'AUDIT_SIGNING_KEY');
  const { app, handle, close } = await createTestApp();
  t.after(close);
  const { cookie } = await adminSession(app);
  const stale = await userSession(app, cookie);
  await handle.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - IDLE_TIMEOUT_MS - 1) }).where(eq(sessions.userId, stale.user.id));
  await call(app, 'POST', '/api/v1/auth/login', { body: { email: 'x@example.com', password: 'Wrong-password-1' } });
  await handle.db.update(loginThrottle).set({ lastFailureAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });

  const tasks = housekeepingTasks(handle, key, quiet);
  const names = tasks.map((task) => task.name);
  assert.deepEqual(names, handle.engine === 'pglite' ? ['purge-sessions', 'recycle-retention', 'expire-imports', 'sign-audit-head', 'checkpoint', 'vacuum'] : ['purge-sessions', 'recycle-retention', 'expire-imports', 'sign-audit-head']);
  assert.deepEqual(housekeepingTasks(handle, null, quiet).map((task) => task.name).includes('sign-audit-head'), false, 'no key, no signing');

  const scheduler = createScheduler(tasks, quiet);
  assert.deepEqual(await scheduler.runNow('purge-sessions'), { sessions: 1, throttles: 2 });
  assert.equal((await handle.db.select().from(sessions)).length, 1, "the administrator's session stays");
  assert.ok(await scheduler.runNow('sign-audit-head'));
  assert.equal(await scheduler.runNow('sign-audit-head'), null, 'nothing new to sign');
  assert.equal((await handle.db.select().from(auditSignatures)).length, 1);
  if (handle.engine === 'pglite') {
    await scheduler.runNow('checkpoint');
    await scheduler.runNow('vacuum');
    assert.equal((await call(app, 'GET', '/api/v1/users', { cookie })).statusCode, 200, 'still serving after VACUUM');
  }
  await scheduler.stop();
});
