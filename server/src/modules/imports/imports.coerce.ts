/**
 * Cell text → the JSON value a record write takes (contracts/records.ts, per field type), BEFORE
 * the records module's one validation function (`validateValues`, subjects/values.ts) checks it.
 * Coercion only reshapes what a spreadsheet cannot express as JSON; it never judges a value:
 * - booleans: true/false, yes/no, y/n, 1/0, 是/否, 对/错 (any case); anything else is refused here
 *   (errors.import.boolean) because the record API only takes JSON true/false;
 * - lists (multi select, many-relation, attachments): items split on ',' ';' or new lines, trimmed
 *   (what the grid export writes: items joined with ', ');
 * - numbers: thousands separators '1,234.50' dropped; dates 'YYYY/M/D' → 'YYYY-MM-DD', a
 *   midnight-UTC datetime → its date; datetimes without a zone ('2026-11-22 08:30') are UTC;
 * - everything else: the text as is ('' = empty).
 */
import { bignumber } from '../../lib/decimal';
import { storageOf } from '../subjects/field-types';
import type { FieldDef } from '../subjects/subject-def';
import { kindOf, ValueError, type FieldValue } from '../subjects/values';

const TRUE = new Set(['true', 'yes', 'y', '1', '是', '对', 't', 'on', '√']);
const FALSE = new Set(['false', 'no', 'n', '0', '否', '错', 'f', 'off', '×']);

const splitList = (text: string) =>
  text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** The JSON value of a cell of `field` (module comment). @throws ValueError for a boolean it cannot read. */
export function coerceCell(field: Pick<FieldDef, 'type' | 'options'>, text: string): unknown {
  const t = text.trim();
  const kind = kindOf(field);
  if (t === '') return null;
  switch (kind) {
    case 'boolean': {
      const low = t.toLowerCase();
      if (TRUE.has(low)) return true;
      if (FALSE.has(low)) return false;
      throw new ValueError('errors.import.boolean');
    }
    case 'textArray':
    case 'uuidArray':
    case 'links':
      return splitList(t);
    case 'number':
      return /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(t) ? t.replace(/,/g, '') : t;
    case 'date': {
      const slash = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(t);
      if (slash) return `${slash[1]}-${slash[2].padStart(2, '0')}-${slash[3].padStart(2, '0')}`;
      const midnight = /^(\d{4}-\d{2}-\d{2})T00:00(:00(\.0+)?)?Z$/i.exec(t);
      return midnight ? midnight[1] : t;
    }
    case 'datetime': {
      if (/^\d{4}-\d{2}-\d{2}$/.test(t)) return `${t}T00:00:00Z`;
      const bare = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/.exec(t);
      return bare ? `${bare[1]}T${bare[2]}Z` : t;
    }
    default:
      // text fields keep the cell as written (longText keeps its spaces); others trimmed
      return field.type === 'longText' || field.type === 'richText' ? text : t;
  }
}

/** Field types that may be key fields of an update/upsert: single values compared exactly. */
export function canBeKey(field: Pick<FieldDef, 'type' | 'options' | 'column'>): boolean {
  if (!field.column) return false;
  if (field.type === 'longText' || field.type === 'richText' || field.type === 'formula') return false;
  return ['text', 'number', 'date', 'datetime', 'uuid'].includes(kindOf(field));
}

/** A key value as comparable text: numbers without trailing fraction zeros ('1.50' = '1.5'). */
export function keyText(field: Pick<FieldDef, 'type' | 'options'>, value: FieldValue): string {
  if (value === null) return '';
  if (kindOf(field) === 'number') {
    try {
      return bignumber(String(value)).toFixed();
    } catch {
      return String(value);
    }
  }
  return String(value);
}

/** The SQL type of a field's column (key matching casts parameter arrays to it). */
export const columnTypeOf = (field: Pick<FieldDef, 'type' | 'options'>): string => storageOf(field.type, field.options).sqlType ?? 'text';
