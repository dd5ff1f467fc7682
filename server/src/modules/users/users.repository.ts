/**
 * SQL of users (STYLE.md: "SQL lives in the repository"). Every function takes an Executor: the
 * database or a transaction in progress.
 */
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin: boolean;
}

/** Inserts a user. @throws a unique violation (23505) when the e-mail exists. */
export async function insertUser(db: Executor, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row;
}

/** The user with this (lower-case) e-mail, or undefined. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** The user with this id, or undefined. */
export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Number of users (0 before setup). */
export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n;
}

/** One page of users ordered by name then e-mail; `pattern` is an ILIKE pattern on e-mail or name. */
export async function listUsers(
  db: Executor,
  opts: { pattern?: string; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const where: SQL | undefined = opts.pattern
    ? or(ilike(users.email, opts.pattern), ilike(users.name, opts.pattern))
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.email))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(users).where(and(where));
  return { rows, total: n };
}

/** The user with this id, locked until the transaction ends, or undefined. */
export async function lockUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row;
}

/** Locks the enabled administrators' rows (ordered by id) and returns their ids. */
export async function lockEnabledAdmins(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.disabled, false)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** Updates a user's name and/or disabled flag (and updated_at); returns the row. */
export async function updateUser(db: Executor, id: string, changes: { name?: string; disabled?: boolean }): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
