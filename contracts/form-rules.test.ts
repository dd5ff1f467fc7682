import { conditionHolds, groupHolds, isEmptyFormValue, layoutFieldRefs, resolveFormState, type FormLayout } from './index';

describe('form conditions (one evaluator for the server and the browser)', () => {
  const v = { status: 'Rejected', amount: '1234.50', tags: ['a', 'b'], flag: true, due: '2026-11-22', blank: '  ', none: null };

  it('treats null, undefined, blank text and [] as empty', () => {
    for (const e of [null, undefined, '', '   ', []]) expect(isEmptyFormValue(e)).toBe(true);
    for (const e of ['x', 0, false, ['a']]) expect(isEmptyFormValue(e)).toBe(false);
    expect(conditionHolds({ field: 'blank', op: 'empty' }, v)).toBe(true);
    expect(conditionHolds({ field: 'missing', op: 'empty' }, v)).toBe(true);
    expect(conditionHolds({ field: 'status', op: 'notEmpty' }, v)).toBe(true);
  });

  it('compares as numbers when both sides are numbers, else as text', () => {
    expect(conditionHolds({ field: 'amount', op: 'eq', value: 1234.5 }, v)).toBe(true);
    expect(conditionHolds({ field: 'amount', op: 'gt', value: 1000 }, v)).toBe(true);
    expect(conditionHolds({ field: 'amount', op: 'gt', value: '9999' }, v)).toBe(false);
    expect(conditionHolds({ field: 'amount', op: 'lt', value: '2000' }, v)).toBe(true);
    expect(conditionHolds({ field: 'due', op: 'gt', value: '2026-01-31' }, v)).toBe(true);
    expect(conditionHolds({ field: 'due', op: 'lt', value: '2026-01-31' }, v)).toBe(false);
    expect(conditionHolds({ field: 'flag', op: 'eq', value: 'true' }, v)).toBe(true);
    expect(conditionHolds({ field: 'status', op: 'neq', value: 'Approved' }, v)).toBe(true);
    expect(conditionHolds({ field: 'none', op: 'gt', value: 0 }, v)).toBe(false);
    expect(conditionHolds({ field: 'none', op: 'neq', value: 'x' }, v)).toBe(true);
  });

  it('in / notIn take a list; list values match on any shared item', () => {
    expect(conditionHolds({ field: 'status', op: 'in', value: ['Open', 'Rejected'] }, v)).toBe(true);
    expect(conditionHolds({ field: 'status', op: 'notIn', value: ['Open', 'Rejected'] }, v)).toBe(false);
    expect(conditionHolds({ field: 'status', op: 'in', value: 'Rejected' }, v)).toBe(true);
    expect(conditionHolds({ field: 'tags', op: 'eq', value: 'b' }, v)).toBe(true);
    expect(conditionHolds({ field: 'tags', op: 'in', value: ['c', 'a'] }, v)).toBe(true);
    expect(conditionHolds({ field: 'tags', op: 'notIn', value: ['c'] }, v)).toBe(true);
    expect(conditionHolds({ field: 'none', op: 'notIn', value: ['c'] }, v)).toBe(true);
  });

  it('groups: all / any; an empty group holds', () => {
    const yes = { field: 'status', op: 'eq' as const, value: 'Rejected' };
    const no = { field: 'status', op: 'eq' as const, value: 'Open' };
    expect(groupHolds({ match: 'all', conditions: [yes, no] }, v)).toBe(false);
    expect(groupHolds({ match: 'any', conditions: [yes, no] }, v)).toBe(true);
    expect(groupHolds({ match: 'all', conditions: [] }, v)).toBe(true);
    expect(groupHolds(undefined, v)).toBe(true);
  });

  const layout: FormLayout = {
    sections: [
      {
        title: 'A',
        fields: [
          { key: 'status' },
          {
            key: 'reason',
            visibleIf: { match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'Rejected' }] },
            requiredIf: { match: 'all', conditions: [{ field: 'status', op: 'eq', value: 'Rejected' }] },
          },
          // shown only while reason is shown and filled: hides with it
          { key: 'detail', visibleIf: { match: 'all', conditions: [{ field: 'reason', op: 'notEmpty' }] } },
          { key: 'note', requiredIf: { match: 'any', conditions: [{ field: 'reason', op: 'notEmpty' }] } },
        ],
      },
    ],
  };

  it('resolveFormState: visibility, required, and hidden fields counting as empty for the others', () => {
    const rejected = resolveFormState(layout, { status: 'Rejected', reason: 'Late' });
    expect(rejected.hidden).toEqual([]);
    expect(rejected.required.sort()).toEqual(['note', 'reason']);
    const approved = resolveFormState(layout, { status: 'Approved', reason: 'Late' });
    expect(approved.hidden.sort()).toEqual(['detail', 'reason']);
    expect(approved.required).toEqual([]);
    expect(approved.effective).toEqual({ status: 'Approved' });
  });

  it('layoutFieldRefs names every placed field and condition field with its path', () => {
    const refs = layoutFieldRefs(layout).map((r) => `${r.key}@${r.path.join('.')}`);
    expect(refs).toContain('reason@sections.0.fields.1.key');
    expect(refs).toContain('status@sections.0.fields.1.visibleIf.conditions.0.field');
    expect(refs).toContain('reason@sections.0.fields.3.requiredIf.conditions.0.field');
  });
});
