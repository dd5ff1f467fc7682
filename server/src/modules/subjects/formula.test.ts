import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkFormula, evaluateFormula, FormulaError, formulaOrder, formulaReads, formulasReading } from './formula';

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
