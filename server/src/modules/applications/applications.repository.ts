/**
 * SQL of applications and memberships (docs/code-style.md "Server in layers": SQL lives in the repository).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppRole, ApplicationSortField } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { applications, memberships, users, type ApplicationRow } from '../../db/schema';
import { effectiveRoleSql } from '../../core/effective-role';

/** An application with the caller's role (null when not a member) and its number of members. */
export interface ApplicationListRow {
  app: ApplicationRow;
  myRole: AppRole | null;
  memberCount: number;
}

// Drizzle leaves columns unqualified in a one-table select: subqueries name the outer row explicitly.
const outerAppId = sql.raw('"applications"."id"');
/** Live users with a direct membership (group grants are listed on the groups' pages). */
const memberCountSql = sql<number>`(select count(*)::int from memberships mc join users mu on mu.id = mc.user_id and mu.deleted_at is null
  where mc.application_id = ${outerAppId})`;

/** The live (not deleted) application with this slug, or undefined. */
export async function findApplicationBySlug(db: Executor, slug: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.slug, slug), isNull(applications.deletedAt)))
    .limit(1);
  return row;
}

/** The application `id`, deleted or not, locked until the transaction ends; undefined when gone. */
export async function lockApplicationIncludingDeleted(db: Executor, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

/** Locks the application's row until the transaction ends (serialises membership changes). */
export async function lockApplication(db: Executor, id: string): Promise<void> {
  await db.select({ id: applications.id }).from(applications).where(eq(applications.id, id)).for('update');
}

/** The columns PATCH /applications/:slug may change. */
export type ApplicationChanges = Partial<Pick<ApplicationRow, 'name' | 'description' | 'icon' | 'color' | 'modules'>>;

/** Updates an application's editable columns (and `updated_at`); returns the new row. */
export async function updateApplication(db: Executor, id: string, changes: ApplicationChanges): Promise<ApplicationRow> {
  const [row] = await db
    .update(applications)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(applications.id, id))
    .returning();
  return row;
}

/** Sets or clears the soft-delete mark of an application. */
export async function markApplicationDeleted(db: Executor, id: string, actorId: string | null, deleted: boolean): Promise<void> {
  await db
    .update(applications)
    .set(deleted ? { deletedAt: new Date(), deletedBy: actorId } : { deletedAt: null, deletedBy: null })
    .where(eq(applications.id, id));
}

/** Deletes the application row for good (memberships, grants, subjects… cascade). */
export async function purgeApplication(db: Executor, id: string): Promise<void> {
  await db.delete(applications).where(eq(applications.id, id));
}

/** Live users among `ids` (id → e-mail). */
export async function liveUsersById(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Live users among `emails` (lower-case e-mail → id). */
export async function liveUsersByEmail(db: Executor, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(inArray(users.email, emails), isNull(users.deletedAt)));
  return new Map(rows.map((r) => [r.email, r.id]));
}

/**
 * The effective role of `userId` in the application (docs/product.md "Roles"): the highest of their own
 * membership and the grants of the live groups they are in; null when they have none.
 */
export async function findRole(db: Executor, applicationId: string, userId: string): Promise<AppRole | null> {
  const [row] = await db.select({ role: effectiveRoleSql(sql`${applicationId}::uuid`, sql`${userId}::uuid`) }).from(sql`(select 1) as one`);
  return row?.role ?? null;
}

/** The user's own (direct) membership role in the application, or null; group grants not counted. */
export async function findDirectRole(db: Executor, applicationId: string, userId: string): Promise<AppRole | null> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.applicationId, applicationId), eq(memberships.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}

/** Number of members of an application. */
export async function countMembers(db: Executor, applicationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.applicationId, applicationId));
  return row.n;
}

/** Number of owners of an application whose accounts are live (not in the recycle bin). */
export async function countOwners(db: Executor, applicationId: string): Promise<number> {
  // owners in the recycle bin do not count: the application must keep a live owner
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.applicationId, applicationId), eq(memberships.role, 'owner'), isNull(users.deletedAt)));
  return row.n;
}

const sortColumns = { name: applications.name, slug: applications.slug, createdAt: applications.createdAt } as const;

/**
 * One page of live applications ordered by `sort` (default name ascending), then slug: all of
 * them when `all` (administrators), else those `userId` has an effective role in (own membership
 * or a group's grant); `myRole` is that effective role; `pattern` is an ILIKE pattern on slug or name.
 */
export async function listApplications(
  db: Executor,
  opts: {
    userId: string;
    all: boolean;
    pattern?: string;
    sort?: { field: ApplicationSortField; desc: boolean };
    limit: number;
    offset: number;
  },
): Promise<{ rows: ApplicationListRow[]; total: number }> {
  const myRole = effectiveRoleSql(outerAppId, sql`${opts.userId}::uuid`);
  const search: SQL | undefined = opts.pattern
    ? or(ilike(applications.slug, opts.pattern), ilike(applications.name, opts.pattern))
    : undefined;
  const live = isNull(applications.deletedAt);
  const where = opts.all ? and(live, search) : and(live, sql`${myRole} is not null`, search);
  const sort = opts.sort ?? { field: 'name', desc: false };
  const column = sortColumns[sort.field];
  const rows = await db
    .select({ app: applications, myRole, memberCount: memberCountSql })
    .from(applications)
    .where(where)
    .orderBy(sort.desc ? desc(column) : asc(column), asc(applications.slug))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(applications).where(where);
  return { rows, total: n };
}

/**
 * Inserts an application. @throws a unique violation (23505) when the slug exists (deleted
 * applications keep theirs while in the recycle bin).
 */
export async function insertApplication(
  db: Executor,
  app: {
    slug: string;
    name: string;
    description: string | null;
    icon: string | null;
    color: string | null;
    modules: string[];
    createdBy: string;
  },
): Promise<ApplicationRow> {
  const [row] = await db.insert(applications).values(app).returning();
  return row;
}

/** Adds a member, or changes the role of an existing one. */
export async function upsertMembership(db: Executor, applicationId: string, userId: string, role: AppRole): Promise<void> {
  await db
    .insert(memberships)
    .values({ applicationId, userId, role })
    .onConflictDoUpdate({ target: [memberships.applicationId, memberships.userId], set: { role } });
}

/** Removes a member; returns false when `userId` was not a member. */
export async function deleteMembership(db: Executor, applicationId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(memberships)
    .where(and(eq(memberships.applicationId, applicationId), eq(memberships.userId, userId)))
    .returning({ userId: memberships.userId });
  return removed.length > 0;
}

/** Members with name and e-mail, owners first, then editors, then viewers; by name, then e-mail. */
export async function listMembers(
  db: Executor,
  applicationId: string,
): Promise<{ userId: string; name: string; email: string; role: AppRole }[]> {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.applicationId, applicationId), isNull(users.deletedAt)))
    .orderBy(
      sql`case ${memberships.role} when 'owner' then 0 when 'editor' then 1 else 2 end`,
      asc(users.name),
      asc(users.email),
    );
}

/** Touches `updated_at` of an application (its membership changed). */
export async function touchApplication(db: Executor, id: string): Promise<void> {
  await db.update(applications).set({ updatedAt: new Date() }).where(eq(applications.id, id));
}

/** A member as ApplicationDetail lists it. */
export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: AppRole;
}

function applicationDetailQuery(db: Executor) {
  // Drizzle leaves columns unqualified in a one-table select: the subqueries name the outer row explicitly.
  const appId = sql.raw('"applications"."id"');
  return db
    .select({
      app: applications,
      myRole: effectiveRoleSql(appId, sql`${sql.placeholder('userId')}::uuid`),
      members: sql<MemberRow[]>`coalesce((select json_agg(json_build_object(
          'userId', u.id, 'name', u.name, 'email', u.email, 'role', m.role)
          order by case m.role when 'owner' then 0 when 'editor' then 1 else 2 end, u.name, u.email)
        from memberships m join users u on u.id = m.user_id and u.deleted_at is null
        where m.application_id = ${appId}), '[]'::json)`,
    })
    .from(applications)
    .where(and(eq(applications.slug, sql.placeholder('slug')), isNull(applications.deletedAt)))
    .limit(1)
    .prepare('assay_application_detail');
}
const applicationDetail = new WeakMap<Executor, ReturnType<typeof applicationDetailQuery>>();

/**
 * The live application `slug`, the effective role of `userId` in it and its (direct, live) members (owners → editors → viewers,
 * then by name and e-mail), in one prepared query; undefined for an unknown slug.
 */
export async function findApplicationDetail(
  db: Executor,
  slug: string,
  userId: string,
): Promise<{ app: ApplicationRow; myRole: AppRole | null; members: MemberRow[] } | undefined> {
  let query = applicationDetail.get(db);
  if (!query) {
    query = applicationDetailQuery(db);
    applicationDetail.set(db, query);
  }
  const [row] = await query.execute({ slug, userId });
  if (!row) return undefined;
  const members = typeof row.members === 'string' ? (JSON.parse(row.members) as MemberRow[]) : row.members;
  return { app: row.app, myRole: row.myRole ?? null, members };
}
