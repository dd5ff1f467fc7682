// A validation run over a large subject (docs/rule-runs.md "Figures"): 10 rules — 2 comparisons
// (a constant, another field), a range, a pattern, a required-if, a uniqueness, an exists-in and 3
// expressions — over BENCH_ROWS records (default 20,000) of which 5 % fail one rule each (so their
// incidents are written), started through POST /api/v1/rule-runs and run as its task. Prints, per
// engine: the run's seconds, its longest statement and longest chunk (ms), the failing records and
// incidents found, and another user's requests meanwhile (a signed-in GET of a page of records
// every 50 ms): how many, p95 and the longest wait in ms (PGlite runs one statement at a time).
// Targets (docs/rules.md "Benchmarks to reach"): 1,000,000 records on PostgreSQL and 200,000 on
// PGlite, each ≤ 15 s.
// BENCH_COMBINE=1 or 0 forces a chunk's SQL rules into one statement or one each (default: one on
// PostgreSQL, one each on PGlite; rule-runs.engine.ts); BENCH_CHUNK overrides the rows per chunk.
// Usage: BENCH_ROWS=20000 npm run bench:rules-run [-- --engine pglite|postgres|both]
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_rules_<random> is created and dropped afterwards.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { rules } from '../server/src/db/tables/rules.ts';
import { loadSubjectDef } from '../server/src/modules/subjects/subject-def.ts';
import { ruleRunSettings } from '../server/src/modules/rules/rule-runs.engine.ts';
import { openBenchApp } from './app-lib.mjs';
import { expectOk, pct } from './lib.mjs';

const { values } = parseArgs({ options: { engine: { type: 'string', default: 'both' } } });
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
if (process.env.BENCH_COMBINE) ruleRunSettings.combineSqlRules = process.env.BENCH_COMBINE === '1';
if (process.env.BENCH_CHUNK) ruleRunSettings.chunkRows = Number(process.env.BENCH_CHUNK);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The 10 rules (definition, severity). */
const RULES = [
  ['n not negative', { kind: 'comparison', field: 'n', op: 'ge', value: '0' }, 'blocking'],
  ['m at least n', { kind: 'comparison', field: 'm', op: 'ge', otherField: 'n' }, 'warning'],
  ['qty in range', { kind: 'range', field: 'qty', min: '0', max: '1000' }, 'warning'],
  ['code pattern', { kind: 'pattern', field: 'code', pattern: '[A-Z]{2}[0-9]+' }, 'warning'],
  ['text if closed', { kind: 'requiredIf', field: 't', condition: { op: 'and', items: [{ field: 's', op: 'eq', value: 'Closed' }] } }, 'blocking'],
  ['ext unique', { kind: 'unique', fields: ['ext'] }, 'warning'],
  ['ref exists', { kind: 'existsIn', field: 'ref', subject: 'codes', targetField: 'code' }, 'warning'],
  ['n below 95', { kind: 'expression', expression: 'n < 95' }, 'warning'],
  ['qty not 777', { kind: 'expression', expression: 'qty != 777' }, 'warning'],
  ['m not n + 1', { kind: 'expression', expression: 'm != n + 1' }, 'warning'],
];

/**
 * Rows 1..ROWS: every 20th fails exactly one rule, rule (i / 20) % 10 — 5 % failing records, 0.5 %
 * per rule; the others pass every rule.
 */
function insertRows(def) {
  const c = (key) => `"${def.fields.find((f) => f.key === key).column}"`;
  const rule = `case when i % 20 = 0 then (i / 20) % 10 else -1 end`;
  return sql.raw(`insert into "${def.tableName}" (${['n', 'm', 'qty', 'code', 't', 's', 'ext', 'ref'].map(c).join(', ')})
    select
      case r when 0 then -1 when 7 then 99 else (i % 90) + 1 end,
      case r when 1 then 0 when 9 then (i % 90) + 2 else 200 end,
      case r when 2 then 5000 when 8 then 777 else i % 700 end,
      case r when 3 then 'bad' || i else 'AB' || i end,
      case r when 4 then null else 'x' end,
      case r when 4 then 'Closed' else 'Open' end,
      case r when 5 then 'DUP' else 'E' || i end,
      case r when 6 then 'NOPE' else 'K' || (i % 100) end
    from (select i, ${rule} as r from generate_series(1, ${ROWS}) as g(i)) s`);
}

async function runEngine(engine) {
  const { handle, call, cookie, close } = await openBenchApp(engine, 'assay_rules');
  try {
    const subject = async (key, fields) =>
      loadSubjectDef(handle.db, { id: (await expectOk(await call('POST', '/api/v1/applications/bench/subjects', { key, name: key, fields }, cookie), key)).data.id });
    const codes = await subject('codes', [{ key: 'code', name: 'Code', type: 'text' }]);
    await handle.db.execute(sql.raw(`insert into "${codes.tableName}" ("${codes.fields[0].column}") select 'K' || i from generate_series(0, 99) i`));
    const num = (key) => ({ key, name: key, type: 'number', options: { precision: 0 } });
    const text = (key) => ({ key, name: key, type: 'text' });
    const items = await subject('items', [num('n'), num('m'), num('qty'), text('code'), text('t'), text('s'), text('ext'), text('ref')]);
    const t0 = performance.now();
    await handle.db.execute(insertRows(items));
    await handle.db.execute(sql.raw(`analyze "${items.tableName}"`));
    const seeded = (performance.now() - t0) / 1000;
    for (const [name, definition, severity] of RULES)
      await handle.db.insert(rules).values({
        applicationId: items.applicationId,
        subjectId: items.id,
        name,
        definition,
        severity,
        messageZh: `${name}：{value}`,
        messageEn: `${name}: {value}`,
        ownerLabel: 'bench',
      });

    // another user: a page of records every 50 ms while the run goes
    const waits = [];
    let running = true;
    const other = (async () => {
      while (running) {
        const s = performance.now();
        await expectOk(await call('GET', '/api/v1/applications/bench/subjects/items/records?pageSize=20', undefined, cookie), 'other user');
        waits.push(performance.now() - s);
        await sleep(50);
      }
    })();
    const started = performance.now();
    const run = (await expectOk(await call('POST', '/api/v1/rule-runs', { application: 'bench', subject: 'items' }, cookie), 'start')).data.run;
    let done;
    for (;;) {
      done = (await expectOk(await call('GET', `/api/v1/rule-runs/${run.id}`, undefined, cookie), 'run')).data;
      if (['done', 'failed', 'cancelled'].includes(done.state)) break;
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await other;
    const task = (await handle.db.execute(sql`select result from tasks where id = ${done.taskId}::uuid`)).rows[0]?.result ?? {};
    const incidents = (await handle.db.execute(sql`select count(*)::int as n from rule_incidents where subject_id = ${items.id}::uuid`)).rows[0].n;
    return {
      engine,
      rows: ROWS,
      seeded_s: Number(seeded.toFixed(1)),
      state: done.state,
      run_s: Number(seconds.toFixed(2)),
      longest_statement_ms: done.longestChunkMs,
      longest_chunk_ms: task.longestChunkMs ?? null,
      chunks: task.chunks ?? null,
      failing_records: done.failingRecords,
      incidents,
      score: done.score,
      other_requests: waits.length,
      other_p95_ms: Math.round(pct(waits, 95)),
      other_max_ms: Math.round(Math.max(0, ...waits)),
      error: done.error,
      rule_ms: Object.fromEntries(done.results.map((r) => [r.name, r.ms])),
    };
  } finally {
    await close();
  }
}

const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine];
for (const engine of engines) {
  const out = await runEngine(engine);
  console.log(JSON.stringify(out));
}
process.exit(0);
