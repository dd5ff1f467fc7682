// Connector sync (docs/connectors.md "Figures"): a PostgreSQL source table of BENCH_ROWS rows
// (default 100,000 × 5 columns, in a schema of its own on BENCH_DATABASE_URL's server, dropped
// after) synced into a subject made from it, through the real API: POST …/syncs/:id/run (full,
// upsert by the key), then the same run again (every row unchanged). PGlite on disk (as the server
// runs it) and PostgreSQL. Prints per engine and run: seconds, rows/s, the counts, the process's
// peak RSS and heap over the start (MB, sampled every 100 ms), and another user's requests
// meanwhile (GET /api/v1/auth/me 20 ms after each answer): count, p95 and the longest wait (ms,
// counted from when the request was due, so a stalled event loop counts) and the event loop's
// longest stall.
// Usage: flock /tmp/bench.lock npm run bench:connectors [-- --engine pglite|postgres|both]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { migrateDatabase } from '../server/src/db/migrate';
import { CSRF, PASSWORD, expectOk, pct, throwAwayDatabase } from './lib.mjs';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'both' } } });
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => Math.round(n / 1024 / 1024);

async function openApp(engine: string) {
  let drop = async () => undefined as unknown;
  let handle;
  if (engine === 'postgres') {
    const created = await throwAwayDatabase('assay_connectors');
    handle = await openDatabase({ databaseUrl: created.url, poolMax: 10 });
    drop = () => created.drop();
  } else {
    const dir = await mkdtemp(path.join(tmpdir(), 'assay-bench-conn-'));
    handle = await openDatabase({ dataDir: dir });
    drop = () => rm(dir, { recursive: true, force: true });
  }
  await migrateDatabase(handle);
  const app = await buildApp({ db: handle.db, engine: handle.engine, cacheSource: handle });
  await app.ready();
  const call = (method: string, url: string, body?: unknown, cookie?: string) =>
    app.inject({ method: method as 'GET', url, headers: { ...CSRF, ...(cookie ? { cookie } : {}) }, payload: body as never });
  await expectOk(await call('POST', '/api/v1/setup/init', { name: 'Bench', email: 'bench@example.com', password: PASSWORD }), 'setup');
  const login = await call('POST', '/api/v1/auth/login', { email: 'bench@example.com', password: PASSWORD });
  const cookie = String(login.headers['set-cookie']).split(';')[0];
  await expectOk(await call('POST', '/api/v1/applications', { slug: 'bench', name: 'Bench' }, cookie), 'application');
  return {
    call,
    cookie,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

async function runEngine(engine: string) {
  const schema = `cbench_${randomBytes(4).toString('hex')}`;
  const source = new pg.Client({ connectionString: PG_SERVER });
  await source.connect();
  await source.query(`create schema ${schema}`);
  await source.query(`create table ${schema}.items (id integer primary key, code text not null, title text, qty integer, updated_at timestamptz not null)`);
  await source.query(
    `insert into ${schema}.items select i, 'C-' || i, 'Item number ' || i, i % 1000, timestamptz '2026-01-01' + i * interval '1 second' from generate_series(1, ${ROWS}) i`,
  );
  const { call, cookie, close } = await openApp(engine);
  try {
    await expectOk(await call('PATCH', '/api/v1/settings', { connectorAllowedHosts: ['127.0.0.1'] }, cookie), 'allow-list');
    await expectOk(await call('POST', '/api/v1/variables', { key: 'BENCH_PG_PW', type: 'secret', value: new URL(PG_SERVER).password }, cookie), 'secret');
    const u = new URL(PG_SERVER);
    const conn = (
      await expectOk(
        await call(
          'POST',
          '/api/v1/connectors',
          { name: 'Bench', kind: 'postgres', config: { host: '127.0.0.1', port: Number(u.port || 5432), database: u.pathname.slice(1), user: u.username, passwordVariable: 'BENCH_PG_PW' } },
          cookie,
        ),
        'connector',
      )
    ).data;
    const plan = (await expectOk(await call('GET', `/api/v1/connectors/${conn.id}/subject-plan?schema=${schema}&table=items`, undefined, cookie), 'plan')).data;
    const columns = plan.columns.map((c: { column: string; key: string; name: string; type: string }) => ({ column: c.column, key: c.key, name: c.name, type: c.type }));
    const made = (
      await expectOk(await call('POST', `/api/v1/connectors/${conn.id}/subject`, { application: 'bench', schema, table: 'items', key: 'items', name: 'Items', columns }, cookie), 'subject')
    ).data;
    const sync = (
      await expectOk(
        await call(
          'POST',
          `/api/v1/connectors/${conn.id}/syncs`,
          { name: 'Bench sync', schema, table: 'items', application: 'bench', subject: 'items', mapping: made.mapping, mode: 'upsert', keyFields: ['source_id'] },
          cookie,
        ),
        'sync',
      )
    ).data;

    // another user meanwhile
    await expectOk(await call('POST', '/api/v1/users', { name: 'Other', email: 'other@example.com', password: PASSWORD }, cookie), 'user');
    const login = await call('POST', '/api/v1/auth/login', { email: 'other@example.com', password: PASSWORD });
    const otherCookie = String(login.headers['set-cookie']).split(';')[0];

    const results = [];
    for (const label of ['first sync (insert)', 'second sync (all unchanged)']) {
      global.gc?.();
      const base = process.memoryUsage();
      let peakRss = base.rss;
      let peakHeap = base.heapUsed;
      const sampler = setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      }, 100);
      const waits: number[] = [];
      let running = true;
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const other = (async () => {
        while (running) {
          // the wait counts from when the request was due (20 ms after the last answer): a stalled
          // event loop delays the start too
          const due = performance.now() + 20;
          await sleep(20);
          await expectOk(await call('GET', '/api/v1/auth/me', undefined, otherCookie), 'other user');
          waits.push(performance.now() - due);
        }
      })();
      const t0 = performance.now();
      const run = (await expectOk(await call('POST', `/api/v1/connectors/syncs/${sync.id}/run`, {}, cookie), 'run')).data;
      const seconds = (performance.now() - t0) / 1000;
      running = false;
      await other;
      clearInterval(sampler);
      loop.disable();
      if (run.status !== 'done') throw new Error(`run ${run.status}: ${run.error}`);
      results.push({
        run: label,
        seconds: Number(seconds.toFixed(1)),
        rows_per_s: Math.round(run.read / seconds),
        counts: { read: run.read, inserted: run.inserted, updated: run.updated, unchanged: run.unchanged },
        peak_rss_over_start_mb: mb(peakRss - base.rss),
        peak_heap_over_start_mb: mb(peakHeap - base.heapUsed),
        other_requests: waits.length,
        other_p95_ms: Math.round(pct(waits, 95)),
        other_max_ms: Math.round(Math.max(0, ...waits)),
        event_loop_max_stall_ms: Math.round(loop.max / 1e6),
      });
    }
    return { engine, rows: ROWS, load: (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' '), results };
  } finally {
    await close();
    await source.query(`drop schema if exists ${schema} cascade`);
    await source.end();
  }
}

const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine!];
void (async () => {
  for (const engine of engines) console.log(JSON.stringify(await runEngine(engine), null, 1));
  process.exit(0);
})();
