/**
 * Users (walking skeleton, contracts/users.ts): administrators list and create accounts.
 * Permission checks are the routes' preHandlers (requireAdmin); this layer holds the rules.
 */
import type { User, UserCreate } from '../../../../contracts';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { likePattern, offsetOf, type ListQuery } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import { insertUser, listUsers as listUserRows } from './users.repository';

/** A user row as contracts' `User` (no hash, ISO timestamps). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.isAdmin,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The 409 of a taken e-mail: EMAIL_TAKEN with `details: [{ field: 'email' }]`. */
export const emailTaken = () =>
  new HttpError(409, 'EMAIL_TAKEN', 'errors.emailTaken', [{ field: 'email', messageKey: 'errors.emailTaken' }]);

/**
 * Creates an account with an argon2id hash of its password (~23 ms).
 * @param input validated by contracts' userCreateSchema (e-mail already lower-cased).
 * @throws HttpError 409 EMAIL_TAKEN (details field 'email') when the e-mail is in use.
 */
export async function createUser(db: Executor, input: UserCreate): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await insertUser(db, { email: input.email, name: input.name, passwordHash, isAdmin: input.isAdmin });
    return toUser(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** One page of users (ordered by name, e-mail), `q` matching e-mail or name. */
export async function listUsers(db: Executor, query: ListQuery): Promise<{ items: User[]; total: number }> {
  const { rows, total } = await listUserRows(db, {
    pattern: likePattern(query.q),
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toUser), total };
}
