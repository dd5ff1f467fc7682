/**
 * Sorting and keyset paging of records (sort on any field; a keyset `cursor` for
 * sequential and virtual scrolling). A sort is `key:asc,key2:desc` over field keys and
 * SYSTEM_COLUMNS, then the record id as the tie-breaker (in the first key's direction, so a
 * one-key sort walks the `(column, id)` index forwards or backwards). Empty values sort last
 * ascending and first descending (PostgreSQL's default, which the indexes hold). With no sort,
 * records come newest first (`createdAt:desc`).
 *
 * A user field sorts by the user's name and a one-record relation by the target's display value;
 * lists (multi select, attachments, many-relations) cannot be sorted.
 *
 * The cursor is base64url JSON `{ s, v, id }`: the sort it belongs to, the last row's sort values
 * as exact text (datetimes to the microsecond) and its id. `keysetPhases` turns it into one or two
 * index-friendly conditions: the rest of the non-empty values, then the empty ones (or the reverse
 * descending), each read in order until the page is full.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { RecordSort } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { textProblem } from '../../lib/text-input';
import { isUuid } from '../../lib/uuid';
import { ident } from '../subjects/ddl';
import { loadSubjectDef, type SubjectDef } from '../subjects/subject-def';
import { columnOf, columnRef } from './columns';
import { kindOf, parseDate, parseDateTime, sqlTypeOfKind, type ValueKind } from '../subjects/values';

/** One compiled sort key. */
export interface SortKey {
  key: string;
  order: 'asc' | 'desc';
  /** What rows are ordered by. */
  expr: SQL;
  /** The key's value as exact text, for the cursor. */
  cursorExpr: SQL;
  /** The PostgreSQL type a cursor value is cast back to. */
  castType: string;
}

/** The sort used when none is given. */
export const DEFAULT_SORT: RecordSort[] = [{ field: 'createdAt', order: 'desc' }];

const sortError = (field: string) =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'sort', messageKey: 'errors.record.sort', params: { field } }]);

/**
 * The `sort` query parameter `key:asc,key2:desc` (order defaults to asc) → sorts; [] when absent.
 * @throws HttpError 400 naming `sort` for a malformed part or a key given twice.
 */
export function parseSortParam(raw: string | undefined): RecordSort[] {
  if (!raw || raw.trim() === '') return [];
  const out: RecordSort[] = [];
  for (const part of raw.split(',')) {
    const [field, order = 'asc', extra] = part.trim().split(':');
    if (!field || extra !== undefined || (order !== 'asc' && order !== 'desc') || out.some((s) => s.field === field)) {
      throw sortError(part.trim() || raw);
    }
    out.push({ field, order });
  }
  if (out.length > 5) throw sortError(raw);
  return out;
}

/** `expr` as exact text for a cursor (datetimes as ISO UTC with microseconds). */
function cursorTextOf(kind: ValueKind, expr: SQL): SQL {
  if (kind === 'datetime') return sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  if (kind === 'text') return expr;
  return sql`${expr}::text`;
}

/**
 * Sorts over `subject` → compiled keys (row alias `alias`); `DEFAULT_SORT` when `sorts` is empty.
 * Reads a relation's target subject (for its display field) from the database/cache.
 * @throws HttpError 400 naming `sort` for an unknown key or one that cannot be sorted (lists).
 */
export async function compileSort(
  db: Executor,
  subject: SubjectDef,
  sorts: readonly RecordSort[],
  alias = 'r',
  cache?: ReadCache,
): Promise<SortKey[]> {
  const keys: SortKey[] = [];
  for (const s of sorts.length > 0 ? sorts : DEFAULT_SORT) {
    const ref = columnRef(subject, s.field, alias);
    if (!ref || !ref.expr || ['textArray', 'uuidArray', 'links'].includes(ref.kind)) throw sortError(s.field);
    let expr = ref.expr;
    let kind = ref.kind;
    if (ref.type === 'user' || ref.type === 'createdBy' || ref.type === 'updatedBy') {
      expr = sql`(select su.name from users su where su.id = ${ref.expr})`;
      kind = 'text';
    } else if (ref.type === 'relation' && ref.field?.options.targetSubjectId) {
      const target = await loadSubjectDef(db, { id: ref.field.options.targetSubjectId }, cache);
      const display = target?.fields.find((f) => f.id === target.displayFieldId);
      const displayKind = display ? kindOf(display) : undefined;
      if (target && display?.column && displayKind && !['textArray', 'uuidArray', 'links'].includes(displayKind)) {
        expr = sql`(select ${columnOf('st', display.column)} from ${sql.raw(ident(target.tableName))} st where st.id = ${ref.expr})`;
        kind = displayKind;
      }
    }
    keys.push({ key: s.field, order: s.order, expr, cursorExpr: cursorTextOf(kind, expr), castType: sqlTypeOfKind(kind) });
  }
  return keys;
}

/** ORDER BY of `keys`, then the id in the first key's direction. */
export function orderBySql(keys: readonly SortKey[], alias = 'r'): SQL {
  const parts = keys.map((k) => (k.order === 'asc' ? sql`${k.expr} asc nulls last` : sql`${k.expr} desc nulls first`));
  parts.push(sql`${columnOf(alias, 'id')} ${sql.raw(keys[0]?.order === 'desc' ? 'desc' : 'asc')}`);
  return sql.join(parts, sql`, `);
}

/** A decoded cursor: the sort it belongs to, the last row's sort values (text) and id. */
export interface Cursor {
  s: string;
  v: (string | null)[];
  id: string;
}

const cursorSchema = z.object({ s: z.string(), v: z.array(z.string().nullable()), id: z.uuid() });

/** The signature of a sort (what a cursor must match). */
export const sortSignature = (keys: readonly SortKey[]) => keys.map((k) => `${k.key}:${k.order}`).join(',');

/** A cursor for the row after which the next page starts. */
export function encodeCursor(keys: readonly SortKey[], values: (string | null)[], id: string): string {
  const c: Cursor = { s: sortSignature(keys), v: values, id };
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

/** Most characters a cursor value may have (a numeric's text or a sorted text value; TEXT_VALUE_MAX is far below). */
const CURSOR_VALUE_MAX = 20_000;
const NUMERIC_TEXT = /^-?\d+(?:\.\d+)?$|^(?:NaN|-?Infinity)$/;
const CURSOR_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * True when `value` is what `cursorTextOf` writes for a key cast back to `castType`, so the cast
 * cannot fail in SQL: numeric text, an existing date, a datetime as ISO UTC with microseconds,
 * true/false, a uuid, or text PostgreSQL can store (no NUL, no unpaired surrogate).
 */
function isCursorValue(castType: string, value: string): boolean {
  if (value.length > CURSOR_VALUE_MAX || textProblem(value)) return false;
  const parses = (parse: (v: string) => unknown) => {
    try {
      parse(value);
      return true;
    } catch {
      return false;
    }
  };
  switch (castType) {
    case 'numeric':
      return NUMERIC_TEXT.test(value);
    case 'date':
      return parses(parseDate) && value.length === 10;
    case 'timestamptz':
      return CURSOR_DATETIME.test(value) && parses(parseDateTime);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'uuid':
      return isUuid(value);
    default:
      return true;
  }
}

/**
 * The `cursor` parameter for `keys`: base64url JSON `{ s, v, id }` whose sort is `keys`' and whose
 * values cast to the keys' types (a tampered cursor never reaches SQL).
 * @throws HttpError 400 naming `cursor` (errors.record.cursor) when it does not decode, has another
 *   shape, belongs to another sort, or holds a value its key's type cannot take.
 */
export function decodeCursor(raw: string, keys: readonly SortKey[]): Cursor {
  const bad = () => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'cursor', messageKey: 'errors.record.cursor' }]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const c = cursorSchema.safeParse(parsed);
  if (!c.success || c.data.s !== sortSignature(keys) || c.data.v.length !== keys.length) throw bad();
  if (c.data.v.some((v, i) => v !== null && !isCursorValue(keys[i].castType, v))) throw bad();
  return c.data;
}

/**
 * The conditions of the rows after `cursor`, in reading order: query each (with the page's other
 * conditions and `orderBySql`) until the page is full. Phases are disjoint and each is a range of
 * the first key's index (a one-key sort compares `(key, id)` as a row).
 */
export function keysetPhases(keys: readonly SortKey[], cursor: Cursor, alias = 'r'): SQL[] {
  const id = columnOf(alias, 'id');
  const desc = keys[0]?.order === 'desc';
  const idAfter = desc ? sql`${id} < ${cursor.id}::uuid` : sql`${id} > ${cursor.id}::uuid`;
  const val = (i: number) => sql`${cursor.v[i]}::${sql.raw(keys[i].castType)}`;
  /** Rows after the cursor on keys i.. (null-aware, for the keys after the first). */
  const after = (i: number): SQL => {
    if (i >= keys.length) return idAfter;
    const k = keys[i];
    const v = cursor.v[i];
    let strictly: SQL;
    let equal: SQL;
    if (v === null) {
      strictly = k.order === 'asc' ? sql`false` : sql`${k.expr} is not null`;
      equal = sql`${k.expr} is null`;
    } else {
      strictly = k.order === 'asc' ? sql`(${k.expr} > ${val(i)} or ${k.expr} is null)` : sql`${k.expr} < ${val(i)}`;
      equal = sql`${k.expr} = ${val(i)}`;
    }
    return sql`(${strictly} or (${equal} and ${after(i + 1)}))`;
  };
  if (keys.length === 0) return [idAfter];
  const k = keys[0];
  const v = cursor.v[0];
  const one = keys.length === 1;
  if (v === null) {
    const inNulls = sql`(${k.expr} is null and ${after(1)})`;
    return k.order === 'asc' ? [inNulls] : [inNulls, sql`${k.expr} is not null`];
  }
  if (k.order === 'asc') {
    const main = one
      ? sql`(${k.expr}, ${id}) > (${val(0)}, ${cursor.id}::uuid)`
      : sql`(${k.expr} >= ${val(0)} and (${k.expr} > ${val(0)} or (${k.expr} = ${val(0)} and ${after(1)})))`;
    return [main, sql`${k.expr} is null`];
  }
  const main = one
    ? sql`(${k.expr}, ${id}) < (${val(0)}, ${cursor.id}::uuid)`
    : sql`(${k.expr} <= ${val(0)} and (${k.expr} < ${val(0)} or (${k.expr} = ${val(0)} and ${after(1)})))`;
  return [main];
}
