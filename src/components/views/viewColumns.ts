/**
 * Pure helpers of the view components: a view's columns from the subject's fields
 * and the config, a default config per type, group header rows, the month range a calendar shows,
 * and a kanban card moved between two columns' cached pages.
 */
import type { InfiniteData } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { Field, RecordItem, RecordSort, SubjectDetail, ViewConfig, ViewType } from '../../../contracts';
import { defaultWidth } from '../records/columns';

/** A column of a view grid: its key, title and the field (type, options) that renders its values. */
export interface GridColumn {
  key: string;
  name: string;
  field: Pick<Field, 'type' | 'options'>;
  width: number;
}

/** One row of a view grid: a record's values, or a group header (`group` = the value as text). */
export type GridRow = { kind: 'record'; id: string; version?: number; values: Record<string, unknown> } | { kind: 'group'; id: string; label: string };

const SYSTEM_TYPES: Record<string, Field['type']> = { createdAt: 'createdAt', updatedAt: 'updatedAt', createdBy: 'createdBy', updatedBy: 'updatedBy' };

/** Keys a field picker offers: the fields, then the record's own columns (not `id`). */
export function columnKeysOf(subject: SubjectDetail): string[] {
  return [...subject.fields.map((f) => f.key), ...(['createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const)];
}

/** The grid columns of `config` (grid: its `columns`, or every field when none are chosen). */
export function gridColumnsOf(subject: SubjectDetail, config: ViewConfig, systemName: (key: string) => string): GridColumn[] {
  const keys = config.type === 'grid' && config.columns.length > 0 ? config.columns : subject.fields.map((f) => f.key);
  const widths = config.type === 'grid' ? config.widths : {};
  const out: GridColumn[] = [];
  for (const key of keys) {
    const f = subject.fields.find((x) => x.key === key);
    if (f) out.push({ key, name: f.name, field: f, width: widths[key] ?? defaultWidth(f.type) });
    else if (SYSTEM_TYPES[key]) out.push({ key, name: systemName(key), field: { type: SYSTEM_TYPES[key], options: {} }, width: widths[key] ?? defaultWidth(SYSTEM_TYPES[key]) });
  }
  return out;
}

/** Field types a new kanban view shows on its cards (short values; not long or rich text, files). */
const CARD_FIELD_TYPES = new Set<string>(['text', 'number', 'money', 'percent', 'date', 'datetime', 'boolean', 'singleSelect', 'multiSelect', 'user', 'email', 'phone', 'formula', 'autoNumber']);

/**
 * A new view's config of `type` over `subject` (the first fitting fields): a kanban groups by the
 * first single select and shows up to 3 other short fields on its cards; a calendar places records
 * on the first date field; a grid shows the first 12 fields.
 */
export function defaultConfig(type: ViewType, subject: SubjectDetail): ViewConfig {
  const select = subject.fields.find((f) => f.type === 'singleSelect');
  const date = subject.fields.find((f) => f.type === 'date' || f.type === 'datetime');
  const title = subject.fields.find((f) => f.key === subject.displayField) ?? subject.fields[0];
  if (type === 'kanban') {
    // the card's title is the display field; its body shows the next few fields worth a glance
    const body = subject.fields.filter((f) => f !== title && f !== select && CARD_FIELD_TYPES.has(f.type)).slice(0, 3);
    return { type, groupField: select?.key ?? '', cardFields: body.map((f) => f.key), sort: [] };
  }
  if (type === 'calendar') return { type, dateField: date?.key ?? '', titleField: title?.key };
  return { type: 'grid', columns: subject.fields.slice(0, 12).map((f) => f.key), widths: {}, sort: [], rowHeight: 'short', pageSize: 100 };
}

/** A value as group text ('' for empty). */
export function groupText(value: unknown, labels: Record<string, string>): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((v) => labels[String(v)] ?? String(v)).join(', ');
  return labels[String(value)] ?? String(value);
}

/** Records with a group header row before each run of equal `groupBy` values (rows come sorted by it). */
export function withGroupRows(
  records: { id: string; version?: number; values: Record<string, unknown> }[],
  groupBy: string | undefined,
  labels: Record<string, string>,
): GridRow[] {
  const out: GridRow[] = [];
  let current: string | undefined;
  for (const r of records) {
    if (groupBy) {
      const label = groupText(r.values[groupBy], labels);
      if (label !== current) {
        out.push({ kind: 'group', id: `group:${out.length}:${label}`, label });
        current = label;
      }
    }
    out.push({ kind: 'record', id: r.id, version: r.version, values: r.values });
  }
  return out;
}

/** Row height (px) of each ROW_HEIGHTS choice. */
export const ROW_PX: Record<string, number> = { short: 39, medium: 56, tall: 80 };

/** `sort` as a records list param (`key:asc,key2:desc`). */
export const sortParam = (sort: readonly RecordSort[]) => sort.map((s) => `${s.field}:${s.order}`).join(',');

/**
 * The days (YYYY-MM-DD) to read for the month of `month`: antd's Calendar shows 6 weeks around it,
 * starting Sunday or Monday by locale, so the range is the month widened by a week before and two after.
 */
/** The days a calendar's year mode reads: 1 January to 31 December of `day`'s year (YYYY-MM-DD). */
export function yearRange(day: Dayjs): { from: string; to: string } {
  return { from: day.startOf('year').format('YYYY-MM-DD'), to: day.endOf('year').format('YYYY-MM-DD') };
}

/** Events per month (`YYYY-MM` of each event's start day), for the calendar's year mode. */
export function countByMonth(days: readonly (string | null)[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of days) if (d) out.set(d.slice(0, 7), (out.get(d.slice(0, 7)) ?? 0) + 1);
  return out;
}

export function monthGridRange(month: Dayjs): { from: string; to: string } {
  return { from: month.startOf('month').subtract(7, 'day').format('YYYY-MM-DD'), to: month.endOf('month').add(14, 'day').format('YYYY-MM-DD') };
}

/** What a kanban column's cached page holds (services listViewRecords' RecordPage). */
interface CardPage {
  data: RecordItem[];
  total: number;
  labels: Record<string, string>;
}

/**
 * A column's cached pages without the card `id` (moved out): the first page's `total` one less when
 * the card was there. `undefined` (column not loaded) stays undefined.
 */
export function withoutCard<P extends CardPage, C>(column: InfiniteData<P, C> | undefined, id: string): InfiniteData<P, C> | undefined {
  if (!column?.pages.some((p) => p.data.some((r) => r.id === id))) return column;
  return {
    ...column,
    pages: column.pages.map((p, i) => ({ ...p, data: p.data.filter((r) => r.id !== id), total: i === 0 ? Math.max(0, p.total - 1) : p.total })),
  };
}

/**
 * A column's cached pages with `record` first (moved in, as the server answered the move: new
 * version and values) and `labels` (the names its values refer to) added to the first page; the
 * first page's `total` one more. A card already there is replaced. `undefined` stays undefined.
 */
export function withCardFirst<P extends CardPage, C>(column: InfiniteData<P, C> | undefined, record: RecordItem, labels: Record<string, string>): InfiniteData<P, C> | undefined {
  if (!column || column.pages.length === 0) return column;
  const rest = withoutCard(column, record.id) ?? column;
  const [first, ...others] = rest.pages;
  return { ...rest, pages: [{ ...first, data: [record, ...first.data], labels: { ...first.labels, ...labels }, total: first.total + 1 }, ...others] };
}
