/**
 * The rules engine's two evaluators agree (docs/rules.md "One definition, two evaluators"): random
 * rules of every kind over a subject of random records (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) fail the same records whether each record is tested alone (`failsFor`, with
 * the values the records API answers) or the whole table at once (`failsSql`). Seed fixed for CI
 * (RULES_SEED, RULES_RUNS to explore). Plus the definitions that do not fit their subject.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FilterGroup, RuleDefinition } from '../../../../contracts';
import { rowsOf } from '../../db/client';
import { adminSession, call, createTestApp, json, type TestApp } from '../../test/helpers';
import { createApplication, insertRecord, makeSubject, softDeleteRecord } from '../../test/records-support';
import { ident } from '../subjects/ddl';
import type { SubjectDef } from '../subjects/subject-def';
import { compileRule, RuleDefinitionError } from './rule-engine';

const seed = Number(process.env.RULES_SEED ?? 20261126);
const runs = Number(process.env.RULES_RUNS ?? 120);

let t: TestApp;
let items: SubjectDef;
let codes: SubjectDef;
let records: { id: string; values: Record<string, unknown> }[];
const choices = (...labels: string[]) => ({ choices: labels.map((label) => ({ label, color: '#1677ff' })) });

const NUMBERS = [null, '0', '1', '2', '2.5', '3', '-1', '10', '100.25'];
const TEXTS = [null, 'A', 'B', 'C', 'x', 'x y', 'abc', '12', 'Zed'];
const DATES = [null, '2026-01-01', '2026-06-30', '2025-12-31', '2027-02-28'];

before(async () => {
  t = await createTestApp();
  const { cookie } = await adminSession(t.app);
  const applicationId = await createApplication(t.app, cookie, 'rules-engine');
  items = await makeSubject(t.handle.db, {
    applicationId,
    key: 'items',
    fields: [
      { key: 'n', type: 'number', options: { precision: 2 } },
      { key: 'm', type: 'number', options: { precision: 2 } },
      { key: 't', type: 'text' },
      { key: 'code', type: 'text' },
      { key: 's', type: 'singleSelect', options: choices('Open', 'Closed') },
      { key: 'd', type: 'date' },
      { key: 'b', type: 'boolean' },
    ],
  });
  codes = await makeSubject(t.handle.db, {
    applicationId,
    key: 'codes',
    fields: [
      { key: 'code', type: 'text' },
      { key: 'n', type: 'number' },
    ],
  });
  for (const [code, n] of [
    ['A', '1'],
    ['B', '2'],
    ['B', '3'],
    ['Zed', null],
  ] as const)
    await insertRecord(t.handle.db, codes, { code, n });
  const gone = await insertRecord(t.handle.db, codes, { code: 'C', n: '10' });
  await softDeleteRecord(t.handle.db, codes, gone);

  const rows = fc.sample(
    fc.record({
      n: fc.constantFrom(...NUMBERS),
      m: fc.constantFrom(...NUMBERS),
      t: fc.constantFrom(...TEXTS),
      code: fc.constantFrom(null, 'A', 'B', 'C', 'Zed', 'Q'),
      s: fc.constantFrom(null, 'Open', 'Closed'),
      d: fc.constantFrom(...DATES),
      b: fc.constantFrom(null, true, false),
    }),
    { numRuns: 40, seed },
  );
  for (const [i, row] of rows.entries()) {
    const values = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
    const id = await insertRecord(t.handle.db, items, values);
    // deleted records are in neither evaluator's answer (the per-record one never sees them)
    if (i % 13 === 0) await softDeleteRecord(t.handle.db, items, id);
  }
  const listed = await call(t.app, 'GET', '/api/v1/applications/rules-engine/subjects/items/records?pageSize=100', { cookie });
  assert.equal(listed.statusCode, 200, listed.body);
  records = json<{ data: { id: string; values: Record<string, unknown> }[] }>(listed).data;
  assert.ok(records.length >= 35);
});
after(async () => t?.close());

const lookup = (key: string) => (key === 'codes' ? codes : key === 'items' ? items : undefined);

const conditions: FilterGroup[] = [
  { op: 'and', items: [{ field: 's', op: 'eq', value: 'Closed' }] },
  { op: 'and', items: [{ field: 'n', op: 'gt', value: '2' }] },
  {
    op: 'or',
    items: [
      { field: 'b', op: 'eq', value: true },
      { field: 'd', op: 'lt', value: '2026-01-01' },
    ],
  },
  {
    op: 'and',
    items: [
      { field: 't', op: 'contains', value: 'x' },
      { field: 'm', op: 'empty' },
    ],
  },
];

const numberConstant = fc.constantFrom('0', '1', '2.5', '3', '-1', '100');
const textConstant = fc.constantFrom('A', 'B', 'x', 'Zed', '12', 'a');
const dateConstant = fc.constantFrom('2026-01-01', '2026-06-30', '2027-01-01');
const op = fc.constantFrom('eq', 'ne', 'lt', 'le', 'gt', 'ge' as const);

/** Rules of every kind that fit the subject. */
const rules: fc.Arbitrary<RuleDefinition> = fc
  .oneof(
    fc.record({ kind: fc.constant('comparison' as const), field: fc.constantFrom('n', 'm'), op, value: numberConstant }),
    fc.record({
      kind: fc.constant('comparison' as const),
      field: fc.constantFrom('n', 'm'),
      op,
      otherField: fc.constantFrom('n', 'm'),
    }),
    fc.record({ kind: fc.constant('comparison' as const), field: fc.constantFrom('t', 'code', 's'), op, value: textConstant }),
    fc.record({
      kind: fc.constant('comparison' as const),
      field: fc.constantFrom('t', 'code'),
      op,
      otherField: fc.constantFrom('t', 'code', 's'),
    }),
    fc.record({ kind: fc.constant('comparison' as const), field: fc.constant('d'), op, value: dateConstant }),
    fc.record({
      kind: fc.constant('comparison' as const),
      field: fc.constant('b'),
      op: fc.constantFrom('eq', 'ne' as const),
      value: fc.boolean(),
    }),
    fc.record(
      { kind: fc.constant('range' as const), field: fc.constantFrom('n', 'm'), min: numberConstant, max: numberConstant },
      { requiredKeys: ['kind', 'field'] },
    ),
    fc.record(
      { kind: fc.constant('range' as const), field: fc.constant('d'), min: dateConstant, max: dateConstant },
      { requiredKeys: ['kind', 'field', 'min'] },
    ),
    fc.record({ kind: fc.constant('range' as const), field: fc.constantFrom('t', 'code'), min: textConstant }),
    fc.record({
      kind: fc.constant('requiredIf' as const),
      field: fc.constantFrom('n', 'm', 't', 'code', 's', 'd', 'b'),
      condition: fc.constantFrom(...conditions),
    }),
    fc.record({
      kind: fc.constant('unique' as const),
      fields: fc.uniqueArray(fc.constantFrom('n', 't', 'code', 's', 'b'), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({
      kind: fc.constant('existsIn' as const),
      field: fc.constant('code'),
      subject: fc.constant('codes'),
      targetField: fc.constant('code'),
    }),
    fc.record({
      kind: fc.constant('existsIn' as const),
      field: fc.constantFrom('n', 'm'),
      subject: fc.constant('codes'),
      targetField: fc.constant('n'),
    }),
    fc.record({
      kind: fc.constant('expression' as const),
      expression: fc.constantFrom(
        'n > m',
        'n + m <= 10',
        't == "x"',
        'b or n > 2',
        'd == "2026-01-01"',
        'not b',
        'n * 2 > 5 and m < 3',
        'code == s',
        'concat(code, t) != "Ax"',
        '(n ?? 0) >= 1',
      ),
    }),
  )
  .filter((r) => r.kind !== 'range' || r.min !== undefined || r.max !== undefined);

/** The ids of the live records the whole-table evaluator finds failing. */
async function failingBySql(rule: RuleDefinition): Promise<string[] | null> {
  const compiled = compileRule(rule, items, lookup);
  if (!compiled.failsSql) return null;
  const rows = rowsOf<{ id: string }>(
    await t.handle.db.execute(
      sql`select r.id from ${sql.raw(ident(items.tableName))} r where r.deleted_at is null and ${compiled.failsSql} order by r.id`,
    ),
  );
  return rows.map((r) => r.id);
}

/** The ids of the records the per-record evaluator finds failing, one record at a time. */
async function failingOneByOne(rule: RuleDefinition): Promise<string[]> {
  const compiled = compileRule(rule, items, lookup);
  const out: string[] = [];
  for (const r of records) if (await compiled.failsFor(t.handle.db, r.values, r.id)) out.push(r.id);
  return out.sort();
}

test(`rules engine: random rules of every kind fail the same records per record and over the table (${runs} rules, seed ${seed})`, async () => {
  let compared = 0;
  const kinds = new Set<string>();
  await fc.assert(
    fc.asyncProperty(rules, async (rule) => {
      const bySql = await failingBySql(rule);
      if (!bySql) return;
      const oneByOne = await failingOneByOne(rule);
      assert.deepEqual(oneByOne, bySql, JSON.stringify(rule));
      compared += 1;
      kinds.add(rule.kind);
    }),
    { seed, numRuns: runs, endOnFailure: true, includeErrorInReport: true },
  );
  assert.ok(compared >= runs * 0.9, `${compared} of ${runs} rules compared`);
  assert.deepEqual([...kinds].sort(), ['comparison', 'existsIn', 'expression', 'range', 'requiredIf', 'unique']);
});

test('rules engine: a pattern in SQL where its translation means the same (pattern-sql.ts), else per record only (RE2); empty values pass; unmatched texts fail', async () => {
  const failing = async (failsSql: NonNullable<ReturnType<typeof compileRule>['failsSql']>) =>
    rowsOf<{ id: string }>(await t.handle.db.execute(sql`select r.id from ${sql.raw(ident(items.tableName))} r where r.deleted_at is null and ${failsSql} order by r.id`)).map((r) => r.id);
  const compiled = compileRule({ kind: 'pattern', field: 't', pattern: '[A-Z][a-z]*' }, items, lookup);
  assert.ok(compiled.failsSql);
  const perRecord: string[] = [];
  for (const r of records) if (await compiled.failsFor(t.handle.db, r.values, r.id)) perRecord.push(r.id);
  assert.deepEqual(await failing(compiled.failsSql), perRecord.sort());
  assert.ok(perRecord.length > 0);
  // outside the subset (\s), or a program too large to check the longest value: re2js alone
  assert.equal(compileRule({ kind: 'pattern', field: 't', pattern: '[A-Z]\\s[a-z]*' }, items, lookup).failsSql, null);
  assert.equal(compileRule({ kind: 'pattern', field: 't', pattern: '([a-z]+[0-9]?){12}' }, items, lookup).failsSql, null);
  assert.equal(await compiled.failsFor(t.handle.db, { t: 'Zed' }, null), false);
  assert.equal(await compiled.failsFor(t.handle.db, { t: 'x y' }, null), true);
  assert.equal(await compiled.failsFor(t.handle.db, { t: null }, null), false);
  // an expression outside the SQL subset is decided by the formula engine alone
  const sqrt = compileRule({ kind: 'expression', expression: 'sqrt(n) > 1' }, items, lookup);
  assert.equal(sqrt.failsSql, null);
  assert.equal(await sqrt.failsFor(t.handle.db, { n: '0.25' }, null), true);
  assert.equal(await sqrt.failsFor(t.handle.db, { n: '4' }, null), false);
  assert.equal(await sqrt.failsFor(t.handle.db, { n: null }, null), false);
});

test('rules engine: a definition that does not fit its subject names the part', () => {
  const refused = (rule: RuleDefinition, path: string) =>
    assert.throws(
      () => compileRule(rule, items, lookup),
      (e: unknown) => e instanceof RuleDefinitionError && e.path === path,
      JSON.stringify(rule),
    );
  refused({ kind: 'comparison', field: 'nope', op: 'eq', value: '1' }, 'field');
  refused({ kind: 'comparison', field: 'n', op: 'eq' }, 'value');
  refused({ kind: 'comparison', field: 'n', op: 'eq', value: 'abc' }, 'value');
  refused({ kind: 'comparison', field: 'n', op: 'eq', otherField: 't' }, 'otherField');
  refused({ kind: 'comparison', field: 'b', op: 'lt', value: true }, 'op');
  refused({ kind: 'range', field: 'n' }, 'min');
  refused({ kind: 'range', field: 'd', max: '2026-02-30' }, 'max');
  refused({ kind: 'range', field: 'b', min: true }, 'field');
  refused({ kind: 'pattern', field: 't', pattern: '(?=a)b' }, 'pattern');
  refused({ kind: 'pattern', field: 'n', pattern: '\\d+' }, 'field');
  refused(
    { kind: 'requiredIf', field: 't', condition: { op: 'and', items: [{ field: 'nope', op: 'eq', value: 1 }] } },
    'condition',
  );
  refused({ kind: 'existsIn', field: 'code', subject: 'nope', targetField: 'code' }, 'subject');
  refused({ kind: 'existsIn', field: 'code', subject: 'codes', targetField: 'n' }, 'targetField');
  refused({ kind: 'expression', expression: 'n +' }, 'expression');
});
