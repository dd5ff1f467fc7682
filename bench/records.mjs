// Records benchmark: one subject of ten fields made through the real
// subjects API, seeded with 1,000,000 records on PostgreSQL and 200,000 on PGlite, then timed through
// the real records API (Fastify inject: session, access check, filter/sort compiler, labels, total):
//   filtered page:  status = X and amount > Y, sorted by due_date desc, a page of 50
//   deep page:      the page ~90 % deep in due_date desc order, reached by keyset `cursor`
//                   (offset paging is what gets slow: bench/record-storage.mjs measured 1.4 s)
//   quick search:   q = a term found in titles or e-mails (trigram indexes), a page of 50
//   sort other:     sorted by amount desc, a page of 50 (any field sorts)
// and prints p50/p95 in ms over RUNS varied runs of each. Targets: p95 ≤ 50 ms on PostgreSQL and
// ≤ 150 ms on PGlite. Records are seeded in SQL straight into the subject's table (generate_series,
// 100,000 a statement) without history rows: the benchmark times reads, and the write path's cost
// per record is the API tests' business.
//
// Usage: npm run bench:records [-- --engine pglite|postgres|both] [--rows N] [--runs 30] [--json FILE] [--keep]
//   --keep leaves the PostgreSQL database in place (to EXPLAIN the queries afterwards).
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_records_<random> is created and dropped afterwards.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import omit from 'lodash/omit.js';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { loadSubjectDef } from '../server/src/modules/subjects/subject-def.ts';
import { compileSort, encodeCursor } from '../server/src/modules/records/sort.ts';
import { CSRF, PASSWORD, expectOk, pct, throwAwayDatabase } from './lib.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    rows: { type: 'string' },
    runs: { type: 'string', default: '30' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = Number(values.runs);
const STATUSES = ['draft', 'open', 'review', 'closed', 'archived'];
const COLORS = ['#8c8c8c', '#1677ff', '#faad14', '#52c41a', '#722ed1'];

/** The ten fields, and how the seed makes each value from the row number `g` (deterministic). */
const FIELDS = [
  { key: 'title', name: 'Title', type: 'text', seed: `'Record ' || g || ' ' || md5(g::text)` },
  { key: 'notes', name: 'Notes', type: 'longText', seed: `repeat(md5((g * 7)::text), 4)` },
  { key: 'amount', name: 'Amount', type: 'money', options: { currency: 'CNY', precision: 2 }, seed: `round(((g * 7919) % 1000000)::numeric / 100, 2)` },
  { key: 'fee', name: 'Fee', type: 'money', options: { currency: 'CNY', precision: 2 }, seed: `round(((g * 104729) % 50000)::numeric / 100, 2)` },
  { key: 'rate', name: 'Rate', type: 'percent', options: { precision: 2 }, seed: `((g * 31) % 10000)::numeric / 100` },
  { key: 'due_date', name: 'Due date', type: 'date', seed: `date '2020-01-01' + ((g * 13) % 2500)::int` },
  { key: 'reviewed_at', name: 'Reviewed at', type: 'datetime', seed: `timestamptz '2020-01-01 00:00:00+00' + ((g * 7) % 80000000) * interval '1 second'` },
  { key: 'done', name: 'Done', type: 'boolean', seed: `(g % 3 = 0)` },
  {
    key: 'status',
    name: 'Status',
    type: 'singleSelect',
    options: { choices: STATUSES.map((label, i) => ({ label, color: COLORS[i] })) },
    seed: `(array['draft','open','review','closed','archived'])[1 + (g % 5)]`,
  },
  { key: 'email', name: 'E-mail', type: 'email', seed: `'user' || (g % 50000) || '@example' || (g % 97) || '.com'` },
];


async function runEngine(engine, rows) {
  let handle;
  let dropDb = async () => undefined;
  if (engine === 'postgres') {
    const created = await throwAwayDatabase('assay_records');
    handle = await openDatabase({ databaseUrl: created.url, poolMax: 10 });
    if (values.keep) console.log(`[bench] keeping database ${created.name}`);
    dropDb = async () => {
      if (!values.keep) await created.drop();
    };
  } else {
    handle = await openDatabase({ memory: true });
  }
  try {
    await migrateDatabase(handle);
    const app = await buildApp({ db: handle.db, engine: handle.engine, cacheSource: handle });
    await app.ready();
    try {
      const post = (url, body, cookie) => app.inject({ method: 'POST', url, headers: { ...CSRF, ...(cookie ? { cookie } : {}) }, payload: body });
      await expectOk(await post('/api/v1/setup/init', { name: 'Bench', email: 'bench@example.com', password: PASSWORD }), 'setup');
      const login = await post('/api/v1/auth/login', { email: 'bench@example.com', password: PASSWORD });
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      await expectOk(await post('/api/v1/applications', { slug: 'bench', name: 'Bench' }, cookie), 'application');
      const created = await expectOk(
        await post(
          '/api/v1/applications/bench/subjects',
          {
            key: 'items',
            name: 'Items',
            displayField: 'title',
            fields: FIELDS.map((f) => ({ options: {}, ...omit(f, 'seed') })),
          },
          cookie,
        ),
        'subject',
      );
      const subject = await loadSubjectDef(handle.db, { id: created.data.id });
      const cols = FIELDS.map((f) => subject.fields.find((d) => d.key === f.key).column);

      const t0 = performance.now();
      const chunk = 100_000;
      for (let from = 1; from <= rows; from += chunk) {
        const to = Math.min(rows, from + chunk - 1);
        await handle.db.execute(
          sql.raw(
            `insert into "${subject.tableName}" (created_at, updated_at, ${cols.map((c) => `"${c}"`).join(', ')})
             select timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second', timestamptz '2024-01-01 00:00:00+00' + g * interval '1 second',
                    ${FIELDS.map((f) => f.seed).join(', ')}
             from generate_series(${from}::bigint, ${to}::bigint) g`,
          ),
        );
      }
      // what autovacuum does soon after a bulk load (statistics, visibility map), done now so it does
      // not run in the middle of the measurement
      await handle.db.execute(sql.raw(`vacuum analyze "${subject.tableName}"`));
      const seedMs = performance.now() - t0;

      // the deep page's cursor: the row just before it in due_date desc order (what the previous page gives)
      const keys = await compileSort(handle.db, subject, [{ field: 'due_date', order: 'desc' }]);
      const deepCursor = async (i) => {
        const deep = Math.floor(rows * (0.85 + (i % 10) / 100));
        const res = await handle.db.execute(
          sql`select ${keys[0].cursorExpr} as c0, r.id from ${sql.raw(`"${subject.tableName}"`)} r where r.deleted_at is null order by ${keys[0].expr} desc nulls first, r.id desc offset ${deep - 1} limit 1`,
        );
        const row = res.rows[0];
        return encodeCursor(keys, [row.c0 === null ? null : String(row.c0)], row.id);
      };

      const get = async (query) => {
        const qs = new URLSearchParams(query).toString();
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/v1/applications/bench/subjects/items/records?${qs}`, headers: { cookie } });
        const ms = performance.now() - started;
        const body = await expectOk(res, qs);
        return { ms, body };
      };
      const terms = ['abc', '1f2', 'e9', 'user42', 'example7', 'd00', '77', 'cafe'];
      const times = { filtered: [], keyset: [], search: [], sortOther: [] };
      const searchByTerm = Object.fromEntries(terms.map((t) => [t, []]));
      let filteredRows = 0;
      for (let i = -3; i < RUNS; i++) {
        const filter = JSON.stringify({
          op: 'and',
          items: [
            { field: 'status', op: 'eq', value: STATUSES[(i + 5) % 5] },
            { field: 'amount', op: 'gt', value: String((Math.abs(i) * 37) % 9000) },
          ],
        });
        const a = await get({ pageSize: '50', filter, sort: 'due_date:desc' });
        const cursor = await deepCursor(Math.abs(i));
        const b = await get({ pageSize: '50', sort: 'due_date:desc', cursor });
        const c = await get({ pageSize: '50', q: terms[Math.abs(i) % terms.length] });
        const d = await get({ pageSize: '50', sort: 'amount:desc' });
        if (b.body.data.length !== 50) throw new Error(`the deep page has ${b.body.data.length} rows`);
        if (i < 0) continue; // warm-up
        filteredRows = a.body.data.length;
        times.filtered.push(a.ms);
        times.keyset.push(b.ms);
        times.search.push(c.ms);
        searchByTerm[terms[Math.abs(i) % terms.length]].push(c.ms);
        times.sortOther.push(d.ms);
      }
      const out = { engine, rows, seedSeconds: Math.round(seedMs / 100) / 10, filteredPageRows: filteredRows };
      for (const [name, xs] of Object.entries(times)) out[name] = { p50: Math.round(pct(xs, 50) * 10) / 10, p95: Math.round(pct(xs, 95) * 10) / 10 };
      out.searchMaxByTerm = Object.fromEntries(Object.entries(searchByTerm).map(([t, xs]) => [t, Math.round(Math.max(...xs) * 10) / 10]));
      return out;
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await dropDb();
  }
}

const engines = values.engine === 'both' ? ['postgres', 'pglite'] : [values.engine];
const results = [];
for (const engine of engines) {
  const rows = Number(values.rows ?? (engine === 'postgres' ? 1_000_000 : 200_000));
  console.log(`[bench] ${engine}: seeding ${rows.toLocaleString('en-US')} records…`);
  const r = await runEngine(engine, rows);
  results.push(r);
  const target = engine === 'postgres' ? 50 : 150;
  console.log(`[bench] ${engine}: ${rows.toLocaleString('en-US')} records seeded in ${r.seedSeconds} s; ${RUNS} runs each (ms, through the API):`);
  console.log('  query                         p50      p95   target p95');
  for (const name of ['filtered', 'keyset', 'search', 'sortOther']) {
    const label = { filtered: 'filtered + sorted page of 50', keyset: 'deep page (keyset cursor)', search: 'quick search', sortOther: 'sort on another field' }[name];
    const ok = r[name].p95 <= target ? 'ok' : 'MISSED';
    console.log(`  ${label.padEnd(28)} ${String(r[name].p50).padStart(6)} ${String(r[name].p95).padStart(8)}   ≤ ${target} ${ok}`);
  }
  console.log(`  quick search, slowest run by term (ms): ${Object.entries(r.searchMaxByTerm).map(([t, ms]) => `${t} ${ms}`).join(', ')}`);
}
if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
