/**
 * Source columns → subject fields (docs/connectors.md "Making a subject from a table"): the field
 * type proposed for each source type, the field key made from a column name, and the cell
 * normalisation a sync applies before the imports' coercion. Pure functions.
 */
import { FIELD_KEY_PATTERN, RESERVED_FIELD_KEYS, type FieldType, type SourceColumn } from '../../../../contracts';
import { isReservedWord } from '../../../../contracts/reserved';

/** Why a column gets no proposed field (a message key of CONNECTORS_MESSAGES). */
export type PlanReason = 'errors.connector.plan.binary' | 'errors.connector.plan.keyInvalid';

/**
 * The field type for a source type name (PostgreSQL's format_type, MySQL's column_type, REST's
 * JSON type, `text` for files), or a reason when none fits:
 * integers, numerics and floats → number; boolean, bool, tinyint(1), bit(1) → boolean; date →
 * date; timestamp*, datetime → datetime; json, jsonb, arrays, objects, longtext/mediumtext,
 * varchar longer than 500 → longText (PostgreSQL's unbounded `text` → text: mostly names and codes;
 * the user may change it in the plan); binary types (bytea, blob, binary, varbinary, bit(n>1)) →
 * none (binary); anything else (varchar, char, uuid, enum, time, interval, inet…) → text.
 */
export function fieldTypeFor(sourceType: string): { type: FieldType | null; reason: PlanReason | null } {
  const t = sourceType.toLowerCase().trim();
  if (/^(bytea|(tiny|medium|long)?blob|binary|varbinary)\b/.test(t) || /^bit\((?!1\))\d+\)/.test(t) || /^bit varying/.test(t))
    return { type: null, reason: 'errors.connector.plan.binary' };
  if (/^(boolean|bool)$/.test(t) || /^tinyint\(1\)/.test(t) || /^bit(\(1\))?$/.test(t)) return { type: 'boolean', reason: null };
  if (t.endsWith('[]') || t === 'array' || t === 'object' || /^jsonb?$/.test(t)) return { type: 'longText', reason: null };
  if (/^(smallint|integer|bigint|int|int2|int4|int8|tinyint|mediumint|serial|bigserial|smallserial|numeric|decimal|real|double|float|number)\b/.test(t))
    return { type: 'number', reason: null };
  if (/^date$/.test(t)) return { type: 'date', reason: null };
  if (/^(timestamp|datetime)/.test(t)) return { type: 'datetime', reason: null };
  if (/^(longtext|mediumtext)$/.test(t)) return { type: 'longText', reason: null };
  const len = /^(character varying|varchar|char|character|nvarchar)\((\d+)\)/.exec(t);
  if (len && Number(len[2]) > 500) return { type: 'longText', reason: null };
  return { type: 'text', reason: null };
}

/**
 * A field key from a column name: lower case, runs of anything but letters, digits and `_` made
 * one `_`, a leading non-letter prefixed with `c_`, at most 40 characters, `id` (reserved) →
 * `source_id`; made unique among `taken` with `_2`, `_3`… null when nothing usable is left.
 */
export function fieldKeyFor(column: string, taken: Set<string>): string | null {
  let k = column
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!k) return null;
  if (!/^[a-z]/.test(k)) k = `c_${k}`;
  if ((RESERVED_FIELD_KEYS as readonly string[]).includes(k)) k = `source_${k}`;
  k = k.slice(0, 40);
  let out = k;
  for (let i = 2; taken.has(out); i += 1) out = `${k.slice(0, 40 - String(i).length - 1)}_${i}`;
  if (!FIELD_KEY_PATTERN.test(out)) return null;
  taken.add(out);
  return out;
}

/** A subject key from a table name (as fieldKeyFor; a reserved word gets the suffix `_data`). */
export function subjectKeyFor(table: string): string {
  const k = fieldKeyFor(table, new Set()) ?? 'source';
  return isReservedWord(k) ? `${k.slice(0, 35)}_data` : k;
}

/** The proposed fields of `columns` (in order). */
export function planColumns(columns: readonly SourceColumn[]) {
  const taken = new Set<string>();
  return columns.map((c) => {
    const { type, reason } = fieldTypeFor(c.sourceType);
    const key = type ? fieldKeyFor(c.name, taken) : null;
    const why: PlanReason | null = reason ?? (key ? null : 'errors.connector.plan.keyInvalid');
    return { column: c.name, sourceType: c.sourceType, key, name: c.name.slice(0, 100), type, required: false, include: why === null, reason: why };
  });
}

/**
 * A source cell as the imports read it, for a field of `type`: a PostgreSQL timestamp with time
 * zone (`2026-01-02 03:04:05.6+08`) becomes ISO 8601 (`2026-01-02T03:04:05.6+08:00`); null
 * becomes '' (empty). Everything else is left to the imports' coercion (imports.coerce.ts).
 */
export function cellFor(type: FieldType | undefined, value: string | null): string {
  if (value === null) return '';
  if (type === 'datetime') {
    const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2})(?::?(\d{2}))?$/.exec(value.trim());
    if (m) return `${m[1]}T${m[2]}${m[3]}:${m[4] ?? '00'}`;
  }
  return value;
}
