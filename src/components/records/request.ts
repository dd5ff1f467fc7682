/**
 * The records grid's ProTable adapter (docs/code-style.md "ProTable through an adapter"): ProTable calls
 * `request(params, sort)`; this maps its page, page size and column sort onto the records API
 * (`current`, `pageSize` ≤ RECORD_PAGE_MAX, `sort=key:asc,key2:desc`) with the grid's own quick
 * search and filter, and hands the page's extras (totalExact, labels, files) to the grid.
 */
import type { SortOrder } from 'antd/es/table/interface';
import type { FilterGroup, RecordItem, RecordPage } from '../../../contracts';
import { RECORD_PAGE_MAX } from '../../../contracts/constants';
import type { RecordListParams } from '../../services/records';

/** ProTable names a sort by the column's dataIndex: the field key (an array dataIndex would give `values,key`). */
const VALUES_PREFIX = /^values,/;

/**
 * ProTable's sort (`{ amount: 'descend', createdAt: 'ascend' }`) as the API's `sort`
 * (`amount:desc,createdAt:asc`), or undefined when no column is sorted.
 */
export function recordSortParam(sort: Record<string, SortOrder | undefined> | undefined): string | undefined {
  const parts = Object.entries(sort ?? {})
    .filter(([, order]) => order === 'ascend' || order === 'descend')
    .map(([key, order]) => `${key.replace(VALUES_PREFIX, '')}:${order === 'descend' ? 'desc' : 'asc'}`);
  return parts.length > 0 ? parts.join(',') : undefined;
}

/** What the grid applies besides paging and sorting. */
export interface GridQuery {
  q?: string;
  filter?: FilterGroup;
}

/**
 * Builds ProTable's `request` over `load` (listRecords bound to a subject): `query()` reads the
 * grid's current search and filter, `onPage` receives each answered page (for labels, files and
 * whether `total` is exact).
 */
export function toRecordRequest(
  load: (params: RecordListParams) => Promise<RecordPage>,
  query: () => GridQuery,
  onPage: (page: RecordPage) => void,
) {
  return async (
    params: { current?: number; pageSize?: number },
    sort: Record<string, SortOrder | undefined>,
  ): Promise<{ data: RecordItem[]; total: number; success: boolean }> => {
    const { q, filter } = query();
    const page = await load({
      current: params.current ?? 1,
      pageSize: Math.min(params.pageSize ?? 20, RECORD_PAGE_MAX),
      sort: recordSortParam(sort),
      q: q?.trim() || undefined,
      filter,
    });
    onPage(page);
    return { data: page.data, total: page.total, success: true };
  };
}
