/**
 * SQL of groups, their members and their application grants (docs/code-style.md "Server in layers":
 * SQL lives in the repository). The list, reads and writes of the `groups` row are the resource
 * kit's (server/src/core/resource, driven by contracts/groups.resource.ts), which leaves out
 * groups in the recycle bin; here are the counts, the `userId` filter, the members (deleted users
 * are not listed) and the grants (in live applications).
 */
import { and, asc, count, eq, exists, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { groupResource, type AppRole } from '../../../../contracts';
import { createResourceRepository } from '../../core/resource';
import type { Executor } from '../../db/client';
import { applications, groupGrants, groupMembers, groups, users } from '../../db/schema';

// Drizzle leaves columns unqualified in a one-table select: subqueries name the outer row explicitly.
const outerGroupId = sql.raw('"groups"."id"');
const memberCountSql = sql<number>`(select count(*)::int from group_members cm join users cu on cu.id = cm.user_id and cu.deleted_at is null
  where cm.group_id = ${outerGroupId})`;
const grantCountSql = sql<number>`(select count(*)::int from group_grants cg where cg.group_id = ${outerGroupId})`;

/** The kit's repository of groups (contracts/groups.resource.ts), each row with its counts, sortable by members, filtered by `userId`. */
export const groupRepository = createResourceRepository<typeof groups, { memberCount: number; grantCount: number }>(
  groupResource,
  groups,
  {
    extras: { memberCount: memberCountSql, grantCount: grantCountSql },
    parseExtras: (raw) => ({ memberCount: Number(raw.memberCount), grantCount: Number(raw.grantCount) }),
    sortColumns: { memberCount: memberCountSql },
    filters: {
      userId: (userId) =>
        sql`exists (select 1 from group_members fm where fm.group_id = ${outerGroupId} and fm.user_id = ${userId})`,
    },
  },
);

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
  const [{ n }] = await db
    .select({ n: count() })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(where);
  return { rows, total: n };
}

/** Adds a member. @returns false when the user already was one. */
export async function insertGroupMember(db: Executor, groupId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(groupMembers)
    .values({ groupId, userId })
    .onConflictDoNothing()
    .returning({ userId: groupMembers.userId });
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
export async function findApplicationById(
  db: Executor,
  id: string,
): Promise<{ id: string; slug: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: applications.id, slug: applications.slug, name: applications.name })
    .from(applications)
    .where(and(eq(applications.id, id), isNull(applications.deletedAt)))
    .limit(1);
  return row;
}

/**
 * The live, enabled users among `userIds` or in the live groups `groupIds`, each once, by e-mail,
 * at most `limit` rows (the notify action's recipients).
 */
export async function liveRecipientRows(
  db: Executor,
  userIds: readonly string[],
  groupIds: readonly string[],
  limit: number,
): Promise<{ id: string; email: string; name: string; locale: string }[]> {
  if (userIds.length === 0 && groupIds.length === 0) return [];
  const inGroups = groupIds.length
    ? exists(
        db
          .select({ one: sql`1` })
          .from(groupMembers)
          .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), isNull(groups.deletedAt)))
          .where(and(eq(groupMembers.userId, users.id), inArray(groupMembers.groupId, [...groupIds]))),
      )
    : undefined;
  return db
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.disabled, false),
        or(userIds.length ? inArray(users.id, [...userIds]) : undefined, inGroups),
      ),
    )
    .orderBy(asc(users.email))
    .limit(limit);
}
