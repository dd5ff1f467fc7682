/**
 * Server field errors of a record write onto the record form: the API names a value
 * `values.<key>` (or `<key>`); the form's items are named by field key, so each message stands
 * under its field and everything typed stays in place.
 */
import type { FormInstance } from 'antd';
import { ApiError } from '../../services/api-error';

/** antd `setFields` input from a failed record write: `[{ name: ['amount'], errors: ['…'] }]`. */
export function recordFormFields(error: unknown, keys: string[]): { name: string[]; errors: string[] }[] {
  if (!(error instanceof ApiError)) return [];
  const known = new Set(keys);
  const byKey = new Map<string, string[]>();
  for (const d of error.details) {
    const key = d.field.replace(/^values\./, '').split('.')[0];
    if (!known.has(key)) continue;
    byKey.set(key, [...(byKey.get(key) ?? []), d.message]);
  }
  return [...byKey].map(([key, errors]) => ({ name: [key], errors }));
}

/** Puts a failed record write's field errors under the fields; answers how many fields got one. */
export function showRecordErrors(form: FormInstance, error: unknown, keys: string[]): number {
  const fields = recordFormFields(error, keys);
  form.setFields(fields);
  return fields.length;
}
