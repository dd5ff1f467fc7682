/**
 * The recycle module's table (server/src/modules/recycle, core/recycle.registry.ts). Re-exported by
 * server/src/db/schema.ts.
 */
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The recycle bin (modules/recycle): one row per soft-deleted object of any type, so the bin pages
 * across types in SQL. The object itself carries `deleted_at` too; restore and purge dispatch on
 * `type` to the handler its module registered (core/recycle.registry.ts).
 */
export const recycleBin = pgTable(
  'recycle_bin',
  {
    type: text('type').notNull(),
    targetId: text('target_id').notNull(),
    /** What the bin shows: a user's e-mail, a group's name… */
    label: text('label').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    deletedBy: uuid('deleted_by'),
    deletedByLabel: text('deleted_by_label'),
    /** What the module wants to keep for the restore (e.g. counts of relations). */
    details: jsonb('details'),
  },
  (t) => [primaryKey({ columns: [t.type, t.targetId] }), index('recycle_bin_deleted_at_idx').on(t.deletedAt)],
);

export type RecycleBinRow = typeof recycleBin.$inferSelect;
