// API throughput: requests/s and p99 latency of a signed-in GET through the whole stack
// (security headers, CSRF/rate-limit hooks, session lookup, access check, database) beside a bare
// Fastify "hello" on the same machine in the same run, with autocannon over loopback, on PGlite
// and on PostgreSQL. Target: the signed-in GET reaches ≥ 50 % of bare Fastify's requests/s on
// PostgreSQL. A third row, bare Fastify answering one trivial query, is the ceiling of any GET
// that reads the database at all on this machine.
//
// Usage: npm run bench:api [-- --engine pglite|postgres|both] [--duration 10] [--connections 10] [--json FILE]
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_bench_<random> is created there and dropped afterwards.
// The signed-in GET is `GET /api/v1/applications/bench` as its owner: the session cookie is resolved
// (sessions ⋈ users), the membership checked, the application and its members read. Servers run in
// child processes (the bare one: `fastify` with `logger: false`; Assay: `server/src/index.ts` with
// LOG_LEVEL=warn, the scheduler off and the coarse API rate limit raised so it never answers 429
// while its cost stays in the measurement). autocannon runs in this process: the load generator
// shares the 2 cores with the server (docs/stack.md "Machines"), so compare figures of one run only. Each row also
// gives the CPU one request cost the server (µs, /proc) and autocannon (µs), and the bytes of an answer.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { PASSWORD, PG_SERVER, throwAwayDatabase } from './lib.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    json: { type: 'string' },
  },
});
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const WARMUP = 3;
const HEADERS = { 'content-type': 'application/json', 'x-assay-request': '1' };

const HELLO_SERVER = `
const fastify = require('fastify')({ logger: false });
fastify.get('/', async () => ({ hello: 'world' }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => console.log('ready'));
`;
/**
 * The ceiling of any GET that reads the database once: bare Fastify answering one trivial query
 * (a prepared \`select $1\` on a pool of 10 for PostgreSQL; PGlite in memory), no session, no
 * security headers. A signed-in GET cannot beat it; how far it is from the bare hello is the cost
 * of one database round trip on this machine.
 */
const ONE_QUERY_SERVER = `
const fastify = require('fastify')({ logger: false });
let query;
if (process.env.BENCH_PG_URL) {
  const pool = new (require('pg').Pool)({ connectionString: process.env.BENCH_PG_URL, max: 10 });
  query = async () => (await pool.query({ name: 'bench_one', text: 'select $1::int as x', values: [1] })).rows[0].x;
} else {
  const ready = require('@electric-sql/pglite').PGlite.create();
  query = async () => (await (await ready).query('select $1::int as x', [1])).rows[0].x;
}
fastify.get('/', async () => ({ x: await query() }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, child, seconds = 90) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function startScript(script, env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', script], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url, child);
  return { child, url };
}

async function startAssay(engine) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SCHEDULER: 'false',
    API_RATE_LIMIT: '1000000000',
    DIST_DIR: 'no-such-dist',
  };
  delete env.DATABASE_URL;
  delete env.AUDIT_SIGNING_KEY;
  delete env.AUDIT_SIGNING_KEY_FILE;
  let cleanup;
  if (engine === 'postgres') {
    const created = await throwAwayDatabase('assay_bench');
    env.DATABASE_URL = created.url;
    cleanup = created.drop;
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'assay-bench-'));
    env.DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  // BENCH_CPU_PROF=<dir>: the Assay server writes a V8 CPU profile there when it stops (node --cpu-prof)
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'server/src/index.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/v1/health`, child);

  const post = async (url, body, cookie) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { ...HEADERS, ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  await post('/api/v1/setup/init', { name: 'Bench', email: 'bench@example.com', password: PASSWORD });
  const login = await post('/api/v1/auth/login', { email: 'bench@example.com', password: PASSWORD });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  await post('/api/v1/applications', { slug: 'bench', name: 'Bench' }, cookie);
  const url = `${base}/api/v1/applications/bench`;
  const check = await fetch(url, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`the signed-in GET answers ${check.status}`);
  return { child, url, cookie, cleanup };
}

function load(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers, pipelining: 1 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** CPU time (user + system) the process `pid` has used so far, µs (Linux /proc; null elsewhere). */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100; // USER_HZ on Linux

/**
 * One target under load: req/s, latencies, and what a request cost in CPU: the server's
 * (`serverCpuUs`, from /proc, all its threads) and autocannon's in this process (`clientCpuUs`).
 * The two share the machine's cores, so a bigger answer (more bytes for autocannon to parse) lowers
 * req/s even at equal server cost.
 */
async function measure(url, child, headers = {}) {
  await load(url, headers, WARMUP);
  const server0 = cpuMicros(child.pid);
  const client0 = process.cpuUsage();
  const r = await load(url, headers, DURATION);
  const client = process.cpuUsage(client0);
  const server1 = cpuMicros(child.pid);
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const n = r.requests.total;
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p99Ms: r.latency.p99,
    p50Ms: r.latency.p50,
    total: n,
    serverCpuUs: server0 === null || server1 === null ? null : Math.round(((server1 - server0) / n) * 10) / 10,
    clientCpuUs: Math.round(((client.user + client.system) / n) * 10) / 10,
    bytesPerAnswer: Math.round(r.throughput.total / n),
  };
}

const ratio = (a, b) => Math.round((a.requestsPerSecond / b.requestsPerSecond) * 1000) / 1000;

async function benchEngine(engine) {
  const hello = await startScript(HELLO_SERVER);
  const oneQuery = await startScript(ONE_QUERY_SERVER, engine === 'postgres' ? { BENCH_PG_URL: PG_SERVER } : {});
  const assay = await startAssay(engine);
  try {
    const bare = await measure(hello.url, hello.child);
    const ceiling = await measure(oneQuery.url, oneQuery.child);
    const signedIn = await measure(assay.url, assay.child, { cookie: assay.cookie });
    return { engine, bare, oneQuery: ceiling, signedIn, ratio: ratio(signedIn, bare), ceilingRatio: ratio(ceiling, bare) };
  } finally {
    await stop(hello.child);
    await stop(oneQuery.child);
    await stop(assay.child);
    await assay.cleanup();
  }
}

async function postgresReachable() {
  const c = new pg.Client({ connectionString: PG_SERVER, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine];
  if (engines.some((e) => e !== 'pglite' && e !== 'postgres')) throw new Error('--engine is pglite, postgres or both');
  const results = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable())) {
      console.log(`PostgreSQL at ${PG_SERVER.replace(/\/\/[^@]*@/, '//…@')} is not reachable: skipped`);
      continue;
    }
    results.push(await benchEngine(engine));
  }
  console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP} s warm-up, loopback, ${os.cpus().length} cores, Node ${process.versions.node}`);
  const row = (engine, target, m, base) =>
    console.log(
      `${engine.padEnd(9)} ${target.padEnd(36)} ${String(m.requestsPerSecond).padStart(7)}  ${String(m.p50Ms).padStart(6)}  ${String(m.p99Ms).padStart(6)}  ${String(m.serverCpuUs ?? '-').padStart(10)}  ${String(m.clientCpuUs).padStart(10)}  ${String(m.bytesPerAnswer).padStart(6)}  ${base ? `${((m.requestsPerSecond / base.requestsPerSecond) * 100).toFixed(1).padStart(5)} %` : ''}`,
    );
  console.log(
    `${'engine'.padEnd(9)} ${'target'.padEnd(36)} ${'req/s'.padStart(7)}  ${'p50 ms'.padStart(6)}  ${'p99 ms'.padStart(6)}  ${'server µs'.padStart(10)}  ${'client µs'.padStart(10)}  ${'bytes'.padStart(6)}  vs bare`,
  );
  for (const r of results) {
    row(r.engine, 'bare Fastify hello', r.bare);
    row(r.engine, 'bare Fastify + 1 query (ceiling)', r.oneQuery, r.bare);
    row(r.engine, 'signed-in GET /applications/:slug', r.signedIn, r.bare);
  }
  const pgResult = results.find((r) => r.engine === 'postgres');
  if (pgResult) console.log(`\nTarget ≥ 50 % of bare Fastify on PostgreSQL: ${pgResult.ratio >= 0.5 ? 'met' : 'NOT met'} (${(pgResult.ratio * 100).toFixed(1)} %)`);
  if (values.json) writeFileSync(values.json, JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, duration: DURATION, results }, null, 2));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
