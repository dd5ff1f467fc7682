/**
 * Categories (`/admin/category`): a tree (`parentId`, ordered by `position`
 * among siblings, from 0), attached to any object through categorizations `{ targetType, targetId }`.
 * A move that would put a category under itself or its descendants is refused (409, field
 * 'parentId'); a category with live children cannot be deleted (409): move or delete them first.
 */
import { z } from 'zod';
import { targetSchema } from './tags';

export const categoryNameSchema = z.string().trim().min(1, { message: 'errors.required' }).max(100);

/** POST /api/v1/categories: appended after its siblings. `parentId` null/absent = a root. */
export const categoryCreateSchema = z.object({
  name: categoryNameSchema,
  description: z.string().trim().max(2000).optional(),
  parentId: z.uuid().nullable().optional(),
});
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;

/** PATCH /api/v1/categories/:id: rename, describe. */
export const categoryUpdateSchema = z.object({
  name: categoryNameSchema.optional(),
  description: z.string().trim().max(2000).nullable().optional(),
});
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

/** PUT /api/v1/categories/:id/move: new parent (null = root) and index among its children (clamped). */
export const categoryMoveSchema = z.object({
  parentId: z.uuid().nullable(),
  position: z.number().int().min(0).max(100_000),
});
export type CategoryMove = z.infer<typeof categoryMoveSchema>;

/** A category as the tree lists it. */
export const categorySchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  /** Objects in this category. */
  usage: z.number().int(),
  /** Objects in this category and every live descendant. */
  subtreeUsage: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /api/v1/categories/:id: the category, its ancestors (root first) and its children. */
export const categoryDetailSchema = categorySchema.extend({
  path: z.array(z.object({ id: z.string(), name: z.string() })),
  children: z.array(categorySchema),
});
export type CategoryDetail = z.infer<typeof categoryDetailSchema>;

/** PUT /api/v1/categories/assign: replaces the target's set of (live) categories (≤ 50). */
export const categoryAssignSchema = targetSchema.extend({ categoryIds: z.array(z.uuid()).max(50) });
export type CategoryAssign = z.infer<typeof categoryAssignSchema>;
