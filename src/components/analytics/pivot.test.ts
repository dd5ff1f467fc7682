/** The pivot of a grouped result (pivot.ts): headers, cells, totals by each measure's aggregate, drill values. */
import { buildPivot, canPivot, defaultPivot, NOT_COMBINED, pivotDrillValues } from './pivot';
import type { QueryResultColumn } from '../../../contracts';
import { amount, client, count, month, result, status } from './fixtures.test-support';

const r = result(
  [month, client, count, amount],
  [
    ['2026-01-01', 'c1', 2, '10.5'],
    ['2026-01-01', 'c2', 1, '4'],
    ['2026-02-01', 'c1', 3, null],
    ['2026-02-01', null, 5, '1'],
  ],
);

describe('pivot', () => {
  it('defaults to the last dimension across, every measure, totals', () => {
    expect(defaultPivot(r)).toEqual({ rows: ['month'], columns: ['client'], values: ['count', 'amount'], totals: true });
    expect(canPivot(r)).toBe(true);
    expect(canPivot(result([status], [['a']]))).toBe(false);
  });

  it('lays rows × columns × measures out with sums as totals', () => {
    const m = buildPivot(r, { rows: ['month'], columns: ['client'], values: ['count', 'amount'], totals: true });
    expect(m.rowKeys).toEqual([['2026-01-01'], ['2026-02-01']]);
    expect(m.colKeys).toEqual([['c1'], ['c2'], [null]]);
    expect(m.cells[0]).toEqual([
      [2, '10.5'],
      [1, '4'],
      [null, null],
    ]);
    expect(m.cells[1]).toEqual([
      [3, null],
      [null, null],
      [5, '1'],
    ]);
    expect(m.rowTotals).toEqual([
      [3, 14.5],
      [8, 1],
    ]);
    expect(m.colTotals).toEqual([
      [5, 10.5],
      [1, 4],
      [5, 1],
    ]);
    expect(m.grandTotals).toEqual([11, 15.5]);
    expect(m.unplaced).toEqual([]);
  });

  it('sums the groups of a dimension placed nowhere, and drops unknown names', () => {
    const m = buildPivot(r, { rows: ['month', 'nope', 'count'], columns: [], values: ['count'], totals: false });
    expect(m.rowDims.map((d) => d.name)).toEqual(['month']);
    expect(m.unplaced.map((d) => d.name)).toEqual(['client']);
    expect(m.colKeys).toEqual([[]]);
    expect(m.cells).toEqual([[[3]], [[8]]]);
    expect(m.totals).toBe(false);
  });

  it('keeps at most two column dimensions, none also a row', () => {
    const r3 = result([month, client, status, count], [['2026-01-01', 'c1', 'open', 1]]);
    const m = buildPivot(r3, { rows: ['month'], columns: ['month', 'client', 'status'], values: ['count'], totals: true });
    expect(m.colDims.map((d) => d.name)).toEqual(['client', 'status']);
  });

  it('drills a cell with its row and column values, a total with its own only', () => {
    const m = buildPivot(r, defaultPivot(r));
    expect(pivotDrillValues(m, 1, 2)).toEqual({ month: '2026-02-01', client: null });
    expect(pivotDrillValues(m, 0, null)).toEqual({ month: '2026-01-01' });
    expect(pivotDrillValues(m, null, 1)).toEqual({ client: 'c2' });
    expect(pivotDrillValues(m, null, null)).toEqual({});
  });

  it('orders the column headers by value, ids by their names, empty last', () => {
    const rr = result(
      [status, client, count],
      [
        ['open', 'c2', 1],
        ['open', null, 2],
        ['done', 'c1', 3],
      ],
      { c1: 'Zeta', c2: 'Alpha' },
    );
    expect(buildPivot(rr, { rows: ['status'], columns: ['client'], values: ['count'], totals: true }).colKeys).toEqual([
      ['c2'],
      ['c1'],
      [null],
    ]);
    expect(buildPivot(rr, { rows: ['client'], columns: ['status'], values: ['count'], totals: true }).colKeys).toEqual([
      ['done'],
      ['open'],
    ]);
  });
  it('combines each measure by its aggregate: counts and sums add up, min and max keep theirs, an average does not combine', () => {
    const measure = (name: string, fn: QueryResultColumn['fn'], type: QueryResultColumn['type'] = 'number'): QueryResultColumn => ({
      name,
      label: name,
      role: 'measure',
      type,
      fn,
    });
    const rr = result(
      [month, status, measure('n', 'count'), measure('avg', 'avg'), measure('low', 'min'), measure('last', 'max', 'date')],
      [
        ['2026-01-01', 'open', 2, 10, '3', '2026-01-05'],
        ['2026-01-01', 'done', 1, 4, '1.5', '2026-01-20'],
        ['2026-02-01', 'open', 3, 6, '7', '2026-02-02'],
      ],
    );
    const m = buildPivot(rr, { rows: ['month'], columns: ['status'], values: ['n', 'avg', 'low', 'last'], totals: true });
    expect(m.rowTotals).toEqual([
      [3, NOT_COMBINED, '1.5', '2026-01-20'],
      [3, 6, '7', '2026-02-02'],
    ]);
    expect(m.grandTotals).toEqual([6, NOT_COMBINED, '1.5', '2026-02-02']);
    // a dimension placed nowhere: the average of two groups in one cell is not shown either
    const folded = buildPivot(rr, { rows: ['month'], columns: [], values: ['n', 'avg'], totals: false });
    expect(folded.cells).toEqual([[[3, NOT_COMBINED]], [[3, 6]]]);
  });
});
