/**
 * Pure logic of record filters (contracts/records.ts FilterGroup): which columns and operators a
 * builder offers (FILTER_OPS_BY_TYPE), what value each operator takes, and the cleaning that
 * drops unfinished conditions before a filter is sent.
 */
import type { Field, FilterCondition, FilterGroup, FilterOp } from '../../../contracts';
import { FILTER_OPS_BY_TYPE } from '../../../contracts/constants';

/** A column a condition can test: a field, or one of the record's own columns (SYSTEM_COLUMNS). */
export type FilterField = Pick<Field, 'key' | 'name' | 'type' | 'options'>;

/** Groups nest at most this deep (the server's limit), conditions at most this many. */
export const FILTER_MAX_DEPTH = 4;
export const FILTER_MAX_CONDITIONS = 50;

/** What an operator's value is: none, one value, `[from, to]`, or a list. */
export type ValueKind = 'none' | 'single' | 'range' | 'list';

export function valueKind(op: FilterOp): ValueKind {
  if (op === 'empty' || op === 'notEmpty') return 'none';
  if (op === 'between') return 'range';
  if (op === 'in' || op === 'notIn' || op === 'hasAny' || op === 'hasAll') return 'list';
  return 'single';
}

/** The operators of a column's type, in FILTER_OPS_BY_TYPE's order. */
export function opsFor(field: Pick<Field, 'type'>): readonly FilterOp[] {
  return FILTER_OPS_BY_TYPE[field.type] ?? [];
}

export function isGroup(item: FilterCondition | FilterGroup): item is FilterGroup {
  return (item as FilterGroup).items !== undefined;
}

/** The columns a filter offers: the subject's fields, then the record's own times and authors not already a field. */
export function filterFieldsOf(
  fields: FilterField[],
  systemNames: Record<'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy', string>,
): FilterField[] {
  const present = new Set(fields.map((f) => f.type));
  const system = (['createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const)
    .filter((k) => !present.has(k))
    .map((k): FilterField => ({ key: k, name: systemNames[k], type: k, options: {} }));
  return [...fields, ...system];
}

/** A new condition on `field`: its first operator, no value yet. */
export function newCondition(field: FilterField): FilterCondition {
  return { field: field.key, op: opsFor(field)[0] ?? 'eq', value: undefined };
}

function filled(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
}

/** Whether a condition is finished: a known column, an operator of its type, and the value the operator needs. */
export function isComplete(c: FilterCondition, fields: FilterField[]): boolean {
  const f = fields.find((x) => x.key === c.field);
  if (!f || !opsFor(f).includes(c.op)) return false;
  const kind = valueKind(c.op);
  if (kind === 'none') return true;
  if (kind === 'range') return Array.isArray(c.value) && c.value.length === 2 && filled(c.value[0]) && filled(c.value[1]);
  return filled(c.value);
}

/**
 * The filter without unfinished conditions and empty groups (a value is dropped where the
 * operator takes none); undefined when nothing is left.
 */
export function cleanFilter(group: FilterGroup | undefined, fields: FilterField[]): FilterGroup | undefined {
  if (!group) return undefined;
  const items: (FilterCondition | FilterGroup)[] = [];
  for (const item of group.items) {
    if (isGroup(item)) {
      const inner = cleanFilter(item, fields);
      if (inner) items.push(inner);
    } else if (isComplete(item, fields)) {
      items.push(
        valueKind(item.op) === 'none'
          ? { field: item.field, op: item.op }
          : { field: item.field, op: item.op, value: item.value },
      );
    }
  }
  return items.length > 0 ? { op: group.op, items } : undefined;
}

/** How many conditions a filter holds (nested groups included). */
export function countConditions(group: FilterGroup | undefined): number {
  if (!group) return 0;
  return group.items.reduce((n, item) => n + (isGroup(item) ? countConditions(item) : 1), 0);
}

/** The value a condition keeps when its operator changes: same kind keeps it, else none. */
export function valueForOp(previous: FilterCondition, op: FilterOp): unknown {
  return valueKind(previous.op) === valueKind(op) ? previous.value : undefined;
}
