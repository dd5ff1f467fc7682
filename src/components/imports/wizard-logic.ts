/**
 * The import wizard's pure decisions (ImportWizard, CheckTables), kept apart to be unit-tested:
 * which fields may be keys and which one is proposed, when the dry run's figures are stale, in
 * which order the columns show, what a row number means, and the JSON arrays a file offers.
 */
import type { ImportFormat, ImportSettings, JsonArrayChoice } from '../../../contracts';

/** Field types a key of update/upsert may have (the server's `canBeKey`: text, number and date-like). */
export const KEY_TYPES: ReadonlySet<string> = new Set([
  'text',
  'email',
  'url',
  'phone',
  'singleSelect',
  'autoNumber',
  'number',
  'money',
  'percent',
  'date',
  'datetime',
  'user',
]);

/** The little of a subject's field these decisions read. */
export interface KeyFieldLike {
  key: string;
  name: string;
  type: string;
  unique: boolean;
}

const mappedKeys = (mapping: ImportSettings['mapping']) => new Set(Object.values(mapping).filter(Boolean) as string[]);

/** The fields that may be keys: mapped, of a KEY_TYPES type, in the subject's field order. */
export function keyCandidates<F extends KeyFieldLike>(fields: readonly F[], mapping: ImportSettings['mapping']): F[] {
  const mapped = mappedKeys(mapping);
  return fields.filter((f) => mapped.has(f.key) && KEY_TYPES.has(f.type));
}

/**
 * The key fields proposed for update/upsert: the first unique field of the subject (field order)
 * that a column maps to and may be a key; none when no unique field is mapped.
 */
export function proposedKeyFields(fields: readonly KeyFieldLike[], mapping: ImportSettings['mapping']): string[] {
  const f = keyCandidates(fields, mapping).find((x) => x.unique);
  return f ? [f.key] : [];
}

/**
 * What the dry run's figures depend on, as a comparable string: the mapped columns (sorted), the
 * mode and, for update/upsert, the key fields. The on-error policy is not in it (it changes what a
 * run writes, not what the check finds). Figures checked with another signature are stale.
 */
export function checkSignature(s: Pick<ImportSettings, 'mapping' | 'mode' | 'keyFields'>): string {
  const mapped = Object.entries(s.mapping)
    .filter(([, key]) => key)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([mapped, s.mode, s.mode === 'insert' ? [] : s.keyFields]);
}

/** True when update/upsert has no key field chosen (the key picker shows it inline; the server would answer 400 keyFields). */
export const needsKey = (s: Pick<ImportSettings, 'mode' | 'keyFields'>) => s.mode !== 'insert' && s.keyFields.length === 0;

/**
 * The mapped columns in the file's column order (`headers`), each with its field key: the order of
 * the preview and of the mapping step (a batch's `mapping` comes back from the server in no
 * particular key order).
 */
export function mappedColumns(headers: readonly string[], mapping: ImportSettings['mapping']): { header: string; index: number; key: string }[] {
  return headers.flatMap((header, index) => {
    const key = mapping[header];
    return key ? [{ header, index, key }] : [];
  });
}

/** The message id saying what a row number means: JSON items count from 1; CSV/XLSX rows as in the file (header = row 1). */
export const rowNumberHint = (format: ImportFormat) => (format === 'json' ? 'imports.preview.rowHint.json' : 'imports.preview.rowHint.sheet');

/**
 * The keys of a JSON object holding arrays of objects, from an upload's 400 errors.import.jsonPick
 * (`conflict.jsonArrays`), and the one proposed (the only one, else none). Empty when the error
 * is another.
 */
export function jsonArraysOf(conflict: Record<string, unknown> | undefined): { arrays: JsonArrayChoice[]; proposed: string | undefined } {
  const raw = conflict?.jsonArrays;
  const arrays = Array.isArray(raw)
    ? (raw as unknown[]).filter((a): a is JsonArrayChoice => typeof a === 'object' && a !== null && typeof (a as JsonArrayChoice).key === 'string' && typeof (a as JsonArrayChoice).rows === 'number')
    : [];
  return { arrays, proposed: arrays.length === 1 ? arrays[0].key : undefined };
}
