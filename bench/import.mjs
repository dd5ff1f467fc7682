// Import benchmark (import and export: 100,000 CSV rows imported, in seconds, peak memory, and the
// longest time another user's request waited meanwhile, on PGlite and PostgreSQL; target ≤ 30 s on
// PGlite with memory flat). Generates a CSV of ROWS rows (seven fields: text, unique code, number, money,
// date, single select, boolean, e-mail) on disk, starts the real server in this process on a
// real port, and through the real HTTP API (fetch):
//   upload (multipart, the file streamed from disk) → check (dry run) → run (insert, all or nothing)
// while a second signed-in user loops GET …/records?pageSize=20 (one request at a time) the whole
// time. Prints the seconds of each step, the peak RSS of this process (server included; sampled
// every 50 ms) against the RSS before the upload, the longest and p99 wait of the concurrent
// user's requests (and the longest per step), and the longest time the event loop stood still.
//
// Usage: npm run bench:import [-- --engine pglite|postgres|both] [--rows 100000] [--unique] [--owner] [--update] [--no-engine] [--no-reader]
//   The run and the undo are tasks run by a task engine started here, as the server does;
//   --no-engine leaves it off (the request runs the task itself, as with SCHEDULER=false).
//   --no-reader leaves the second user out (no waits measured): the steps' CPU seconds, printed
//     with the load average, then measure the import's own work, steadier than the wall clock on
//     a machine others load.
//   --unique makes `code` a unique field (its holders looked up once per chunk in the check).
//   --owner adds a user field "Owner" given by e-mail or name (resolved, then checked, per chunk).
//   --update then imports the file again in mode update by `code`, every row's title and qty
//     changed, and undoes that import: the seconds of its run and of its undo, and the other
//     user's longest wait during each.
//   BENCH_PROFILE=1 (PGlite): the statements sent, by their first words, count and ms (the 25
//     costliest; a statement's ms includes its wait for the instance's lock), after the steps.
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_import_<random> is created and dropped afterwards.
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { startTaskEngine } from '../server/src/modules/tasks/tasks.engine.ts';
import { CSRF, PASSWORD, pct, throwAwayDatabase } from './lib.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    rows: { type: 'string', default: '100000' },
    unique: { type: 'boolean', default: false },
    owner: { type: 'boolean', default: false },
    update: { type: 'boolean', default: false },
    'no-engine': { type: 'boolean', default: false },
    'no-reader': { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const STATUSES = ['draft', 'open', 'review', 'closed', 'archived'];
const COLORS = ['#8c8c8c', '#1677ff', '#faad14', '#52c41a', '#722ed1'];
const FIELDS = [
  { key: 'code', name: 'Code', type: 'text', unique: values.unique },
  { key: 'title', name: 'Title', type: 'text' },
  { key: 'qty', name: 'Qty', type: 'number' },
  { key: 'amount', name: 'Amount', type: 'money', options: { currency: 'CNY', precision: 2 } },
  { key: 'due', name: 'Due date', type: 'date' },
  { key: 'status', name: 'Status', type: 'singleSelect', options: { choices: STATUSES.map((label, i) => ({ label, color: COLORS[i] })) } },
  { key: 'done', name: 'Done', type: 'boolean' },
  { key: 'email', name: 'E-mail', type: 'email' },
  ...(values.owner ? [{ key: 'owner', name: 'Owner', type: 'user' }] : []),
];

/** Writes the CSV (streamed to disk). @returns its path. */
async function writeCsv(rows, edited = false) {
  const file = path.join(os.tmpdir(), `assay-import-${rows}${values.owner ? '-owner' : ''}${edited ? '-edited' : ''}.csv`);
  const out = createWriteStream(file);
  out.write(`Code,Title,Qty,Amount,Due date,Status,Done,E-mail${values.owner ? ',Owner' : ''}\n`);
  for (let g = 1; g <= rows; g += 1) {
    const day = String(1 + (g % 28)).padStart(2, '0');
    const month = String(1 + (g % 12)).padStart(2, '0');
    const line = `C-${g},"Item ${g}, batch ${g % 97}${edited ? ' (edited)' : ''}",${(g + (edited ? 1 : 0)) % 1000},${(g * 7919) % 100000}.${String(g % 100).padStart(2, '0')},2026-${month}-${day},${STATUSES[g % 5]},${g % 3 === 0 ? 'yes' : 'no'},user${g % 5000}@example.com${values.owner ? (g % 2 ? ',bench@example.com' : ',Other') : ''}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return file;
}

const mb = (n) => Math.round(n / 1024 / 1024);

/**
 * BENCH_PROFILE=1 (PGlite): the statements the app sends (query, exec, and those of transactions),
 * by their first 70 characters: count and ms (with the wait for the instance's lock), the 25
 * costliest printed after the steps.
 */
function profileStatements(handle) {
  const stats = new Map();
  const wrap = (on, name) => {
    const orig = on[name].bind(on);
    on[name] = async (text, ...rest) => {
      const key = String(text).replace(/\s+/g, ' ').slice(0, 70);
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
  const client = handle.raw.client;
  wrap(client, 'query');
  wrap(client, 'exec');
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      wrap(tx, 'query');
      return fn(tx);
    });
  return {
    print() {
      for (const [k, v] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
        console.log(`${String(v.n).padStart(7)} × ${v.ms.toFixed(0).padStart(7)} ms  ${k}`);
    },
  };
}

async function runEngine(engine, csvFile, editedFile) {
  let handle;
  let dropDb = async () => undefined;
  if (engine === 'postgres') {
    const created = await throwAwayDatabase('assay_import');
    handle = await openDatabase({ databaseUrl: created.url, poolMax: 10 });
    dropDb = created.drop;
  } else {
    // on disk, as the server runs (an in-memory PGlite would hold every row in this process's RSS)
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-import-bench-'));
    handle = await openDatabase({ dataDir: dir });
    dropDb = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    await migrateDatabase(handle);
    const profile = process.env.BENCH_PROFILE && engine === 'pglite' ? profileStatements(handle) : null;
    const app = await buildApp({ db: handle.db, engine: handle.engine, cacheSource: handle });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${app.server.address().port}`;
    // the run and the undo are tasks (modules/imports/imports.tasks.ts): run them on the task
    // engine as the server does (--no-engine: the request runs them itself, as without SCHEDULER)
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const taskEngine = values['no-engine'] ? undefined : await startTaskEngine(handle.db, { log: quiet, schedule: false, pollingIntervalSeconds: engine === 'pglite' ? 10 : 2 });
    try {
      const req = async (method, url, { cookie, body, form } = {}) => {
        const headers = { ...CSRF, ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
        const res = await fetch(base + url, { method, headers, body: form ?? (body ? JSON.stringify(body) : undefined) });
        const text = await res.text();
        if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 400)}`);
        return { res, json: text ? JSON.parse(text) : null };
      };
      const loginAs = async (email) => {
        const { res } = await req('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } });
        return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      };
      await req('POST', '/api/v1/setup/init', { body: { name: 'Bench', email: 'bench@example.com', password: PASSWORD } });
      const cookie = await loginAs('bench@example.com');
      await req('POST', '/api/v1/applications', { cookie, body: { slug: 'bench', name: 'Bench' } });
      await req('POST', '/api/v1/applications/bench/subjects', { cookie, body: { key: 'items', name: 'Items', displayField: 'title', fields: FIELDS.map((f) => ({ options: {}, ...f })) } });
      // the other user: a viewer reading the same subject's grid the whole time
      const made = await req('POST', '/api/v1/users', { cookie, body: { name: 'Other', email: 'other@example.com', password: PASSWORD } }).catch(() => null);
      void made;
      await req('POST', '/api/v1/applications/bench/members', { cookie, body: { email: 'other@example.com', role: 'viewer' } });
      const other = await loginAs('other@example.com').catch(() => cookie);

      // the longest time the event loop did not turn (PGlite runs statements synchronously in this
      // process: a blocked loop is a wait for every other request, whatever its query)
      let lastTick = performance.now();
      let longestBlock = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longestBlock = Math.max(longestBlock, now - lastTick - 20);
        lastTick = now;
      }, 20);
      let running = true;
      let phase = 'upload';
      const waits = values['no-reader'] ? [0] : [];
      const longestIn = {};
      const reader = (async () => {
        while (running && !values['no-reader']) {
          const t = performance.now();
          const during = phase;
          await req('GET', '/api/v1/applications/bench/subjects/items/records?pageSize=20', { cookie: other });
          const wait = performance.now() - t;
          waits.push(wait);
          longestIn[during] = Math.max(longestIn[during] ?? 0, wait);
        }
      })();
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let peak = rssBefore;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 50);

      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const form = new FormData();
      form.append('file', await openAsBlob(csvFile), 'bench.csv');
      const up = await req('POST', '/api/v1/applications/bench/subjects/items/imports', { cookie, form });
      const batch = up.json.data.batch;
      const t1 = performance.now();
      const c1 = process.cpuUsage();
      phase = 'check';
      const settings = { mapping: batch.mapping };
      const checked = await req('POST', `/api/v1/imports/${batch.id}/check`, { cookie, body: settings });
      const t2 = performance.now();
      const c2 = process.cpuUsage();
      phase = 'run';
      const ran = await req('POST', `/api/v1/imports/${batch.id}/run`, { cookie, body: settings });
      const t3 = performance.now();
      const c3 = process.cpuUsage();
      let updateLine = '';
      if (editedFile) {
        phase = 'update';
        const form2 = new FormData();
        form2.append('file', await openAsBlob(editedFile), 'bench-edited.csv');
        const u0 = performance.now();
        const up2 = (await req('POST', '/api/v1/applications/bench/subjects/items/imports', { cookie, form: form2 })).json.data.batch;
        const settings2 = { mapping: up2.mapping, mode: 'update', keyFields: ['code'] };
        await req('POST', `/api/v1/imports/${up2.id}/check`, { cookie, body: settings2 });
        const u1 = performance.now();
        longestBlock = 0;
        phase = 'update-run';
        const ran2 = await req('POST', `/api/v1/imports/${up2.id}/run`, { cookie, body: settings2 });
        const u2 = performance.now();
        const stillRun = longestBlock;
        longestBlock = 0;
        phase = 'undo';
        const undone = await req('POST', `/api/v1/imports/${up2.id}/undo`, { cookie, body: {} });
        const u3 = performance.now();
        const sec = (a, b) => ((b - a) / 1000).toFixed(1);
        updateLine =
          `[${engine}] update by code: upload + check ${sec(u0, u1)} s, run ${sec(u1, u2)} s; updated ${ran2.json.data.updated}; ` +
          `other user's longest wait during its upload and check ${(longestIn.update ?? 0).toFixed(0)} ms, during its run ${(longestIn['update-run'] ?? 0).toFixed(0)} ms; event loop longest still during its run ${stillRun.toFixed(0)} ms\n` +
          `[${engine}] undo of that update: ${sec(u2, u3)} s, restored ${undone.json.data.restored}; other user's longest wait ${(longestIn.undo ?? 0).toFixed(0)} ms; event loop longest still ${longestBlock.toFixed(0)} ms`;
      }
      clearInterval(sampler);
      clearInterval(ticker);
      running = false;
      await reader;
      const list = await req('GET', '/api/v1/applications/bench/subjects/items/records?pageSize=1', { cookie });
      const s = (a, b) => ((b - a) / 1000).toFixed(1);
      console.log(
        `[${engine}] ${ROWS.toLocaleString('en')} rows${values.unique ? ' (unique code)' : ''}${values.owner ? ' (owner by e-mail or name)' : ''}: upload ${s(t0, t1)} s, check ${s(t1, t2)} s, run ${s(t2, t3)} s, total ${s(t0, t3)} s; ` +
          `valid ${checked.json.data.valid}, inserted ${ran.json.data.inserted}, records listed ${list.json.total}`,
      );
      // CPU seconds of this process (server and PGlite included) per step: steadier than the wall clock on a loaded machine
      const cpu = (a, b) => ((b.user + b.system - a.user - a.system) / 1e6).toFixed(1);
      console.log(`[${engine}] CPU of this process: upload ${cpu(c0, c1)} s, check ${cpu(c1, c2)} s, run ${cpu(c2, c3)} s, total ${cpu(c0, c3)} s; load average ${os.loadavg()[0].toFixed(1)}`);
      profile?.print();
      console.log(
        `[${engine}] RSS before ${mb(rssBefore)} MB, peak ${mb(peak)} MB (+${mb(peak - rssBefore)} MB); concurrent GETs ${waits.length}: ` +
          `p50 ${pct(waits, 50).toFixed(0)} ms, p99 ${pct(waits, 99).toFixed(0)} ms, longest ${Math.max(...waits).toFixed(0)} ms ` +
          `(longest while uploading ${(longestIn.upload ?? 0).toFixed(0)} ms, checking ${(longestIn.check ?? 0).toFixed(0)} ms, running ${(longestIn.run ?? 0).toFixed(0)} ms); ` +
          `event loop longest still ${longestBlock.toFixed(0)} ms`,
      );
      if (updateLine) console.log(updateLine);
    } finally {
      await taskEngine?.stop();
      await app.close();
    }
  } finally {
    await handle.close();
    await dropDb();
  }
}

const csvFile = await writeCsv(ROWS);
const editedFile = values.update ? await writeCsv(ROWS, true) : undefined;
console.log(`[bench] ${csvFile}: ${(statSync(csvFile).size / 1024 / 1024).toFixed(1)} MB`);
try {
  for (const engine of values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine]) await runEngine(engine, csvFile, editedFile);
} finally {
  rmSync(csvFile, { force: true });
  if (editedFile) rmSync(editedFile, { force: true });
}
