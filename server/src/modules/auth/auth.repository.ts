/**
 * SQL of sessions and of the current user (STYLE.md: "SQL lives in the repository").
 */
import { and, eq, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, sessions, users, type SessionRow, type UserRow } from '../../db/schema';

/** Stores a new session (its id is the token's SHA-256, never the token). */
export async function insertSession(
  db: Executor,
  session: { id: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** A session and its user, plus the slug of the user's last application (null when unset). */
export async function findSessionWithUser(
  db: Executor,
  id: string,
): Promise<{ session: SessionRow; user: UserRow; lastAppSlug: string | null } | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users, lastAppSlug: applications.slug })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(applications, eq(applications.id, users.lastApp))
    .where(eq(sessions.id, id))
    .limit(1);
  return row;
}

/** A user and the slug of their last application. */
export async function findUserWithLastApp(
  db: Executor,
  userId: string,
): Promise<{ user: UserRow; lastAppSlug: string | null } | undefined> {
  const [row] = await db
    .select({ user: users, lastAppSlug: applications.slug })
    .from(users)
    .leftJoin(applications, eq(applications.id, users.lastApp))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Sets `last_seen_at` of a session. */
export async function touchSession(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

/** Deletes one session (logout, expiry); no error when it is already gone. */
export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Deletes a user's sessions that are past their absolute expiry or idle since before `idleBefore`. */
export async function deleteExpiredSessionsOf(db: Executor, userId: string, now: Date, idleBefore: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore))));
}

/** Updates a user's preferences (`lastApp` is an application id or null). */
export async function updateUserPreferences(
  db: Executor,
  userId: string,
  prefs: { locale?: 'zh-CN' | 'en-US'; lastApp?: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...prefs, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
