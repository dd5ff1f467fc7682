/**
 * What filters, sorts and queries may name beside field keys: the record's own columns
 * (contracts SYSTEM_COLUMNS: id, createdAt, createdBy, updatedAt, updatedBy), and how each name
 * reads in SQL from the record row alias (`r` unless told).
 */
import type { SQL } from 'drizzle-orm';
import { SYSTEM_COLUMNS, type SystemColumn } from '../../../../contracts';
import { columnOf } from '../subjects/ddl';
import type { FieldDef, SubjectDef } from '../subjects/subject-def';
import { kindOf, type ValueKind } from '../subjects/values';

/** A name a filter or sort may use: a field of the subject, or one of the record's own columns. */
export interface ColumnRef {
  /** The name as written (field key or SYSTEM_COLUMNS name). */
  key: string;
  kind: ValueKind;
  /** The field, or null for a system column. */
  field: FieldDef | null;
  /** The column read from the row alias; null for a many-relation (its ids are in record_links). */
  expr: SQL | null;
  /** The operators' type: the field's type, or the system column's ('id' for the record id). */
  type: FieldDef['type'] | 'id';
}

const SYSTEM: Record<SystemColumn, { column: string; kind: ValueKind; type: FieldDef['type'] | 'id' }> = {
  id: { column: 'id', kind: 'uuid', type: 'id' },
  createdAt: { column: 'created_at', kind: 'datetime', type: 'createdAt' },
  createdBy: { column: 'created_by', kind: 'uuid', type: 'createdBy' },
  updatedAt: { column: 'updated_at', kind: 'datetime', type: 'updatedAt' },
  updatedBy: { column: 'updated_by', kind: 'uuid', type: 'updatedBy' },
};

/** `alias.column` as SQL (subjects/ddl.ts, where the identifiers are made). */
export { columnOf };

/**
 * The column `key` names in `subject`: a live field's key, else a SYSTEM_COLUMNS name; undefined
 * when it is neither.
 */
export function columnRef(subject: SubjectDef, key: string, alias = 'r'): ColumnRef | undefined {
  const field = subject.fields.find((f) => f.key === key);
  if (field)
    return { key, kind: kindOf(field), field, expr: field.column ? columnOf(alias, field.column) : null, type: field.type };
  if ((SYSTEM_COLUMNS as readonly string[]).includes(key)) {
    const s = SYSTEM[key as SystemColumn];
    return { key, kind: s.kind, field: null, expr: columnOf(alias, s.column), type: s.type };
  }
  return undefined;
}
