/**
 * The variables module's table (server/src/modules/variables, contracts/variables.resource.ts).
 * Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { VARIABLE_TYPES } from '../../../../contracts/variables.constants';
import { createdAt, softDelete, updatedAt } from '../columns';
import { applications } from './users-and-applications';

/**
 * Variables (`/admin/variable`): global (application_id null) or one application's. A secret's
 * value is never stored in `value`: `secret` holds AES-256-GCM `iv.tag.ciphertext` (base64url).
 */
export const variables = pgTable(
  'variables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    type: text('type', { enum: VARIABLE_TYPES }).notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    value: text('value'),
    secret: text('secret'),
    description: text('description'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [
    uniqueIndex('variables_key_scope_key')
      .on(t.key, sql`coalesce(${t.applicationId}, '00000000-0000-0000-0000-000000000000'::uuid)`)
      .where(sql`${t.deletedAt} is null`),
    check('variables_type_check', sql`${t.type} in ('text', 'number', 'json', 'secret')`),
  ],
);

export type VariableRow = typeof variables.$inferSelect;
