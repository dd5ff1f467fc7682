/**
 * Pure formatting of an analytics result's cells (contracts/queries.ts QueryResult; docs/queries.md "Results on screen"):
 * date buckets as their period, ids through the result's `labels`, numbers per the interface
 * language, empty cells as a placeholder. Shared by the table, the pivot table and the charts.
 */
import dayjs from 'dayjs';
import type { DateBucket, QueryResult, QueryResultColumn } from '../../../contracts';

/** What formatting needs besides the value: the language, the names of ids, the words it shows. */
export interface FormatContext {
  /** BCP 47 tag of the interface language (Intl.NumberFormat). */
  locale: string;
  /** Names of the ids found in cells (QueryResult.labels). */
  labels: Record<string, string>;
  /** What an empty cell shows ('—' in tables, "(empty)" on charts). */
  empty: string;
  yes: string;
  no: string;
  /** A week bucket's text with `{date}` for its first day ("{date} (wk)"). */
  week: string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, small: boolean): Intl.NumberFormat {
  const key = `${locale}|${small}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, small ? { maximumSignificantDigits: 3 } : { maximumFractionDigits: 2 });
    numberFormats.set(key, f);
  }
  return f;
}

/** A cell as a JS number (numbers, decimal strings of numeric/bigint aggregates); null when it is none. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * A number per the language: at most 2 decimals ("1,234.57"), 3 significant digits under 1
 * ("0.0123") so that small averages do not show as 0.
 */
export function formatNumber(value: unknown, locale: string): string {
  const n = toNumber(value);
  if (n === null) return String(value);
  return numberFormat(locale, n !== 0 && Math.abs(n) < 1).format(n);
}

/** A bucket start 'YYYY-MM-DD' as its period: day as is, "YYYY-MM-DD (wk)", YYYY-MM, YYYY-Qn, YYYY. */
export function formatBucket(value: string, bucket: DateBucket | undefined, week: string): string {
  const d = dayjs(value.slice(0, 10));
  if (!d.isValid()) return value;
  switch (bucket) {
    case 'week':
      return week.replace('{date}', d.format('YYYY-MM-DD'));
    case 'month':
      return d.format('YYYY-MM');
    case 'quarter':
      return `${d.format('YYYY')}-Q${Math.floor(d.month() / 3) + 1}`;
    case 'year':
      return d.format('YYYY');
    default:
      return d.format('YYYY-MM-DD');
  }
}

/** Whether a cell counts as empty (null, undefined, '' or an empty list). */
export const isEmptyCell = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A cell's text per its column's type (contracts/queries.ts queryResultColumnSchema). */
export function formatCell(column: Pick<QueryResultColumn, 'type' | 'bucket'>, value: unknown, ctx: FormatContext): string {
  if (isEmptyCell(value)) return ctx.empty;
  switch (column.type) {
    case 'number':
      return formatNumber(value, ctx.locale);
    case 'date':
      return typeof value === 'string' ? formatBucket(value, column.bucket, ctx.week) : String(value);
    case 'datetime': {
      const d = dayjs(value as string);
      return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : String(value);
    }
    case 'boolean':
      return value === true || value === 'true' ? ctx.yes : value === false || value === 'false' ? ctx.no : String(value);
    case 'id':
      return ctx.labels[String(value)] ?? String(value);
    case 'list':
      return Array.isArray(value) ? value.map((v) => ctx.labels[String(v)] ?? String(v)).join(', ') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/**
 * Orders two cells for a client-side sort: empty last, numbers by value, dates and text by
 * their text (bucket starts sort as dates), booleans false first.
 */
export function compareCells(a: unknown, b: unknown): number {
  const ea = isEmptyCell(a);
  const eb = isEmptyCell(b);
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== null && nb !== null && typeof a !== 'boolean') return na - nb;
  return String(a).localeCompare(String(b));
}

/** What a cell sorts by in the browser: an id by its name, a list by its names, anything else as it is. */
export function sortValue(column: Pick<QueryResultColumn, 'type'>, value: unknown, labels: Record<string, string>): unknown {
  if (isEmptyCell(value)) return null;
  if (column.type === 'id') return labels[String(value)] ?? value;
  if (column.type === 'list' && Array.isArray(value)) return value.map((v) => labels[String(v)] ?? String(v)).join(', ');
  return value;
}

/** The result's columns by role. */
export const dimensionsOf = (result: QueryResult): QueryResultColumn[] => result.columns.filter((c) => c.role === 'dimension');
export const measuresOf = (result: QueryResult): QueryResultColumn[] => result.columns.filter((c) => c.role === 'measure');

/** Whether the result is grouped (it has group-by columns), so that a row can be drilled into. */
export const isGrouped = (result: QueryResult): boolean => result.columns.some((c) => c.role === 'dimension');

/** The drill values of one result row: every dimension's output name → its raw value. */
export function rowDrillValues(result: QueryResult, row: readonly unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  result.columns.forEach((c, i) => {
    if (c.role === 'dimension') values[c.name] = row[i] ?? null;
  });
  return values;
}
