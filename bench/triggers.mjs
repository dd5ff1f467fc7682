// Triggers under load (docs/triggers.md "Figures"): UPDATES record updates (default 10,000) at RATE
// per second (default 50), through the real records API, on a subject with an enabled trigger
// "record.updated, field `seq` changed → post a webhook" to a receiver on 127.0.0.1 (allow-listed).
// Each update sets `seq` to its own number, so the receiver can count each event: delivered once,
// twice, or never. Prints, per engine:
//   - events delivered exactly once / twice by two runs (dup) / missing (the target: all once), and
//     posts repeated by a run's retry with the same X-Assay-Delivery id (retried: a receiver drops them);
//   - commit → action time, p50 / p95 / max in ms (from the PATCH's answer to the webhook's arrival,
//     so it includes the outbox delivery, the run task's start and the HTTP post; target p95 ≤ 1 s);
//   - runs per second the engine kept up (events delivered over the run's length);
//   - another user's request meanwhile (a signed-in GET of the record list every 100 ms): p95 and
//     the longest wait, in ms (PGlite runs one statement at a time).
// Before that, the outbox's cost on every write: a bulk update of 1,000 records through the API, three
// rounds each with the outbox's database trigger disabled (baseline), enabled with no enabled trigger
// on the subject (what every subject pays), and with one (1,000 events written), in ms.
// The app runs in this process (Fastify inject for the API, the task engine and the outbox listener as
// the server starts them), like bench/records.mjs.
// Usage: npm run bench:triggers [-- --engine pglite|postgres|both] [--updates 10000] [--rate 50]
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_triggers_<random> is created and dropped afterwards.
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { sql } from 'drizzle-orm';
import { loadSubjectDef } from '../server/src/modules/subjects/subject-def.ts';
import { startTaskEngine } from '../server/src/modules/tasks/tasks.engine.ts';
import { startTriggerListener } from '../server/src/modules/triggers/triggers.outbox.ts';
import { CSRF, PASSWORD, expectOk, pct, throwAwayDatabase } from './lib.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    updates: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '50' },
    records: { type: 'string', default: '200' },
  },
});
const UPDATES = Number(values.updates);
const RATE = Number(values.rate);
const RECORDS = Number(values.records);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The outbox's cost (header comment): ms of a 1,000-record bulk update, three rounds of each case. */
async function outboxCost(handle, call, cookie) {
  const created = await expectOk(
    await call(
      'POST',
      '/api/v1/applications/bench/subjects',
      { key: 'costs', name: 'Costs', fields: [{ key: 'status', name: 'Status', type: 'text' }] },
      cookie,
    ),
    'subject',
  );
  const def = await loadSubjectDef(handle.db, { id: created.data.id });
  const column = def.fields.find((f) => f.key === 'status').column;
  await handle.db.execute(sql.raw(`insert into "${def.tableName}" ("${column}") select 'a' from generate_series(1, 1000)`));
  const ids = (await handle.db.execute(sql.raw(`select id from "${def.tableName}"`))).rows.map((r) => r.id);
  const bulk = async (value) => {
    const t0 = performance.now();
    await expectOk(
      await call(
        'POST',
        '/api/v1/applications/bench/subjects/costs/records/bulk-update',
        { ids, values: { status: value } },
        cookie,
      ),
      'bulk',
    );
    return Math.round(performance.now() - t0);
  };
  const outbox = (on) =>
    handle.db.execute(sql.raw(`alter table record_versions ${on ? 'enable' : 'disable'} trigger record_versions_outbox`));
  const trigger = (
    await expectOk(
      await call(
        'POST',
        '/api/v1/triggers',
        { name: 'cost', application: 'bench', event: 'record.updated', subject: 'costs', enabled: false, steps: [] },
        cookie,
      ),
      'trigger',
    )
  ).data;
  const setEnabled = async (on) =>
    expectOk(await call('POST', `/api/v1/triggers/${trigger.id}/${on ? 'enable' : 'disable'}`, undefined, cookie), 'enable');
  await bulk('warm');
  const cost = { noOutbox: [], noTrigger: [], withTrigger: [] };
  for (let round = 0; round < 3; round += 1) {
    await outbox(false);
    cost.noOutbox.push(await bulk(`a${round}`));
    await outbox(true);
    cost.noTrigger.push(await bulk(`b${round}`));
    await setEnabled(true);
    cost.withTrigger.push(await bulk(`c${round}`));
    await setEnabled(false);
  }
  await handle.db.execute(sql`delete from trigger_events`);
  return cost;
}

/**
 * BENCH_PROFILE=1: counts the statements the app sends (PGlite's query/exec; PostgreSQL's pool) by
 * their first words, and their time, while the updates run. `print(runs)` shows the top ones per run.
 */
function profileStatements(handle) {
  const stats = new Map();
  const target = handle.raw.engine === 'pglite' ? handle.raw.client : handle.raw.pool;
  const wrap = (name, on = target) => {
    const orig = on[name].bind(on);
    on[name] = async (text, ...rest) => {
      const key = String(typeof text === 'string' ? text : (text?.text ?? ''))
        .replace(/\s+/g, ' ')
        .slice(0, 70);
      const t = performance.now();
      try {
        return await orig(text, ...rest);
      } finally {
        const s = stats.get(key) ?? { n: 0, ms: 0 };
        s.n += 1;
        s.ms += performance.now() - t;
        stats.set(key, s);
      }
    };
  };
  wrap('query');
  if (handle.raw.engine === 'pglite') {
    wrap('exec');
    // statements inside a transaction go through the transaction's own query
    const transaction = target.transaction.bind(target);
    target.transaction = (fn) =>
      transaction((tx) => {
        wrap('query', tx);
        return fn(tx);
      });
  }
  return {
    print(runs) {
      const all = [...stats].sort((a, b) => b[1].n - a[1].n);
      const total = all.reduce((s, [, v]) => s + v.n, 0);
      console.log(`statements: ${total} for ${runs} runs (${(total / Math.max(runs, 1)).toFixed(1)} per run)`);
      for (const [k, v] of all.slice(0, 30))
        console.log(`${(v.n / Math.max(runs, 1)).toFixed(2).padStart(6)}/run ${v.ms.toFixed(0).padStart(7)} ms  ${k}`);
    },
  };
}

/**
 * BENCH_YIELD=1 (PGlite, an experiment for the database client): each statement first yields to the
 * event loop (setImmediate), so sockets are read between statements instead of after the whole
 * queue of statements has drained.
 */
function yieldBetweenStatements(handle) {
  const client = handle.raw.client;
  const wrap = (on, name) => {
    const orig = on[name].bind(on);
    on[name] = async (...args) => {
      await new Promise((r) => setImmediate(r));
      return orig(...args);
    };
  };
  wrap(client, 'query');
  wrap(client, 'exec');
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      wrap(tx, 'query');
      return fn(tx);
    });
}

async function runEngine(engine) {
  let handle;
  let dropDb = async () => undefined;
  if (engine === 'postgres') {
    const created = await throwAwayDatabase('assay_triggers');
    handle = await openDatabase({ databaseUrl: created.url, poolMax: 10 });
    dropDb = () => created.drop();
  } else {
    handle = await openDatabase({ memory: true });
  }
  // the webhook's receiver: arrival time and delivery id of each `seq`. A post repeated with the same
  // X-Assay-Delivery id is a retry of one run (a receiver drops it); another id would be a second run
  const arrivals = new Map();
  const deliveryIds = new Map();
  let retried = 0;
  let duplicates = 0;
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const at = performance.now();
      const seq = Number(JSON.parse(body).record?.after?.seq);
      const delivery = req.headers['x-assay-delivery'];
      if (!arrivals.has(seq)) {
        arrivals.set(seq, at);
        deliveryIds.set(seq, delivery);
      } else if (deliveryIds.get(seq) === delivery) retried += 1;
      else duplicates += 1;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  const port = receiver.address().port;
  let app;
  let taskEngine;
  let stopListener;
  try {
    await migrateDatabase(handle);
    app = await buildApp({ db: handle.db, engine: handle.engine, cacheSource: handle });
    await app.ready();
    const call = (method, url, body, cookie) =>
      app.inject({ method, url, headers: { ...CSRF, ...(cookie ? { cookie } : {}) }, payload: body });
    await expectOk(
      await call('POST', '/api/v1/setup/init', { name: 'Bench', email: 'bench@example.com', password: PASSWORD }),
      'setup',
    );
    const login = await call('POST', '/api/v1/auth/login', { email: 'bench@example.com', password: PASSWORD });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    await expectOk(await call('POST', '/api/v1/applications', { slug: 'bench', name: 'Bench' }, cookie), 'application');
    await expectOk(
      await call(
        'POST',
        '/api/v1/applications/bench/subjects',
        {
          key: 'items',
          name: 'Items',
          displayField: 'title',
          fields: [
            { key: 'title', name: 'Title', type: 'text' },
            { key: 'seq', name: 'Seq', type: 'number', options: { precision: 0 } },
          ],
        },
        cookie,
      ),
      'subject',
    );
    const cost = await outboxCost(handle, call, cookie);
    const settings = (await expectOk(await call('GET', '/api/v1/settings', undefined, cookie), 'settings')).data;
    await expectOk(
      await call('PATCH', '/api/v1/settings', { outboundAllowedHosts: ['127.0.0.1'], version: settings.version }, cookie),
      'allow-list',
    );
    await expectOk(
      await call(
        'POST',
        '/api/v1/triggers',
        {
          name: 'seq changed',
          application: 'bench',
          subject: 'items',
          event: 'record.updated',
          changedFields: ['seq'],
          enabled: true,
          retryLimit: 2,
          retryDelaySeconds: 1,
          steps: [{ type: 'webhook', config: { url: `http://127.0.0.1:${port}/hook` } }],
        },
        cookie,
      ),
      'trigger',
    );
    const base = '/api/v1/applications/bench/subjects/items/records';
    const records = [];
    for (let i = 0; i < RECORDS; i++) {
      const r = (await expectOk(await call('POST', base, { values: { title: `item ${i}`, seq: -1 - i } }, cookie), 'record')).data
        .record;
      records.push({ id: r.id, version: r.version, busy: Promise.resolve() });
    }
    // the engine and the listener, as server/src/index.ts starts them
    taskEngine = await startTaskEngine(handle.db, {
      log: quiet,
      requeueRunning: engine === 'pglite',
      pollingIntervalSeconds: engine === 'pglite' ? 10 : 2,
      schedule: false,
    });
    stopListener = await startTriggerListener(handle, handle.db, quiet);
    if (process.env.BENCH_YIELD && engine === 'pglite') yieldBetweenStatements(handle);
    const profile = process.env.BENCH_PROFILE ? profileStatements(handle) : null;
    // BENCH_PROFILE: where the backlog sits, every 5 s (undelivered events, runs by state, run tasks by state)
    const backlog = process.env.BENCH_PROFILE
      ? setInterval(async () => {
          const q = async (text) => (await handle.db.execute(sql.raw(text))).rows;
          const [ev] = await q(`select count(*)::int as n from trigger_events where delivered_at is null`);
          const runs = await q(`select state, count(*)::int as n from trigger_runs group by 1 order by 1`);
          const tk = await q(
            `select kind, state, count(*)::int as n from tasks where kind like 'triggers.%' group by 1, 2 order by 1, 2`,
          );
          const arrived = arrivals.size;
          console.log(
            `backlog: events ${ev.n}; runs ${runs.map((r) => `${r.state} ${r.n}`).join(', ')}; tasks ${tk.map((r) => `${r.kind.slice(9)} ${r.state} ${r.n}`).join(', ')}; arrived ${arrived}`,
          );
        }, 5000)
      : null;

    // another user: a signed-in GET every 100 ms while the updates run
    const waits = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await call('GET', `${base}?pageSize=20`, undefined, cookie);
        waits.push(performance.now() - t);
        await sleep(100);
      }
    })();

    // the event loop's delay (a timer's lateness): what an HTTP request or a socket waits before this
    // process even looks at it (the "other user" probe starts its clock only once its timer fired)
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const commits = new Map();
    const t0 = performance.now();
    const interval = 1000 / RATE;
    let failed = 0;
    const inflight = [];
    for (let seq = 0; seq < UPDATES; seq++) {
      const due = t0 + seq * interval;
      const now = performance.now();
      if (due > now) await sleep(due - now);
      const rec = records[seq % RECORDS];
      // one update at a time per record (each needs the version the previous one made)
      rec.busy = rec.busy.then(async () => {
        const res = await call('PATCH', `${base}/${rec.id}`, { version: rec.version, values: { seq } }, cookie);
        if (res.statusCode !== 200) {
          failed += 1;
          return;
        }
        commits.set(seq, performance.now());
        rec.version = JSON.parse(res.body).data.record.version;
      });
      inflight.push(rec.busy);
    }
    await Promise.all(inflight);
    const sentMs = performance.now() - t0;
    // wait for the deliveries (at most 120 s after the last commit)
    const until = performance.now() + 120_000;
    while (arrivals.size < commits.size && performance.now() < until) await sleep(200);
    probing = false;
    await probe;
    loopDelay.disable();
    if (backlog) clearInterval(backlog);
    profile?.print(arrivals.size);
    if (profile) {
      const errors = (
        await handle.db.execute(
          sql`select left(error, 120) as error, count(*)::int as n from trigger_runs where error is not null group by 1`,
        )
      ).rows;
      for (const e of errors) console.log(`run errors: ${e.n} × ${e.error}`);
      const [d] = (
        await handle.db.execute(sql`select percentile_cont(array[0.5, 0.95, 1]) within group (order by ms) as ms,
          percentile_cont(array[0.5, 0.95, 1]) within group (order by (steps->0->'output'->>'durationMs')::int) as post,
          percentile_cont(array[0.5, 0.95, 1]) within group (order by extract(epoch from started_at - created_at) * 1000) as wait,
          sum(attempts - 1)::int as retries from trigger_runs`)
      ).rows;
      console.log(`run ms p50/p95/max ${d.ms}; webhook ms ${d.post}; created → started ms ${d.wait}; retries ${d.retries}`);
    }
    const lastArrival = Math.max(...arrivals.values());
    const lags = [...commits].filter(([seq]) => arrivals.has(seq)).map(([seq, at]) => arrivals.get(seq) - at);
    const missing = [...commits.keys()].filter((seq) => !arrivals.has(seq)).length;
    return {
      engine,
      cost,
      updates: commits.size,
      failedUpdates: failed,
      rate: (commits.size / sentMs) * 1000,
      once: arrivals.size,
      duplicates,
      retried,
      missing,
      lagP50: pct(lags, 50),
      lagP95: pct(lags, 95),
      lagMax: Math.max(...lags),
      runsPerSecond: (arrivals.size / (lastArrival - t0)) * 1000,
      waitP95: pct(waits, 95),
      waitMax: Math.max(...waits),
      loopP99: loopDelay.percentile(99) / 1e6,
      loopMax: loopDelay.max / 1e6,
    };
  } finally {
    await stopListener?.();
    await taskEngine?.stop(5000);
    await app?.close();
    receiver.close();
    await handle.close();
    await dropDb();
  }
}

const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine];
const results = [];
console.log(`Triggers: ${UPDATES} updates at ${RATE}/s over ${RECORDS} records, a webhook per update`);
console.log(
  'engine    updates  rate/s  once  dup  retried  missing  commit→action p50/p95/max ms   runs/s  other user p95/max ms  event loop delay p99/max ms',
);
for (const engine of engines) {
  const r = await runEngine(engine);
  results.push(r);
  console.log(
    `${r.engine.padEnd(9)} ${String(r.updates).padStart(7)}  ${r.rate.toFixed(1).padStart(6)}  ${String(r.once).padStart(4)}  ` +
      `${String(r.duplicates).padStart(3)}  ${String(r.retried).padStart(7)}  ${String(r.missing).padStart(7)}  ` +
      `${[r.lagP50, r.lagP95, r.lagMax]
        .map((v) => v.toFixed(0))
        .join(' / ')
        .padStart(26)}   ${r.runsPerSecond.toFixed(1).padStart(6)}  ` +
      `${`${r.waitP95.toFixed(0)} / ${r.waitMax.toFixed(0)}`.padEnd(21)}  ${r.loopP99.toFixed(0)} / ${r.loopMax.toFixed(0)}${r.failedUpdates ? `  (${r.failedUpdates} updates refused)` : ''}`,
  );
}
console.log('\nOutbox cost: ms of a 1,000-record bulk update, three rounds each');
console.log('engine    outbox trigger disabled   no enabled trigger   an enabled trigger (1,000 events)');
for (const r of results)
  console.log(
    `${r.engine.padEnd(9)} ${r.cost.noOutbox.join(', ').padEnd(25)} ${r.cost.noTrigger.join(', ').padEnd(20)} ${r.cost.withTrigger.join(', ')}`,
  );
process.exit(0);
