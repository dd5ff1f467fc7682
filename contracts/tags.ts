/**
 * Tags (`/admin/tag`): a name (unique case-insensitively among live tags) and a
 * colour, attached to any object through taggings `{ targetType, targetId }`.
 */
import { z } from 'zod';
import { TAG_COLOR_PATTERN, TARGET_TYPE_PATTERN } from './constants';
import { pageQuerySchema } from './envelope';

export { TAG_COLOR_PATTERN, TARGET_TYPE_PATTERN } from './constants';

export const tagNameSchema = z.string().trim().min(1, { message: 'errors.required' }).max(50);
export const tagColorSchema = z.string().trim().regex(TAG_COLOR_PATTERN, { message: 'errors.tag.color' });

/** POST /api/v1/tags. */
export const tagCreateSchema = z.object({ name: tagNameSchema, color: tagColorSchema });
export type TagCreate = z.infer<typeof tagCreateSchema>;

/** PATCH /api/v1/tags/:id. */
export const tagUpdateSchema = z.object({ name: tagNameSchema.optional(), color: tagColorSchema.optional() });
export type TagUpdate = z.infer<typeof tagUpdateSchema>;

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  /** Number of objects carrying the tag. */
  usage: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** GET /api/v1/tags: `q` searches the name; `sort` `name|usage|createdAt:asc|desc` (default name:asc). */
export const tagListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sort: z.string().regex(/^(name|usage|createdAt):(asc|desc)$/, { message: 'errors.sort' }).optional(),
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

/** The object tags or categories attach to. */
export const targetSchema = z.object({
  targetType: z.string().regex(TARGET_TYPE_PATTERN, { message: 'errors.target.type' }),
  targetId: z.string().trim().min(1).max(64),
});
export type Target = z.infer<typeof targetSchema>;

/** PUT /api/v1/tags/assign: replaces the target's set of (live) tags with `tagIds` (≤ 50). */
export const tagAssignSchema = targetSchema.extend({ tagIds: z.array(z.uuid()).max(50) });
export type TagAssign = z.infer<typeof tagAssignSchema>;
