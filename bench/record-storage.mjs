// Record storage prototype ("Storage is the key design choice"): the same subject of ten
// fields stored two ways, on PostgreSQL (1,000,000 records) and PGlite (200,000 records):
//   A. "typed": one real table per subject, one typed column per field, a b-tree index per
//      sortable field, a trigram GIN index for quick search (NocoBase's way);
//   B. "jsonb": one shared table, the values in a JSONB column, one expression index per field
//      (cast to the field's type) and a trigram GIN over the searchable text.
// For each it prints p50/p95 (ms) over RUNS varied queries of:
//   filtered+sorted page: status = X and amount > Y order by due_date desc, id desc limit 50
//   deep page (offset):   order by due_date desc, id desc offset N limit 50 (N ~ 90 % of rows)
//   deep page (keyset):   the same page reached by (due_date, id) < (cursor) — what lists use
//   quick search:         title or email ilike '%term%' order by id desc limit 50
//   sort on another field: order by amount desc, id desc limit 50 (any field is sortable)
// Targets: p95 ≤ 50 ms on PostgreSQL, ≤ 150 ms on PGlite.
//
// Usage: node bench/record-storage.mjs [--engine pglite|postgres|both] [--rows N] [--runs 30] [--json FILE]
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_storage_<random> is created and dropped.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    rows: { type: 'string' },
    runs: { type: 'string', default: '30' },
    json: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const PG_SERVER = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The ten fields, and how the seed makes their values from the row number `g` (deterministic). */
const SEED_EXPR = {
  title: `'Record ' || g || ' ' || md5(g::text)`,
  notes: `repeat(md5((g * 7)::text), 4)`,
  amount: `round(((g * 7919) % 1000000)::numeric / 100, 2)`,
  fee: `round(((g * 104729) % 50000)::numeric / 100, 2)`,
  rate: `((g * 31) % 10000)::numeric / 10000`,
  due_date: `date '2020-01-01' + ((g * 13) % 2500)::int`,
  reviewed_at: `timestamptz '2020-01-01 00:00:00+00' + ((g * 7) % 80000000) * interval '1 second'`,
  done: `(g % 3 = 0)`,
  status: `(array['draft','open','review','closed','archived'])[1 + (g % 5)]`,
  email: `'user' || (g % 50000) || '@example' || (g % 97) || '.com'`,
};
const TYPED_COLUMNS = {
  title: 'text', notes: 'text', amount: 'numeric(18,2)', fee: 'numeric(18,2)', rate: 'numeric(9,4)',
  due_date: 'date', reviewed_at: 'timestamptz', done: 'boolean', status: 'text', email: 'text',
};
/** JSONB: how each field is read back typed (the expression indexes use the same expressions). */
const J = {
  title: `(data->>'title')`, notes: `(data->>'notes')`, amount: `((data->>'amount')::numeric)`,
  fee: `((data->>'fee')::numeric)`, rate: `((data->>'rate')::numeric)`, due_date: `(data->>'due_date')` /* ISO text: a text→date cast is not IMMUTABLE, so it cannot be indexed; ISO sorts in date order */,
  reviewed_at: `(data->>'reviewed_at')`, done: `((data->>'done')::boolean)`, status: `(data->>'status')`, email: `(data->>'email')`,
};

function layouts() {
  const typed = {
    name: 'typed table',
    setup: [
      `create extension if not exists pg_trgm`,
      `create table rec_typed (id bigint primary key, ${Object.entries(TYPED_COLUMNS).map(([c, t]) => `${c} ${t}`).join(', ')}, created_at timestamptz not null default now(), version int not null default 1)`,
    ],
    seed: (from, to) =>
      `insert into rec_typed (id, ${Object.keys(SEED_EXPR).join(', ')}) select g, ${Object.values(SEED_EXPR).join(', ')} from generate_series(${from}::bigint, ${to}::bigint) g`,
    indexes: [
      `create index on rec_typed (due_date desc, id desc)`,
      `create index on rec_typed (amount desc, id desc)`,
      `create index on rec_typed (status, due_date desc, id desc)`,
      `create index on rec_typed (fee)`, `create index on rec_typed (rate)`, `create index on rec_typed (reviewed_at)`,
      `create index on rec_typed (done)`, `create index on rec_typed (email)`,
      `create index on rec_typed using gin (title gin_trgm_ops, email gin_trgm_ops)`,
      `analyze rec_typed`,
    ],
    col: (f) => f,
    dateType: 'date',
    table: 'rec_typed',
  };
  const jsonb = {
    name: 'jsonb table',
    setup: [
      `create extension if not exists pg_trgm`,
      `create table rec_json (id bigint primary key, subject_id int not null, data jsonb not null, created_at timestamptz not null default now(), version int not null default 1)`,
    ],
    seed: (from, to) =>
      `insert into rec_json (id, subject_id, data) select g, 1, jsonb_build_object(${Object.entries(SEED_EXPR).map(([k, e]) => `'${k}', ${e}`).join(', ')}) from generate_series(${from}::bigint, ${to}::bigint) g`,
    indexes: [
      `create index on rec_json (subject_id, ${J.due_date} desc, id desc)`,
      `create index on rec_json (subject_id, ${J.amount} desc, id desc)`,
      `create index on rec_json (subject_id, ${J.status}, ${J.due_date} desc, id desc)`,
      `create index on rec_json (subject_id, ${J.fee})`, `create index on rec_json (subject_id, ${J.rate})`,
      `create index on rec_json (subject_id, ${J.reviewed_at})`, `create index on rec_json (subject_id, ${J.done})`,
      `create index on rec_json (subject_id, ${J.email})`,
      `create index on rec_json using gin (${J.title} gin_trgm_ops, ${J.email} gin_trgm_ops)`,
      `analyze rec_json`,
    ],
    col: (f) => J[f],
    dateType: 'text',
    table: 'rec_json',
    where: 'subject_id = 1 and ',
  };
  return [typed, jsonb];
}

/** The queries of one run `i` (parameters vary with i so caches do not make every run identical). */
function queries(L, rows, i) {
  const c = L.col;
  const w = L.where ?? '';
  const statuses = ['draft', 'open', 'review', 'closed', 'archived'];
  const status = statuses[i % 5];
  const min = (i * 37) % 9000;
  const deep = Math.floor(rows * (0.85 + ((i % 10) / 100)));
  const terms = ['abc', '1f2', 'e9', 'user42', 'example7', 'd00', '77', 'cafe'];
  return {
    filtered: {
      text: `select id, ${c('title')} as title, ${c('amount')} as amount, ${c('due_date')} as due_date from ${L.table} where ${w}${c('status')} = $1 and ${c('amount')} > $2 order by ${c('due_date')} desc, id desc limit 50`,
      values: [status, min],
    },
    offset: {
      text: `select id, ${c('due_date')} as due_date from ${L.table} ${w ? `where ${w.replace(/ and $/, '')}` : ''} order by ${c('due_date')} desc, id desc offset $1 limit 50`,
      values: [deep],
    },
    keyset: async (client) => {
      // the cursor of the deep page: the row just before it (what the previous page's last row gives)
      const { rows: [cur] } = await client.query(
        `select ${c('due_date')}::text as d, id from ${L.table} ${w ? `where ${w.replace(/ and $/, '')}` : ''} order by ${c('due_date')} desc, id desc offset $1 limit 1`,
        [deep - 1],
      );
      return {
        text: `select id, ${c('due_date')} as due_date from ${L.table} where ${w}(${c('due_date')}, id) < ($1::${L.dateType}, $2::bigint) order by ${c('due_date')} desc, id desc limit 50`,
        values: [cur.d, cur.id],
      };
    },
    search: {
      text: `select id, ${c('title')} as title from ${L.table} where ${w}(${c('title')} ilike $1 or ${c('email')} ilike $1) order by id desc limit 50`,
      values: [`%${terms[i % terms.length]}%`],
    },
    sortOther: {
      text: `select id, ${c('amount')} as amount from ${L.table} ${w ? `where ${w.replace(/ and $/, '')}` : ''} order by ${c('amount')} desc, id desc limit 50`,
      values: [],
    },
  };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function runEngine(engine, client, rows) {
  const out = [];
  for (const L of layouts()) {
    for (const q of L.setup) await client.query(q);
    const t0 = performance.now();
    const chunk = 100_000;
    for (let from = 1; from <= rows; from += chunk) await client.query(L.seed(from, Math.min(rows, from + chunk - 1)));
    const seedMs = performance.now() - t0;
    const t1 = performance.now();
    for (const q of L.indexes) await client.query(q);
    const indexMs = performance.now() - t1;
    const { rows: [size] } = await client.query(`select pg_total_relation_size('${L.table}') as bytes`);
    const times = { filtered: [], offset: [], keyset: [], search: [], sortOther: [] };
    for (let i = 0; i < RUNS + 3; i++) {
      const qs = queries(L, rows, i);
      for (const [name, q] of Object.entries(qs)) {
        const query = typeof q === 'function' ? await q(client) : q;
        const s = performance.now();
        const r = await client.query(query.text, query.values);
        const ms = performance.now() - s;
        if (r.rows.length === 0 && name !== 'search') throw new Error(`${L.name} ${name} returned no rows`);
        if (i >= 3) times[name].push(ms); // 3 warm-up runs
      }
    }
    const row = { engine, layout: L.name, rows, seedS: +(seedMs / 1000).toFixed(1), indexS: +(indexMs / 1000).toFixed(1), sizeMB: +(Number(size.bytes) / 1048576).toFixed(0) };
    for (const [name, xs] of Object.entries(times)) row[name] = { p50: +pct(xs, 50).toFixed(2), p95: +pct(xs, 95).toFixed(2) };
    out.push(row);
    console.log(
      `${engine.padEnd(8)} ${L.name.padEnd(12)} ${String(rows).padStart(8)} rows  seed ${row.seedS}s index ${row.indexS}s ${row.sizeMB} MB  ` +
        Object.keys(times).map((k) => `${k} p50 ${row[k].p50} p95 ${row[k].p95}`).join(' | '),
    );
  }
  return out;
}

async function onPostgres(rows) {
  const name = `assay_storage_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await runEngine('postgres', client, rows);
  } finally {
    await client.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function onPglite(rows) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create({ extensions: { pg_trgm } });
  const client = { query: (text, params) => db.query(text, params) };
  try {
    return await runEngine('pglite', client, rows);
  } finally {
    await db.close();
  }
}

const results = [];
if (values.engine === 'postgres' || values.engine === 'both') results.push(...(await onPostgres(Number(values.rows ?? 1_000_000))));
if (values.engine === 'pglite' || values.engine === 'both') results.push(...(await onPglite(Number(values.rows ?? 200_000))));
console.log('targets: p95 ≤ 50 ms (PostgreSQL), ≤ 150 ms (PGlite)');
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
