/**
 * Schedules of syncs (both engines), with a task engine running (pg-boss; no cron of its own):
 * a sync with a cron gets its pg-boss schedule (cron + time zone); a tick on its queue becomes a
 * run (trigger `schedule`) that the engine's worker carries out; a disabled sync loses its
 * schedule. The source is a CSV at a local HTTP server.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Connector, ConnectorRun, ConnectorSync } from '../../../../contracts';
import { adminSession, call, createTestApp, json } from '../../test/helpers';
import { createTestApplication, createTestSubjectIn, fieldOf } from '../records/records.test-support';
import { startTaskEngine, type TaskEngine } from '../tasks/tasks.engine';
import { syncConnectorSchedules, syncScheduleQueue, takeSyncTicks } from './connectors.schedule';
import { allowConnectorHosts, localServer, type LocalServer } from './connectors.test-support';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let made: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let engine: TaskEngine | undefined;
let http: LocalServer;

before(async () => {
  made = await createTestApp();
  ({ cookie } = await adminSession(made.app));
  const appId = await createTestApplication(made.app, cookie, 'sched');
  await createTestSubjectIn(made.app, { applicationId: appId, key: 'codes', name: 'Codes', fields: [fieldOf('code', 'text'), fieldOf('n', 'number')] });
  await allowConnectorHosts(made.app, cookie, ['127.0.0.1']);
  http = await localServer(() => [200, 'text/csv', 'code,n\nA,1\nB,2\n']);
  engine = await startTaskEngine(made.app.db, { log: quiet, pollingIntervalSeconds: 0.5, schedule: false, supervise: false });
});

after(async () => {
  await engine?.stop(2000);
  await http?.close();
  await made?.close();
});

test('a cron sync has its pg-boss schedule; a tick runs it (trigger schedule); disabled, the schedule goes', async () => {
  const api = async <T>(method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, status = 200) => {
    const res = await call(made.app, method, url, { cookie, body });
    assert.equal(res.statusCode, status, res.body);
    return json<{ data: T }>(res).data;
  };
  const conn = await api<Connector>('POST', '/api/v1/connectors', { name: 'Codes', kind: 'file', config: { url: http.url('/codes.csv'), format: 'csv' } }, 201);
  const sync = await api<ConnectorSync>(
    'POST',
    `/api/v1/connectors/${conn.id}/syncs`,
    { name: 'Nightly', table: 'rows', application: 'sched', subject: 'codes', mapping: { code: 'code', n: 'n' }, mode: 'upsert', keyFields: ['code'], cron: '0 2 * * *', timezone: 'Asia/Shanghai' },
    201,
  );
  await syncConnectorSchedules(made.app.db);
  const schedule = (await engine!.boss.getSchedules()).find((s) => s.name === syncScheduleQueue(sync.id));
  assert.ok(schedule, 'scheduled');
  assert.equal(schedule.cron, '0 2 * * *');
  assert.equal((schedule as { timezone?: string }).timezone, 'Asia/Shanghai');
  // pg-boss fires the cron: a job on the sync's queue, taken by the tick
  await engine!.boss.send(syncScheduleQueue(sync.id), { syncId: sync.id });
  assert.equal(await takeSyncTicks(made.app.db), 1);
  let runs: ConnectorRun[] = [];
  for (let i = 0; i < 150; i += 1) {
    runs = await api<ConnectorRun[]>('GET', `/api/v1/connectors/syncs/${sync.id}/runs`);
    if (runs[0] && runs[0].status !== 'queued' && runs[0].status !== 'running') break;
    await sleep(200);
  }
  assert.equal(runs.length, 1);
  assert.deepEqual([runs[0].trigger, runs[0].status, runs[0].read, runs[0].inserted], ['schedule', 'done', 2, 2]);
  // no tick waiting: nothing runs
  assert.equal(await takeSyncTicks(made.app.db), 0);
  await api<ConnectorSync>('PATCH', `/api/v1/connectors/syncs/${sync.id}`, { enabled: false });
  await syncConnectorSchedules(made.app.db);
  assert.ok(!(await engine!.boss.getSchedules()).some((s) => s.name === syncScheduleQueue(sync.id)));
});
