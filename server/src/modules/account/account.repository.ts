/** SQL of the personal center: the profile columns of `users` and the personal API tokens (`api_tokens`). */
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiTokens, applications, users, type ApiTokenRow, type UserRow } from '../../db/schema';

/** A live (not deleted) user, or undefined. */
export async function findLiveUser(db: Executor, userId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

/** Sets a user's name, title and/or phone. */
export async function updateProfileColumns(
  db: Executor,
  userId: string,
  fields: { name?: string; title?: string | null; phone?: string | null },
): Promise<void> {
  await db
    .update(users)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Stores a new token (its SHA-256 and prefix, never the token). */
export async function insertToken(
  db: Executor,
  token: { userId: string; name: string; tokenHash: string; prefix: string; scope: ApiTokenRow['scope']; expiresAt: Date },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(token).returning();
  return row;
}

/** One page of a user's tokens, newest first, and their number. */
export async function listTokensOf(db: Executor, userId: string, limit: number, offset: number): Promise<{ rows: ApiTokenRow[]; total: number }> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return { rows, total: n };
}

/** A user's token that is not revoked, locked for the revocation, or undefined. */
export async function findUnrevokedTokenOf(db: Executor, userId: string, id: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .limit(1)
    .for('update');
  return row;
}

/** Marks a token revoked at `at`. @returns the row after. */
export async function revokeTokenRow(db: Executor, id: string, at: Date): Promise<ApiTokenRow> {
  const [row] = await db.update(apiTokens).set({ revokedAt: at }).where(eq(apiTokens.id, id)).returning();
  return row;
}

/** What a bearer request needs of its token and user. */
export interface TokenWithUser {
  token: Pick<ApiTokenRow, 'id' | 'scope' | 'createdAt' | 'expiresAt' | 'revokedAt' | 'lastUsedAt'>;
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin' | 'locale' | 'disabled' | 'deletedAt' | 'passwordChangedAt'>;
  lastAppSlug: string | null;
}

/** The token with this SHA-256 and its user (and the slug of their last application), or undefined. */
export async function findTokenWithUser(db: Executor, tokenHash: string): Promise<TokenWithUser | undefined> {
  const [row] = await db
    .select({
      token: {
        id: apiTokens.id,
        scope: apiTokens.scope,
        createdAt: apiTokens.createdAt,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        lastUsedAt: apiTokens.lastUsedAt,
      },
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        isAdmin: users.isAdmin,
        locale: users.locale,
        disabled: users.disabled,
        deletedAt: users.deletedAt,
        passwordChangedAt: users.passwordChangedAt,
      },
      lastAppSlug: applications.slug,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(applications, and(eq(applications.id, users.lastApp), isNull(applications.deletedAt)))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Sets a token's `last_used_at`. */
export async function touchToken(db: Executor, id: string, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}

/**
 * Revokes every token of a user that is neither revoked nor past its stored expiry (a password
 * change or reset). @returns the number revoked.
 */
export async function revokeTokensOf(db: Executor, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, at))))
    .returning({ id: apiTokens.id });
  return rows.length;
}
