import {
  compareKind,
  compareValues,
  dayDelta,
  diffTokens,
  hasCjk,
  htmlToText,
  numberDelta,
  setDelta,
  splitDuration,
  textDiff,
  timeDelta,
  versionSteps,
} from './compare';

const f = (type: string, options = {}) => ({ type, options }) as Parameters<typeof compareKind>[0];

describe('compare kinds', () => {
  it('maps every family of types', () => {
    expect(compareKind(f('longText'))).toBe('text');
    expect(compareKind(f('money'))).toBe('number');
    expect(compareKind(f('date'))).toBe('date');
    expect(compareKind(f('updatedAt'))).toBe('datetime');
    expect(compareKind(f('multiSelect'))).toBe('set');
    expect(compareKind(f('boolean'))).toBe('other');
    expect(compareKind(f('formula'))).toBe('number');
    expect(compareKind(f('formula', { resultType: 'text' }))).toBe('text');
    expect(compareKind(f('formula', { resultType: 'boolean' }))).toBe('other');
  });
});

describe('text diff', () => {
  it('diffs Latin text by words', () => {
    expect(textDiff('cash count done', 'cash count reviewed')).toEqual([
      { value: 'cash count ', kind: 'same' },
      { value: 'done', kind: 'removed' },
      { value: 'reviewed', kind: 'added' },
    ]);
  });

  it('diffs Chinese text by characters', () => {
    expect(hasCjk('现金盘点')).toBe(true);
    expect(textDiff('现金盘点完成', '现金盘点已复核')).toEqual([
      { value: '现金盘点', kind: 'same' },
      { value: '完成', kind: 'removed' },
      { value: '已复核', kind: 'added' },
    ]);
  });

  it('diffs English by whole words even when a CJK character is somewhere in the text', () => {
    const parts = textDiff('The quick brown fox jumps (狐)', 'The quick red fox leaps (狐)');
    expect(parts.filter((p) => p.kind !== 'same').map((p) => [p.kind, p.value])).toEqual([
      ['removed', 'brown'],
      ['added', 'red'],
      ['removed', 'jumps'],
      ['added', 'leaps'],
    ]);
  });

  it('diffs a mixed text: English words whole, Chinese by characters', () => {
    const parts = textDiff('Audit 现金盘点完成 today', 'Audit 现金盘点已复核 tomorrow');
    expect(parts.filter((p) => p.kind !== 'same').map((p) => [p.kind, p.value])).toEqual([
      ['removed', '完成'],
      ['added', '已复核'],
      ['removed', 'today'],
      ['added', 'tomorrow'],
    ]);
    expect(diffTokens("don't stop-now")).toEqual(["don't", ' ', 'stop', '-', 'now']);
  });

  it('compares rich text as plain text', () => {
    expect(htmlToText('<p>One &amp; two</p><p>three<br>four</p>')).toBe('One & two\nthree\nfour');
    const c = compareValues(f('richText'), '<p>alpha beta</p>', '<p><strong>alpha</strong> gamma</p>');
    expect(c.kind).toBe('text');
    if (c.kind === 'text') expect(c.parts.filter((p) => p.kind !== 'same').map((p) => p.value)).toEqual(['beta', 'gamma']);
    expect(compareValues(f('richText'), '<p>same</p>', '<p><em>same</em></p>')).toEqual({ kind: 'same' });
  });

  it('counts added and removed characters; empty to text is all added', () => {
    const c = compareValues(f('text'), null, 'new text');
    expect(c).toEqual({ kind: 'text', parts: [{ value: 'new text', kind: 'added' }], added: 8, removed: 0 });
  });
});

describe('number delta', () => {
  it('is exact on decimal strings', () => {
    expect(numberDelta('0.1', '0.3')).toEqual({ delta: '+0.2', sign: 1, percent: 200 });
    expect(numberDelta('1234.50', '1000')).toMatchObject({ delta: '-234.50', sign: -1 });
    expect(numberDelta('99999999999999999.99', '100000000000000000.00')?.delta).toBe('+0.01');
    expect(numberDelta('-5', '5')).toEqual({ delta: '+10', sign: 1, percent: 200 });
    expect(numberDelta('0', '5')?.percent).toBeNull();
    expect(numberDelta(2, '2.0')).toEqual({ delta: '0.0', sign: 0, percent: 0 });
    expect(numberDelta('abc', '1')).toBeNull();
  });

  it('compares numbers, and empties as a plain change', () => {
    expect(compareValues(f('number'), '10', '12.5')).toMatchObject({ kind: 'number', delta: { delta: '+2.5', percent: 25 } });
    expect(compareValues(f('money'), '10.00', '10')).toEqual({ kind: 'same' });
    expect(compareValues(f('percent'), null, '3')).toEqual({ kind: 'changed', fromEmpty: true, toEmpty: false });
  });
});

describe('date and time deltas', () => {
  it('counts calendar days', () => {
    expect(dayDelta('2026-02-27', '2026-03-01')).toBe(2);
    expect(dayDelta('2026-03-01', '2025-03-01')).toBe(-365);
    expect(dayDelta('x', '2026-03-01')).toBeNull();
    expect(compareValues(f('date'), '2026-01-01', '2026-01-31')).toEqual({ kind: 'date', days: 30 });
  });

  it('measures datetimes in milliseconds', () => {
    const ms = timeDelta('2026-01-01T00:00:00.000Z', '2026-01-03T05:30:00.000Z');
    expect(ms).toBe((2 * 24 + 5.5) * 3_600_000);
    expect(splitDuration(-(ms ?? 0))).toEqual({ days: 2, hours: 5, minutes: 30 });
  });
});

describe('sets', () => {
  it('lists added and removed options', () => {
    expect(setDelta(['a', 'b'], ['b', 'c'])).toEqual({ added: ['c'], removed: ['a'], kept: ['b'] });
    expect(setDelta('low', 'high')).toEqual({ added: ['high'], removed: ['low'], kept: [] });
    expect(compareValues(f('multiSelect'), ['x', 'y'], ['y', 'x'])).toEqual({ kind: 'same' });
    expect(compareValues(f('singleSelect'), null, 'open')).toEqual({ kind: 'set', added: ['open'], removed: [] });
  });
});

describe('version steps', () => {
  const versions = [
    { version: 3, snapshot: { title: 'c', n: '1' } },
    { version: 2, snapshot: { title: 'b', n: '1' } },
    { version: 1, snapshot: { title: 'b', n: '0' } },
  ];

  it('orders oldest first and compares each with the one before', () => {
    const steps = versionSteps(versions, { key: 'title', type: 'text', options: {} });
    expect(steps.map((s) => s.version.version)).toEqual([1, 2, 3]);
    expect(steps[0].comparison).toBeNull();
    expect(steps[1].comparison).toEqual({ kind: 'same' });
    expect(steps[2].comparison?.kind).toBe('text');
  });

  it('can leave out the versions that kept the value', () => {
    const steps = versionSteps(versions, { key: 'n', type: 'number', options: {} }, 'auto', true);
    expect(steps.map((s) => s.version.version)).toEqual([1, 2]);
    expect(steps[1].comparison).toMatchObject({ kind: 'number', delta: { delta: '+1' } });
  });
});
