import { checkSignature, jsonArraysOf, keyCandidates, mappedColumns, needsKey, proposedKeyFields, rowNumberHint } from './wizard-logic';

const fields = [
  { key: 'title', name: 'Title', type: 'text', unique: false },
  { key: 'notes', name: 'Notes', type: 'longText', unique: false },
  { key: 'package', name: 'Package', type: 'text', unique: true },
  { key: 'size', name: 'Size', type: 'number', unique: false },
];

describe('import wizard: the key proposed for update/upsert', () => {
  it('proposes the first unique field a column maps to', () => {
    expect(proposedKeyFields(fields, { Package: 'package', Title: 'title', Size: 'size' })).toEqual(['package']);
  });
  it('proposes none when no unique field is mapped, and only mapped key-type fields are candidates', () => {
    expect(proposedKeyFields(fields, { Title: 'title', Notes: 'notes' })).toEqual([]);
    expect(keyCandidates(fields, { Title: 'title', Notes: 'notes', X: null }).map((f) => f.key)).toEqual(['title']);
  });
  it('update/upsert without a key needs one; insert does not', () => {
    expect(needsKey({ mode: 'upsert', keyFields: [] })).toBe(true);
    expect(needsKey({ mode: 'update', keyFields: ['package'] })).toBe(false);
    expect(needsKey({ mode: 'insert', keyFields: [] })).toBe(false);
  });
});

describe('import wizard: the dry run figures are stale once a choice changes', () => {
  const base = { mapping: { Package: 'package', Size: 'size' }, mode: 'insert' as const, keyFields: ['package'] };
  it('changes with the mode, the key fields and the mapping', () => {
    const sig = checkSignature(base);
    expect(checkSignature({ ...base, mode: 'upsert' })).not.toBe(sig);
    expect(checkSignature({ ...base, mode: 'upsert', keyFields: ['size'] })).not.toBe(checkSignature({ ...base, mode: 'upsert' }));
    expect(checkSignature({ ...base, mapping: { Package: 'package', Size: null } })).not.toBe(sig);
  });
  it('does not change with the mapping key order or an ignored column, nor with key fields in insert mode', () => {
    const sig = checkSignature(base);
    expect(checkSignature({ ...base, mapping: { Size: 'size', Extra: null, Package: 'package' } })).toBe(sig);
    expect(checkSignature({ ...base, keyFields: [] })).toBe(sig);
  });
});

describe('import wizard: column order and row numbers', () => {
  it('shows the mapped columns in the file order, whatever the order of the mapping object', () => {
    // as jsonb gives it back: shorter keys first
    const mapping = { qty: 'size', name: 'title', package: 'package', section: null };
    expect(mappedColumns(['package', 'section', 'name', 'qty'], mapping)).toEqual([
      { header: 'package', index: 0, key: 'package' },
      { header: 'name', index: 2, key: 'title' },
      { header: 'qty', index: 3, key: 'size' },
    ]);
  });
  it('says what a row number means per format', () => {
    expect(rowNumberHint('json')).toBe('imports.preview.rowHint.json');
    expect(rowNumberHint('csv')).toBe('imports.preview.rowHint.sheet');
    expect(rowNumberHint('xlsx')).toBe('imports.preview.rowHint.sheet');
  });
});

describe('import wizard: a JSON object with its rows under a key', () => {
  it('lists the arrays the server found and proposes the only one', () => {
    expect(jsonArraysOf({ jsonArrays: [{ key: '639-3', rows: 7910 }] })).toEqual({ arrays: [{ key: '639-3', rows: 7910 }], proposed: '639-3' });
  });
  it('proposes none among several, and nothing for another error', () => {
    expect(jsonArraysOf({ jsonArrays: [{ key: 'a', rows: 1 }, { key: 'b', rows: 2 }] }).proposed).toBeUndefined();
    expect(jsonArraysOf(undefined)).toEqual({ arrays: [], proposed: undefined });
    expect(jsonArraysOf({ jsonArrays: 'x' }).arrays).toEqual([]);
  });
});
