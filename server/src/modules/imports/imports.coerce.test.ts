import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FieldDef, SubjectDef } from '../subjects/subject-def';
import { ValueError } from '../subjects/values';
import { canBeKey, coerceCell, keyText } from './imports.coerce';
import { autoMapping } from './imports.service';
import { runsOnOneEngine } from '../../test/engines';

runsOnOneEngine('postgres', 'cell coercion is a pure function');

const field = (type: FieldDef['type'], extra: Partial<FieldDef> = {}): FieldDef => ({
  id: '00000000-0000-0000-0000-000000000001',
  key: 'k',
  name: 'K',
  type,
  column: 'f_x',
  position: 0,
  required: false,
  unique: false,
  defaultValue: undefined,
  options: {},
  validation: {},
  helpText: null,
  locked: false,
  managed: false,
  ...extra,
});

test('cells become the JSON a record write takes', () => {
  assert.equal(coerceCell(field('boolean'), 'Yes'), true);
  assert.equal(coerceCell(field('boolean'), '否'), false);
  assert.equal(coerceCell(field('boolean'), ''), null);
  assert.throws(() => coerceCell(field('boolean'), 'maybe'), ValueError);
  assert.deepEqual(coerceCell(field('multiSelect'), 'a, b;c'), ['a', 'b', 'c']);
  assert.equal(coerceCell(field('number'), '1,234,567.50'), '1234567.50');
  assert.equal(coerceCell(field('number'), '1,5'), '1,5'); // not a thousands pattern: left for validation to refuse
  assert.equal(coerceCell(field('date'), '2026/2/1'), '2026-02-01');
  assert.equal(coerceCell(field('date'), '2026-04-05T00:00:00.000Z'), '2026-04-05');
  assert.equal(coerceCell(field('datetime'), '2026-11-22 08:30'), '2026-11-22T08:30Z');
  assert.equal(coerceCell(field('text'), '  padded  '), 'padded');
  assert.equal(coerceCell(field('longText'), '  kept  '), '  kept  ');
});

test('keys: scalar fields only, numbers compared without trailing zeros', () => {
  assert.equal(canBeKey(field('text')), true);
  assert.equal(canBeKey(field('autoNumber')), true);
  assert.equal(canBeKey(field('multiSelect')), false);
  assert.equal(canBeKey(field('longText')), false);
  assert.equal(keyText(field('money'), '1.50'), keyText(field('money'), '1.5'));
});

test('auto mapping by key or name, case, spaces, _ and - ignored, each field once, computed fields never', () => {
  const subject = {
    fields: [field('text', { key: 'alpha_2', name: '二位代码' }), field('text', { key: 'full_name', name: 'Full name' }), field('formula', { key: 'calc', name: 'Calc' })],
  } as unknown as SubjectDef;
  assert.deepEqual(autoMapping(subject, ['Alpha 2', 'FULL-NAME', '二位代码', 'calc', 'other']), {
    'Alpha 2': 'alpha_2',
    'FULL-NAME': 'full_name',
    二位代码: null,
    calc: null,
    other: null,
  });
});
