/**
 * The field list's "Checks" column beside required/unique: each value check a field carries, as a
 * short label (`≥ 0`, `≤ 100`, `2–50 chars`, the pattern itself), so an owner sees at a glance what
 * the server enforces. Pure, unit-tested.
 */
import type { FieldValidation } from '../../../contracts';

/** Translates a message id with values. */
type T = (id: string, values?: Record<string, string | number>) => string;

/** One label per check of `v`, in a fixed order: range, length, pattern. */
export function validationLabels(v: FieldValidation | undefined, t: T): { key: string; label: string; code?: boolean }[] {
  if (!v) return [];
  const out: { key: string; label: string; code?: boolean }[] = [];
  if (v.min !== undefined && v.max !== undefined) out.push({ key: 'range', label: `${v.min} – ${v.max}` });
  else if (v.min !== undefined) out.push({ key: 'range', label: `≥ ${v.min}` });
  else if (v.max !== undefined) out.push({ key: 'range', label: `≤ ${v.max}` });
  if (v.minLength !== undefined || v.maxLength !== undefined) {
    out.push({ key: 'length', label: t('field.validation.lengthLabel', { min: v.minLength ?? 0, max: v.maxLength ?? '∞' }) });
  }
  if (v.pattern) out.push({ key: 'pattern', label: v.pattern, code: true });
  return out;
}
