/**
 * Users (contracts/users.ts, contracts/account.ts): administrators list, create, rename and
 * disable accounts. Permission checks are the routes' preValidation hooks (requireAdmin); this layer holds
 * the rules. Every change writes its audit entry in its transaction.
 */
import type { CurrentUser, ManagedUser, User, UserCreate, UserUpdate } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { likePattern, offsetOf, type ListQuery } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { AuditWriter } from '../audit/audit.service';
import { deleteSessionsOf } from '../auth/auth.repository';
import { insertUser, listUsers as listUserRows, lockEnabledAdmins, lockUser, updateUser as updateUserRow } from './users.repository';

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

/** A user row as contracts' `ManagedUser` (User + disabled). */
export function toManagedUser(row: UserRow): ManagedUser {
  return { ...toUser(row), disabled: row.disabled };
}

/** The 409 of a taken e-mail: EMAIL_TAKEN with `details: [{ field: 'email' }]`. */
export const emailTaken = () =>
  new HttpError(409, 'EMAIL_TAKEN', 'errors.emailTaken', [{ field: 'email', messageKey: 'errors.emailTaken' }]);

/**
 * Creates an account with an argon2id hash of its password (~23 ms), audited `user.create`
 * (after: the user, without the hash).
 * @param input validated by contracts' userCreateSchema (e-mail already lower-cased).
 * @throws HttpError 409 EMAIL_TAKEN (details field 'email') when the e-mail is in use.
 */
export async function createUser(db: Database, input: UserCreate, audit: AuditWriter): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertUser(tx, { email: input.email, name: input.name, passwordHash, isAdmin: input.isAdmin });
      const user = toUser(row);
      await audit.record(tx, { action: 'user.create', targetType: 'user', targetId: row.id, after: user });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** One page of users (ordered by name, e-mail), `q` matching e-mail or name, with their disabled flag. */
export async function listUsers(db: Executor, query: ListQuery): Promise<{ items: ManagedUser[]; total: number }> {
  const { rows, total } = await listUserRows(db, {
    pattern: likePattern(query.q),
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toManagedUser), total };
}

/**
 * Renames and/or disables or re-enables an account (administrators), audited `user.update` with
 * before/after `{ name, disabled }`. Disabling ends every session of the account (details
 * `sessionsRevoked`). Serialised on the enabled administrators' rows, so two administrators cannot
 * disable each other at once.
 * @throws HttpError 404 NOT_FOUND (errors.userIdNotFound); 409 CONFLICT errors.cannotDisableSelf
 *   (an administrator disabling their own account) or errors.lastAdmin (the last enabled administrator).
 */
export async function updateUser(
  db: Database,
  actor: CurrentUser,
  id: string,
  input: UserUpdate,
  audit: AuditWriter,
): Promise<ManagedUser> {
  return db.transaction(async (tx) => {
    const disabling = input.disabled === true;
    if (disabling) await lockEnabledAdmins(tx);
    const row = await lockUser(tx, id);
    if (!row) throw notFound('errors.userIdNotFound');
    if (disabling && !row.disabled) {
      if (row.id === actor.id) throw new HttpError(409, 'CONFLICT', 'errors.cannotDisableSelf');
      if (row.isAdmin && (await lockEnabledAdmins(tx)).length <= 1) throw new HttpError(409, 'CONFLICT', 'errors.lastAdmin');
    }
    const changes: { name?: string; disabled?: boolean } = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.disabled !== undefined) changes.disabled = input.disabled;
    const updated = await updateUserRow(tx, id, changes);
    const sessionsRevoked = disabling ? await deleteSessionsOf(tx, id) : 0;
    await audit.record(tx, {
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before: { name: row.name, disabled: row.disabled },
      after: { name: updated.name, disabled: updated.disabled },
      details: { sessionsRevoked },
    });
    return toManagedUser(updated);
  });
}
