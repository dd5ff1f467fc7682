import { cellText, diffFields, flatten } from './diff';

describe('audit diff', () => {
  it('flattens nested objects and arrays to dot paths', () => {
    expect(flatten({ a: 1, b: { c: 'x', d: { e: null } }, list: [{ n: 1 }, 2], empty: {} })).toEqual({
      a: 1,
      'b.c': 'x',
      'b.d.e': null,
      'list.0.n': 1,
      'list.1': 2,
      empty: {},
    });
    expect(flatten(null)).toEqual({});
    expect(flatten('text')).toEqual({ '(value)': 'text' });
  });

  it('marks changed, added and removed fields', () => {
    const rows = diffFields({ name: 'a', nested: { color: 'red', size: 1 }, gone: true }, { name: 'a', nested: { color: 'blue', size: 1 }, added: [1] });
    expect(rows).toEqual([
      { field: 'added.0', before: undefined, after: 1, changed: true },
      { field: 'gone', before: true, after: undefined, changed: true },
      { field: 'name', before: 'a', after: 'a', changed: false },
      { field: 'nested.color', before: 'red', after: 'blue', changed: true },
      { field: 'nested.size', before: 1, after: 1, changed: false },
    ]);
    expect(diffFields(null, { x: 1 })).toEqual([{ field: 'x', before: undefined, after: 1, changed: true }]);
    expect(diffFields(null, null)).toEqual([]);
  });

  it('renders cells', () => {
    expect(cellText(undefined)).toBe('');
    expect(cellText('a')).toBe('a');
    expect(cellText(null)).toBe('null');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
  });
});
