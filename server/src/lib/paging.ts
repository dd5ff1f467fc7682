/**
 * List query parameters (docs/product.md "API conventions"): contracts' `current` (from 1) and
 * `pageSize` (1–100, default 20) plus `q`, a case-insensitive substring search.
 */
import { z } from 'zod';
import { pageQuerySchema } from '../../../contracts';

export const listQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** `q` as an ILIKE pattern matching it anywhere (`%`, `_` and `\` escaped), or undefined when empty. */
export function likePattern(q: string | undefined): string | undefined {
  if (!q) return undefined;
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Row offset of page `current` (from 1) of `pageSize` rows. */
export function offsetOf(query: { current: number; pageSize: number }): number {
  return (query.current - 1) * query.pageSize;
}
