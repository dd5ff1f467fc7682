/** Formatting of result cells (format.ts) and the drill title (drill-title.ts). */
import { compareCells, formatBucket, formatCell, rowDrillValues, sortValue } from './format';
import { drillTitleParts } from './drill-title';
import { amount, client, count, ctx, month, result, status } from './fixtures.test-support';

describe('analytics formatting', () => {
  it('shows a date bucket as its period', () => {
    expect(formatBucket('2026-03-02', 'day', ctx.week)).toBe('2026-03-02');
    expect(formatBucket('2026-03-02', 'week', ctx.week)).toBe('2026-03-02 (wk)');
    expect(formatBucket('2026-03-01', 'month', ctx.week)).toBe('2026-03');
    expect(formatBucket('2026-04-01', 'quarter', ctx.week)).toBe('2026-Q2');
    expect(formatBucket('2026-12-01', 'quarter', ctx.week)).toBe('2026-Q4');
    expect(formatBucket('2026-01-01', 'year', ctx.week)).toBe('2026');
    expect(formatBucket('2026-01-01', undefined, ctx.week)).toBe('2026-01-01');
  });

  it('formats numbers per the language, ids by their labels, empty cells as the placeholder', () => {
    expect(formatCell(count, 1234567, ctx)).toBe('1,234,567');
    expect(formatCell(amount, '1234.5678', ctx)).toBe('1,234.57');
    expect(formatCell(amount, '0.012345', ctx)).toBe('0.0123');
    expect(formatCell(amount, 1234.5, { ...ctx, locale: 'de-DE' })).toBe('1.234,5');
    expect(formatCell(client, 'c1', ctx)).toBe('ACME');
    expect(formatCell(client, 'c9', ctx)).toBe('c9');
    expect(formatCell({ type: 'list' }, ['c1', 'c2'], ctx)).toBe('ACME, Globex');
    expect(formatCell({ type: 'boolean' }, false, ctx)).toBe('No');
    expect(formatCell(status, null, ctx)).toBe('(empty)');
    expect(formatCell(status, '', { ...ctx, empty: '—' })).toBe('—');
    expect(formatCell(month, '2026-03-01', ctx)).toBe('2026-03');
  });

  it('sorts numbers by value, text by text, empty cells last', () => {
    expect(['10', '9', null, '100'].sort(compareCells)).toEqual(['9', '10', '100', null]);
    expect(['b', null, 'a'].sort(compareCells)).toEqual(['a', 'b', null]);
    expect(['2026-03-01', '2025-12-01'].sort(compareCells)).toEqual(['2025-12-01', '2026-03-01']);
    const byName = (a: unknown, b: unknown) => compareCells(sortValue(client, a, ctx.labels), sortValue(client, b, ctx.labels));
    expect(['c2', null, 'c1'].sort(byName)).toEqual(['c1', 'c2', null]); // ACME, Globex, empty
    expect(sortValue({ type: 'list' }, ['c2', 'c1'], ctx.labels)).toBe('Globex, ACME');
  });

  it('drills a grouped row with its dimension values', () => {
    const r = result([month, client, count], [['2026-03-01', 'c1', 4]]);
    expect(rowDrillValues(r, r.rows[0])).toEqual({ month: '2026-03-01', client: 'c1' });
  });

  it('names the drilled values for the drawer title', () => {
    const definition = {
      subjectId: '00000000-0000-4000-8000-000000000000',
      dimensions: [{ field: 'date', bucket: 'month' as const, as: 'month' }, { field: 'client' }],
    };
    const columns = [
      { name: 'date', label: 'Date', role: 'column' as const, type: 'date' as const },
      { name: 'client', label: 'Client', role: 'column' as const, type: 'id' as const },
    ];
    expect(drillTitleParts(definition, { month: '2026-03-01', client: 'c2' }, columns, ctx)).toEqual([
      'Date: 2026-03',
      'Client: Globex',
    ]);
    expect(drillTitleParts(definition, { month: '2026-03-01' }, [], ctx, [month])).toEqual(['Month: 2026-03']);
    expect(drillTitleParts(definition, { client: null }, columns, ctx)).toEqual(['Client: (empty)']);
  });
});
