/**
 * The records' filter compiler (filter on any field: and/or groups, operators per type)
 * and quick search. A FilterGroup (contracts/records.ts) becomes one SQL condition over the record
 * row alias (`r` by default) with every value a bound parameter (drizzle `sql`), never spliced text.
 * Operators per type: contracts FILTER_OPS_BY_TYPE; the record id takes those of a user field.
 *
 * Semantics worth knowing: `ne`, `notIn`, `notContains` also match empty values (SQL's `<>` would
 * drop them); `empty` matches null (and '' / an empty list); a boolean `eq false` matches
 * "not true" (unset included); text comparisons are case-sensitive except the `contains` family
 * (ILIKE); a many-relation is tested with EXISTS over record_links; `between` is inclusive.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FILTER_CONDITIONS_MAX,
  FILTER_DEPTH_MAX,
  FILTER_OPS_BY_TYPE,
  SEARCHABLE_FIELD_TYPES,
  filterGroupSchema,
  type FilterCondition,
  type FilterGroup,
  type FilterOp,
  type MessageKey,
} from '../../../../contracts';
import { HttpError } from '../../lib/http-error';
import { ident } from '../subjects/ddl';
import type { SubjectDef } from '../subjects/subject-def';
import { columnOf, columnRef, type ColumnRef } from './columns';
import { parseDate, parseDateTime, parseDecimal, parseUuid, sqlTypeOfKind, ValueError, type ValueKind } from '../subjects/values';

/** Most values an `in`/`notIn`/`hasAny`/`hasAll` condition may list. */
const FILTER_LIST_MAX = 1000;

/** 400 VALIDATION_FAILED naming `field` (`filter` or `filter.<key>`). */
function filterError(field: string, messageKey: MessageKey, params?: Record<string, string | number>): HttpError {
  return new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey, ...(params ? { params } : {}) }]);
}

/**
 * The `filter` query parameter (a FilterGroup as JSON) → FilterGroup; undefined when absent.
 * @throws HttpError 400 naming `filter` when it is not JSON or not a FilterGroup.
 */
export function parseFilterParam(raw: string | undefined): FilterGroup | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw filterError('filter', 'errors.record.filter');
  }
  const parsed = filterGroupSchema.safeParse(json);
  if (!parsed.success) throw filterError('filter', 'errors.record.filter');
  return parsed.data;
}

const isGroup = (item: FilterCondition | FilterGroup): item is FilterGroup => 'items' in item;

/** The depth (a flat group = 1) and number of conditions of a group. */
function measure(group: FilterGroup, depth = 1): { depth: number; conditions: number } {
  let deepest = depth;
  let conditions = 0;
  for (const item of group.items) {
    if (isGroup(item)) {
      const m = measure(item, depth + 1);
      deepest = Math.max(deepest, m.depth);
      conditions += m.conditions;
    } else conditions += 1;
  }
  return { depth: deepest, conditions };
}

/** `s` for a LIKE pattern: `%`, `_` and `\` escaped (PostgreSQL's default escape is `\`). */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One scalar filter value of `kind` (datetimes also take a bare date: midnight UTC). @throws ValueError. */
function scalarOf(kind: ValueKind, raw: unknown): string | boolean {
  switch (kind) {
    case 'number':
      return parseDecimal(raw);
    case 'date':
      return parseDate(raw);
    case 'datetime':
      return parseDateTime(raw, true);
    case 'boolean':
      if (typeof raw !== 'boolean') throw new ValueError('errors.record.boolean');
      return raw;
    case 'uuid':
    case 'links':
    case 'uuidArray':
      return parseUuid(raw);
    default:
      if (typeof raw !== 'string') throw new ValueError('errors.record.text');
      return raw;
  }
}

/** The kind of one element of a list kind (what `eq`, `in`… compare an element with). */
const elementKind = (kind: ValueKind): ValueKind => (kind === 'textArray' ? 'text' : kind === 'links' || kind === 'uuidArray' ? 'uuid' : kind);

function listOf(kind: ValueKind, raw: unknown): (string | boolean)[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > FILTER_LIST_MAX) throw new ValueError('errors.record.list');
  return [...new Set(raw.map((v) => scalarOf(elementKind(kind), v)))];
}

/** `value` as a parameter cast to `kind`'s SQL type. */
const param = (kind: ValueKind, value: unknown) => sql`${sql.param(value)}::${sql.raw(sqlTypeOfKind(kind))}`;
/** A list as one array parameter of `kind`'s element type. */
const arrayParam = (kind: ValueKind, values: unknown[]) => sql`${sql.param(values)}::${sql.raw(`${sqlTypeOfKind(elementKind(kind))}[]`)}`;

/** EXISTS over the many-relation `fieldId`'s links of the row `alias` (with an extra condition on `l.target_id`). */
function linkExists(fieldId: string, alias: string, extra?: SQL): SQL {
  return sql`exists (select 1 from record_links l where l.field_id = ${fieldId}::uuid and l.source_id = ${columnOf(alias, 'id')}${
    extra ? sql` and ${extra}` : sql``
  })`;
}

/** The SQL of one condition whose field and operator are already known to fit. @throws ValueError for a bad value. */
function conditionSql(ref: ColumnRef, op: FilterOp, value: unknown, alias: string): SQL {
  const kind = ref.kind;
  if (kind === 'links') {
    const fieldId = ref.field!.id;
    switch (op) {
      case 'empty':
        return sql`not ${linkExists(fieldId, alias)}`;
      case 'notEmpty':
        return linkExists(fieldId, alias);
      case 'eq':
        return linkExists(fieldId, alias, sql`l.target_id = ${param('uuid', scalarOf('uuid', value))}`);
      case 'ne':
        return sql`not ${linkExists(fieldId, alias, sql`l.target_id = ${param('uuid', scalarOf('uuid', value))}`)}`;
      case 'in':
      case 'hasAny':
        return linkExists(fieldId, alias, sql`l.target_id = any(${arrayParam(kind, listOf(kind, value))})`);
      case 'notIn':
        return sql`not ${linkExists(fieldId, alias, sql`l.target_id = any(${arrayParam(kind, listOf(kind, value))})`)}`;
      case 'hasAll': {
        const ids = listOf(kind, value);
        return sql`(select count(distinct l.target_id) from record_links l where l.field_id = ${fieldId}::uuid
          and l.source_id = ${columnOf(alias, 'id')} and l.target_id = any(${arrayParam(kind, ids)})) = ${ids.length}`;
      }
      default:
        throw new ValueError('errors.record.filterOp');
    }
  }
  const e = ref.expr!;
  const isList = kind === 'textArray' || kind === 'uuidArray';
  const asText = kind === 'text' ? e : sql`${e}::text`;
  switch (op) {
    case 'empty':
      if (isList) return sql`(${e} is null or cardinality(${e}) = 0)`;
      return kind === 'text' ? sql`(${e} is null or ${e} = '')` : sql`${e} is null`;
    case 'notEmpty':
      if (isList) return sql`coalesce(cardinality(${e}), 0) > 0`;
      return kind === 'text' ? sql`(${e} is not null and ${e} <> '')` : sql`${e} is not null`;
    case 'eq':
    case 'ne': {
      const v = scalarOf(kind, value);
      if (kind === 'boolean') {
        const wantTrue = (v === true) === (op === 'eq');
        return wantTrue ? sql`${e} is true` : sql`${e} is not true`;
      }
      return op === 'eq' ? sql`${e} = ${param(kind, v)}` : sql`${e} is distinct from ${param(kind, v)}`;
    }
    case 'lt':
      return sql`${e} < ${param(kind, scalarOf(kind, value))}`;
    case 'lte':
      return sql`${e} <= ${param(kind, scalarOf(kind, value))}`;
    case 'gt':
      return sql`${e} > ${param(kind, scalarOf(kind, value))}`;
    case 'gte':
      return sql`${e} >= ${param(kind, scalarOf(kind, value))}`;
    case 'between': {
      if (!Array.isArray(value) || value.length !== 2) throw new ValueError('errors.record.list');
      return sql`${e} between ${param(kind, scalarOf(kind, value[0]))} and ${param(kind, scalarOf(kind, value[1]))}`;
    }
    case 'contains':
    case 'notContains':
    case 'startsWith':
    case 'endsWith': {
      if (typeof value !== 'string' || value === '') throw new ValueError('errors.record.text');
      const p = escapeLike(value);
      const pattern = op === 'startsWith' ? `${p}%` : op === 'endsWith' ? `%${p}` : `%${p}%`;
      return op === 'notContains' ? sql`(${asText} is null or ${asText} not ilike ${pattern})` : sql`${asText} ilike ${pattern}`;
    }
    case 'in':
      return sql`${e} = any(${arrayParam(kind, listOf(kind, value))})`;
    case 'notIn':
      return sql`(${e} is null or not (${e} = any(${arrayParam(kind, listOf(kind, value))})))`;
    case 'hasAny':
    case 'hasAll': {
      const values = listOf(kind, value);
      if (kind === 'textArray') return op === 'hasAny' ? sql`${e} && ${arrayParam(kind, values)}` : sql`${e} @> ${arrayParam(kind, values)}`;
      // a single relation holds one id: it "has all" only of a one-id list
      if (op === 'hasAll' && values.length > 1) return sql`false`;
      return sql`${e} = any(${arrayParam(kind, values)})`;
    }
  }
}

/**
 * A FilterGroup over `subject`'s records → one SQL condition (row alias `alias`, default `r`).
 * An empty group is `true`.
 * @throws HttpError 400 VALIDATION_FAILED naming `filter` (more than FILTER_DEPTH_MAX levels or
 *   FILTER_CONDITIONS_MAX conditions) or `filter.<field>` (an unknown field, an operator the field's
 *   type does not take, or a value that does not fit the type/operator); the message names the
 *   field and operator.
 */
export function compileFilter(subject: SubjectDef, group: FilterGroup, alias = 'r'): SQL {
  const m = measure(group);
  if (m.depth > FILTER_DEPTH_MAX || m.conditions > FILTER_CONDITIONS_MAX) {
    throw filterError('filter', 'errors.record.filterTooComplex', { depth: FILTER_DEPTH_MAX, conditions: FILTER_CONDITIONS_MAX });
  }
  const compile = (g: FilterGroup): SQL => {
    if (g.items.length === 0) return sql`true`;
    const parts = g.items.map((item) => (isGroup(item) ? compile(item) : compileCondition(subject, item, alias)));
    return sql`(${sql.join(parts, sql.raw(g.op === 'and' ? ' and ' : ' or '))})`;
  };
  return compile(group);
}

function compileCondition(subject: SubjectDef, cond: FilterCondition, alias: string): SQL {
  const name = `filter.${cond.field}`;
  const ref = columnRef(subject, cond.field, alias);
  if (!ref) throw filterError(name, 'errors.record.filterField', { field: cond.field });
  const ops = FILTER_OPS_BY_TYPE[ref.type === 'id' ? 'createdBy' : ref.type];
  if (!ops.includes(cond.op)) throw filterError(name, 'errors.record.filterOp', { field: cond.field, op: cond.op });
  try {
    return conditionSql(ref, cond.op, cond.value, alias);
  } catch (e) {
    if (e instanceof ValueError) throw filterError(name, 'errors.record.filterValue', { field: cond.field, op: cond.op });
    throw e;
  }
}

/**
 * Quick search: `q` matched case-insensitively anywhere in the subject's searchable fields
 * (contracts SEARCHABLE_FIELD_TYPES; each has a trigram index); `false` when the subject has none.
 * undefined when `q` is empty.
 */
export function compileSearch(subject: SubjectDef, q: string | undefined, alias = 'r'): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${escapeLike(q)}%`;
  const columns = subject.fields.filter((f) => SEARCHABLE_FIELD_TYPES.includes(f.type) && f.column);
  if (columns.length === 0) return sql`false`;
  return sql`(${sql.join(
    columns.map((f) => sql`${sql.raw(`${ident(alias)}.${ident(f.column!)}`)} ilike ${pattern}`),
    sql.raw(' or '),
  )})`;
}
