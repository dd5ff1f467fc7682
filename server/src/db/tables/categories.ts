/**
 * The categories module's tables (server/src/modules/categories): the category tree and what is
 * filed in it. Re-exported by server/src/db/schema.ts.
 */
import { type AnyPgColumn, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt } from '../columns';

/** Categories (`/admin/category`): a tree ordered by `position` among siblings. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [index('categories_parent_id_idx').on(t.parentId, t.position)],
);

/** An object in a category (same target scheme as taggings). */
export const categorizations = pgTable(
  'categorizations',
  {
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.targetType, t.targetId] }),
    index('categorizations_target_idx').on(t.targetType, t.targetId),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
