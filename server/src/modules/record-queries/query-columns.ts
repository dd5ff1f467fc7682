/**
 * The columns of a record query (`/admin/record-query`, contracts recordQueryDefinitionSchema):
 * each name is a field key of the query's subject, one of the record's own columns (contracts
 * SYSTEM_COLUMNS), or `relationKey.targetKey`: one level through a relation field, where
 * `targetKey` is a field key or system column of the relation's target subject.
 * - through a one-relation: a LEFT JOIN of the target's table (one per relation field; a deleted
 *   target reads as empty); the cell is the target's value;
 * - through a many-relation: the linked targets' values aggregated from record_links in link order
 *   (deleted targets left out); the cell is an array (empty when nothing is linked).
 * Values are read as the records module reads them (subjects/values.ts selectExprOf/readValue), so
 * a cell has the JSON shape of its field's type (contracts/records.ts). Every cell is one select
 * expression of the page query; no per-row queries.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatMessage, SYSTEM_COLUMNS, type Locale, type SystemColumn } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { HttpError, type FieldErrorKey } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { isoOf, readValue, selectExprOf } from '../subjects/values';
import { ident } from '../subjects/ddl';
import { loadSubjectDef, type FieldDef, type SubjectDef } from '../subjects/subject-def';
import { liveRowsText } from '../subjects/live-rows';

/** What the ids in a cell name: users, records of a subject, or attachments (for `labels`). */
export type ColumnRefers = { kind: 'user' } | { kind: 'record'; subjectId: string } | { kind: 'attachment' } | null;

/** One resolved column of a query. */
export interface QueryColumn {
  /** The name as written in the definition. */
  name: string;
  /** The select expression of its cell (row alias `r`, joins `j<n>`). */
  select: SQL;
  /** The selected value → the cell (the field type's JSON shape; an array through a many-relation). */
  read: (value: unknown) => unknown;
  /** What ids in the cell refer to. */
  refers: ColumnRefers;
  /** The column's header in `locale` (field names; `Relation.Target` through a relation). */
  header: (locale: Locale) => string;
  /** The field type behind the cell (null for a system column), for exports. */
  field: FieldDef | null;
  /** True when the cell is a list (through a many-relation). */
  many: boolean;
}

export interface ResolvedColumns {
  columns: QueryColumn[];
  /** LEFT JOINs of one-relation targets, in order. */
  joins: SQL[];
}

const SYSTEM_SELECT: Record<SystemColumn, (a: string) => SQL> = {
  id: (a) => sql.raw(`${ident(a)}.id::text`),
  createdAt: (a) => isoOf(sql.raw(`${ident(a)}.created_at`)),
  createdBy: (a) => sql.raw(`${ident(a)}.created_by::text`),
  updatedAt: (a) => isoOf(sql.raw(`${ident(a)}.updated_at`)),
  updatedBy: (a) => sql.raw(`${ident(a)}.updated_by::text`),
};

const asText = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The message key of a system column's header. */
const SYSTEM_HEADER = {
  id: 'query.column.id',
  createdAt: 'query.column.createdAt',
  createdBy: 'query.column.createdBy',
  updatedAt: 'query.column.updatedAt',
  updatedBy: 'query.column.updatedBy',
} as const satisfies Record<SystemColumn, string>;

const isSystem = (key: string): key is SystemColumn => (SYSTEM_COLUMNS as readonly string[]).includes(key);

/** What a field's ids refer to. */
function refersOf(field: FieldDef): ColumnRefers {
  if (field.type === 'user' || field.type === 'createdBy' || field.type === 'updatedBy') return { kind: 'user' };
  if (field.type === 'attachment') return { kind: 'attachment' };
  if (field.type === 'relation' && field.options.targetSubjectId) return { kind: 'record', subjectId: field.options.targetSubjectId };
  return null;
}

/** Unique table aliases for the nested subqueries of one query. */
class Aliases {
  private n = 0;
  next(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
}

/** A value of subject `s` read from row alias `a`: its select expression, reader, references, header. */
interface ValueRead {
  select: SQL;
  read: (v: unknown) => unknown;
  refers: ColumnRefers;
  header: (locale: Locale) => string;
  field: FieldDef | null;
}

/**
 * The ids linked by many-relation `field` from the row `a`.id, as a jsonb array of text in link
 * order, live targets only (when the target subject is known).
 */
function linkedIds(field: FieldDef, target: SubjectDef | undefined, a: string, aliases: Aliases): SQL {
  const l = aliases.next('l');
  const t = aliases.next('t');
  const join = target ? sql.raw(` join ${ident(target.tableName)} ${ident(t)} on ${ident(t)}.id = ${ident(l)}.target_id and ${liveRowsText(target, t)}`) : sql``;
  return sql`(select coalesce(jsonb_agg(${sql.raw(`${ident(l)}.target_id::text order by ${ident(l)}.position, ${ident(l)}.target_id`)}), '[]'::jsonb) from record_links ${sql.raw(ident(l))}${join} where ${sql.raw(`${ident(l)}.field_id`)} = ${field.id}::uuid and ${sql.raw(`${ident(l)}.source_id = ${ident(a)}.id`)})`;
}

/** Loads (once per query) the subjects relations point to. */
type TargetLoader = (id: string) => Promise<SubjectDef | undefined>;

/** `key` (a field key or system column) of `s` read from alias `a`; undefined when `s` has no such column. */
async function valueOf(s: SubjectDef, key: string, a: string, targets: TargetLoader, aliases: Aliases): Promise<ValueRead | undefined> {
  const field = s.fields.find((f) => f.key === key);
  if (field) {
    const header = () => field.name;
    const expr = selectExprOf(field, a);
    if (expr) return { select: expr, read: (v) => readValue(field, v), refers: refersOf(field), header, field };
    // a many-relation: its ids from record_links
    const target = field.options.targetSubjectId ? await targets(field.options.targetSubjectId) : undefined;
    return { select: linkedIds(field, target, a, aliases), read: (v) => readValue(field, v), refers: refersOf(field), header, field };
  }
  if (isSystem(key)) {
    return {
      select: SYSTEM_SELECT[key](a),
      read: asText,
      refers: key === 'createdBy' || key === 'updatedBy' ? { kind: 'user' } : null,
      header: (locale) => formatMessage(SYSTEM_HEADER[key], locale),
      field: null,
    };
  }
  return undefined;
}

/**
 * Resolves `names` over `subject` (row alias `r`).
 * @throws HttpError 400 VALIDATION_FAILED naming `definition.columns.<i>` for each name that is not
 *   a field key, a system column or `relation.targetKey` of this subject.
 */
export async function resolveColumns(db: Executor, subject: SubjectDef, names: readonly string[], cache?: ReadCache): Promise<ResolvedColumns> {
  const loaded = new Map<string, Promise<SubjectDef | undefined>>();
  const targets: TargetLoader = (id) => {
    if (id === subject.id) return Promise.resolve(subject);
    let p = loaded.get(id);
    if (!p) {
      p = loadSubjectDef(db, { id }, cache);
      loaded.set(id, p);
    }
    return p;
  };
  const aliases = new Aliases();
  const joins: SQL[] = [];
  const joinAlias = new Map<string, string>();
  const columns: QueryColumn[] = [];
  const errors: FieldErrorKey[] = [];

  for (const [i, name] of names.entries()) {
    const column = await resolveOne(name);
    if (column) columns.push(column);
    else errors.push({ field: `definition.columns.${i}`, messageKey: 'errors.query.column' });
  }
  if (errors.length) throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', errors);
  return { columns, joins };

  async function resolveOne(name: string): Promise<QueryColumn | undefined> {
    const dot = name.indexOf('.');
    if (dot < 0) {
      const v = await valueOf(subject, name, 'r', targets, aliases);
      return v && { name, ...v, many: false };
    }
    const relation = subject.fields.find((f) => f.key === name.slice(0, dot));
    if (relation?.type !== 'relation' || !relation.options.targetSubjectId) return undefined;
    const target = await targets(relation.options.targetSubjectId);
    if (!target) return undefined;
    const header = (inner: ValueRead) => (locale: Locale) => `${relation.name}.${inner.header(locale)}`;

    if (relation.column) {
      // one-relation: join the target once per relation field
      let alias = joinAlias.get(relation.id);
      if (!alias) {
        alias = aliases.next('j');
        joinAlias.set(relation.id, alias);
        const j = ident(alias);
        joins.push(sql.raw(`left join ${ident(target.tableName)} ${j} on ${j}.id = ${ident('r')}.${ident(relation.column)} and ${liveRowsText(target, alias)}`));
      }
      const inner = await valueOf(target, name.slice(dot + 1), alias, targets, aliases);
      return inner && { name, ...inner, header: header(inner), many: false };
    }

    // many-relation: aggregate the linked targets' values in link order
    const l = aliases.next('l');
    const t = aliases.next('t');
    const inner = await valueOf(target, name.slice(dot + 1), t, targets, aliases);
    if (!inner) return undefined;
    const select = sql`(select coalesce(jsonb_agg(${inner.select} order by ${sql.raw(`${ident(l)}.position, ${ident(l)}.target_id`)}), '[]'::jsonb) from record_links ${sql.raw(ident(l))} join ${sql.raw(`${ident(target.tableName)} ${ident(t)} on ${ident(t)}.id = ${ident(l)}.target_id and ${liveRowsText(target, t)}`)} where ${sql.raw(`${ident(l)}.field_id`)} = ${relation.id}::uuid and ${sql.raw(`${ident(l)}.source_id = ${ident('r')}.id`)})`;
    return {
      name,
      select,
      read: (v) => (Array.isArray(v) ? v.map((x) => inner.read(x)) : []),
      refers: inner.refers,
      header: header(inner),
      field: inner.field,
      many: true,
    };
  }
}
