/**
 * The groups module's tables (server/src/modules/groups): groups, their members and their
 * application roles. Re-exported by server/src/db/schema.ts.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APP_ROLES } from '../../../../contracts/constants';
import { createdAt, softDelete, updatedAt } from '../columns';
import { users, applications } from './users-and-applications';

/** Groups of users (docs/product.md "Roles": members of an application are users or groups). */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...softDelete(),
  },
  (t) => [uniqueIndex('groups_name_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`)],
);

/** Users in groups. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_id_idx').on(t.userId)],
);

/**
 * Application roles granted to a whole group. A user's effective role in an application is the
 * highest of their own membership and the grants of the (not deleted) groups they are in.
 */
export const groupGrants = pgTable(
  'group_grants',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    role: text('role', { enum: APP_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.groupId] }),
    index('group_grants_group_id_idx').on(t.groupId),
    check('group_grants_role_check', sql`${t.role} in ('owner', 'editor', 'viewer')`),
  ],
);

export type GroupRow = typeof groups.$inferSelect;
