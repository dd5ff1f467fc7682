/**
 * The conditions of dynamic forms (conditional visibility and conditional required,
 * enforced on the server too): ONE pure evaluator, imported by the server (records writes naming
 * a form, modules/forms/forms.rules.ts) and by the browser (the designer's preview and the
 * workspace's record forms), so both decide alike. Values are the API's JSON values
 * (contracts/records.ts): strings, decimal strings, booleans, string arrays, null.
 *
 * Operators:
 * - `empty` / `notEmpty`: null, undefined, '' (also only spaces) and [] are empty;
 * - `eq` / `neq`: equal as numbers when both sides read as numbers ('1234.50' eq 1234.5), else as
 *   text (true eq 'true'); on a list value (multi select), eq = the list holds the value;
 * - `in` / `notIn`: the condition's value is a list (a single value counts as a list of one); on a
 *   list value, in = they share an item;
 * - `gt` / `lt`: as numbers when both read as numbers, else as text (so 'YYYY-MM-DD' dates and ISO
 *   datetimes compare in time order); an empty side never compares.
 */
import type { FormCondition, FormConditionGroup, FormLayout } from './forms';

/** True for a value a required check calls empty: null, undefined, '' (or only spaces), []. */
export function isEmptyFormValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A scalar as text for comparing ('true', '12.5', 'Rejected'); objects as JSON. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value ?? null);
}

/** The number a scalar reads as, or undefined (dates, words, booleans). */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** -1, 0 or 1: numbers when both read as numbers, else text. */
function compare(a: unknown, b: unknown): number {
  const x = numberOf(a);
  const y = numberOf(b);
  if (x !== undefined && y !== undefined) return x === y ? 0 : x < y ? -1 : 1;
  const s = textOf(a);
  const t = textOf(b);
  return s === t ? 0 : s < t ? -1 : 1;
}

const same = (a: unknown, b: unknown) => compare(a, b) === 0;
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : isEmptyFormValue(value) ? [] : [value]);

/** Whether `condition` holds for `values` (field key → JSON value). */
export function conditionHolds(condition: FormCondition, values: Record<string, unknown>): boolean {
  const actual = values[condition.field];
  const empty = isEmptyFormValue(actual);
  const items = listOf(actual);
  switch (condition.op) {
    case 'empty':
      return empty;
    case 'notEmpty':
      return !empty;
    case 'eq':
      if (isEmptyFormValue(condition.value)) return empty;
      return items.some((v) => same(v, condition.value));
    case 'neq':
      if (isEmptyFormValue(condition.value)) return !empty;
      return !items.some((v) => same(v, condition.value));
    case 'in': {
      const wanted = listOf(condition.value);
      return items.some((v) => wanted.some((w) => same(v, w)));
    }
    case 'notIn': {
      const wanted = listOf(condition.value);
      return !items.some((v) => wanted.some((w) => same(v, w)));
    }
    case 'gt':
    case 'lt': {
      if (empty || Array.isArray(actual) || isEmptyFormValue(condition.value)) return false;
      const c = compare(actual, condition.value);
      return condition.op === 'gt' ? c > 0 : c < 0;
    }
    default:
      return false;
  }
}

/** Whether a group holds: 'all' = every condition, 'any' = at least one; no group or no conditions = true. */
export function groupHolds(group: FormConditionGroup | undefined, values: Record<string, unknown>): boolean {
  if (!group || group.conditions.length === 0) return true;
  return group.match === 'any' ? group.conditions.some((c) => conditionHolds(c, values)) : group.conditions.every((c) => conditionHolds(c, values));
}

/** What a form's conditions decide for some values. */
export interface FormState {
  /** Keys of the placed fields whose `visibleIf` fails (not shown; their values are ignored). */
  hidden: string[];
  /** Keys of the visible placed fields whose `requiredIf` holds (besides the fields' own `required`). */
  required: string[];
  /** `values` with the hidden fields' values taken out: what the conditions were decided on. */
  effective: Record<string, unknown>;
}

/**
 * THE evaluator of a form's conditions (module comment). A hidden field counts as empty for the
 * other conditions (so "B shown when A = x" hides B as soon as A is hidden); this is settled by
 * repeating until the hidden set stops changing (at most once per placed field).
 * @param layout the form's layout; @param values field key → JSON value (the merged record values).
 */
export function resolveFormState(layout: FormLayout, values: Record<string, unknown>): FormState {
  const placed = layout.sections.flatMap((s) => s.fields);
  let hidden = new Set<string>();
  let effective: Record<string, unknown> = { ...values };
  for (let round = 0; round <= placed.length; round += 1) {
    const next = new Set(placed.filter((f) => f.visibleIf && !groupHolds(f.visibleIf, effective)).map((f) => f.key));
    const stable = next.size === hidden.size && [...next].every((k) => hidden.has(k));
    hidden = next;
    effective = { ...values };
    for (const k of hidden) delete effective[k];
    if (stable) break;
  }
  const required = placed.filter((f) => !hidden.has(f.key) && f.requiredIf && f.requiredIf.conditions.length > 0 && groupHolds(f.requiredIf, effective)).map((f) => f.key);
  return { hidden: [...hidden], required, effective };
}

/** Every field key a layout names: placed fields and the fields of their conditions, with where (`sections.0.fields.1.visibleIf.conditions.0.field`). */
export function layoutFieldRefs(layout: FormLayout): { key: string; path: (string | number)[] }[] {
  const refs: { key: string; path: (string | number)[] }[] = [];
  layout.sections.forEach((s, si) =>
    s.fields.forEach((f, fi) => {
      const base = ['sections', si, 'fields', fi];
      refs.push({ key: f.key, path: [...base, 'key'] });
      for (const which of ['visibleIf', 'requiredIf'] as const) {
        f[which]?.conditions.forEach((c, ci) => refs.push({ key: c.field, path: [...base, which, 'conditions', ci, 'field'] }));
      }
    }),
  );
  return refs;
}
