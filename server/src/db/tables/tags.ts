/**
 * The tags module's tables (server/src/modules/tags, contracts/tags.resource.ts): tags and what
 * carries them. Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, softDelete, updatedAt } from '../columns';

/** Tags (`/admin/tag`): a name and a colour, attached to anything through `taggings`. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('tags_name_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)],
);

/** A tag on an object: `target_type` names the kind ('record', 'user', …), `target_id` its id. */
export const taggings = pgTable(
  'taggings',
  {
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.targetType, t.targetId] }), index('taggings_target_idx').on(t.targetType, t.targetId)],
);

export type TagRow = typeof tags.$inferSelect;
