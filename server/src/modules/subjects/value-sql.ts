/**
 * SQL over a subject's record table that reads, tests or writes one field's values, so the
 * schema-change code (fields.service.ts, type-change.ts) reads values in the same JSON shapes the
 * API answers (contracts/records.ts): numbers as decimal strings, a date as 'YYYY-MM-DD', a
 * datetime as ISO 8601 UTC with milliseconds, arrays as JSON arrays, ids as strings.
 * Identifiers are generated names, quoted by ddl.ident; values are always bound parameters.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FieldOptions, FieldType } from '../../../../contracts';
import { ident } from './ddl';
import { storageOf, SYSTEM_COLUMN_OF } from './field-types';

/** What these builders need of a field (a FieldDef fits). */
export interface FieldRef {
  id: string;
  type: FieldType;
  options: FieldOptions;
  /** Its column: own (`f_…`), a system one (`created_at`…), or null (a many-relation). */
  column: string | null;
}

/** The SQL type of what the field's column holds (system fields: their system column's type); null without a column. */
export function columnTypeOf(field: Pick<FieldRef, 'type' | 'options'>): string | null {
  if (field.type === 'createdAt' || field.type === 'updatedAt') return 'timestamptz';
  if (field.type === 'createdBy' || field.type === 'updatedBy') return 'uuid';
  return storageOf(field.type, field.options).sqlType;
}

/** `alias."column"` of the field. @throws Error for a field without a column (a many-relation). */
export function columnRef(field: FieldRef, alias = 'r'): string {
  const column = field.column ?? SYSTEM_COLUMN_OF[field.type];
  if (!column) throw new Error(`field ${field.id} has no column`);
  return `${alias}.${ident(column)}`;
}

/** The JSON shape of a column reference `ref` of SQL type `sqlType`, as SQL text. */
export function readAs(sqlType: string, ref: string): string {
  switch (sqlType) {
    case 'numeric':
    case 'uuid':
      return `${ref}::text`;
    case 'date':
      return `to_char(${ref}, 'YYYY-MM-DD')`;
    case 'timestamptz':
      return `to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'text[]':
      return `to_jsonb(${ref})`;
    case 'uuid[]':
      return `to_jsonb(${ref}::text[])`;
    default:
      return ref;
  }
}

/** The links of a many-relation field of row `alias`, as a JSON array of ids in order (null when none). */
function linksSql(field: FieldRef, alias: string): SQL {
  return sql`(select jsonb_agg(l.target_id::text order by l.position, l.target_id) from record_links l where l.field_id = ${field.id}::uuid and l.source_id = ${sql.raw(`${alias}.id`)})`;
}

/** SQL reading the field's value in row `alias` as its JSON shape. */
export function valueSql(field: FieldRef, alias = 'r'): SQL {
  const sqlType = columnTypeOf(field);
  if (!sqlType) return linksSql(field, alias);
  return sql.raw(readAs(sqlType, columnRef(field, alias)));
}

/** SQL true when the field is empty in row `alias`: null, '' (text), an empty array, or no links. */
export function emptySql(field: FieldRef, alias = 'r'): SQL {
  const sqlType = columnTypeOf(field);
  if (!sqlType)
    return sql`not exists (select 1 from record_links l where l.field_id = ${field.id}::uuid and l.source_id = ${sql.raw(`${alias}.id`)})`;
  const ref = columnRef(field, alias);
  if (sqlType === 'text') return sql.raw(`(${ref} is null or ${ref} = '')`);
  if (sqlType.endsWith('[]')) return sql.raw(`(${ref} is null or cardinality(${ref}) = 0)`);
  return sql.raw(`${ref} is null`);
}

/**
 * A JSON value of the field (already checked and normalised) as SQL of the column's type: a bound
 * parameter with a cast; arrays go through JSON.
 */
export function literalSql(field: Pick<FieldRef, 'type' | 'options'>, value: unknown): SQL {
  const sqlType = columnTypeOf(field);
  if (!sqlType) throw new Error('a field without a column has no literal');
  if (value === null || value === undefined) return sql.raw(`null::${sqlType}`);
  if (sqlType.endsWith('[]')) {
    const element = sqlType.slice(0, -2);
    return sql`array(select x::${sql.raw(element)} from jsonb_array_elements_text(${JSON.stringify(value)}::jsonb) x)`;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return sql`${text}::${sql.raw(sqlType)}`;
}
