/** Pure parts of the views (issue 7): the share path bypass, group rows, the calendar range, the rows' filter and sorts. */
import dayjs from 'dayjs';
import { effectiveFilter, effectiveSort } from '../../../contracts/view-rows';
import { isShareGridPath } from '../../layouts/share';
import { monthGridRange, withGroupRows } from './viewColumns';

describe('views', () => {
  it('lets only /{app}/share_grid_view through sign-in and membership', () => {
    expect(isShareGridPath('/audit-2026/share_grid_view')).toBe(true);
    expect(isShareGridPath('/audit-2026/share_grid_view/')).toBe(true);
    expect(isShareGridPath('/audit-2026/view/1')).toBe(false);
    expect(isShareGridPath('/audit-2026/share_grid_view/x')).toBe(false);
    expect(isShareGridPath('/a/b/share_grid_view')).toBe(false);
    expect(isShareGridPath('/share_grid_view')).toBe(false);
  });

  it('puts a header row before each run of equal group values', () => {
    const rows = withGroupRows(
      [
        { id: '1', values: { s: 'a' } },
        { id: '2', values: { s: 'a' } },
        { id: '3', values: { s: null } },
      ],
      's',
      {},
    );
    expect(rows.map((r) => (r.kind === 'group' ? `[${r.label}]` : r.id))).toEqual(['[a]', '1', '2', '[]', '3']);
    expect(withGroupRows([{ id: '1', values: {} }], undefined, {})).toHaveLength(1);
  });

  it('reads a calendar month widened to the 6-week grid', () => {
    expect(monthGridRange(dayjs('2026-11-15'))).toEqual({ from: '2026-10-25', to: '2026-12-14' });
  });

  it('sorts a grouped grid by the group first and narrows calendars and kanban columns', () => {
    expect(effectiveSort({ type: 'grid', columns: [], widths: {}, sort: [{ field: 'amount', order: 'desc' }], groupBy: 'status', rowHeight: 'short', pageSize: 100 })).toEqual([
      { field: 'status', order: 'asc' },
      { field: 'amount', order: 'desc' },
    ]);
    expect(effectiveFilter({ type: 'calendar', dateField: 'due' }, { from: '2026-11-01', to: '2026-11-30' })).toEqual({
      op: 'and',
      items: [
        { field: 'due', op: 'lt', value: '2026-12-01' },
        { field: 'due', op: 'gte', value: '2026-11-01' },
      ],
    });
    expect(effectiveFilter({ type: 'kanban', groupField: 'status', cardFields: [], sort: [] }, { group: '' })).toEqual({
      op: 'and',
      items: [{ field: 'status', op: 'empty' }],
    });
  });
});
