/**
 * A dashboard's shared filters as filter conditions on one card's query (docs/queries.md
 * "Dashboards"): each filter narrows the query's base subject when that subject has a field with
 * the filter's key and a type the filter fits; otherwise the card lists it as skipped.
 *
 * - `date` on a date field: `between [from, to]` (inclusive days); on a datetime field or the
 *   `createdAt`/`updatedAt` columns: `between` the start of `from` and the last millisecond of `to`,
 *   both days cut in the reader's time zone.
 * - `client` on a text-like or single-select field: `eq` the value (the client's id).
 * - `select` on a single select or text-like field: `eq` the option; on a multi select: `hasAny [option]`.
 * A filter without a value (absent, null, '' or an empty range) neither applies nor is skipped.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { DashboardFilter, FieldType, FilterCondition } from '../../../../contracts';
import { HttpError } from '../../lib/http-error';
import type { SubjectDef } from '../subjects/subject-def';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TEXT_LIKE: readonly FieldType[] = ['text', 'email', 'phone', 'url', 'autoNumber'];
const DATETIME_COLUMNS = ['createdAt', 'updatedAt'];

/** 400 naming `values.<filterId>`: the value does not fit the filter's kind. */
const badValue = (filterId: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [
    { field: `values.${filterId}`, messageKey: 'errors.dashboard.filterValue' },
  ]);

/** What the shared filters do to one card. */
export interface CardConditions {
  conditions: FilterCondition[];
  /** Ids of the filters that narrowed the card. */
  applied: string[];
  /** Ids of the filters with a value that the card's base subject cannot take. */
  skipped: string[];
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === null || x === '' || x === undefined));

/** The instant `date` (YYYY-MM-DD) starts in `timeZone`, plus `days` days, as ISO (UTC). */
function dayStart(date: string, timeZone: string, days = 0): string {
  return dayjs.tz(date, timeZone).add(days, 'day').toISOString();
}

/** `[from, to]` of a date filter, checked. @throws 400 naming `values.<id>`. */
function rangeOf(filterId: string, value: unknown): [string, string] {
  if (!Array.isArray(value) || value.length !== 2) throw badValue(filterId);
  const [from, to] = value as unknown[];
  if (
    typeof from !== 'string' ||
    typeof to !== 'string' ||
    !DATE.test(from) ||
    !DATE.test(to) ||
    !dayjs(from).isValid() ||
    !dayjs(to).isValid()
  ) {
    throw badValue(filterId);
  }
  return from <= to ? [from, to] : [to, from];
}

/** A scalar option value (client id, select option), checked. @throws 400 naming `values.<id>`. */
function optionOf(filterId: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) throw badValue(filterId);
  return value;
}

/**
 * The conditions `filters` (with `values` by filter id) put on a query over `base`.
 * @throws HttpError 400 naming `values.<filterId>` for a value that does not fit its filter's kind
 *   (a date range that is not two YYYY-MM-DD days, a client or option that is not a string).
 */
export function cardConditions(
  base: SubjectDef,
  filters: readonly DashboardFilter[],
  values: Record<string, unknown>,
  timeZone: string,
): CardConditions {
  const out: CardConditions = { conditions: [], applied: [], skipped: [] };
  for (const filter of filters) {
    const value = values[filter.id];
    if (isEmpty(value)) continue;
    const field = base.fields.find((f) => f.key === filter.field);
    const type: FieldType | undefined = field?.type ?? (DATETIME_COLUMNS.includes(filter.field) ? 'createdAt' : undefined);
    let condition: FilterCondition | undefined;
    if (filter.kind === 'date') {
      const [from, to] = rangeOf(filter.id, value);
      if (type === 'date') condition = { field: filter.field, op: 'between', value: [from, to] };
      else if (type === 'datetime' || type === 'createdAt' || type === 'updatedAt') {
        // the last millisecond of `to` in the reader's zone: `between` is inclusive
        const end = new Date(Date.parse(dayStart(to, timeZone, 1)) - 1).toISOString();
        condition = { field: filter.field, op: 'between', value: [dayStart(from, timeZone), end] };
      }
    } else {
      const option = optionOf(filter.id, value);
      const takesEq = type !== undefined && (TEXT_LIKE.includes(type) || type === 'singleSelect');
      if (takesEq) condition = { field: filter.field, op: 'eq', value: option };
      else if (filter.kind === 'select' && type === 'multiSelect')
        condition = { field: filter.field, op: 'hasAny', value: [option] };
    }
    if (condition) {
      out.conditions.push(condition);
      out.applied.push(filter.id);
    } else out.skipped.push(filter.id);
  }
  return out;
}
