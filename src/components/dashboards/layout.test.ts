import type { DashboardCard } from '../../../contracts';
import { applyLayout, hasValue, newId, nextPlace, samePlaces, setValues, toLayout } from './layout';

const card = (id: string, x: number, y: number, w = 6, h = 4): DashboardCard => ({
  id,
  queryId: '00000000-0000-4000-8000-000000000001',
  x,
  y,
  w,
  h,
});

describe('dashboard layout', () => {
  it('maps cards to the grid, static outside edit mode', () => {
    expect(toLayout([card('a', 0, 0)], false)).toEqual([{ i: 'a', x: 0, y: 0, w: 6, h: 4, minW: 2, minH: 2, static: true }]);
    expect(toLayout([card('a', 0, 0)], true)[0].static).toBe(false);
  });

  it('applies a moved and resized layout, kept inside the 12 columns', () => {
    const cards = [card('a', 0, 0), card('b', 6, 0)];
    const moved = applyLayout(cards, [
      { i: 'a', x: 0, y: 4, w: 12, h: 6 },
      { i: 'b', x: 10, y: 0, w: 5, h: 3 },
    ]);
    expect(moved.map(({ x, y, w, h }) => [x, y, w, h])).toEqual([
      [0, 4, 12, 6],
      [7, 0, 5, 3],
    ]);
    expect(samePlaces(cards, moved)).toBe(false);
    expect(samePlaces(moved, applyLayout(moved, toLayout(moved, true)))).toBe(true);
  });

  it('places a new card under the others and names it uniquely', () => {
    expect(nextPlace([card('a', 0, 0, 6, 4), card('b', 6, 2, 6, 5)])).toEqual({ x: 0, y: 7, w: 6, h: 5 });
    expect(nextPlace([])).toEqual({ x: 0, y: 0, w: 6, h: 5 });
    expect(newId('c', [{ id: 'c2' }, { id: 'c3' }])).toBe('c4');
    expect(newId('c', [{ id: 'c1' }])).toBe('c2');
  });

  it('sends only the filters that have a value', () => {
    const filters = [
      { id: 'd', kind: 'date' as const, label: 'D', field: 'start' },
      { id: 's', kind: 'select' as const, label: 'S', field: 'stage' },
      { id: 'c', kind: 'client' as const, label: 'C', field: 'client' },
    ];
    expect(hasValue(['2026-01-01', ''])).toBe(false);
    expect(setValues(filters, { d: ['2026-01-01', '2026-01-31'], s: '', c: 'x' })).toEqual({
      d: ['2026-01-01', '2026-01-31'],
      c: 'x',
    });
  });
});
