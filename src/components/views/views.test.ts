/** Pure parts of the views: the share path bypass, group rows, the calendar range, the rows' filter and sorts, a kanban card moved in the cache. */
import dayjs from 'dayjs';
import { effectiveFilter, effectiveSort } from '../../../contracts/view-rows';
import { isShareGridPath } from '../../layouts/share';
import { countByMonth, defaultConfig, monthGridRange, yearRange, withCardFirst, withGroupRows, withoutCard } from './viewColumns';
import type { SubjectDetail } from '../../../contracts';

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

  it('moves a kanban card between cached columns: out of every page of one, first in the other', () => {
    const card = (id: string, status: string, version = 1) => ({ id, version, createdAt: '', createdBy: null, updatedAt: '', updatedBy: null, values: { status } });
    const column = (pages: string[][], status: string, total: number) => ({
      pages: pages.map((ids, i) => ({ data: ids.map((id) => card(id, status)), total: i === 0 ? total : 0, labels: { u1: 'Ann' } })),
      pageParams: pages.map((_, i) => (i === 0 ? undefined : `c${i}`)),
    });
    const todo = column([['a', 'b'], ['c']], 'todo', 3);
    const out = withoutCard(todo, 'c')!;
    expect(out.pages.map((p) => p.data.map((r) => r.id))).toEqual([['a', 'b'], []]);
    expect(out.pages[0].total).toBe(2);
    expect(out.pageParams).toEqual([undefined, 'c1']);
    expect(withoutCard(todo, 'zzz')).toBe(todo);
    expect(withoutCard(undefined, 'a')).toBeUndefined();

    const done = column([['x']], 'done', 1);
    const moved = card('c', 'done', 2);
    const into = withCardFirst(done, moved, { u2: 'Bob' })!;
    expect(into.pages[0].data.map((r) => `${r.id}@${r.version}`)).toEqual(['c@2', 'x@1']);
    expect(into.pages[0].total).toBe(2);
    expect(into.pages[0].labels).toEqual({ u1: 'Ann', u2: 'Bob' });
    // moved in twice (a second answer): replaced, not doubled
    const again = withCardFirst(into, card('c', 'done', 3), {})!;
    expect(again.pages[0].data.map((r) => `${r.id}@${r.version}`)).toEqual(['c@3', 'x@1']);
    expect(again.pages[0].total).toBe(2);
    expect(withCardFirst(undefined, moved, {})).toBeUndefined();
  });

  test("a new kanban's cards show other short fields, never the title again or the grouping field", () => {
    const f = (key: string, type: string) => ({ key, name: key.toUpperCase(), type, options: {} });
    const subject = {
      displayField: 'title',
      fields: [f('title', 'text'), f('status', 'singleSelect'), f('notes', 'richText'), f('due', 'date'), f('amount', 'money'), f('owner', 'user'), f('code', 'text')],
    } as unknown as SubjectDetail;
    expect(defaultConfig('kanban', subject)).toEqual({ type: 'kanban', groupField: 'status', cardFields: ['due', 'amount', 'owner'], sort: [] });
    const titleOnly = { displayField: 'title', fields: [f('title', 'text'), f('status', 'singleSelect')] } as unknown as SubjectDetail;
    expect(defaultConfig('kanban', titleOnly)).toMatchObject({ cardFields: [] });
  });

  test("the calendar's year mode reads the whole year and counts events per month", () => {
    expect(yearRange(dayjs('1996-07-15'))).toEqual({ from: '1996-01-01', to: '1996-12-31' });
    expect([...countByMonth(['1996-01-03', '1996-01-30', null, '1996-12-31'])]).toEqual([
      ['1996-01', 2],
      ['1996-12', 1],
    ]);
  });
});
