/**
 * Changing a field's type (the stored values are converted where they can be; where they
 * cannot, the server refuses and lists the records that would break). The matrix of allowed
 * changes is contracts FIELD_TYPE_CHANGES; this module says, for one change, how each stored value
 * converts (in SQL, never row by row in JavaScript) and which values would not. The full table
 * with examples is in README.md "Type changes".
 *
 * A conversion runs in one of three ways:
 *  - keep: the column already holds the right type (text → long text, number → money…);
 *  - alter: `alter table … alter column … type … using <expression>` (one rewrite of the table);
 *  - fill: a new column filled by an UPDATE whose expression may read other tables (user names,
 *    related records' display values, attachment file names, a many-relation's links, system
 *    columns), then swapped in for the old one.
 * The checks (`breaks`) run over every record, recycled ones included, since the rewrite converts
 * them all. Parsing helpers live in `pg_temp` for the transaction's session (installConversionFunctions).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  FIELD_TYPE_CHANGES,
  TYPE_CHANGE_SAMPLE,
  type FieldOptions,
  type FieldType,
  type SelectOption,
} from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { parseValue } from './values';
import { columnNameOf, ident } from './ddl';
import { allFieldRows } from './subjects.repository';
import { fieldDefOf, type FieldDef } from './subject-def';
import { columnRef, columnTypeOf, valueSql } from './value-sql';

/** How a field's values are stored and read, for conversions. */
export type SourceClass =
  | 'text'
  | 'html'
  | 'numeric'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'multi'
  | 'user'
  | 'relation'
  | 'relations'
  | 'attachment'
  | 'systemAt'
  | 'systemBy';

/** The class of a field's values (a formula by its result type). */
export function sourceClassOf(field: { type: FieldType; options: FieldOptions }): SourceClass {
  switch (field.type) {
    case 'richText':
      return 'html';
    case 'number':
    case 'money':
    case 'percent':
      return 'numeric';
    case 'date':
    case 'datetime':
    case 'boolean':
      return field.type;
    case 'multiSelect':
      return 'multi';
    case 'user':
      return 'user';
    case 'relation':
      return field.options.multiple ? 'relations' : 'relation';
    case 'attachment':
      return 'attachment';
    case 'formula': {
      const t = field.options.resultType ?? 'number';
      return t === 'number' ? 'numeric' : t;
    }
    case 'createdAt':
    case 'updatedAt':
      return 'systemAt';
    case 'createdBy':
    case 'updatedBy':
      return 'systemBy';
    default:
      return 'text';
  }
}

/** One conversion: how values become the new type, and which would not. */
export interface ConversionPlan {
  mode: 'keep' | 'alter' | 'fill';
  /** alter: the USING expression over the column reference `c`. */
  using?: (c: string) => string;
  /** fill: the new value of row `r` (may read other tables). */
  fill?: SQL;
  /** SQL true for a value (column reference `c`) that would not convert; absent = every value converts. */
  breaks?: (c: string) => string;
  /**
   * A check in JavaScript instead (of each trimmed, non-empty text value): true when it converts.
   * Used where the write path's own rules (subjects/values.ts) are not expressible in SQL: e-mail
   * and URL formats.
   */
  check?: (value: string) => boolean;
  /** The distinct values become the select's options (text → single/multi select). */
  addChoices?: 'single' | 'multi';
}

const NUMERIC_RE = String.raw`^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,3})?$`;
const BOOLEAN_TRUE = `('true', 'yes', '1')`;
const BOOLEAN_FALSE = `('false', 'no', '0')`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** The longest select option label (contracts selectOptionSchema). */
const CHOICE_MAX = 100;
/** Most options a select holds (contracts fieldOptionsSchema). */
export const CHOICES_MAX = 500;

/**
 * Creates (or replaces) the parsing helpers in `pg_temp` for the transaction's session:
 * assay_date / assay_datetime (ISO text → date / timestamptz, null when it does not parse; a
 * datetime without a zone is UTC), assay_split (comma list → trimmed, de-duplicated text[]),
 * assay_html_text (rich text → plain text) and assay_text_html (plain text → escaped HTML).
 */
export async function installConversionFunctions(tx: Executor): Promise<void> {
  const statements = [
    String.raw`create or replace function pg_temp.assay_date(v text) returns date language plpgsql stable as $f$
begin
  if v is null or v !~ '^\d{4}-\d{2}-\d{2}$' then return null; end if;
  return v::date;
exception when others then return null;
end $f$`,
    String.raw`create or replace function pg_temp.assay_datetime(v text) returns timestamptz language plpgsql stable as $f$
begin
  if v is null or v !~* '^\d{4}-\d{2}-\d{2}([t ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(z|[+-]\d{2}(:?\d{2})?)?)?$' then return null; end if;
  if v ~* '[t ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(z|[+-]\d{2}(:?\d{2})?)$' then return v::timestamptz; end if;
  return v::timestamp at time zone 'UTC';
exception when others then return null;
end $f$`,
    String.raw`create or replace function pg_temp.assay_split(v text) returns text[] language sql immutable as $f$
  select array_agg(p order by o) from (
    select btrim(part) as p, min(ord) as o from unnest(string_to_array(v, ',')) with ordinality as u(part, ord)
    where btrim(part) <> '' group by btrim(part)
  ) s
$f$`,
    String.raw`create or replace function pg_temp.assay_html_text(v text) returns text language sql immutable as $f$
  select nullif(btrim(replace(replace(replace(replace(replace(replace(
    regexp_replace(regexp_replace(v, '<br\s*/?>|</(p|div|li|h[1-6]|tr|blockquote|pre)>', E'\n', 'gi'), '<[^>]*>', '', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'), E' \n\t'), '')
$f$`,
    String.raw`create or replace function pg_temp.assay_text_html(v text) returns text language sql immutable as $f$
  select replace(replace(replace(replace(v, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), E'\n', '<br>')
$f$`,
  ];
  for (const s of statements) await tx.execute(sql.raw(s));
}

/** A value of class `cls` (column reference `ref`) as text, without subqueries. */
function textOf(cls: SourceClass, ref: string): string | null {
  switch (cls) {
    case 'text':
      return ref;
    case 'html':
      return `pg_temp.assay_html_text(${ref})`;
    case 'numeric':
      return `${ref}::text`;
    case 'date':
      return `to_char(${ref}, 'YYYY-MM-DD')`;
    case 'datetime':
    case 'systemAt':
      return `to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'boolean':
      return `(case when ${ref} then 'true' when not ${ref} then 'false' end)`;
    case 'multi':
      return `nullif(array_to_string(${ref}, ', '), '')`;
    default:
      return null;
  }
}

/**
 * How records of the subject `subjectId` are named in text: its display field's value (as text),
 * else the record id. Recycled subjects and fields count (their records still exist).
 * @returns a builder of that text over a row alias, and the table; null when the subject is gone.
 */
async function displayTextOf(
  tx: Executor,
  subjectId: string | undefined,
): Promise<{ table: string; text: (alias: string) => string } | null> {
  if (!subjectId) return null;
  const [row] = rowsOf<{ table_name: string; display_field_id: string | null }>(
    await tx.execute(sql`select table_name, display_field_id from subjects where id = ${subjectId}::uuid`),
  );
  if (!row) return null;
  const display = row.display_field_id
    ? (await allFieldRows(tx, subjectId)).find((f) => f.id === row.display_field_id)
    : undefined;
  const def = display ? fieldDefOf(display) : undefined;
  return {
    table: row.table_name,
    text: (alias) => {
      const shown = def && def.column ? textOf(sourceClassOf(def), columnRef(def, alias)) : null;
      return shown ? `coalesce(${shown}, ${alias}.id::text)` : `${alias}.id::text`;
    },
  };
}

/** The fill expression (row `r`) of a field whose text needs other tables. */
async function fillToText(tx: Executor, from: FieldDef, cls: SourceClass): Promise<SQL> {
  switch (cls) {
    case 'user':
    case 'systemBy':
      return sql`(select u.name from users u where u.id = ${sql.raw(columnRef(from))})`;
    case 'systemAt':
      return sql.raw(textOf('systemAt', columnRef(from))!);
    case 'attachment':
      return sql`(select string_agg(a.file_name, ', ' order by u.o) from unnest(${sql.raw(columnRef(from))}) with ordinality as u(aid, o) join attachments a on a.id = u.aid)`;
    case 'relation': {
      const target = await displayTextOf(tx, from.options.targetSubjectId);
      const ref = columnRef(from);
      if (!target) return sql.raw(`${ref}::text`);
      return sql.raw(`(select ${target.text('x')} from ${ident(target.table)} x where x.id = ${ref})`);
    }
    case 'relations': {
      const target = await displayTextOf(tx, from.options.targetSubjectId);
      const shown = target ? sql.raw(`coalesce(${target.text('x')}, l.target_id::text)`) : sql.raw('l.target_id::text');
      const join = target ? sql.raw(`left join ${ident(target.table)} x on x.id = l.target_id`) : sql.raw('');
      return sql`(select string_agg(${shown}, ', ' order by l.position, l.target_id) from record_links l ${join} where l.field_id = ${from.id}::uuid and l.source_id = r.id)`;
    }
    default:
      return sql.raw(textOf(cls, columnRef(from)) ?? 'null');
  }
}

const notEmpty = (c: string) => `nullif(btrim(${c}), '') is not null`;

/**
 * The plan of changing `from` into `to`, or null when the matrix (contracts FIELD_TYPE_CHANGES, and
 * for a formula its result type) does not allow it.
 */
export async function planTypeChange(
  tx: Executor,
  from: FieldDef,
  to: { type: FieldType; options: FieldOptions },
): Promise<ConversionPlan | null> {
  if (!FIELD_TYPE_CHANGES[from.type].includes(to.type)) return null;
  const cls = sourceClassOf(from);
  const fromPlainText = cls === 'text' && (from.type === 'text' || from.type === 'longText' || from.type === 'formula');
  switch (to.type) {
    case 'text':
    case 'longText': {
      if (cls === 'text') return { mode: 'keep' };
      const direct = textOf(cls, 'c');
      if (direct && cls !== 'systemAt') return { mode: 'alter', using: (c) => textOf(cls, c)! };
      return { mode: 'fill', fill: await fillToText(tx, from, cls) };
    }
    case 'richText':
      return fromPlainText ? { mode: 'alter', using: (c) => `pg_temp.assay_text_html(${c})` } : null;
    case 'number':
    case 'money':
    case 'percent':
      if (cls === 'numeric') return { mode: 'keep' };
      if (cls !== 'text') return null;
      return {
        mode: 'alter',
        using: (c) => `nullif(btrim(${c}), '')::numeric`,
        breaks: (c) => `${notEmpty(c)} and btrim(${c}) !~ ${literal(NUMERIC_RE)}`,
      };
    case 'date':
      if (cls === 'date') return { mode: 'keep' };
      if (cls === 'datetime') return { mode: 'alter', using: (c) => `(${c} at time zone 'UTC')::date` };
      if (cls !== 'text') return null;
      return {
        mode: 'alter',
        using: (c) => `pg_temp.assay_date(btrim(${c}))`,
        breaks: (c) => `${notEmpty(c)} and pg_temp.assay_date(btrim(${c})) is null`,
      };
    case 'datetime':
      if (cls === 'datetime') return { mode: 'keep' };
      if (cls === 'date') return { mode: 'alter', using: (c) => `(${c}::timestamp at time zone 'UTC')` };
      if (cls !== 'text') return null;
      return {
        mode: 'alter',
        using: (c) => `pg_temp.assay_datetime(btrim(${c}))`,
        breaks: (c) => `${notEmpty(c)} and pg_temp.assay_datetime(btrim(${c})) is null`,
      };
    case 'boolean':
      if (cls === 'boolean') return { mode: 'keep' };
      if (cls !== 'text') return null;
      return {
        mode: 'alter',
        using: (c) =>
          `(case when lower(btrim(${c})) in ${BOOLEAN_TRUE} then true when lower(btrim(${c})) in ${BOOLEAN_FALSE} then false end)`,
        breaks: (c) =>
          `${notEmpty(c)} and lower(btrim(${c})) not in ${BOOLEAN_TRUE} and lower(btrim(${c})) not in ${BOOLEAN_FALSE}`,
      };
    case 'singleSelect':
      if (cls === 'multi') return { mode: 'alter', using: (c) => `${c}[1]`, breaks: (c) => `cardinality(${c}) > 1` };
      if (cls !== 'text') return null;
      return {
        mode: 'alter',
        using: (c) => `nullif(btrim(${c}), '')`,
        breaks: (c) => `char_length(btrim(${c})) > ${CHOICE_MAX}`,
        addChoices: 'single',
      };
    case 'multiSelect':
      if (from.type === 'singleSelect')
        return { mode: 'alter', using: (c) => `(case when nullif(${c}, '') is null then null else array[${c}] end)` };
      if (!fromPlainText) return null;
      return {
        mode: 'alter',
        using: (c) => `pg_temp.assay_split(${c})`,
        breaks: (c) => `exists (select 1 from unnest(string_to_array(${c}, ',')) p where char_length(btrim(p)) > ${CHOICE_MAX})`,
        addChoices: 'multi',
      };
    case 'email':
    case 'url':
    case 'phone': {
      if (!fromPlainText) return null;
      const target: FieldDef = { ...from, type: to.type, column: null, options: {}, validation: {} };
      return {
        mode: 'alter',
        using: (c) => `nullif(btrim(${c}), '')`,
        check: (value) => {
          try {
            parseValue(target, value);
            return true;
          } catch {
            return false;
          }
        },
      };
    }
    default:
      return null;
  }
}

const SCAN_BATCH = 1000;

/** The records whose value would not convert: how many, and the first TYPE_CHANGE_SAMPLE (live ones first). */
export async function conversionBreakers(
  tx: Executor,
  tableName: string,
  from: FieldDef,
  plan: ConversionPlan,
): Promise<{ count: number; records: { id: string; value: unknown; deleted?: boolean }[] }> {
  const table = sql.raw(`${ident(tableName)} r`);
  const out = (rows: { id: string; value: unknown; deleted: boolean }[]) =>
    rows.map((r) => (r.deleted ? { id: r.id, value: r.value, deleted: true } : { id: r.id, value: r.value }));
  if (plan.check) {
    const c = sql.raw(columnRef(from));
    const live: { id: string; value: unknown; deleted: boolean }[] = [];
    const recycled: typeof live = [];
    let count = 0;
    let last = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = rowsOf<{ id: string; value: string; deleted: boolean }>(
        await tx.execute(
          sql`select r.id::text as id, btrim(${c}) as value, (r.deleted_at is not null) as deleted from ${table}
            where nullif(btrim(${c}), '') is not null and r.id > ${last}::uuid order by r.id limit ${SCAN_BATCH}`,
        ),
      );
      for (const r of rows) {
        if (plan.check(r.value)) continue;
        count += 1;
        const list = r.deleted ? recycled : live;
        if (list.length < TYPE_CHANGE_SAMPLE) list.push(r);
      }
      if (rows.length < SCAN_BATCH) break;
      last = rows[rows.length - 1].id;
    }
    return { count, records: out([...live, ...recycled].slice(0, TYPE_CHANGE_SAMPLE)) };
  }
  if (!plan.breaks) return { count: 0, records: [] };
  const cond = sql.raw(plan.breaks(columnRef(from)));
  const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${table} where ${cond}`));
  if (Number(n) === 0) return { count: 0, records: [] };
  const rows = rowsOf<{ id: string; value: unknown; deleted: boolean }>(
    await tx.execute(
      sql`select r.id::text as id, ${valueSql(from)} as value, (r.deleted_at is not null) as deleted from ${table}
        where ${cond} order by (r.deleted_at is not null), r.created_at, r.id limit ${TYPE_CHANGE_SAMPLE}`,
    ),
  );
  return { count: Number(n), records: out(rows) };
}

const PALETTE = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'];

/**
 * The options after a text → select change: `choices` plus each distinct (trimmed) value not among
 * them, sorted, coloured from a fixed palette. Values over the label limit are left to the breakers.
 * @returns null when the options would be more than CHOICES_MAX.
 */
export async function choicesWithValues(
  tx: Executor,
  tableName: string,
  from: FieldDef,
  kind: 'single' | 'multi',
  choices: readonly SelectOption[],
): Promise<SelectOption[] | null> {
  const c = columnRef(from);
  const table = sql.raw(`${ident(tableName)} r`);
  const query =
    kind === 'single'
      ? sql`select distinct btrim(${sql.raw(c)}) as v from ${table} where nullif(btrim(${sql.raw(c)}), '') is not null and char_length(btrim(${sql.raw(c)})) <= ${CHOICE_MAX} order by 1`
      : sql`select distinct btrim(p) as v from ${table}, unnest(string_to_array(${sql.raw(c)}, ',')) p where btrim(p) <> '' and char_length(btrim(p)) <= ${CHOICE_MAX} order by 1`;
  const values = rowsOf<{ v: string }>(await tx.execute(query)).map((r) => r.v);
  const known = new Set(choices.map((o) => o.label));
  const out = [...choices];
  for (const v of values) {
    if (known.has(v)) continue;
    known.add(v);
    out.push({ label: v, color: PALETTE[out.length % PALETTE.length] });
    if (out.length > CHOICES_MAX) return null;
  }
  return out;
}

/**
 * Runs a plan on the field's column (indexes already dropped by the caller).
 * @returns the field's column afterwards (a fill from a field without a column of its own makes one).
 */
export async function applyConversion(
  tx: Executor,
  tableName: string,
  from: FieldDef,
  to: { type: FieldType; options: FieldOptions },
  plan: ConversionPlan,
): Promise<string | null> {
  const t = ident(tableName);
  const sqlType = columnTypeOf(to);
  if (!sqlType) throw new Error(`no column for ${to.type}`);
  const own = from.column !== null && from.column === columnNameOf(from.id);
  if (plan.mode === 'keep') return from.column;
  if (plan.mode === 'alter') {
    const c = ident(from.column!);
    await tx.execute(sql.raw(`alter table ${t} alter column ${c} type ${sqlType} using ${plan.using!(c)}`));
    return from.column;
  }
  const target = columnNameOf(from.id);
  const fresh = own ? `${target}_n` : target;
  await tx.execute(sql.raw(`alter table ${t} add column ${ident(fresh)} ${sqlType}`));
  await tx.execute(sql`update ${sql.raw(`${t} r`)} set ${sql.raw(ident(fresh))} = ${plan.fill!}`);
  if (own) {
    await tx.execute(sql.raw(`alter table ${t} drop column ${ident(target)}`));
    await tx.execute(sql.raw(`alter table ${t} rename column ${ident(fresh)} to ${ident(target)}`));
  }
  return target;
}
