import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFormula, evaluateFormula, FormulaError, formulaOrder, formulaReads, formulasReading } from './formula';
import { runsOnOneEngine } from '../../test/engines';

runsOnOneEngine('postgres', 'formula parsing and evaluation are pure functions');

const f = (key: string, expression?: string) => ({
  key,
  type: expression === undefined ? 'number' : 'formula',
  options: { expression },
});

test('formula: field references, unknown names, disabled functions, self-reference', () => {
  assert.deepEqual(checkFormula('round(price * qty, 2)', ['price', 'qty']).sort(), ['price', 'qty']);
  assert.throws(
    () => checkFormula('price * discount', ['price']),
    (e: unknown) => e instanceof FormulaError && e.names.includes('discount'),
  );
  assert.throws(() => checkFormula('evaluate("1+1")', []), FormulaError);
  assert.throws(() => checkFormula('total + 1', ['total'], 'total'), FormulaError);
  assert.deepEqual(formulaReads('a + b * pi'), ['a', 'b']);
  assert.deepEqual(formulaReads('(('), []);
});

test('formula: exact decimals, text comparison, empty operands', () => {
  assert.equal(evaluateFormula('price * qty', 'number', { price: '0.10', qty: '3' }), '0.3');
  assert.equal(evaluateFormula('status == "Done" ? 1 : 0', 'number', { status: 'Done' }), '1');
  assert.equal(evaluateFormula('status != "Done"', 'boolean', { status: 'Open' }), true);
  assert.equal(evaluateFormula('status == "Done" ? 1 : 0', 'number', { status: null }), '0');
  assert.equal(evaluateFormula('amount == 2', 'boolean', { amount: '2.00' }), true);
  assert.equal(evaluateFormula('price * qty', 'number', { price: null, qty: '3' }), null);
});

test('formula: computing order and the formulas a change reaches', () => {
  const fields = [
    f('price'),
    f('qty'),
    f('taxed', 'total * 1.13'),
    f('total', 'price * qty'),
    f('label', 'taxed > 10 ? "big" : "small"'),
    f('other', 'qty + 1'),
  ];
  assert.deepEqual(
    formulaOrder(fields).map((x) => x.key),
    ['total', 'taxed', 'label', 'other'],
  );
  assert.deepEqual(
    formulasReading(fields, ['price']).map((x) => x.key),
    ['total', 'taxed', 'label'],
  );
  assert.deepEqual(
    formulasReading(fields, ['taxed']).map((x) => x.key),
    ['taxed', 'label'],
  );
  assert.throws(
    () => formulaOrder([f('a', 'b + 1'), f('b', 'c + 1'), f('c', 'a + 1')]),
    (e: unknown) => e instanceof FormulaError && e.names.length === 3,
  );
});

test('formula: what a spreadsheet-like formula can do', () => {
  const v = (expression: string, values: Record<string, unknown> = {}, type: 'number' | 'text' | 'boolean' = 'text') =>
    evaluateFormula(expression, type, values);
  assert.equal(v('concat(code, "-", name)', { code: 'A1', name: 'x' }), 'A1-x');
  assert.equal(v('concat(code, string(n))', { code: 'ab', n: '5.50' }), 'ab5.5');
  assert.equal(v('n ?? 3', { n: null }), '3');
  assert.equal(v('n ?? 3', { n: '7' }), '7');
  assert.equal(v('1 < n < 5', { n: '3' }, 'boolean'), true);
  assert.equal(v('1 < n < 5', { n: '5' }, 'boolean'), false);
  assert.equal(v('done ? 10 : 20', { done: 'yes' }), '10');
  assert.equal(v('done ? 10 : 20', { done: null }), '20');
  assert.equal(v('n ? 1 : 2', { n: '0' }), '2');
  assert.equal(v('n > 1 and m < 1', { n: '2', m: '0' }, 'boolean'), true);
  assert.equal(v('n > 5 and m', { n: '2', m: null }, 'boolean'), false);
  assert.equal(v('not (n > 1) or n == 2', { n: '2' }, 'boolean'), true);
  assert.equal(v('n mod 3 + n % 4', { n: '7' }), '4');
  assert.equal(v('round(2 pi, 4)'), '6.2832');
  assert.equal(v('max(a, b) - min(a, b) + abs(-1) + floor(1.5) + ceil(1.5)', { a: '3', b: '1' }), '6');
  assert.equal(v('sum(a, b, 1) / mean(a, b)', { a: '3', b: '1' }), '2.5');
  assert.equal(v('sqrt(16) + 2 ^ 10 + exp(0) + log(1) + log10(100)'), '1031');
  assert.equal(v('-a + +b', { a: '3', b: '1' }), '-2');
  assert.equal(v('d == "2026-01-01"', { d: '2026-01-01' }, 'boolean'), true);
  assert.equal(v('1 / 3', {}, 'number'), '0.3333333333333333333333333333333333');
  assert.equal(v('price + 10%', { price: '200' }), '220');
  assert.equal(v('price * 10%', { price: '200' }), '20');
  assert.equal(v('tags == "a, b"', { tags: ['a', 'b'] }, 'boolean'), true);
});

/** Runs `fn`, returning what it returned or threw and how long it took (ms). */
function timed(fn: () => unknown): { value?: unknown; error?: unknown; ms: number } {
  const started = performance.now();
  try {
    const value = fn();
    return { value, ms: performance.now() - started };
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
}

/** An attack is refused (or evaluated to nothing) within this many ms. */
const QUICK_MS = 1000;
const KEYS = ['amount', 'qty', 'name'];

/** Formulas refused when saved: the check throws a FormulaError, and the stored text evaluates to null. */
const REFUSED: [string, string][] = [
  ['a huge number literal', '1e9999999 * amount'],
  ['a tiny number literal', 'amount * 1e-9999999'],
  ['a literal of more than 34 digits', 'amount * 1.2345678901234567890123456789012345678901'],
  ['bignumber() of a huge text', 'bignumber("1e199999999") * amount'],
  ['number() of a huge text', 'number("1e199999999") * amount'],
  ['a constant power beyond the bounds', 'amount * 10 ^ 1000'],
  ['a constant product beyond the bounds', 'amount * (1e99 * 1e99)'],
  ['exp of a constant beyond the bounds', 'exp(1e99) * amount'],
  ['a huge exponent', 'amount ^ 1e9999'],
  ['factorial', 'factorial(100000) * amount'],
  ['the factorial operator', '(amount + 100000)!'],
  ['gamma', 'gamma(100000) * amount'],
  ['zeros', 'sum(zeros(1e8)) + amount'],
  ['ones', 'sum(ones(10000, 10000)) + amount'],
  ['identity', 'sum(identity(100000)) + amount'],
  ['range()', 'sum(range(1, 1e9)) + amount'],
  ['a range literal', 'sum(1:1e9) + amount'],
  ['random with a size', 'sum(random([1e8])) + amount'],
  ['a matrix literal', 'sum([1, 2, amount])'],
  ['config()', 'config({relTol: 0.9, absTol: 1})'],
  ['import()', 'import({amount: 1})'],
  ['createUnit()', 'createUnit("parsec2") * amount'],
  ['evaluate()', 'evaluate("1+1") * amount'],
  ['format() with a huge precision', 'format(amount, 1e9)'],
  ['a function definition', 'f(x) = x * amount'],
  ['an assignment', 'amount = 1'],
  ['several statements', 'amount; qty'],
  ['a property', 'name.length'],
  ['an object', '{a: amount}'],
  ['a transpose', "amount'"],
  ['deep nesting', `${'('.repeat(500)}amount${')'.repeat(500)}`],
  ['a long chain of signs', `${'-'.repeat(1990)}amount`],
  ['a very long expression', `${'amount + '.repeat(300)}amount`],
  ['too many parts', Array.from({ length: 150 }, () => 'amount').join('+')],
  ['many costly calls', Array.from({ length: 20 }, () => 'sqrt(amount)').join('+')],
];

test('formula limits: every runaway formula is refused quickly when saved, and yields null quickly when stored', () => {
  for (const [label, expression] of REFUSED) {
    const check = timed(() => checkFormula(expression, KEYS));
    assert.ok(check.error instanceof FormulaError, `${label}: refused (got ${String(check.error ?? check.value)})`);
    assert.ok(check.ms < QUICK_MS, `${label}: refused in ${check.ms.toFixed(0)} ms`);
    const run = timed(() => evaluateFormula(expression, 'number', { amount: '2', qty: '3', name: 'x' }));
    assert.equal(run.error, undefined, `${label}: no crash`);
    assert.equal(run.value, null, `${label}: stored formula yields null`);
    assert.ok(run.ms < QUICK_MS, `${label}: evaluated in ${run.ms.toFixed(0)} ms`);
  }
});

/** Formulas that pass the check but run away on some record's values: null, quickly. */
const RUNAWAY: [string, string, Record<string, unknown>][] = [
  ['an overflowing product', 'amount * 1e99 * 1e99', { amount: '1' }],
  ['a power of fields', 'pow(amount, qty)', { amount: '2', qty: '9'.repeat(60) }],
  ['exp of a field', 'exp(amount)', { amount: '9'.repeat(60) }],
  ['a remainder of extremes', 'mod(amount, qty)', { amount: '9'.repeat(60), qty: `0.${'0'.repeat(58)}1` }],
  ['a huge number in a text', 'name * 1', { name: '1e199999999' }],
  ['a tiny number in a text', 'name * 1 + 1', { name: '1e-199999999' }],
  ['a long concatenation', `concat(${Array.from({ length: 100 }, () => 'name').join(', ')})`, { name: 'x'.repeat(100_000) }],
];

test('formula limits: a formula running away on a record yields null quickly', () => {
  for (const [label, expression, values] of RUNAWAY) {
    assert.doesNotThrow(() => checkFormula(expression, KEYS), label);
    const run = timed(() => evaluateFormula(expression, 'number', values));
    assert.equal(run.error, undefined, `${label}: no crash`);
    assert.ok(run.value === null || run.value === '1', `${label}: null (got ${String(run.value).slice(0, 40)})`);
    assert.ok(run.ms < QUICK_MS, `${label}: evaluated in ${run.ms.toFixed(0)} ms`);
  }
});

test('formula limits: config() in one formula changes nothing for the others', () => {
  assert.equal(evaluateFormula('amount == qty', 'boolean', { amount: '1', qty: '1.5' }), false);
  assert.equal(evaluateFormula('config({relTol: 0.9, absTol: 1})', 'text', {}), null);
  assert.equal(evaluateFormula('amount == qty', 'boolean', { amount: '1', qty: '1.5' }), false);
});

test('formula limits: 10,000 evaluations stay fast', () => {
  const started = performance.now();
  for (let i = 0; i < 10_000; i++) {
    evaluateFormula('round(price * qty * 1.13, 2)', 'number', { price: `${i}.25`, qty: '3' });
  }
  const ms = performance.now() - started;
  assert.ok(ms < 5000, `10,000 evaluations in ${ms.toFixed(0)} ms`);
});

test('formula limits: an evaluation past its time limit yields null', (t) => {
  assert.equal(evaluateFormula('a + b + c + a + b', 'number', { a: '1', b: '2', c: '3' }), '9');
  // a clock that moves 30 ms at every reading: the fourth addition starts past the 100 ms limit
  let clock = 0;
  t.mock.method(performance, 'now', () => (clock += 30));
  assert.equal(evaluateFormula('a + b + c + a + b', 'number', { a: '1', b: '2', c: '3' }), null);
  assert.equal(evaluateFormula('a + b', 'number', { a: '1', b: '2' }), '3');
});
