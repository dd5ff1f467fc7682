/**
 * SQL of users (docs/code-style.md "Server in layers": SQL lives in the repository). Every function takes an Executor: the
 * database or a transaction in progress. Soft-deleted users (`deleted_at` set: in the recycle
 * bin) are invisible to every lookup and list here except the ones named `…IncludingDeleted`.
 */
import { and, asc, count, desc, eq, exists, gt, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppRole, UserSortField } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { applications, groupMembers, groups, memberships, sessions, users, type SessionRow, type UserRow } from '../../db/schema';

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin: boolean;
  /** The interface language (default: the column default, zh-CN). */
  locale?: 'zh-CN' | 'en-US';
  title?: string | null;
  phone?: string | null;
}

/** `users.deleted_at is null`: the user is not in the recycle bin. */
export const liveUser = isNull(users.deletedAt);

/** Inserts a user. @throws a unique violation (23505) when the e-mail exists (deleted users keep theirs). */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row;
}

/** The live user with this (lower-case) e-mail, or undefined (sign-in and member look-ups use it). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.email, email), liveUser)).limit(1);
  return row;
}

/** The live user with this id, or undefined. */
export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), liveUser)).limit(1);
  return row;
}

/** Number of live users (the last-admin rule keeps at least one, so 0 only before setup). */
export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(liveUser);
  return row.n;
}

/** Filters of listUsers. */
export interface UserFilter {
  /** ILIKE pattern on e-mail or name. */
  pattern?: string;
  disabled?: boolean;
  isAdmin?: boolean;
  /** Only members of this group. */
  groupId?: string;
}

const sortColumns = { name: users.name, email: users.email, createdAt: users.createdAt } as const;

/**
 * One page of live users matching `filter`, ordered by `sort` (default name ascending), then
 * e-mail and id (stable pages).
 */
export async function listUsers(
  db: Executor,
  opts: { filter: UserFilter; sort?: { field: UserSortField; desc: boolean }; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const f = opts.filter;
  const conditions: (SQL | undefined)[] = [
    liveUser,
    f.pattern ? or(ilike(users.email, f.pattern), ilike(users.name, f.pattern)) : undefined,
    f.disabled !== undefined ? eq(users.disabled, f.disabled) : undefined,
    f.isAdmin !== undefined ? eq(users.isAdmin, f.isAdmin) : undefined,
    f.groupId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(groupMembers)
            .where(and(eq(groupMembers.userId, users.id), eq(groupMembers.groupId, f.groupId))),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const sort = opts.sort ?? { field: 'name', desc: false };
  const column = sortColumns[sort.field];
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(sort.desc ? desc(column) : asc(column), asc(users.email), asc(users.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: n };
}

/** The user with this id, deleted or not, locked until the transaction ends, or undefined. */
export async function lockUserIncludingDeleted(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** The live user with this id, locked until the transaction ends, or undefined. */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), liveUser)).limit(1).for('update');
  return row;
}

/** Locks the live, enabled administrators' rows (ordered by id) and returns their ids. */
export async function lockEnabledAdmins(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.disabled, false), liveUser))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Columns an administrator edits. */
export interface UserChanges {
  name?: string;
  email?: string;
  title?: string | null;
  phone?: string | null;
  isAdmin?: boolean;
  disabled?: boolean;
}

/** Updates a user's columns (and updated_at); returns the row. @throws 23505 for a taken e-mail. */
export async function updateUser(db: Executor, id: string, changes: UserChanges): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Sets a new password hash and `password_changed_at` (an administrator's reset). */
export async function setPassword(db: Executor, id: string, passwordHash: string, at: Date): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Marks a user deleted (`deleted_at`, `deleted_by`): the recycle bin's soft delete. */
export async function markUserDeleted(db: Executor, id: string, by: string | null, at: Date): Promise<void> {
  await db.update(users).set({ deletedAt: at, deletedBy: by }).where(eq(users.id, id));
}

/** Clears `deleted_at`/`deleted_by` of a deleted user. @returns false when no deleted user has this id. */
export async function clearUserDeleted(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ deletedAt: null, deletedBy: null, updatedAt: new Date() })
    .where(and(eq(users.id, id), sql`${users.deletedAt} is not null`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Deletes a user row for good (sessions, memberships, group memberships, tokens cascade). */
export async function hardDeleteUser(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

/** A user's unexpired sessions, most recently seen first. */
export async function listActiveSessions(db: Executor, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes one session of a user. @returns false when the user has no session with this id. */
export async function deleteSessionOf(db: Executor, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** The live groups a user is in, by name. */
export async function listGroupsOfUser(db: Executor, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), isNull(groups.deletedAt)))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groups.name), asc(groups.id));
}

/** A membership row of listMembershipsOfUser before the effective role is computed. */
export interface MembershipSourceRow {
  applicationId: string;
  slug: string;
  name: string;
  direct: AppRole | null;
  viaGroups: { groupId: string; groupName: string; role: AppRole }[];
}

/**
 * Every live application where the user has a direct membership or a live group of theirs has a grant,
 * by application name, with the sources (direct role, and each group's role).
 */
export async function listMembershipsOfUser(db: Executor, userId: string): Promise<MembershipSourceRow[]> {
  const viaGroups = sql<MembershipSourceRow['viaGroups'] | string>`coalesce((select json_agg(json_build_object(
      'groupId', g.id, 'groupName', g.name, 'role', gg.role) order by g.name)
    from group_grants gg
      join groups g on g.id = gg.group_id and g.deleted_at is null
      join group_members gm on gm.group_id = gg.group_id and gm.user_id = ${userId}::uuid
    where gg.application_id = ${applications.id}), '[]'::json)`;
  const rows = await db
    .select({ applicationId: applications.id, slug: applications.slug, name: applications.name, direct: memberships.role, viaGroups })
    .from(applications)
    .leftJoin(memberships, and(eq(memberships.applicationId, applications.id), eq(memberships.userId, userId)))
    // applications in the recycle bin are left out (they come back with a restore)
    .where(and(isNull(applications.deletedAt), or(isNotNull(memberships.userId), sql`${viaGroups}::text <> '[]'`)))
    .orderBy(asc(applications.name), asc(applications.slug));
  return rows.map((r) => ({
    ...r,
    direct: r.direct ?? null,
    viaGroups: typeof r.viaGroups === 'string' ? (JSON.parse(r.viaGroups) as MembershipSourceRow['viaGroups']) : r.viaGroups,
  }));
}
