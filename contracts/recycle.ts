/**
 * The recycle bin (docs/product.md "Platform"): every soft-deleted object of every
 * type, restorable (with the relations it had) or purged for good; a retention setting purges
 * what has been in the bin longer than N days. Administrators only.
 */
import { z } from 'zod';
import { RECYCLE_RETENTION_MAX_DAYS } from './constants';
import { pageQuerySchema } from './envelope';

export { RECYCLABLE_TYPES, RECYCLE_RETENTION_KEY, RECYCLE_RETENTION_MAX_DAYS } from './constants';
export type { RecyclableType } from './constants';

/** A bin type as it appears in URLs and filters: lower-case letters, digits, `-`, `_`. */
export const recycleTypeSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9_-]*$/);

/** One object in the bin as GET /api/v1/recycle lists it. `deletedAt` ISO 8601. */
export const recycleEntrySchema = z.object({
  /** 'user', 'group', 'tag'… (RECYCLABLE_TYPES). */
  type: z.string(),
  /** The object's id. */
  targetId: z.string(),
  /** What names it: a user's e-mail, a group's name… */
  label: z.string(),
  deletedAt: z.string(),
  /** The account that deleted it (null: the shell or the system). */
  deletedBy: z.string().nullable(),
  deletedByLabel: z.string().nullable(),
  /** What the module kept for the restore (counts of relations…). */
  details: z.unknown(),
});
export type RecycleEntry = z.infer<typeof recycleEntrySchema>;

/**
 * GET /api/v1/recycle: `type` exact; `q` a case-insensitive substring of the label; `sort`
 * `deletedAt:desc` (default, newest first) or `deletedAt:asc`.
 */
export const recycleQuerySchema = pageQuerySchema.extend({
  type: recycleTypeSchema.optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(['deletedAt:desc', 'deletedAt:asc']).default('deletedAt:desc'),
});
export type RecycleQuery = z.infer<typeof recycleQuerySchema>;

/** Path parameters of restore and purge. */
export const recycleTargetParamsSchema = z.object({
  type: recycleTypeSchema,
  id: z.string().min(1).max(200),
});

/** GET/PUT /api/v1/recycle/retention: days an object stays in the bin before it is purged; 0 = forever. */
export const recycleRetentionSchema = z.object({
  days: z.number().int().min(0).max(RECYCLE_RETENTION_MAX_DAYS),
});
export type RecycleRetention = z.infer<typeof recycleRetentionSchema>;
