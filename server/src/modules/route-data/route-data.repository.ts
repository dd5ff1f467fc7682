/** SQL of the console dashboard's counts and health (route-data.service.ts consoleSummary). */
import { count, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groups, recycleBin, sessions, users } from '../../db/schema';

/** Users not deleted. */
export async function countLiveUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isNull(users.deletedAt));
  return row.n;
}

/** Groups not deleted. */
export async function countLiveGroups(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(groups).where(isNull(groups.deletedAt));
  return row.n;
}

/** Sessions whose expiry is after `now`. */
export async function countActiveSessions(db: Executor, now: Date = new Date()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(gt(sessions.expiresAt, now));
  return row.n;
}

/** Objects in the recycle bin. */
export async function countRecycleBin(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recycleBin);
  return row.n;
}

/** Size of the current database in bytes (works on PGlite and PostgreSQL). */
export async function databaseBytes(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<string>`pg_database_size(current_database())::text` }).from(sql`(select 1) as one`);
  return Number(row.n);
}
