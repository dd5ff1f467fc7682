/**
 * The field-level diff of an audit entry's before/after (before/after as a field-level
 * diff): both objects are flattened to dot paths (`nested.color`, `items.0.name`), then compared
 * path by path. Pure functions, unit-tested (diff.test.ts).
 */

/** One row of the diff table. `before`/`after` are undefined where the path does not exist on that side. */
export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Flattens nested objects and arrays to `{ 'a.b': leaf, 'list.0': leaf }`. Empty objects and
 * arrays are leaves (so `{}` → `{}` still shows the field); null/undefined at the top → `{}`;
 * a top-level primitive → `{ '(value)': it }`.
 */
export function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value === null || value === undefined) return prefix ? { [prefix]: value } : {};
  const isArr = Array.isArray(value);
  if (!isArr && !isPlainObject(value)) return { [prefix || '(value)']: value };
  const entries: [string, unknown][] = isArr ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  if (entries.length === 0) return prefix ? { [prefix]: value } : {};
  const out: Record<string, unknown> = {};
  for (const [key, child] of entries) Object.assign(out, flatten(child, prefix ? `${prefix}.${key}` : key));
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The rows of the diff, sorted by field; `changed` where before and after differ (a missing side counts as different). */
export function diffFields(before: unknown, after: unknown): DiffRow[] {
  const b = flatten(before);
  const a = flatten(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])].sort();
  return fields.map((field) => {
    const hasB = field in b;
    const hasA = field in a;
    return { field, before: b[field], after: a[field], changed: hasB !== hasA || !same(b[field], a[field]) };
  });
}

/** A cell's text: strings as they are, missing as '', everything else as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
