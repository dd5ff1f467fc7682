/**
 * SQL of notices (docs/code-style.md "Server in layers": SQL lives in the repository). Every function takes an Executor: the
 * database or a transaction in progress. Deleted notices (`deleted_at` set, in the recycle bin)
 * are left out of every list and lookup except the recycle bin's own restore/purge.
 *
 * Who sees a notice (`visibleTo`): published, inside its window (`publish_from` ≤ now <
 * `publish_until`, either end open when null), not deleted, and the audience matches the user —
 * everyone; a live group the user is in (group_members); an application the user is a member of,
 * directly or through a live group granted a role there (the role model's `effectiveRoleSql`);
 * or the user as recipient (messages).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { NoticeListQuery } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { applications, groups, noticeReads, notices, users, type NoticeRow } from '../../db/schema';
import { effectiveRoleSql } from '../../core/effective-role';

export type NewNotice = typeof notices.$inferInsert;

/** The SQL condition "notice `n` (the `notices` table) is visible to `userId` at `now`". */
export function visibleTo(userId: string, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`${notices.deletedAt} is null
    and ${notices.published}
    and (${notices.publishFrom} is null or ${notices.publishFrom} <= ${at})
    and (${notices.publishUntil} is null or ${notices.publishUntil} > ${at})
    and (
      ${notices.audience} = 'everyone'
      or (${notices.audience} = 'user' and ${notices.recipientId} = ${userId})
      or (${notices.audience} = 'groups' and exists (
        select 1 from group_members gm join groups g on g.id = gm.group_id and g.deleted_at is null
        where gm.user_id = ${userId} and gm.group_id = any(${notices.groupIds})))
      or (${notices.audience} = 'application' and ${effectiveRoleSql(sql`${notices.applicationId}`, sql`${userId}`)} is not null
        -- an application in the recycle bin hides its notices until it is restored
        and not exists (select 1 from applications da where da.id = ${notices.applicationId} and da.deleted_at is not null))
    )`;
}

/** "`userId` has not read the notice". */
function unreadBy(userId: string): SQL {
  return sql`not exists (select 1 from notice_reads r where r.notice_id = ${notices.id} and r.user_id = ${userId})`;
}

/** Inserts a notice; returns the row. */
export async function insertNotice(db: Executor, values: NewNotice): Promise<NoticeRow> {
  const [row] = await db.insert(notices).values(values).returning();
  return row;
}

/** The live (not deleted) notice with this id, locked until the transaction ends when `lock`; or undefined. */
export async function findNotice(db: Executor, id: string, lock = false): Promise<NoticeRow | undefined> {
  const q = db.select().from(notices).where(and(eq(notices.id, id), isNull(notices.deletedAt))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** Updates a notice's fields (and updated_at); returns the row. */
export async function updateNotice(db: Executor, id: string, changes: Partial<NewNotice>): Promise<NoticeRow> {
  const [row] = await db
    .update(notices)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(notices.id, id))
    .returning();
  return row;
}

/** Marks a notice deleted (soft delete); returns the row. */
export async function softDeleteNotice(db: Executor, id: string, actorId: string | null): Promise<NoticeRow> {
  const [row] = await db.update(notices).set({ deletedAt: new Date(), deletedBy: actorId }).where(eq(notices.id, id)).returning();
  return row;
}

/** Clears `deleted_at` of a deleted notice; returns the row, or undefined when there is no deleted notice with this id. */
export async function restoreNotice(db: Executor, id: string): Promise<NoticeRow | undefined> {
  const [row] = await db
    .update(notices)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(eq(notices.id, id), isNotNull(notices.deletedAt)))
    .returning();
  return row;
}

/** Deletes a notice for good (its reads cascade). */
export async function purgeNotice(db: Executor, id: string): Promise<void> {
  await db.delete(notices).where(eq(notices.id, id));
}

const SORT_COLUMNS = { createdAt: notices.createdAt, title: notices.title, publishFrom: notices.publishFrom } as const;

/** A console list row: the notice, its application and recipient, how many read it. */
export interface AdminNoticeRow {
  notice: NoticeRow;
  application: { id: string; slug: string; name: string } | null;
  recipient: { id: string; name: string; email: string } | null;
  readCount: number;
}

/** One page of live notices for the console (`q` an ILIKE pattern on the title), with total. */
export async function listNotices(
  db: Executor,
  query: Pick<NoticeListQuery, 'kind' | 'published' | 'sort'> & { pattern?: string; limit: number; offset: number },
): Promise<{ rows: AdminNoticeRow[]; total: number }> {
  const where = and(
    isNull(notices.deletedAt),
    query.pattern ? ilike(notices.title, query.pattern) : undefined,
    query.kind ? eq(notices.kind, query.kind) : undefined,
    query.published ? eq(notices.published, query.published === 'true') : undefined,
  );
  const [field, dir] = query.sort.split(':') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
  const order = dir === 'asc' ? asc(SORT_COLUMNS[field]) : desc(SORT_COLUMNS[field]);
  const rows = await db
    .select({
      notice: notices,
      appId: applications.id,
      appSlug: applications.slug,
      appName: applications.name,
      userId: users.id,
      userName: users.name,
      userEmail: users.email,
      readCount: sql<number>`(select count(*) from notice_reads r where r.notice_id = notices.id)::int`,
    })
    .from(notices)
    .leftJoin(applications, eq(applications.id, notices.applicationId))
    .leftJoin(users, eq(users.id, notices.recipientId))
    .where(where)
    .orderBy(order, desc(notices.id))
    .limit(query.limit)
    .offset(query.offset);
  const [{ n }] = await db.select({ n: count() }).from(notices).where(where);
  return {
    rows: rows.map((r) => ({
      notice: r.notice,
      application: r.appId ? { id: r.appId, slug: r.appSlug ?? '', name: r.appName ?? '' } : null,
      recipient: r.userId ? { id: r.userId, name: r.userName ?? '', email: r.userEmail ?? '' } : null,
      readCount: Number(r.readCount),
    })),
    total: n,
  };
}

/** How many users have read notice `id`. */
export async function countReads(db: Executor, id: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(noticeReads).where(eq(noticeReads.noticeId, id));
  return n;
}

/** The live groups among `ids`, as `{ id, name }`. */
export async function liveGroupsIn(db: Executor, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(inArray(groups.id, ids), isNull(groups.deletedAt)))
    .orderBy(asc(groups.name));
}

/** Live groups for the audience picker, by name; `pattern` an ILIKE pattern on the name; at most `limit`. */
export async function listGroupOptions(db: Executor, pattern: string | undefined, limit: number): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(isNull(groups.deletedAt), pattern ? ilike(groups.name, pattern) : undefined))
    .orderBy(asc(groups.name))
    .limit(limit);
}

/** A reader's list row. */
export interface MyNoticeRow {
  notice: NoticeRow;
  appSlug: string | null;
  appName: string | null;
  readAt: Date | null;
}

/**
 * One page of the notices visible to `userId` now, newest first (window start, else creation),
 * with their read time (null = unread). `unreadOnly` keeps the unread ones; `appId` leaves out the
 * notices of other applications (everyone's, groups' and personal messages stay).
 */
export async function listVisibleNotices(
  db: Executor,
  opts: { userId: string; now: Date; unreadOnly: boolean; appId?: string; limit: number; offset: number },
): Promise<{ rows: MyNoticeRow[]; total: number }> {
  const where = and(
    visibleTo(opts.userId, opts.now),
    opts.unreadOnly ? unreadBy(opts.userId) : undefined,
    opts.appId ? sql`(${notices.audience} <> 'application' or ${notices.applicationId} = ${opts.appId})` : undefined,
  );
  const shownAt = sql`coalesce(${notices.publishFrom}, ${notices.createdAt})`;
  const rows = await db
    .select({ notice: notices, appSlug: applications.slug, appName: applications.name, readAt: noticeReads.readAt })
    .from(notices)
    .leftJoin(applications, eq(applications.id, notices.applicationId))
    .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, opts.userId)))
    .where(where)
    .orderBy(desc(shownAt), desc(notices.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(notices).where(where);
  return { rows, total: n };
}

/** How many notices visible to `userId` now are unread: one query (the bell polls it). */
export async function countUnread(db: Executor, userId: string, now: Date): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(notices).where(and(visibleTo(userId, now), unreadBy(userId)));
  return n;
}

/** The notice `id` if visible to `userId` now, else undefined. */
export async function findVisibleNotice(db: Executor, id: string, userId: string, now: Date): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notices).where(and(eq(notices.id, id), visibleTo(userId, now))).limit(1);
  return row;
}

/** Records that `userId` read `noticeId`; returns false when it was already read. */
export async function insertRead(db: Executor, noticeId: string, userId: string): Promise<boolean> {
  const rows = await db.insert(noticeReads).values({ noticeId, userId }).onConflictDoNothing().returning({ id: noticeReads.noticeId });
  return rows.length > 0;
}

/** Marks every notice visible to `userId` now as read; returns how many were unread. */
export async function insertAllReads(db: Executor, userId: string, now: Date): Promise<number> {
  const result = await db.execute(sql`insert into notice_reads (notice_id, user_id)
    select ${notices.id}, ${userId}::uuid from ${notices} where ${and(visibleTo(userId, now), unreadBy(userId))}
    on conflict do nothing returning notice_id`);
  return rowsOf(result).length;
}

/** The live user with this id, or undefined (message recipients). */
export async function findLiveUser(db: Executor, id: string): Promise<{ id: string; name: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** The live application with this id (not in the recycle bin), or undefined. */
export async function findApplicationRef(db: Executor, id: string): Promise<{ id: string; slug: string; name: string } | undefined> {
  const [row] = await db
    .select({ id: applications.id, slug: applications.slug, name: applications.name })
    .from(applications)
    .where(and(eq(applications.id, id), isNull(applications.deletedAt)))
    .limit(1);
  return row;
}

/**
 * The application `slug` and whether `userId` has a role in it (directly or through a live group:
 * `effectiveRoleSql`), or undefined for an unknown slug.
 */
export async function findApplicationMembership(
  db: Executor,
  slug: string,
  userId: string,
): Promise<{ id: string; member: boolean } | undefined> {
  // `applications.id` is written out: Drizzle renders a column inside a select field unqualified,
  // which the joined `groups` (also with an `id`) would capture.
  const [row] = await db
    .select({
      id: applications.id,
      member: sql<boolean>`${effectiveRoleSql(sql.raw('applications.id'), sql`${userId}`)} is not null`,
    })
    .from(applications)
    .where(and(eq(applications.slug, slug), isNull(applications.deletedAt)))
    .limit(1);
  return row;
}
