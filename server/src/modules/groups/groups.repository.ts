/**
 * SQL of groups, their members and their application grants (docs/code-style.md "Server in layers":
 * SQL lives in the repository). Deleted groups (`deleted_at` set: in the recycle bin) are invisible to every
 * lookup here except the `…IncludingDeleted` ones; deleted users are not listed as members.
 */
import { and, asc, count, desc, eq, exists, ilike, isNull, or, sql } from 'drizzle-orm';
import type { AppRole } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { applications, groupGrants, groupMembers, groups, users, type GroupRow } from '../../db/schema';

const liveGroup = isNull(groups.deletedAt);
// Drizzle leaves columns unqualified in a one-table select: subqueries name the outer row explicitly.
const outerGroupId = sql.raw('"groups"."id"');
const memberCountSql = sql<number>`(select count(*)::int from group_members cm join users cu on cu.id = cm.user_id and cu.deleted_at is null
  where cm.group_id = ${outerGroupId})`;
const grantCountSql = sql<number>`(select count(*)::int from group_grants cg where cg.group_id = ${outerGroupId})`;

/** A group with its counts. */
export interface GroupListRow {
  group: GroupRow;
  memberCount: number;
  grantCount: number;
}

/** Inserts a group. @throws a unique violation (23505) when a live group has the name (any case). */
export async function insertGroup(db: Executor, group: { name: string; description: string | null }): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(group).returning();
  return row;
}

/** The live group `id` with its counts, or undefined. */
export async function findGroup(db: Executor, id: string): Promise<GroupListRow | undefined> {
  const [row] = await db
    .select({ group: groups, memberCount: memberCountSql, grantCount: grantCountSql })
    .from(groups)
    .where(and(eq(groups.id, id), liveGroup))
    .limit(1);
  return row;
}

/** The live group `id`, locked until the transaction ends, or undefined. */
export async function lockGroup(db: Executor, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(and(eq(groups.id, id), liveGroup)).limit(1).for('update');
  return row;
}

/** The group `id`, deleted or not, locked, or undefined. */
export async function lockGroupIncludingDeleted(db: Executor, id: string): Promise<GroupRow | undefined> {
  const [row] = await db.select().from(groups).where(eq(groups.id, id)).limit(1).for('update');
  return row;
}

/** True when a live group other than `exceptId` has this name, case-insensitively. */
export async function liveGroupNameExists(db: Executor, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(sql`lower(${groups.name}) = lower(${name})`, liveGroup, exceptId ? sql`${groups.id} <> ${exceptId}` : undefined))
    .limit(1);
  return row !== undefined;
}

const sortColumns = { name: groups.name, createdAt: groups.createdAt, memberCount: memberCountSql } as const;

/** One page of live groups: `pattern` ILIKE on name; `userId` = groups that user is in; sort (default name). */
export async function listGroups(
  db: Executor,
  opts: {
    pattern?: string;
    userId?: string;
    sort?: { field: keyof typeof sortColumns; desc: boolean };
    limit: number;
    offset: number;
  },
): Promise<{ rows: GroupListRow[]; total: number }> {
  const where = and(
    liveGroup,
    opts.pattern ? or(ilike(groups.name, opts.pattern), ilike(groups.description, opts.pattern)) : undefined,
    opts.userId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(groupMembers)
            .where(and(eq(groupMembers.groupId, outerGroupId), eq(groupMembers.userId, opts.userId))),
        )
      : undefined,
  );
  const sort = opts.sort ?? { field: 'name', desc: false };
  const column = sortColumns[sort.field];
  const rows = await db
    .select({ group: groups, memberCount: memberCountSql, grantCount: grantCountSql })
    .from(groups)
    .where(where)
    .orderBy(sort.desc ? desc(column) : asc(column), asc(groups.name), asc(groups.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(groups).where(where);
  return { rows, total: n };
}

/** Updates name/description (and updated_at); returns the row. @throws 23505 for a taken name. */
export async function updateGroup(db: Executor, id: string, changes: { name?: string; description?: string | null }): Promise<GroupRow> {
  const [row] = await db
    .update(groups)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(groups.id, id))
    .returning();
  return row;
}

/** Touches `updated_at` (members or grants changed). */
export async function touchGroup(db: Executor, id: string): Promise<void> {
  await db.update(groups).set({ updatedAt: new Date() }).where(eq(groups.id, id));
}

/** Sets or clears `deleted_at`/`deleted_by`. */
export async function setGroupDeleted(db: Executor, id: string, deleted: { at: Date; by: string | null } | null): Promise<void> {
  await db
    .update(groups)
    .set({ deletedAt: deleted?.at ?? null, deletedBy: deleted?.by ?? null })
    .where(eq(groups.id, id));
}

/** Deletes a group for good (members and grants cascade). */
export async function hardDeleteGroup(db: Executor, id: string): Promise<void> {
  await db.delete(groups).where(eq(groups.id, id));
}

/** One page of a group's live members (by name, e-mail); `pattern` ILIKE on name or e-mail. */
export async function listGroupMembers(
  db: Executor,
  groupId: string,
  opts: { pattern?: string; limit: number; offset: number },
): Promise<{ rows: { userId: string; name: string; email: string; disabled: boolean; addedAt: Date }[]; total: number }> {
  const where = and(
    eq(groupMembers.groupId, groupId),
    isNull(users.deletedAt),
    opts.pattern ? or(ilike(users.name, opts.pattern), ilike(users.email, opts.pattern)) : undefined,
  );
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, disabled: users.disabled, addedAt: groupMembers.createdAt })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(where)
    .orderBy(asc(users.name), asc(users.email))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(groupMembers).innerJoin(users, eq(users.id, groupMembers.userId)).where(where);
  return { rows, total: n };
}

/** Adds a member. @returns false when the user already was one. */
export async function insertGroupMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const rows = await db.insert(groupMembers).values({ groupId, userId }).onConflictDoNothing().returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

/** Removes a member. @returns false when the user was not one. */
export async function deleteGroupMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
    .returning({ userId: groupMembers.userId });
  return rows.length > 0;
}

/** The group's grants in live applications with their slug and name, by application name. */
export async function listGrants(
  db: Executor,
  groupId: string,
): Promise<{ applicationId: string; slug: string; name: string; role: AppRole }[]> {
  return db
    .select({ applicationId: applications.id, slug: applications.slug, name: applications.name, role: groupGrants.role })
    .from(groupGrants)
    .innerJoin(applications, and(eq(applications.id, groupGrants.applicationId), isNull(applications.deletedAt)))
    .where(eq(groupGrants.groupId, groupId))
    .orderBy(asc(applications.name), asc(applications.slug));
}

/** The group's role in the application, or null. */
export async function findGrant(db: Executor, groupId: string, applicationId: string): Promise<AppRole | null> {
  const [row] = await db
    .select({ role: groupGrants.role })
    .from(groupGrants)
    .where(and(eq(groupGrants.groupId, groupId), eq(groupGrants.applicationId, applicationId)))
    .limit(1);
  return row?.role ?? null;
}

/** Grants the group `role` in the application, or changes it. */
export async function upsertGrant(db: Executor, groupId: string, applicationId: string, role: AppRole): Promise<void> {
  await db
    .insert(groupGrants)
    .values({ groupId, applicationId, role })
    .onConflictDoUpdate({ target: [groupGrants.applicationId, groupGrants.groupId], set: { role } });
}

/** Removes the group's grant in the application. @returns false when there was none. */
export async function deleteGrant(db: Executor, groupId: string, applicationId: string): Promise<boolean> {
  const rows = await db
    .delete(groupGrants)
    .where(and(eq(groupGrants.groupId, groupId), eq(groupGrants.applicationId, applicationId)))
    .returning({ groupId: groupGrants.groupId });
  return rows.length > 0;
}

/** The live application `id` (slug and name), or undefined (also when it is in the recycle bin). */
export async function findApplicationById(db: Executor, id: string): Promise<{ id: string; slug: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: applications.id, slug: applications.slug, name: applications.name })
    .from(applications)
    .where(and(eq(applications.id, id), isNull(applications.deletedAt)))
    .limit(1);
  return row;
}
