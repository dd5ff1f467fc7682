// Shared pieces of the benchmarks (bench/*.mjs): the PostgreSQL server they use, the bench
// administrator's password and the CSRF header, throw-away databases, percentiles, the real server
// started for the browser benchmarks.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';

/** The PostgreSQL server of the PostgreSQL runs: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local default. */
export const PG_SERVER =
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The password of the accounts a benchmark creates (meets the default password policy). */
export const PASSWORD = 'Bench-admin-2026';
/** The header every mutating API call carries (lib/csrf.ts). */
export const CSRF = { 'x-assay-request': '1' };

/**
 * Creates an empty database `<prefix>_<8 hex>` on PG_SERVER.
 * @returns its name, its URL, and `drop()` (drops it, forcing connections closed).
 */
export async function throwAwayDatabase(prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_SERVER });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** The p-th percentile (nearest rank) of `xs`; 0 for an empty list. */
export function pct(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}

/** The JSON body of a Fastify `inject` answer. @throws Error naming `what` when its status is 300 or more. */
export async function expectOk(res, what) {
  if (res.statusCode >= 300) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 500)}`);
  return res.json();
}

/**
 * Starts the real server (`node --import tsx server/src/index.ts`, the web build of `dist/`) on
 * 127.0.0.1:`port` with a fresh PGlite data folder `dataDir` (emptied first, removed by `stop`),
 * LOG_LEVEL error, and waits until /health answers (at most 60 s; throws otherwise).
 * @returns `base` (its URL), `post(path, body, cookie?)` (a JSON POST with the CSRF header;
 *   throws naming the path on a status of 300 or more), `workspace()` (creates the first
 *   administrator and the application `bench`; resolves with the session cookie) and `stop()`
 *   (SIGTERM, waits for the exit, removes the data folder).
 */
export async function startBenchServer({ port, dataDir }) {
  const base = `http://127.0.0.1:${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/index.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const post = async (path, body, cookie) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...CSRF, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const server = {
    base,
    post,
    async workspace() {
      const admin = { name: 'Bench Admin', email: 'bench@example.com', password: PASSWORD };
      await post('/api/v1/setup/init', admin);
      const login = await post('/api/v1/auth/login', { email: admin.email, password: admin.password });
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      await post('/api/v1/applications', { slug: 'bench', name: 'Bench' }, cookie);
      return cookie;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not start within 60 s');
}
