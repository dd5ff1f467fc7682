/**
 * The runtime part of views without zod, for the web bundle and the server alike: the
 * view types, row heights, the page cap, and the filter and sorts a view's rows are read with
 * (the server's GET /views/:id/rows and the pages' reads through the records list agree by both
 * calling these).
 */
import type { FilterCondition, FilterGroup, RecordSort } from './records';
import type { ViewConfig } from './views';

export const VIEW_TYPES = ['grid', 'kanban', 'calendar'] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export const ROW_HEIGHTS = ['short', 'medium', 'tall'] as const;

/** The most rows one page of a view's rows (and of a share link's) carries. */
export const VIEW_PAGE_MAX = 200;

/** Shortest share-link password, in characters (OWASP ASVS 5.0 V6.2.1: at least 8). */
export const SHARE_PASSWORD_MIN = 8;

/** The sorts a view's rows are read in: a grid's group-by field first (groups stay together across pages); a calendar by its date. */
export function effectiveSort(config: ViewConfig): RecordSort[] {
  if (config.type === 'calendar') return [{ field: config.dateField, order: 'asc' }];
  const sort = config.sort;
  if (config.type === 'grid' && config.groupBy) {
    const groupBy = config.groupBy;
    return [{ field: groupBy, order: sort.find((s) => s.field === groupBy)?.order ?? 'asc' }, ...sort.filter((s) => s.field !== groupBy)].slice(0, 5);
  }
  return sort;
}

/** The day after `date` (YYYY-MM-DD). */
function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The filter a page of rows is read with: the view's, and a calendar's visible range (`from`–`to`
 * inclusive; with an end field, events overlapping it) or a kanban's column (`group`: an option
 * label, '' = no value).
 */
export function effectiveFilter(config: ViewConfig, query: { from?: string; to?: string; group?: string }): FilterGroup | undefined {
  const extra: (FilterCondition | FilterGroup)[] = [];
  if (config.type === 'calendar' && (query.from || query.to)) {
    if (query.to) extra.push({ field: config.dateField, op: 'lt', value: nextDay(query.to) });
    if (query.from) {
      const startsIn: FilterCondition = { field: config.dateField, op: 'gte', value: query.from };
      if (config.endField) {
        extra.push({
          op: 'or',
          items: [{ field: config.endField, op: 'gte', value: query.from }, { op: 'and', items: [{ field: config.endField, op: 'empty' }, startsIn] }],
        });
      } else extra.push(startsIn);
    }
  }
  if (config.type === 'kanban' && query.group !== undefined) {
    extra.push(query.group === '' ? { field: config.groupField, op: 'empty' } : { field: config.groupField, op: 'eq', value: query.group });
  }
  if (extra.length === 0) return config.filter;
  return { op: 'and', items: [...(config.filter ? [config.filter] : []), ...extra] };
}

