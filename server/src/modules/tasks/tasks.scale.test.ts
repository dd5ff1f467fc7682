/**
 * Scale-out (docs/tasks.md "Several servers on one PostgreSQL"): two task engines, each on its own
 * connection pool to the same PostgreSQL database — as two API servers are — share the queue:
 * 200 tasks of a counting kind queued through one of them each run exactly once, both engines take
 * a share, and every task ends done. PostgreSQL only (TEST_DATABASE_URL): PGlite is one process by
 * construction.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tasks } from '../../db/schema';
import { testDatabaseUrl } from '../../env';
import { createEngineDatabase } from '../../test/helpers';
import { startTaskEngine, type TaskEngine } from './tasks.engine';
import { registerTaskKind } from './tasks.registry';
import { enqueueTask, SYSTEM_STARTER } from './tasks.service';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const N = 200;

/** Runs per task id, and which database (engine) ran each. */
const runs = new Map<string, number>();
const ranOn = new Map<Database, number>();

const kind = registerTaskKind(
  'test.count',
  async ({ task, db }) => {
    runs.set(task.id, (runs.get(task.id) ?? 0) + 1);
    ranOn.set(db, (ranOn.get(db) ?? 0) + 1);
    // long enough that one engine cannot take the whole queue between the other's polls
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { n: (task.input as { n: number }).n };
  },
  { retryLimit: 0 },
);

test(
  'tasks scale-out: two engines on two pools of one PostgreSQL database run each of 200 tasks exactly once',
  {
    skip: testDatabaseUrl() ? false : 'PostgreSQL only (TEST_DATABASE_URL): PGlite is one process by construction',
    timeout: 120_000,
  },
  async (t) => {
    const { open } = await createEngineDatabase(t, 4);
    const a = await open();
    const b = await open();
    // the engines stop before their pools close (after-hooks run in the order they are added; a
    // pg-boss stopped over closed pools kept its timers, and the test process never exited)
    const engines: TaskEngine[] = [];
    t.after(async () => {
      for (const engine of engines) await engine.stop(2000);
      await a.close();
      await b.close();
    });
    const engineA = await startTaskEngine(a.db, { log: quiet, pollingIntervalSeconds: 0.5, schedule: false, supervise: false });
    engines.push(engineA);
    const engineB = await startTaskEngine(b.db, { log: quiet, pollingIntervalSeconds: 0.5, schedule: false, supervise: false });
    engines.push(engineB);

    // queued through A in one transaction (their jobs sent with them)
    const ids = await a.db.transaction(async (tx) => {
      const out: string[] = [];
      for (let n = 0; n < N; n += 1) out.push((await enqueueTask(a.db, tx, kind, SYSTEM_STARTER, { input: { n } })).row.id);
      return out;
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      const rows = await a.db
        .select({ id: tasks.id, state: tasks.state, attempts: tasks.attempts })
        .from(tasks)
        .where(inArray(tasks.id, ids));
      if (rows.every((r) => r.state === 'done')) {
        assert.ok(rows.every((r) => r.attempts === 1));
        break;
      }
      if (Date.now() > deadline) assert.fail(`not all done: ${rows.filter((r) => r.state !== 'done').length} left`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(runs.size, N);
    assert.deepEqual(
      ids.filter((id) => runs.get(id) !== 1),
      [],
      'every task ran exactly once',
    );
    const byA = ranOn.get(a.db) ?? 0;
    const byB = ranOn.get(b.db) ?? 0;
    assert.equal(byA + byB, N);
    assert.ok(byA > 0 && byB > 0, `both engines took a share (A ${byA}, B ${byB})`);
  },
);
