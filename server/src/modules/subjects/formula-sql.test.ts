/**
 * The formula compiler to SQL (formula-sql.ts, docs/formula-sql.md) against the formula engine
 * (formula.ts evaluateFormula): random formulas of the SQL subset over random records give, row by
 * row, the same value in the database (PGlite, or PostgreSQL with TEST_DATABASE_URL) as in the
 * formula engine — numbers as plain decimals, texts, true/false, and empty where the engine has no
 * value. The seed is fixed for CI (FORMULA_SQL_SEED picks another, FORMULA_SQL_RUNS more runs);
 * a failure prints the formula and the rows that differ.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { rowsOf } from '../../db/client';
import { adminSession, call, createTestApp, json, type TestApp } from '../../test/helpers';
import { createApplication, insertRecord, makeSubject } from '../../test/records-support';
import { ident } from './ddl';
import { evaluateFormula, FormulaError } from './formula';
import { formulaColumnsOf, formulaToSql, type FormulaSqlColumn } from './formula-sql';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => t?.close());

interface Row {
  n1: string | null;
  n2: string | null;
  t1: string | null;
  t2: string | null;
  b1: boolean | null;
}

const NUMBERS = [null, '0', '1', '-1', '2.5', '-7.5', '3', '0.1', '1000000', '0.333', '12', '-0.5'];
// a field's text is never blank (the records module stores blank as empty)
const TEXTS = [null, 'abc', '12', '12.0', '-3', '007', 'x y', '0.10', 'Done'];
const BOOLEANS = [null, true, false];

const COLUMNS: Record<string, FormulaSqlColumn> = {
  n1: { sql: sql`r.n1`, kind: 'number' },
  n2: { sql: sql`r.n2`, kind: 'number' },
  t1: { sql: sql`r.t1`, kind: 'text' },
  t2: { sql: sql`r.t2`, kind: 'text' },
  b1: { sql: sql`r.b1`, kind: 'boolean' },
};

const seed = Number(process.env.FORMULA_SQL_SEED ?? 20261126);
const runs = Number(process.env.FORMULA_SQL_RUNS ?? 300);

/** Records: every value of each list at least once, the rest at random (fixed by the seed). */
const ROWS: Row[] = fc.sample(
  fc.record({
    n1: fc.constantFrom(...NUMBERS),
    n2: fc.constantFrom(...NUMBERS),
    t1: fc.constantFrom(...TEXTS),
    t2: fc.constantFrom(...TEXTS),
    b1: fc.constantFrom(...BOOLEANS),
  }),
  { numRuns: 24, seed },
);
ROWS.push(
  ...NUMBERS.map((n, i) => ({
    n1: n,
    n2: NUMBERS[(i + 3) % NUMBERS.length],
    t1: TEXTS[i % TEXTS.length],
    t2: TEXTS[(i + 5) % TEXTS.length],
    b1: BOOLEANS[i % 3],
  })),
);

const numLit = fc.constantFrom('0', '1', '2', '3', '0.5', '10', '100', '0.1', '1000000', '7.25');
const textField = fc.constantFrom('t1', 't2');
const textLit = fc.constantFrom('""', '"abc"', '"12"', '"12.0"', '"-3"', '"Done"', '"1e3"');

/** Formulas of the subset, by the kind of their value. */
const formulas = fc.letrec<{ num: string; bool: string; txt: string; any: string }>((tie) => ({
  num: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'formula' },
    fc.constantFrom('n1', 'n2', 't1', 't2'),
    numLit,
    fc
      .tuple(tie('num'), fc.constantFrom('+', '-', '*', '/', 'mod', '%'), tie('num'))
      .map(([a, op, b]) => `(${a} ${op === '%' ? '%' : op} ${b})`),
    tie('num').map((a) => `-(${a})`),
    fc.tuple(fc.constantFrom('abs', 'round', 'floor', 'ceil', 'fix', 'sign'), tie('num')).map(([f, a]) => `${f}(${a})`),
    fc.tuple(tie('num'), fc.integer({ min: 0, max: 14 })).map(([a, n]) => `round(${a}, ${n})`),
    fc
      .tuple(fc.constantFrom('min', 'max', 'sum', 'mean'), fc.array(tie('num'), { minLength: 2, maxLength: 3 }))
      .map(([f, xs]) => `${f}(${xs.join(', ')})`),
    fc.tuple(tie('bool'), tie('num'), tie('num')).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
    fc.tuple(tie('num'), tie('num')).map(([a, b]) => `(${a} ?? ${b})`),
  ),
  bool: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'formula' },
    fc.constantFrom('b1', 'true', 'false'),
    fc.tuple(tie('num'), fc.constantFrom('==', '!=', '<', '<=', '>', '>='), tie('num')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('txt'), fc.constantFrom('==', '!='), fc.oneof(tie('txt'), textLit)).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('num'), fc.constantFrom('==', '!='), tie('txt')).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie('num'), tie('num'), tie('num')).map(([a, b, c]) => `(${a} < ${b} <= ${c})`),
    fc
      .tuple(fc.oneof(tie('bool'), tie('num'), textField), fc.constantFrom('and', 'or', 'xor'), fc.oneof(tie('bool'), tie('num')))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.oneof(tie('bool'), tie('num'), textField).map((a) => `not (${a})`),
    fc
      .tuple(tie('bool'), fc.constantFrom('==', '!='), fc.oneof(tie('bool'), fc.constant('null')))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(fc.oneof(tie('num'), tie('txt')), fc.constantFrom('==', '!=')).map(([a, op]) => `(${a} ${op} null)`),
  ),
  txt: fc.oneof(
    { maxDepth: 4, depthIdentifier: 'formula' },
    fc.constantFrom('t1', 't2'),
    textLit,
    fc
      .array(fc.oneof(tie('txt'), tie('num'), tie('bool')), { minLength: 1, maxLength: 3 })
      .map((xs) => `concat(${xs.join(', ')})`),
    fc.tuple(fc.oneof(tie('bool'), tie('num'), tie('txt')), tie('txt'), tie('txt')).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
    fc.tuple(tie('txt'), tie('txt')).map(([a, b]) => `(${a} ?? ${b})`),
  ),
  any: fc.oneof(tie('num'), tie('bool'), tie('txt')),
}));

/** The value of `expression` for every row in SQL, as text: numbers in plain decimals, truth values true/false. */
async function sqlValues(expression: string): Promise<(string | null)[]> {
  const compiled = formulaToSql(expression, COLUMNS);
  const value: SQL =
    compiled.kind === 'number'
      ? sql`assay_f_text(${compiled.sql})`
      : compiled.kind === 'boolean'
        ? sql`(case ${compiled.sql} when true then 'true' when false then 'false' end)`
        : sql`(${compiled.sql})::text`;
  const rows = sql.join(
    ROWS.map((r, i) => sql`(${i}::int, ${r.n1}::numeric, ${r.n2}::numeric, ${r.t1}::text, ${r.t2}::text, ${r.b1}::boolean)`),
    sql`, `,
  );
  const result = await t.handle.db.execute(
    sql`select r.i, ${value} as v from (values ${rows}) as r(i, n1, n2, t1, t2, b1) order by r.i`,
  );
  return rowsOf<{ v: string | null }>(result).map((r) => r.v);
}

/** The formula engine's value of `expression` for one record, as text. */
function engineValue(expression: string, row: Row): string | null {
  const v = evaluateFormula(expression, 'text', { ...row });
  return v === null || v === undefined ? null : String(v);
}

/**
 * The rows where SQL and the formula engine differ. The engine's evaluation has a wall-clock bound
 * (FORMULA_LIMITS.timeMs: past it, no value): on a loaded machine a pause can cross it, so a row
 * that differs is evaluated twice more before it counts.
 */
function differences(expression: string, sqlSide: (string | null)[]): string[] {
  return ROWS.flatMap((r, i) => {
    let engine = engineValue(expression, r);
    for (let again = 0; again < 2 && engine !== sqlSide[i]; again++) engine = engineValue(expression, r);
    return engine === sqlSide[i] ? [] : [`${JSON.stringify(r)}: SQL ${sqlSide[i]} ≠ engine ${engine}`];
  });
}

test('formula to SQL: known cases give the formula engine value, row by row', async () => {
  for (const expression of [
    'n1 + n2',
    'n1 / 3',
    'n1 mod n2',
    'round(n1 / 3, 2)',
    'floor(n1 / 3 * 3)',
    't1 == "12"',
    't1 == t2',
    't1 + 1',
    'concat(t1, "-", n1, b1)',
    'not t1',
    'b1 and n1 > 0',
    't1 ? 1 : 2',
    'n1 < n2 <= 3',
    'min(n1, n2, 1)',
    'mean(n1, n2)',
    'n1 ?? n2 ?? 0',
    'fix(-n1 / 3)',
    'n1 == null',
    'not t1',
    't1 and n1',
    'sum(n1, n2) == null',
    'mean(t1, 2) + 1',
  ]) {
    assert.deepEqual(differences(expression, await sqlValues(expression)), [], expression);
  }
});

test('formula to SQL: outside the subset is a FormulaError naming what; the engine limits still apply', () => {
  for (const [expression, what] of [
    ['n1 ^ 2', 'pow'],
    ['sqrt(n1)', 'sqrt'],
    ['string(n1)', 'string'],
    ['pi * n1', 'the constant pi'],
    ['b1 + 1', 'a truth value in add'],
    ['b1 == 1', 'a truth value compared with a number or a text'],
    ['b1 ? 1 : "x"', 'a condition with a number and a text'],
    ['round(n1, n2)', 'round with decimals that are not a constant whole number'],
    ['"12" + n1', "a text that is not a field's value in add"],
    ['max(n1)', 'max of fewer than two values'],
    ['not ""', "a text that is not a field's value in not"],
    ['concat(t1) and true', "a text that is not a field's value in and"],
  ]) {
    assert.throws(
      () => formulaToSql(expression, COLUMNS),
      (e: unknown) => e instanceof FormulaError && e.message === `not in the SQL subset: ${what}`,
      expression,
    );
  }
  assert.throws(() => formulaToSql('nope + 1', COLUMNS), /unknown field: nope/);
  assert.throws(() => formulaToSql('1e999 * n1', COLUMNS), FormulaError);
  assert.throws(() => formulaToSql('n1 +', COLUMNS), FormulaError);
});

test(`formula to SQL: random formulas of the subset over random records (${runs} formulas × ${ROWS.length} records, seed ${seed})`, async () => {
  let compared = 0;
  await fc.assert(
    fc.asyncProperty(formulas.any, async (expression) => {
      let sqlSide: (string | null)[];
      try {
        sqlSide = await sqlValues(expression);
      } catch (e) {
        // the generator mixes kinds the subset refuses (a text field and a number as the branches of
        // `?:`); constants beyond the engine's bounds are refused on save by both
        if (e instanceof FormulaError) return;
        throw e;
      }
      const differ = differences(expression, sqlSide);
      assert.deepEqual(differ, [], `${expression}\n${differ.join('\n')}`);
      compared += 1;
    }),
    { seed, numRuns: runs, endOnFailure: true, includeErrorInReport: true },
  );
  assert.ok(compared >= runs * 0.6, `${compared} of ${runs} formulas compared`);
});

test('formula to SQL over a subject table: its fields as the formula engine reads the records the API answers', async () => {
  const { cookie } = await adminSession(t.app);
  const applicationId = await createApplication(t.app, cookie, 'formula-sql');
  const choices = (...labels: string[]) => ({ choices: labels.map((label) => ({ label, color: '#1677ff' })) });
  const subject = await makeSubject(t.handle.db, {
    applicationId,
    key: 'items',
    fields: [
      { key: 'title', type: 'text' },
      { key: 'amount', type: 'money', options: { currency: 'CNY', precision: 2 } },
      { key: 'qty', type: 'number', options: { precision: 0 } },
      { key: 'status', type: 'singleSelect', options: choices('Open', 'Closed') },
      { key: 'due', type: 'date' },
      { key: 'done', type: 'boolean' },
      { key: 'labels', type: 'multiSelect', options: choices('a', 'b') },
      { key: 'at', type: 'datetime' },
    ],
  });
  for (const values of [
    { title: 'one', amount: '1200.50', qty: '3', status: 'Closed', due: '2026-03-01', done: true, labels: ['a', 'b'] },
    { title: '007', amount: '99.99', qty: '0', status: 'Open', due: '2026-12-31', done: false, labels: ['b'] },
    { title: 'three', amount: '0.10' },
    { status: 'Closed', qty: '12', done: true },
    {},
  ])
    await insertRecord(t.handle.db, subject, values);
  const listed = await call(t.app, 'GET', '/api/v1/applications/formula-sql/subjects/items/records?pageSize=100', { cookie });
  assert.equal(listed.statusCode, 200, listed.body);
  const records = json<{ data: { id: string; values: Record<string, unknown> }[] }>(listed).data;
  assert.equal(records.length, 5);
  const columns = formulaColumnsOf(subject, 'r');
  for (const expression of [
    'amount * qty',
    'amount > 100 and done',
    'status == "Closed"',
    'due == "2026-03-01"',
    'concat(title, " ", labels)',
    'labels == "a, b"',
    'round(amount / 3, 2)',
    '(title ?? status) == "007"',
    'title == 7',
    'qty ? amount : -1',
  ]) {
    const compiled = formulaToSql(expression, columns);
    const value =
      compiled.kind === 'number'
        ? sql`assay_f_text(${compiled.sql})`
        : compiled.kind === 'boolean'
          ? sql`(case ${compiled.sql} when true then 'true' when false then 'false' end)`
          : sql`(${compiled.sql})::text`;
    const rows = rowsOf<{ id: string; v: string | null }>(
      await t.handle.db.execute(sql`select r.id, ${value} as v from ${sql.raw(ident(subject.tableName))} r`),
    );
    const bySql = new Map(rows.map((r) => [r.id, r.v]));
    for (const record of records) {
      const engine = evaluateFormula(expression, 'text', record.values);
      assert.equal(
        bySql.get(record.id),
        engine === null ? null : String(engine),
        `${expression} on ${JSON.stringify(record.values)}`,
      );
    }
  }
  assert.throws(() => formulaToSql('at == null', columns), /not in the SQL subset: a datetime field \(at\)/);
});
