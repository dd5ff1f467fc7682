import { definitionOf, draftOf } from './definition';

describe('rule definition drafts', () => {
  it('sends only the keys of the kind, empty ones left out', () => {
    const draft = { field: 'amount', min: '0', max: '', pattern: 'x', op: 'eq', compareTo: 'value' };
    expect(definitionOf('range', draft)).toEqual({ kind: 'range', field: 'amount', min: '0' });
    expect(definitionOf('pattern', draft)).toEqual({ kind: 'pattern', field: 'amount', pattern: 'x' });
    expect(definitionOf('expression', draft)).toEqual({ kind: 'expression' });
  });

  it('a comparison sends the constant or the other field, as chosen', () => {
    const draft = { field: 'paid', op: 'le', value: '10', otherField: 'amount', compareTo: 'value' };
    expect(definitionOf('comparison', draft)).toEqual({ kind: 'comparison', field: 'paid', op: 'le', value: '10' });
    expect(definitionOf('comparison', { ...draft, compareTo: 'field' })).toEqual({
      kind: 'comparison',
      field: 'paid',
      op: 'le',
      otherField: 'amount',
    });
    expect(definitionOf('comparison', { ...draft, value: false })).toEqual({
      kind: 'comparison',
      field: 'paid',
      op: 'le',
      value: false,
    });
  });

  it('reads a stored definition back, remembering a comparison with another field', () => {
    expect(draftOf(undefined)).toEqual({ op: 'eq', compareTo: 'value' });
    const stored = { kind: 'comparison', field: 'paid', op: 'le', otherField: 'amount' };
    expect(draftOf(stored).compareTo).toBe('field');
    expect(definitionOf('comparison', draftOf(stored))).toEqual(stored);
  });
});
