/**
 * Keyset ("cursor") paging of the resource kit (docs/resource-kit.md "Conventions": `paging:
 * 'cursor'`): the list's order is a few keys — the sort, the default sort, the id — each `asc` or
 * `desc`, nulls last; a page is the rows after the previous page's last row in that order.
 *
 * The cursor is opaque to clients: base64url JSON `{ s, v, id }` — the sort it belongs to
 * (`field:dir`), the last row's key values as exact text (datetimes as ISO UTC with microseconds,
 * numbers as PostgreSQL writes them) and its id. A cursor is checked before it reaches SQL: it
 * must decode, belong to the query's sort and hold values its keys' types can take; otherwise a
 * 400 naming `cursor` (errors.record.cursor, the records list's message).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FieldKind } from '../../../../contracts/resource';
import { HttpError } from '../../lib/http-error';
import { textProblem } from '../../lib/text-input';
import { isUuid } from '../../lib/uuid';

/** The PostgreSQL types a key's cursor value is cast back to. */
export type KeyType = 'text' | 'numeric' | 'boolean' | 'date' | 'timestamptz' | 'uuid';

/** One key of the order. */
export interface OrderKey {
  expr: SQL;
  desc: boolean;
  type: KeyType;
}

/** The key type of a field kind (system fields createdAt/updatedAt are timestamptz). */
export function keyTypeOf(kind: FieldKind | 'system'): KeyType {
  switch (kind) {
    case 'number':
    case 'decimal':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
    case 'system':
      return 'timestamptz';
    default:
      return 'text';
  }
}

/** `expr` as the exact text its cursor keeps. */
export function cursorText(key: OrderKey): SQL {
  if (key.type === 'timestamptz') return sql`to_char(${key.expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql`(${key.expr})::text`;
}

/** ORDER BY of `keys`: each in its direction, nulls last. */
export const orderSql = (keys: readonly OrderKey[]): SQL[] => keys.map((k) => (k.desc ? sql`${k.expr} desc nulls last` : sql`${k.expr} asc nulls last`));

const cursorSchema = z.object({ s: z.string(), v: z.array(z.string().nullable()), id: z.uuid() });
/** A decoded cursor. */
export type Cursor = z.infer<typeof cursorSchema>;

/** The cursor after a row: its sort `signature`, its key values as text (the id last). */
export function encodeCursor(signature: string, values: (string | null)[]): string {
  const id = values[values.length - 1] ?? '';
  return Buffer.from(JSON.stringify({ s: signature, v: values.slice(0, -1), id })).toString('base64url');
}

/** True when `value` casts to `type` without an error. */
function castable(type: KeyType, value: string): boolean {
  if (value.length > 4000 || textProblem(value)) return false;
  switch (type) {
    case 'numeric':
      return /^-?\d+(?:\.\d+)?$/.test(value);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
    case 'timestamptz':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value) && !Number.isNaN(Date.parse(value));
    case 'uuid':
      return isUuid(value);
    default:
      return true;
  }
}

/**
 * The cursor `raw` of the sort `signature` over `keys` (the id key last).
 * @throws HttpError 400 naming `cursor` when it does not decode, belongs to another sort or holds a
 *   value its key cannot take.
 */
export function decodeCursor(raw: string, signature: string, keys: readonly OrderKey[]): Cursor {
  const bad = () => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'cursor', messageKey: 'errors.record.cursor' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const c = cursorSchema.safeParse(parsed);
  if (!c.success || c.data.s !== signature || c.data.v.length !== keys.length - 1) throw bad();
  if (c.data.v.some((v, i) => v !== null && !castable(keys[i].type, v))) throw bad();
  return c.data;
}

/**
 * The rows after `cursor` in the order of `keys` (nulls last in both directions): for some key i,
 * the keys before it equal the cursor's values and key i comes after its value (a null is after
 * any value; nothing is after a null but by the next keys).
 */
export function afterCursor(keys: readonly OrderKey[], cursor: Cursor): SQL {
  const values = [...cursor.v, cursor.id];
  const val = (i: number) => sql`${values[i]}::${sql.raw(keys[i].type)}`;
  const same = (i: number) => (values[i] === null ? sql`${keys[i].expr} is null` : sql`${keys[i].expr} = ${val(i)}`);
  const after = (i: number): SQL | undefined => {
    if (values[i] === null) return undefined;
    return keys[i].desc ? sql`(${keys[i].expr} < ${val(i)} or ${keys[i].expr} is null)` : sql`(${keys[i].expr} > ${val(i)} or ${keys[i].expr} is null)`;
  };
  const phases: SQL[] = [];
  for (let i = 0; i < keys.length; i += 1) {
    const a = after(i);
    if (a) phases.push(sql.join([...keys.slice(0, i).map((_, j) => same(j)), a], sql` and `));
  }
  return phases.length > 0 ? sql`(${sql.join(phases, sql` or `)})` : sql`false`;
}
