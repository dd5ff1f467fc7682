/**
 * The columns of a record query (contracts/records.ts RecordQueryDefinition): the subject's field
 * keys, the record's SYSTEM_COLUMNS, and `relationKey.targetFieldKey` one level through a relation
 * field. Pure functions (columns.test.ts): the choices of the column picker, what a column key
 * means (its title and the field that formats its values), the sortable columns, the default
 * columns of a subject, and a readable place for a 400's `details[].field` path.
 */
import type { Field, SubjectDetail } from '../../../../contracts';

/** The record's own columns (contracts/records.ts SYSTEM_COLUMNS), in the picker's order. */
export const SYSTEM_COLUMN_KEYS = ['id', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy'] as const;
export type SystemColumnKey = (typeof SYSTEM_COLUMN_KEYS)[number];

/** At most this many columns and sorts in one query (contracts/records.ts). */
export const MAX_COLUMNS = 100;
export const MAX_SORTS = 5;

type ColumnField = Pick<Field, 'key' | 'name' | 'type' | 'options'>;

/** Relation field id → its target subject (loaded by the page). */
export type RelationTargets = Record<string, Pick<SubjectDetail, 'id' | 'name' | 'fields'> | undefined>;

/** A system column as a field (its type formats its values; `id` as text). */
export function systemField(key: SystemColumnKey, name: string): ColumnField {
  return { key, name, type: key === 'id' ? 'text' : key, options: {} };
}

/** What a column shows: its header (`relation › target field` through a relation) and the field that formats its values. */
export interface ResolvedColumn {
  key: string;
  title: string;
  field: ColumnField;
  /** The relation field a dotted column goes through. */
  via?: ColumnField;
}

/** The relation fields of a subject (one level). */
export function relationFields(subject: Pick<SubjectDetail, 'fields'>): Field[] {
  return subject.fields.filter((f) => f.type === 'relation' && !!f.options.targetSubjectId);
}

/** Resolves a column key; null when the subject (or the relation's target) has no such column. */
export function resolveColumn(
  key: string,
  subject: Pick<SubjectDetail, 'fields'>,
  targets: RelationTargets,
  systemNames: Record<SystemColumnKey, string>,
): ResolvedColumn | null {
  if ((SYSTEM_COLUMN_KEYS as readonly string[]).includes(key)) {
    const k = key as SystemColumnKey;
    return { key, title: systemNames[k], field: systemField(k, systemNames[k]) };
  }
  const dot = key.indexOf('.');
  if (dot < 0) {
    const field = subject.fields.find((f) => f.key === key);
    return field ? { key, title: field.name, field } : null;
  }
  const via = subject.fields.find((f) => f.key === key.slice(0, dot) && f.type === 'relation');
  const target = via ? targets[via.id] : undefined;
  const rest = key.slice(dot + 1);
  if (!via || !target) return null;
  const sys = (SYSTEM_COLUMN_KEYS as readonly string[]).includes(rest) ? systemField(rest as SystemColumnKey, systemNames[rest as SystemColumnKey]) : undefined;
  const field = sys ?? target.fields.find((f) => f.key === rest);
  return field ? { key, title: `${via.name} › ${field.name}`, field, via } : null;
}

export interface ColumnOption {
  value: string;
  label: string;
}
export interface ColumnOptionGroup {
  label: string;
  /** `fields`, `system` or the relation field's key. */
  key: string;
  options: ColumnOption[];
}

/** The picker's choices: the fields, the system columns, then one group per relation with its target's fields. */
export function columnOptions(
  subject: Pick<SubjectDetail, 'fields'>,
  targets: RelationTargets,
  names: { fields: string; system: string; systemNames: Record<SystemColumnKey, string>; via: (relation: string, target: string) => string },
): ColumnOptionGroup[] {
  const groups: ColumnOptionGroup[] = [
    { key: 'fields', label: names.fields, options: subject.fields.map((f) => ({ value: f.key, label: f.name })) },
    { key: 'system', label: names.system, options: SYSTEM_COLUMN_KEYS.map((k) => ({ value: k, label: names.systemNames[k] })) },
  ];
  for (const r of relationFields(subject)) {
    const target = targets[r.id];
    if (!target) continue;
    groups.push({
      key: r.key,
      label: names.via(r.name, target.name),
      options: target.fields.map((f) => ({ value: `${r.key}.${f.key}`, label: `${r.name} › ${f.name}` })),
    });
  }
  return groups;
}

/** Filter columns through each relation: the target's fields as `relationKey.targetKey`, named `relation › field`. */
export function relationFilterFields(subject: Pick<SubjectDetail, 'fields'>, targets: RelationTargets): ColumnField[] {
  return relationFields(subject).flatMap((r) =>
    (targets[r.id]?.fields ?? []).map((f) => ({ key: `${r.key}.${f.key}`, name: `${r.name} › ${f.name}`, type: f.type, options: f.options })),
  );
}

/** Types a query cannot sort on (lists, rich text, files). */
const UNSORTABLE: readonly Field['type'][] = ['multiSelect', 'attachment', 'richText'];

const sortable = (f: Pick<Field, 'type' | 'options'>) => !UNSORTABLE.includes(f.type) && !(f.type === 'relation' && f.options.multiple);

/**
 * The columns a query may sort on: the subject's own sortable fields, the system columns, and the
 * sortable fields of one-relations' targets (`relationKey.targetKey`; a many-relation cannot sort).
 */
export function sortableColumns(
  subject: Pick<SubjectDetail, 'fields'>,
  systemNames: Record<SystemColumnKey, string>,
  targets: RelationTargets = {},
): ColumnOption[] {
  return [
    ...subject.fields.filter(sortable).map((f) => ({ value: f.key, label: f.name })),
    ...SYSTEM_COLUMN_KEYS.map((k) => ({ value: k, label: systemNames[k] })),
    ...relationFields(subject)
      .filter((r) => !r.options.multiple)
      .flatMap((r) => (targets[r.id]?.fields ?? []).filter(sortable).map((f) => ({ value: `${r.key}.${f.key}`, label: `${r.name} › ${f.name}` }))),
  ];
}

/** The columns a subject starts with: its display field first, then fields in order, at most 8. */
export function defaultColumns(subject: Pick<SubjectDetail, 'fields' | 'displayField'>): string[] {
  const keys = subject.fields.filter((f) => f.type !== 'richText').map((f) => f.key);
  const first = subject.displayField && keys.includes(subject.displayField) ? [subject.displayField] : [];
  const out = [...first, ...keys.filter((k) => !first.includes(k))].slice(0, 8);
  return out.length > 0 ? out : ['id', 'createdAt'];
}

/**
 * Where a 400's detail points, for people: `definition.columns.3` → { part: 'columns', index: 3,
 * item: the column key }, `definition.sort.1.field` → sort 1, `definition.filter…` → filter,
 * `name`/`description` as they are; anything else → 'other'.
 */
export function errorPlace(
  path: string,
  definition: { columns?: string[]; sort?: { field: string }[] },
): { part: 'columns' | 'sort' | 'filter' | 'q' | 'subject' | 'name' | 'description' | 'other'; index?: number; item?: string } {
  const parts = path.split('.');
  const head = parts[0] === 'definition' ? parts.slice(1) : parts;
  const index = head[1] !== undefined && /^\d+$/.test(head[1]) ? Number(head[1]) : undefined;
  switch (head[0]) {
    case 'columns':
      return { part: 'columns', index, item: index === undefined ? undefined : definition.columns?.[index] };
    case 'sort':
      return { part: 'sort', index, item: index === undefined ? undefined : definition.sort?.[index]?.field };
    case 'filter':
      return { part: 'filter' };
    case 'q':
      return { part: 'q' };
    case 'subjectId':
      return { part: 'subject' };
    case 'name':
    case 'description':
      return { part: head[0] };
    default:
      return { part: 'other' };
  }
}
