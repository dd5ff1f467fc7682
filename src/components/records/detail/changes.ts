/** What an edit changed: pure helpers of the record form (tested without rendering). */
import { isEqual } from 'lodash';

/** The keys whose value in `values` differs from `base` (undefined = untouched; null and undefined alike in `base`). */
export function changedKeys(values: Record<string, unknown>, base: Record<string, unknown>, keys: string[]): string[] {
  return keys.filter((k) => values[k] !== undefined && !isEqual(values[k] ?? null, base[k] ?? null));
}
