/**
 * Triggers (both engines): the outbox is atomic (a rolled-back change fires nothing; events left
 * undelivered by a "crash" are delivered exactly once by a fresh delivery), conditions and changed
 * fields, update_record and create_record outputs, the loop guard at TRIGGER_MAX_DEPTH, retries then
 * the dead letter then replay, Test writes nothing, next fire times across a DST change, access.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { TRIGGER_MAX_DEPTH, type Trigger, type TriggerRun } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { auditLog, recordVersions, taskLogs, tasks, triggerEvents, triggerRuns, triggers } from '../../db/schema';
import { adminSession, call, createTestApp, json, userSession } from '../../test/helpers';
import { multipartBody } from '../../test/records-support';
import { createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { loadSubjectDef } from '../subjects/subject-def';
import { applyChange, findRecords } from '../records/records.service';
import { startTaskEngine, type TaskEngine } from '../tasks/tasks.engine';
import {
  deliverChunk,
  purgeFinishedRuns,
  queueRuns,
  startTriggerListener,
  TRIGGER_CHANNEL,
  wakeDelivery,
} from './triggers.outbox';
import { nextFires, scheduleQueue } from './triggers.schedule';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('triggers', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: { cookie: string };
  let engine: TaskEngine | undefined;
  let stopListener: (() => Promise<void>) | undefined;
  let subjectId = '';
  const base = '/api/v1/applications/trg/subjects/finding/records';

  const api = async <T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, status?: number): Promise<T> => {
    const res = await call(ctx.app, method, url, { cookie: admin.cookie, body });
    if (status !== undefined) assert.equal(res.statusCode, status, res.body);
    else assert.ok(res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
    return json<{ data: T }>(res).data;
  };
  const createRecord = async (values: object) =>
    (await api<{ record: { id: string; version: number } }>('POST', base, { values })).record;
  const patchRecord = async (id: string, values: object) => {
    const current = (await api<{ record: { version: number } }>('GET', `${base}/${id}`)).record;
    return (
      await api<{ record: { id: string; version: number; values: Record<string, unknown> } }>('PATCH', `${base}/${id}`, {
        version: current.version,
        values,
      })
    ).record;
  };
  const getRecord = async (id: string) =>
    (await api<{ record: { version: number; values: Record<string, unknown> } }>('GET', `${base}/${id}`)).record;
  const createTrigger = (body: object) =>
    api<Trigger>('POST', '/api/v1/triggers', { application: 'trg', enabled: true, ...body }, 201);
  const runsOf = async (triggerId: string) =>
    json<{ data: TriggerRun[] }>(
      await call(ctx.app, 'GET', `/api/v1/triggers/${triggerId}/runs?pageSize=100`, { cookie: admin.cookie }),
    ).data;
  const pending = async () =>
    Number((await ctx.app.db.select({ n: count() }).from(triggerEvents).where(isNull(triggerEvents.deliveredAt)))[0].n);
  const waitRuns = async (triggerId: string, ok: (runs: TriggerRun[]) => boolean, ms = 30_000) => {
    const until = Date.now() + ms;
    for (;;) {
      const runs = await runsOf(triggerId);
      if (ok(runs)) return runs;
      if (Date.now() > until)
        throw new Error(`runs of ${triggerId}: ${JSON.stringify(runs.map((r) => [r.state, r.depth, r.error]))}`);
      await sleep(200);
    }
  };
  const startEngine = async () => {
    engine = await startTaskEngine(ctx.app.db, { log: quiet, pollingIntervalSeconds: 0.5, schedule: false, supervise: false });
    stopListener = await startTriggerListener(ctx.handle, ctx.app.db, quiet, 20);
  };

  before(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx.app);
    const appId = await createTestApplication(ctx.app, admin.cookie, 'trg');
    subjectId = (
      await createTestSubjectIn(ctx.app, {
        applicationId: appId,
        key: 'finding',
        fields: [
          fieldOf('title', 'text'),
          fieldOf('status', 'text'),
          fieldOf('note', 'text'),
          fieldOf('score', 'number'),
          fieldOf('doubled', 'number'),
          fieldOf('counter', 'number'),
        ],
        displayField: 'title',
      })
    ).id;
    await createTestSubjectIn(ctx.app, {
      applicationId: appId,
      key: 'task',
      fields: [fieldOf('title', 'text'), fieldOf('points', 'number')],
    });
  });
  after(async () => {
    await stopListener?.();
    await engine?.stop(2000);
    await ctx.close();
  });

  it('outbox: a rolled-back change fires nothing; undelivered events are delivered exactly once; condition and changed fields match', async () => {
    const t = await createTrigger({
      name: 'closed',
      event: 'record.updated',
      subject: 'finding',
      changedFields: ['status'],
      condition: { op: 'and', items: [{ field: 'status', op: 'eq', value: 'Closed' }] },
      steps: [
        {
          type: 'update_record',
          config: {
            set: [
              { field: 'note', value: 'closed by trigger' },
              { field: 'doubled', formula: 'score * 2' },
            ],
          },
        },
      ],
    });
    assert.deepEqual(t.changedFields, ['status']);
    const rec = await createRecord({ title: 'a', status: 'Open', score: 21 });
    assert.equal(await pending(), 0, 'no record.created trigger: nothing written');

    // rolled back: the version row and its event go together
    const subject = (await loadSubjectDef(ctx.app.db, { id: subjectId }))!;
    await assert.rejects(
      ctx.app.db.transaction(async (tx) => {
        const [current] = await findRecords(tx, subject, [rec.id], true);
        await applyChange(tx, subject, current, { status: 'Closed' }, 'update', {
          id: null as unknown as string,
          name: 'x',
          email: '',
          isAdmin: true,
          locale: 'en-US',
          lastApp: null,
        });
        assert.equal(
          Number((await tx.select({ n: count() }).from(triggerEvents).where(isNull(triggerEvents.deliveredAt)))[0].n),
          1,
        );
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.equal(await pending(), 0);

    await patchRecord(rec.id, { note: 'n1' }); // changed fields do not include status: event written, no run
    await patchRecord(rec.id, { status: 'Pending' }); // status changed, condition false: no run
    await patchRecord(rec.id, { status: 'Closed' }); // matches
    assert.equal(await pending(), 3);
    // the "crash": nothing delivered yet; a fresh delivery delivers each once, a second finds nothing
    const first = await deliverChunk(ctx.app.db);
    assert.deepEqual(first, { events: 3, runs: 1 });
    assert.deepEqual(await deliverChunk(ctx.app.db), { events: 0, runs: 0 });
    // a repeat of a delivery (events marked undelivered again) makes no second run
    await ctx.app.db.update(triggerEvents).set({ deliveredAt: null });
    assert.deepEqual(await deliverChunk(ctx.app.db), { events: 3, runs: 0 });
    const runs = await runsOf(t.id);
    assert.equal(runs.length, 1);
    assert.equal(runs[0].state, 'queued');

    await startEngine();
    const [done] = await waitRuns(t.id, (r) => r[0]?.state === 'done');
    assert.equal(done.steps.length, 1);
    assert.equal(done.steps[0].status, 'ok');
    assert.ok(done.steps[0].ms >= 0);
    const out = done.steps[0].output as { recordId: string; changed: Record<string, { after: unknown }> };
    assert.equal(out.recordId, rec.id);
    assert.equal(out.changed.note.after, 'closed by trigger');
    assert.equal(out.changed.doubled.after, '42');
    const after = await getRecord(rec.id);
    assert.equal(after.values.note, 'closed by trigger');
    assert.equal(after.values.doubled, '42');
    const [entry] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, rec.id), eq(auditLog.action, 'record.update')))
      .orderBy(auditLog.seq);
    const mine = (await ctx.app.db.select().from(auditLog).where(eq(auditLog.targetId, rec.id))).filter((e) =>
      e.actorLabel.startsWith('trigger closed'),
    );
    assert.ok(entry);
    assert.equal(mine.length, 1, 'the write is audited as the trigger on behalf of its owner');
    assert.match(mine[0].actorLabel, /^trigger closed for /);
    await api('POST', `/api/v1/triggers/${t.id}/disable`);
  });

  it('create_record writes into another subject; Test writes nothing', async () => {
    const t = await createTrigger({
      name: 'follow-up',
      event: 'record.created',
      subject: 'finding',
      steps: [
        {
          type: 'create_record',
          config: {
            subject: 'task',
            set: [
              { field: 'title', value: 'follow up' },
              { field: 'points', formula: 'score + 1' },
            ],
          },
        },
      ],
    });
    const rec = await createRecord({ title: 'b', score: 4 });
    const [run] = await waitRuns(t.id, (r) => r[0]?.state === 'done');
    const out = run.steps[0].output as { recordId: string; subject: string; values: Record<string, unknown> };
    assert.equal(out.subject, 'task');
    assert.equal(out.values.points, '5');
    assert.equal(
      (
        await api<{ record: { values: { title: string } } }>(
          'GET',
          `/api/v1/applications/trg/subjects/task/records/${out.recordId}`,
        )
      ).record.values.title,
      'follow up',
    );

    // Test: the full step log, nothing committed
    const upd = await createTrigger({
      name: 'tester',
      event: 'record.updated',
      subject: 'finding',
      enabled: false,
      steps: [{ type: 'update_record', config: { set: [{ field: 'note', value: 'tested' }] } }],
    });
    const versions = async () =>
      Number((await ctx.app.db.select({ n: count() }).from(recordVersions).where(eq(recordVersions.recordId, rec.id)))[0].n);
    const before = await versions();
    const tested = await api<TriggerRun>('POST', `/api/v1/triggers/${upd.id}/test`, { recordId: rec.id });
    assert.equal(tested.test, true);
    assert.equal(tested.state, 'done');
    assert.equal((tested.steps[0].output as { changed: Record<string, { after: unknown }> }).changed.note.after, 'tested');
    assert.equal((await getRecord(rec.id)).values.note, null);
    assert.equal(await versions(), before);
    const bad = await call(ctx.app, 'POST', `/api/v1/triggers/${upd.id}/test`, {
      cookie: admin.cookie,
      body: { recordId: '00000000-0000-4000-8000-000000000000' },
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /recordId/);
    await api('POST', `/api/v1/triggers/${t.id}/disable`);
  });

  it(`loop guard: a trigger that re-fires itself stops beyond depth ${TRIGGER_MAX_DEPTH}`, async () => {
    const t = await createTrigger({
      name: 'loop',
      event: 'record.updated',
      subject: 'finding',
      changedFields: ['counter'],
      steps: [{ type: 'update_record', config: { set: [{ field: 'counter', formula: 'counter + 1' }] } }],
    });
    const rec = await createRecord({ title: 'c', counter: 0 });
    await patchRecord(rec.id, { counter: 1 });
    const runs = await waitRuns(
      t.id,
      (r) => r.length === TRIGGER_MAX_DEPTH + 2 && r.every((x) => x.state === 'done' || x.state === 'failed'),
    );
    const byDepth = [...runs].sort((a, b) => a.depth - b.depth);
    assert.deepEqual(
      byDepth.map((r) => [r.depth, r.state]),
      [...Array(TRIGGER_MAX_DEPTH + 1).keys()].map((d) => [d, 'done']).concat([[TRIGGER_MAX_DEPTH + 1, 'failed']]),
    );
    assert.match(byDepth.at(-1)!.error ?? '', /loop guard/);
    assert.equal((await getRecord(rec.id)).values.counter, String(1 + TRIGGER_MAX_DEPTH + 1));
    await api('POST', `/api/v1/triggers/${t.id}/disable`);
  });

  it('a failing run retries, then is dead, listed and replayed', async () => {
    const t = await createTrigger({
      name: 'broken',
      event: 'manual',
      subject: 'finding',
      retryLimit: 1,
      retryDelaySeconds: 1,
      steps: [{ type: 'update_record', config: { set: [{ field: 'nope', value: 1 }] } }],
    });
    const rec = await createRecord({ title: 'd' });
    const { runs } = await api<{ runs: string[] }>('POST', `/api/v1/triggers/${t.id}/run`, { recordIds: [rec.id] }, 201);
    assert.equal(runs.length, 1);
    const [dead] = await waitRuns(t.id, (r) => r[0]?.state === 'dead');
    assert.equal(dead.attempts, 2);
    assert.match(dead.error ?? '', /nope/);
    const letters = json<{ data: TriggerRun[] }>(
      await call(ctx.app, 'GET', '/api/v1/trigger-runs?state=dead', { cookie: admin.cookie }),
    ).data;
    assert.ok(letters.some((r) => r.id === dead.id));
    await api('PATCH', `/api/v1/triggers/${t.id}`, {
      steps: [{ type: 'update_record', config: { set: [{ field: 'note', value: 'fixed' }] } }],
    });
    const replayed = await api<TriggerRun>('POST', `/api/v1/trigger-runs/${dead.id}/replay`);
    assert.equal(replayed.state, 'queued');
    await waitRuns(t.id, (r) => r[0]?.state === 'done');
    assert.equal((await getRecord(rec.id)).values.note, 'fixed');
    const again = await call(ctx.app, 'POST', `/api/v1/trigger-runs/${dead.id}/replay`, { cookie: admin.cookie });
    assert.equal(again.statusCode, 409);
    const audits = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, dead.id), eq(auditLog.action, 'trigger.replay')));
    assert.equal(audits.length, 1);
    const rows = await ctx.app.db.select().from(triggerRuns).where(eq(triggerRuns.triggerId, t.id));
    assert.equal(rows.length, 1);
  });

  it('runs share a task: one attempt runs them all, a retry runs only the failed one, which then is dead', async () => {
    const t = await createTrigger({
      name: 'batched',
      event: 'manual',
      subject: 'finding',
      retryLimit: 1,
      retryDelaySeconds: 1,
      steps: [{ type: 'update_record', config: { set: [{ field: 'note', value: 'batched' }] } }],
    });
    const recs = [await createRecord({ title: 'e1' }), await createRecord({ title: 'e2' })];
    const row = (await ctx.app.db.select().from(triggers).where(eq(triggers.id, t.id)))[0];
    // the second run's record does not exist: its update_record fails on every attempt
    const ghost = '00000000-0000-4000-8000-00000000beef';
    const ids = await ctx.app.db.transaction(async (tx) => {
      const made = await tx
        .insert(triggerRuns)
        .values(
          [...recs.map((r) => r.id), ghost].map((recordId) => ({
            triggerId: t.id,
            event: { kind: 'manual', application: 'trg', subject: 'finding', recordId, depth: 0, after: {} },
          })),
        )
        .returning({ id: triggerRuns.id });
      await queueRuns(
        ctx.app.db,
        tx,
        row,
        made.map((m) => m.id),
      );
      return made.map((m) => m.id);
    });
    const runs = await waitRuns(t.id, (r) => r.length === 3 && r.every((x) => x.state === 'done' || x.state === 'dead'));
    const byId = new Map(runs.map((r) => [r.id, r]));
    assert.deepEqual(
      ids.map((id) => [byId.get(id)!.state, byId.get(id)!.attempts]),
      [
        ['done', 1],
        ['done', 1],
        ['dead', 2],
      ],
      'the retry ran only the failed run',
    );
    const taskIds = new Set(runs.map((r) => r.taskId));
    assert.equal(taskIds.size, 1, 'one task carries the three runs');
    // the runs are written dead inside the handler; the task's own end is written after it returns
    const readTask = async () => (await ctx.app.db.select().from(tasks).where(eq(tasks.id, [...taskIds][0]!)))[0];
    let task = await readTask();
    for (let i = 0; i < 100 && task.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      task = await readTask();
    }
    assert.equal(task.kind, 'triggers.run');
    assert.deepEqual((task.input as { runIds: string[] }).runIds, ids);
    assert.equal(task.state, 'failed');
    const lines = await ctx.app.db.select().from(taskLogs).where(eq(taskLogs.taskId, task.id));
    assert.ok(lines.some((l) => l.message.startsWith(`run ${ids[0]} done`)));
    assert.ok(lines.some((l) => l.message.startsWith(`run ${ids[2]} failed`) && /dead/.test(l.message)));
    assert.equal((await getRecord(recs[1].id)).values.note, 'batched');
    await api('POST', `/api/v1/triggers/${t.id}/disable`);
  });

  it("retention: finished runs older than taskRetentionDays go with the tasks' purge, chunk by chunk; queued ones stay", async () => {
    const t = await createTrigger({ name: 'kept', event: 'manual', subject: 'finding', enabled: false, steps: [] });
    const days = 24 * 60 * 60_000;
    const old = new Date(Date.now() - 40 * days);
    const recent = new Date(Date.now() - 2 * days);
    const made = await ctx.app.db
      .insert(triggerRuns)
      .values(
        (
          [
            ['done', old],
            ['done', old],
            ['failed', old],
            ['dead', old],
            ['done', recent],
            ['dead', recent],
            ['queued', null], // a replayed dead run: finished_at cleared
          ] as const
        ).map(([state, finishedAt]) => ({
          triggerId: t.id,
          state,
          finishedAt,
          createdAt: old,
          event: { kind: 'manual', depth: 0 },
        })),
      )
      .returning({ id: triggerRuns.id, state: triggerRuns.state });
    assert.equal(await purgeFinishedRuns(ctx.app.db, 30, 2), 2, 'one chunk');
    // the tasks' purge (taskRetentionDays, default 30) runs the rest, chunk after chunk
    const started = await api<{ task: { id: string } }>('POST', '/api/v1/tasks', { kind: 'tasks.purge-finished' }, 201);
    const until = Date.now() + 30_000;
    let result = null as { others?: Record<string, number> } | null;
    while (Date.now() < until) {
      const [row] = await ctx.app.db.select().from(tasks).where(eq(tasks.id, started.task.id));
      if (row.state === 'done') {
        result = row.result as typeof result;
        break;
      }
      await sleep(200);
    }
    assert.equal(result?.others?.['trigger runs'], 2);
    const left = await ctx.app.db.select().from(triggerRuns).where(eq(triggerRuns.triggerId, t.id));
    assert.deepEqual(
      left.map((r) => r.id).sort(),
      made
        .slice(4)
        .map((r) => r.id)
        .sort(),
    );
    await api('DELETE', `/api/v1/triggers/${t.id}`);
  });

  it('PostgreSQL: the listener reconnects after its connection is killed, and a later commit is delivered at once', async (tc) => {
    if (ctx.handle.raw.engine !== 'postgres') return tc.skip('PGlite has no connection to lose');
    const listeners = async () =>
      rowsOf<{ pid: number }>(
        await ctx.app.db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${TRIGGER_CHANNEL}`} and pid <> pg_backend_pid()`,
        ),
      ).map((r) => Number(r.pid));
    const [pid] = await listeners();
    assert.ok(pid, 'the listener is connected');
    await ctx.app.db.execute(sql`select pg_terminate_backend(${pid})`);
    const until = Date.now() + 10_000;
    let now: number[] = [];
    while (Date.now() < until) {
      now = await listeners();
      if (now.length === 1 && now[0] !== pid) break;
      await sleep(100);
    }
    assert.ok(now.length === 1 && now[0] !== pid, `a new listener connection (${JSON.stringify(now)})`);
    const t = await createTrigger({ name: 'after reconnect', event: 'record.created', subject: 'finding', steps: [] });
    const began = Date.now();
    await createRecord({ title: 'f' });
    // the engine runs without cron here: only the listener can start this delivery
    await waitRuns(t.id, (r) => r[0]?.state === 'done', 5_000);
    assert.ok(Date.now() - began < 5_000);
    await api('POST', `/api/v1/triggers/${t.id}/disable`);
  });

  it('schedules: next fire times across the DST change, cron and time zone checked', async () => {
    // Europe/Berlin moves to summer time on 2026-03-29: 09:00 local is 08:00Z before, 07:00Z after
    assert.deepEqual(nextFires('0 9 * * *', 'Europe/Berlin', 3, new Date('2026-03-27T12:00:00Z')), [
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    const fires = await api<{ nextFires: string[] }>('POST', '/api/v1/triggers/next-fires', {
      cron: '*/15 * * * *',
      timezone: 'UTC',
    });
    assert.equal(fires.nextFires.length, 5);
    for (const [body, field] of [
      [{ cron: 'not a cron', timezone: 'UTC' }, 'cron'],
      [{ cron: '* * * * *', timezone: 'Mars/Olympus' }, 'timezone'],
    ] as const) {
      const res = await call(ctx.app, 'POST', '/api/v1/triggers/next-fires', { cookie: admin.cookie, body });
      assert.equal(res.statusCode, 400);
      assert.equal(json<{ details: { field: string }[] }>(res).details[0].field, field);
    }
    const s = await createTrigger({
      name: 'nightly',
      event: 'schedule',
      cron: '0 9 * * *',
      timezone: 'Europe/Berlin',
      steps: [],
    });
    assert.equal(s.nextFires.length, 5);
    // pg-boss holds the schedule on the trigger's own queue; a tick (sent here as pg-boss's timekeeper would) becomes a run
    const schedules = await engine!.boss.getSchedules();
    assert.ok(
      schedules.some(
        (x) =>
          x.name === scheduleQueue(s.id) && x.cron === '0 9 * * *' && (x as { timezone?: string }).timezone === 'Europe/Berlin',
      ),
    );
    await engine!.boss.send(scheduleQueue(s.id), { triggerId: s.id });
    await wakeDelivery(ctx.app.db);
    const [tick] = await waitRuns(s.id, (r) => r[0]?.state === 'done');
    assert.equal((tick.event as { kind: string }).kind, 'schedule');
    await api('POST', `/api/v1/triggers/${s.id}/disable`);
    assert.ok(
      !(await engine!.boss.getSchedules()).some((x) => x.name === scheduleQueue(s.id)),
      'a disabled schedule trigger has no pg-boss schedule',
    );
    const bad = await call(ctx.app, 'POST', '/api/v1/triggers', {
      cookie: admin.cookie,
      body: { name: 'x', application: 'trg', event: 'schedule', cron: '99 * * * *' },
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /"cron"/);
  });

  it('a finished import fires import.finished with its counts, written in the last transaction of the run', async () => {
    const t = await createTrigger({ name: 'imported', event: 'import.finished', subject: 'finding', steps: [] });
    const { body, contentType } = await multipartBody([
      { name: 'file', fileName: 'found.csv', content: 'title,status\nx,Open\ny,Open\n' },
    ]);
    const uploaded = await call(ctx.app, 'POST', '/api/v1/applications/trg/subjects/finding/imports', {
      cookie: admin.cookie,
      body,
      headers: { 'content-type': contentType },
    });
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    const batch = json<{ data: { batch: { id: string; mapping: unknown } } }>(uploaded).data.batch;
    await api('POST', `/api/v1/imports/${batch.id}/check`, { mapping: batch.mapping });
    await api('POST', `/api/v1/imports/${batch.id}/run`, { mapping: batch.mapping });
    if (!engine) await startEngine();
    const [run] = await waitRuns(t.id, (runs) => runs.length === 1 && runs[0].state === 'done');
    const event = run.event as {
      kind: string;
      application: string;
      subject: string;
      data: { batchId: string; inserted: number };
    };
    assert.deepEqual([event.kind, event.application, event.subject], ['import.finished', 'trg', 'finding']);
    assert.deepEqual([event.data.batchId, event.data.inserted], [batch.id, 2]);
  });

  it('administrators only', async () => {
    const user = await userSession(ctx.app, admin.cookie);
    for (const url of ['/api/v1/triggers', '/api/v1/actions', '/api/v1/trigger-runs']) {
      assert.equal((await call(ctx.app, 'GET', url, { cookie: user.cookie })).statusCode, 403);
      assert.equal((await call(ctx.app, 'GET', url)).statusCode, 401);
    }
    const types = await api<{ type: string }[]>('GET', '/api/v1/actions/types');
    assert.ok(types.some((x) => x.type === 'update_record') && types.some((x) => x.type === 'create_record'));
  });
});
