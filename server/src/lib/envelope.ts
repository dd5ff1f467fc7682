/**
 * Builders of the success envelopes of contracts/envelope.ts, so handlers end in one line.
 */
import type { Ok, Page } from '../../../contracts';

/** `{ success: true, data }`. */
export function ok<T>(data: T): Ok<T> {
  return { success: true, data };
}

/** ProTable's list shape `{ success, data, total, current, pageSize }` (docs/product.md "API conventions"). */
export function page<T>(data: T[], total: number, current: number, pageSize: number): Page<T> {
  return { success: true, data, total, current, pageSize };
}
