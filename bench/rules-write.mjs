// Rules on every write (docs/rules.md "Benchmarks to reach": the per-write cost of 10 rules doubled
// to 20, target ≤ 2 ms p95 added per write). Record updates through the real records API (Fastify
// inject, the app in this process as bench/triggers.mjs runs it) on a subject whose enabled rules
// are, in turn: none; 10 (2 comparisons, a range, a pattern, a required-if, a uniqueness, an
// exists-in, 3 expressions); the same 20 (each twice). Every update passes every rule (the common
// case: nothing refused, no incident), so what is measured is the check itself. The three cases
// are interleaved in ROUNDS rounds of UPDATES/ROUNDS updates each, so that drift of a busy machine
// falls on all three alike. Prints per engine: p50 / p95 / mean ms per update for each case and the
// p50 / p95 added over no rules.
// Usage: npm run bench:rules-write [-- --engine pglite|postgres|both] [--updates 3000] [--rounds 10] [--records 200]
//   PostgreSQL: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);
//   a throw-away database assay_rules_<random> is created and dropped afterwards.
import { parseArgs } from 'node:util';
import { inArray, sql } from 'drizzle-orm';
import { rules } from '../server/src/db/tables/rules.ts';
import { loadSubjectDef } from '../server/src/modules/subjects/subject-def.ts';
import { openBenchApp } from './app-lib.mjs';
import { expectOk, pct } from './lib.mjs';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    updates: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '10' },
    records: { type: 'string', default: '200' },
  },
});
const UPDATES = Number(values.updates);
const ROUNDS = Number(values.rounds);
const RECORDS = Number(values.records);

/** The 10 rules of the benchmark (each enabled twice for 20). */
const TEN = [
  { kind: 'comparison', field: 'lo', op: 'le', otherField: 'hi' },
  { kind: 'comparison', field: 'qty', op: 'ge', value: 0 },
  { kind: 'range', field: 'qty', min: 0, max: 1000000 },
  { kind: 'pattern', field: 'email', pattern: '[a-z0-9.]+@[a-z]+\\.(com|org)' },
  { kind: 'requiredIf', field: 'note', condition: { op: 'and', items: [{ field: 'status', op: 'eq', value: 'closed' }] } },
  { kind: 'unique', fields: ['sku'] },
  { kind: 'existsIn', field: 'code', subject: 'codes', targetField: 'code' },
  { kind: 'expression', expression: 'qty < 1000000' },
  { kind: 'expression', expression: 'lo + hi >= 0' },
  { kind: 'expression', expression: 'qty * 2 >= lo' },
];

async function runEngine(engine) {
  const { handle, call, cookie, close } = await openBenchApp(engine, 'assay_rules');
  try {
    const subject = async (key, fields) =>
      (await expectOk(await call('POST', '/api/v1/applications/bench/subjects', { key, name: key, fields }, cookie), key)).data;
    await subject('codes', [{ key: 'code', name: 'Code', type: 'text' }]);
    for (const code of ['A', 'B', 'C'])
      await expectOk(await call('POST', '/api/v1/applications/bench/subjects/codes/records', { values: { code } }, cookie), 'code');
    const made = await subject('items', [
      { key: 'lo', name: 'Lo', type: 'number' },
      { key: 'hi', name: 'Hi', type: 'number' },
      { key: 'qty', name: 'Qty', type: 'number' },
      { key: 'email', name: 'E-mail', type: 'text' },
      { key: 'status', name: 'Status', type: 'text' },
      { key: 'note', name: 'Note', type: 'text' },
      { key: 'sku', name: 'SKU', type: 'text' },
      { key: 'code', name: 'Code', type: 'text' },
    ]);
    const items = await loadSubjectDef(handle.db, { id: made.id });
    const BASE = '/api/v1/applications/bench/subjects/items/records';
    const records = [];
    for (let i = 0; i < RECORDS; i += 1) {
      const values = { lo: '1', hi: '10', qty: '5', email: `user${i}@example.com`, status: 'open', sku: `SKU-${i}`, code: 'B' };
      const r = (await expectOk(await call('POST', BASE, { values }, cookie), 'record')).data.record;
      records.push({ id: r.id, version: r.version });
    }
    // all 20 rules, switched on per case
    const ids = [];
    for (const copy of [1, 2])
      for (const [i, definition] of TEN.entries()) {
        const [row] = await handle.db
          .insert(rules)
          .values({
            applicationId: items.applicationId,
            subjectId: items.id,
            name: `${definition.kind} ${i} #${copy}`,
            definition,
            severity: 'blocking',
            messageZh: '{field} 不符：{value}',
            messageEn: '{field} fails: {value}',
            enabled: false,
            ownerLabel: 'bench',
          })
          .returning({ id: rules.id });
        ids.push(row.id);
      }
    const cases = { 0: [], 10: ids.slice(0, 10), 20: ids };
    const enable = async (on) => {
      await handle.db.update(rules).set({ enabled: false }).where(inArray(rules.id, ids));
      if (on.length) await handle.db.update(rules).set({ enabled: true }).where(inArray(rules.id, on));
    };
    const times = { 0: [], 10: [], 20: [] };
    let n = 0;
    const update = async () => {
      const r = records[n % records.length];
      n += 1;
      const t0 = performance.now();
      const res = await call('PATCH', `${BASE}/${r.id}`, { version: r.version, values: { qty: String(1 + (n % 999)) } }, cookie);
      const ms = performance.now() - t0;
      const body = await expectOk(res, 'update');
      r.version = body.data.record.version;
      return ms;
    };
    for (let i = 0; i < 50; i += 1) await update(); // warm-up: compiled code, caches
    const per = Math.max(1, Math.round(UPDATES / ROUNDS));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const k of [0, 10, 20]) {
        await enable(cases[k]);
        await update(); // the first write after a switch compiles the rules: not counted
        for (let i = 0; i < per; i += 1) times[k].push(await update());
      }
    }
    const [{ open }] = (await handle.db.execute(sql`select count(*)::int as open from rule_incidents`)).rows;
    return { engine, times, incidents: Number(open) };
  } finally {
    await close();
  }
}

const engines = values.engine === 'both' ? ['pglite', 'postgres'] : [values.engine];
console.log(`Rules on writes: ${UPDATES} record updates per case through the API, ${ROUNDS} interleaved rounds, ${RECORDS} records`);
console.log('engine    rules  p50 ms  p95 ms  mean ms   added p50 / p95 ms');
for (const engine of engines) {
  const r = await runEngine(engine);
  const base = { p50: pct(r.times[0], 50), p95: pct(r.times[0], 95) };
  for (const k of [0, 10, 20]) {
    const xs = r.times[k];
    const p50 = pct(xs, 50);
    const p95 = pct(xs, 95);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const added = k === 0 ? '' : `${(p50 - base.p50).toFixed(2)} / ${(p95 - base.p95).toFixed(2)}`;
    console.log(`${engine.padEnd(9)} ${String(k).padStart(5)}  ${p50.toFixed(2).padStart(6)}  ${p95.toFixed(2).padStart(6)}  ${mean.toFixed(2).padStart(7)}   ${added}`);
  }
  if (r.incidents) console.log(`  (${r.incidents} incidents written: some update failed a warning)`);
}
process.exit(0);
