/**
 * The form condition evaluator as the server runs it (contracts/form-rules.ts, the same function
 * the browser imports; Jest covers it in contracts/form-rules.test.ts): values as the records
 * module normalises them (decimal strings, ISO dates, arrays).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveFormState, type FormLayout } from '../../../../contracts';
import { runsOnOneEngine } from '../../test/engines';

runsOnOneEngine('postgres', 'form rules are pure functions of contracts/');

const layout: FormLayout = {
  sections: [
    {
      title: '',
      fields: [
        { key: 'status' },
        {
          key: 'reason',
          visibleIf: { match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'Rejected' }] },
          requiredIf: { match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'Rejected' }] },
        },
        { key: 'note', requiredIf: { match: 'any', conditions: [{ field: 'amount', op: 'gt', value: 1000 }, { field: 'due', op: 'lt', value: '2026-01-01' }] } },
        { key: 'tags_note', visibleIf: { match: 'all', conditions: [{ field: 'tags', op: 'in', value: ['urgent'] }] } },
      ],
    },
  ],
};

test('form rules on normalised values: visibility, conditional required, any/all groups', () => {
  assert.deepEqual(resolveFormState(layout, { status: 'Rejected', amount: '10.00' }).required, ['reason']);
  assert.deepEqual(resolveFormState(layout, { status: 'Open', amount: '1000.01' }).required, ['note']);
  assert.deepEqual(resolveFormState(layout, { status: 'Open', amount: '1000.00', due: '2025-12-31' }).required, ['note']);
  assert.deepEqual(resolveFormState(layout, { status: 'Open', amount: '1000.00', due: '2026-01-01' }).required, []);
  assert.deepEqual(resolveFormState(layout, { status: 'Open', tags: ['a'] }).hidden.sort(), ['reason', 'tags_note']);
  assert.deepEqual(resolveFormState(layout, { status: 'Rejected', tags: ['a', 'urgent'] }).hidden, []);
});
