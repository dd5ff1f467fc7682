// Shared pieces of the benchmarks (bench/*.mjs): the PostgreSQL server they use, the bench
// administrator's password and the CSRF header, throw-away databases, percentiles.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server of the PostgreSQL runs: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local default. */
export const PG_SERVER = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
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
