/**
 * Tags (`/admin/tag`): a name (unique case-insensitively among live tags) and a
 * colour, attached to any object through taggings `{ targetType, targetId }`. The tag's own
 * schemas are the resource kit's, derived from contracts/tags.resource.ts.
 */
import { z } from 'zod';
import { TARGET_TYPE_PATTERN } from './constants';
import type { ResourceCreateInput, ResourceRecord, ResourceUpdateInput } from './resource';
import { resourceSchemas } from './resource-zod';
import { tagResource, type TagResource } from './tags.resource';

export { TAG_COLOR_PATTERN, TARGET_TYPE_PATTERN } from './constants';

export { tagResource, type TagResource } from './tags.resource';

/** Every schema of /api/v1/tags (the resource kit's, from contracts/tags.resource.ts). */
export const tagSchemas = resourceSchemas(tagResource);

/** POST /api/v1/tags: `{ name (1–50), color (#rrggbb, stored lower-case) }`. */
export const tagCreateSchema = tagSchemas.create;
export type TagCreate = ResourceCreateInput<TagResource>;

/** PATCH /api/v1/tags/:id: `{ name?, color? }`, at least one. */
export const tagUpdateSchema = tagSchemas.update;
export type TagUpdate = ResourceUpdateInput<TagResource>;

/** A tag; `usage` = number of objects carrying it. */
export const tagSchema = tagSchemas.read;
export type Tag = ResourceRecord<TagResource>;

/** GET /api/v1/tags: `q` searches the name; `sort` `name|usage|createdAt|updatedAt:asc|desc` (default name:asc). */
export const tagListQuerySchema = tagSchemas.listQuery;
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
