/**
 * The settings module's table (server/src/modules/settings). Re-exported by
 * server/src/db/schema.ts.
 */
import { jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from '../columns';

/** System settings (`/admin/system`): one row per key, the value as JSON (contracts/settings.ts). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid('updated_by'),
});
