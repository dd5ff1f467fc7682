/**
 * SQL of sessions, of the sign-in throttle and of the current user (docs/code-style.md "Server in layers": SQL lives in the repository).
 */
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  applications,
  loginThrottle,
  sessions,
  users,
  type LoginThrottleRow,
  type SessionRow,
  type UserRow,
} from '../../db/schema';

/** Stores a new session (its id is the token's SHA-256, never the token). */
export async function insertSession(
  db: Executor,
  session: { id: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(session);
}

function sessionWithUserQuery(db: Executor) {
  return db
    .select({
      session: { createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt },
      user: { id: users.id, name: users.name, email: users.email, isAdmin: users.isAdmin, locale: users.locale, disabled: users.disabled },
      passwordChangedAt: users.passwordChangedAt,
      lastAppSlug: applications.slug,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    // an application in the recycle bin is no last application
    .leftJoin(applications, and(eq(applications.id, users.lastApp), isNull(applications.deletedAt)))
    // a deleted user (in the recycle bin) has no session; their sessions are also revoked on delete
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('assay_session_with_user');
}
const sessionWithUser = new WeakMap<Executor, ReturnType<typeof sessionWithUserQuery>>();

/** What a request needs of its session and user (SessionUser) — no more columns than that. */
export interface SessionWithUser {
  session: Pick<SessionRow, 'createdAt' | 'expiresAt' | 'lastSeenAt'>;
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin' | 'locale' | 'disabled'>;
  /** When the user's password was last set (the password policy's expiry counts from it). */
  passwordChangedAt: Date;
  lastAppSlug: string | null;
}

/**
 * A session and its user, plus the slug of the user's last application (null when unset). Runs
 * on every signed-in request: a prepared statement per database (no SQL building per call; on
 * PostgreSQL a named server-side statement, planned once per connection), reading only the
 * columns a request needs (PGlite's cost grows with them).
 */
export async function findSessionWithUser(db: Executor, id: string): Promise<SessionWithUser | undefined> {
  let query = sessionWithUser.get(db);
  if (!query) {
    query = sessionWithUserQuery(db);
    sessionWithUser.set(db, query);
  }
  const [row] = await query.execute({ id });
  return row;
}

/** A live (not deleted) user and the slug of their last application. */
export async function findUserWithLastApp(
  db: Executor,
  userId: string,
): Promise<{ user: UserRow; lastAppSlug: string | null } | undefined> {
  const [row] = await db
    .select({ user: users, lastAppSlug: applications.slug })
    .from(users)
    .leftJoin(applications, and(eq(applications.id, users.lastApp), isNull(applications.deletedAt)))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
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

/** Creates missing throttle rows with no failures (so they can be locked). */
export async function ensureThrottleRows(db: Executor, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(loginThrottle)
    .values(keys.map((key) => ({ key, failures: 0, lastFailureAt: new Date(0) })))
    .onConflictDoNothing();
}

/** Locks the throttle rows of `keys` (sorted by key: no deadlock between two attempts) and returns them. */
export async function lockThrottleRows(db: Executor, keys: string[]): Promise<LoginThrottleRow[]> {
  return db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys)).orderBy(asc(loginThrottle.key)).for('update');
}

/** Stores a key's counters. */
export async function saveThrottle(db: Executor, key: string, state: { failures: number; lastFailureAt: Date }): Promise<void> {
  await db.update(loginThrottle).set(state).where(eq(loginThrottle.key, key));
}

/** Forgets a key. */
export async function deleteThrottle(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/** Takes one failure off a key (an attempt counted in advance that succeeded); a key left with none is deleted. */
export async function returnIpAttempt(db: Executor, key: string): Promise<void> {
  await db.delete(loginThrottle).where(and(eq(loginThrottle.key, key), lte(loginThrottle.failures, 1)));
  await db
    .update(loginThrottle)
    .set({ failures: sql`${loginThrottle.failures} - 1` })
    .where(eq(loginThrottle.key, key));
}

/**
 * Deletes throttle rows quiet since before `before` (the scheduler passes now − 1 h: a row is
 * forgotten 15 min after its last wait, which is at most 15 min).
 * @returns the number deleted.
 */
export async function purgeThrottleRows(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(loginThrottle).where(lt(loginThrottle.lastFailureAt, before)).returning({ key: loginThrottle.key });
  return rows.length;
}

/** Deletes every session of a user, except `keep` if given. @returns the number deleted. */
export async function deleteSessionsOf(db: Executor, userId: string, keep?: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes every session past its absolute expiry or idle since before `idleBefore`. @returns the number deleted. */
export async function deleteExpiredSessions(db: Executor, now: Date, idleBefore: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Sets a user's password hash (and `password_changed_at`: the policy's expiry starts again). */
export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  const now = new Date();
  await db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId));
}
