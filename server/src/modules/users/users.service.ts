/**
 * Users (contracts/users.ts): administrators list, create, edit, disable/enable,
 * reset passwords, delete to the recycle bin, and read a user's groups, memberships (with the
 * effective role, docs/product.md "Roles"), sessions and audit trail. Permission checks are the
 * routes' preValidation hooks (requireAdmin); this layer holds the rules:
 *  - an administrator cannot disable, demote or delete their own account;
 *  - Assay keeps at least one live, enabled administrator (serialised on the administrators' rows);
 *  - disabling, resetting the password or deleting ends every session of the account.
 * Every change writes its audit entry in its transaction.
 */
import { randomInt } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type {
  CurrentUser,
  ManagedUser,
  PasswordResetResult,
  User,
  UserCreate,
  UserDetail,
  UserListQuery,
  UserSession,
  UserUpdate,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { applications, type UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { assertPasswordPolicy, getSettings } from '../settings/settings.service';
import { likePattern, offsetOf } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { endSessionsOf } from '../../core/user-access';
import { revokeTokensOf } from '../account/account.service';
import { higherRole } from '../../core/effective-role';
import { moveToRecycleBin, registerRecyclable } from '../../core/recycle.registry';
import {
  clearUserDeleted,
  deleteSessionOf,
  findUserById,
  hardDeleteUser,
  insertUser,
  listActiveSessions,
  listGroupsOfUser,
  listMembershipsOfUser,
  listUsers as listUserRows,
  lockEnabledAdmins,
  lockUser,
  lockUserIncludingDeleted,
  markUserDeleted,
  setPassword,
  updateUser as updateUserRow,
  type UserChanges,
} from './users.repository';

/**
 * The users table for other modules (setup, sign-in, groups, applications, the shell commands):
 * they reach it only through this service (docs/architecture.md "Arrows").
 */
export { countUsers, findUserByEmail, findUserById, insertUser } from './users.repository';

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

/** A user row as contracts' `ManagedUser` (User + disabled, profile, timestamps). */
export function toManagedUser(row: UserRow): ManagedUser {
  return {
    ...toUser(row),
    disabled: row.disabled,
    title: row.title,
    phone: row.phone,
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a user (no hash, no timestamps that change on every edit). */
function auditView(row: UserRow) {
  return { name: row.name, email: row.email, title: row.title, phone: row.phone, isAdmin: row.isAdmin, disabled: row.disabled };
}

/** The 409 of a taken e-mail: EMAIL_TAKEN with `details: [{ field: 'email' }]`. */
export const emailTaken = () =>
  new HttpError(409, 'EMAIL_TAKEN', 'errors.emailTaken', [{ field: 'email', messageKey: 'errors.emailTaken' }]);

const conflict = (key: 'errors.cannotDisableSelf' | 'errors.cannotDemoteSelf' | 'errors.cannotDeleteSelf' | 'errors.lastAdmin') =>
  new HttpError(409, 'CONFLICT', key);

/** '' → null (a cleared profile field); undefined stays undefined (unchanged). */
const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);

/**
 * Creates an account with an argon2id hash of its password (~23 ms), audited `user.create`
 * (after: the user, without the hash).
 * @param input validated by contracts' userCreateSchema (e-mail already lower-cased).
 * The password must pass the system's password policy; the language is the system default.
 * @throws HttpError 400 (details field 'password') when the password breaks the policy; 409
 *   EMAIL_TAKEN (details field 'email') when the e-mail is in use (also by a user in the recycle bin).
 */
export async function createUser(db: Database, input: UserCreate, audit: AuditWriter): Promise<User> {
  await assertPasswordPolicy(db, input.password, 'password');
  const { defaultLocale } = await getSettings(db);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        email: input.email,
        name: input.name,
        passwordHash,
        isAdmin: input.isAdmin,
        locale: defaultLocale,
        title: blankToNull(input.title) ?? null,
        phone: blankToNull(input.phone) ?? null,
      });
      const user = toUser(row);
      await audit.record(tx, { action: 'user.create', targetType: 'user', targetId: row.id, after: auditView(row) });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

/** One page of live users: `q` on e-mail or name, filters disabled/isAdmin/groupId, sort (default name). */
export async function listUsers(db: Executor, query: UserListQuery): Promise<{ items: ManagedUser[]; total: number }> {
  const { rows, total } = await listUserRows(db, {
    filter: { pattern: likePattern(query.q), disabled: query.disabled, isAdmin: query.isAdmin, groupId: query.groupId },
    sort: query.sort,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toManagedUser), total };
}

/**
 * A live user with their groups and application memberships; each membership's `role` is the
 * effective one (the highest of the direct role and the groups' grants).
 * @throws HttpError 404 NOT_FOUND (errors.userIdNotFound) for an unknown or deleted user.
 */
export async function getUserDetail(db: Database, id: string): Promise<UserDetail> {
  const row = await liveUserOr404(db, id);
  const [groupRows, membershipRows] = await Promise.all([listGroupsOfUser(db, id), listMembershipsOfUser(db, id)]);
  return {
    user: toManagedUser(row),
    groups: groupRows,
    memberships: membershipRows.map((m) => ({
      ...m,
      role: m.viaGroups.reduce((best, g) => higherRole(best, g.role), m.direct) ?? 'viewer',
    })),
  };
}

/** The live user `id`. @throws HttpError 404 NOT_FOUND (errors.userIdNotFound). */
async function liveUserOr404(db: Executor, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('errors.userIdNotFound');
  return row;
}

/**
 * Edits an account (administrators), audited `user.update` with before/after of name, disabled and
 * the edited fields.
 * Disabling ends every session of the account (details `sessionsRevoked`). Serialised on the
 * enabled administrators' rows, so two administrators cannot disable or demote each other at once.
 * @throws HttpError 404 NOT_FOUND (errors.userIdNotFound); 409 CONFLICT errors.cannotDisableSelf /
 *   errors.cannotDemoteSelf (one's own account), errors.lastAdmin (the last enabled administrator);
 *   409 EMAIL_TAKEN (details 'email').
 */
export async function updateUser(
  db: Database,
  actor: CurrentUser,
  id: string,
  input: UserUpdate,
  audit: AuditWriter,
): Promise<ManagedUser> {
  try {
    return await db.transaction(async (tx) => {
      const disabling = input.disabled === true;
      const demoting = input.isAdmin === false;
      if (disabling || demoting) await lockEnabledAdmins(tx);
      const row = await lockUser(tx, id);
      if (!row) throw notFound('errors.userIdNotFound');
      const losesAdmin = row.isAdmin && !row.disabled && ((disabling && !row.disabled) || (demoting && row.isAdmin));
      if (disabling && !row.disabled && row.id === actor.id) throw conflict('errors.cannotDisableSelf');
      if (demoting && row.isAdmin && row.id === actor.id) throw conflict('errors.cannotDemoteSelf');
      if (losesAdmin && (await lockEnabledAdmins(tx)).length <= 1) throw conflict('errors.lastAdmin');
      const changes: UserChanges = {
        name: input.name,
        email: input.email,
        title: blankToNull(input.title),
        phone: blankToNull(input.phone),
        isAdmin: input.isAdmin,
        disabled: input.disabled,
      };
      for (const key of Object.keys(changes) as (keyof UserChanges)[]) if (changes[key] === undefined) delete changes[key];
      if (changedKeys(row, changes).length === 0) {
        audit.unchanged();
        return toManagedUser(row);
      }
      const updated = await updateUserRow(tx, id, changes);
      const sessionsRevoked = disabling && !row.disabled ? await endSessionsOf(tx, id) : 0;
      const before = auditView(row);
      const after = auditView(updated);
      // name and disabled always (what the list shows), plus every edited field
      const keys = [...new Set(['name', 'disabled', ...Object.keys(changes)])] as (keyof typeof before)[];
      await audit.record(tx, {
        action: 'user.update',
        targetType: 'user',
        targetId: id,
        before: Object.fromEntries(keys.map((k) => [k, before[k]])),
        after: Object.fromEntries(keys.map((k) => [k, after[k]])),
        details: { sessionsRevoked },
      });
      return toManagedUser(updated);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

const PASSWORD_CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#$%*+-=?@_'];
/** Length of a generated password: 20 characters from 4 classes (~125 bits). */
export const GENERATED_PASSWORD_LENGTH = 20;

/**
 * A strong random password (crypto.randomInt): GENERATED_PASSWORD_LENGTH characters with at least
 * one upper-case letter, lower-case letter, digit and symbol (so it passes any password policy of
 * the system settings), without look-alike characters (0/O, 1/l/I).
 */
export function generatePassword(): string {
  const all = PASSWORD_CLASSES.join('');
  const chars = PASSWORD_CLASSES.map((set) => set[randomInt(set.length)]);
  while (chars.length < GENERATED_PASSWORD_LENGTH) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/**
 * Resets a user's password (administrators): a generated strong password, returned once
 * in the answer and stored only as its argon2id hash; `password_changed_at` set; every session of
 * the user ended and every active API token revoked; audited `user.password_reset` (details:
 * sessionsRevoked, tokensRevoked; never the password).
 * @throws HttpError 404 NOT_FOUND (errors.userIdNotFound).
 */
export async function resetPassword(db: Database, id: string, audit: AuditWriter): Promise<PasswordResetResult> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (!row) throw notFound('errors.userIdNotFound');
    const updated = await setPassword(tx, id, passwordHash, new Date());
    const sessionsRevoked = await endSessionsOf(tx, id);
    const tokensRevoked = await revokeTokensOf(tx, id, new Date());
    await audit.record(tx, {
      action: 'user.password_reset',
      targetType: 'user',
      targetId: id,
      details: { sessionsRevoked, tokensRevoked, by: 'administrator' },
    });
    return { user: toManagedUser(updated), password, sessionsRevoked, tokensRevoked };
  });
}

/**
 * Deletes a user to the recycle bin: `deleted_at`/`deleted_by` set, a recycle-bin row,
 * every session ended, audited `user.delete` (before: the user). Memberships and group memberships
 * stay in place (hidden while the user is deleted) so a restore brings them back.
 * @throws HttpError 404 NOT_FOUND (errors.userIdNotFound); 409 CONFLICT errors.cannotDeleteSelf,
 *   errors.lastAdmin (the last enabled administrator).
 */
export async function deleteUser(db: Database, actor: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await lockEnabledAdmins(tx);
    const row = await lockUser(tx, id);
    if (!row) throw notFound('errors.userIdNotFound');
    if (row.id === actor.id) throw conflict('errors.cannotDeleteSelf');
    if (row.isAdmin && !row.disabled && admins.length <= 1) throw conflict('errors.lastAdmin');
    await markUserDeleted(tx, id, actor.id, new Date());
    const sessionsRevoked = await endSessionsOf(tx, id);
    await moveToRecycleBin(tx, {
      type: 'user',
      id,
      label: row.email,
      actorId: actor.id,
      actorLabel: actor.email,
      details: { name: row.name, isAdmin: row.isAdmin },
    });
    await audit.record(tx, {
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      before: auditView(row),
      after: null,
      details: { sessionsRevoked, recycleBin: true },
    });
  });
}

/**
 * Restores a deleted user (the recycle bin's `restore`, inside its transaction): clears
 * `deleted_at`; memberships and group memberships come back since they were never removed. The
 * account's sessions were ended at deletion: the user signs in again.
 * @throws HttpError 404 NOT_FOUND (errors.userIdNotFound) when the user is gone; 409 CONFLICT
 *   (errors.userNotDeleted) when it is not deleted.
 */
export async function restoreUser(tx: Executor, id: string): Promise<void> {
  const row = await lockUserIncludingDeleted(tx, id);
  if (!row) throw notFound('errors.userIdNotFound');
  if (!row.deletedAt) throw new HttpError(409, 'CONFLICT', 'errors.userNotDeleted');
  await clearUserDeleted(tx, id);
}

/**
 * Purges a deleted user for good (the recycle bin's `purge`): the row goes, and by cascade its
 * sessions, memberships, group memberships, API tokens and notice reads. The audit log keeps its
 * entries (they carry the e-mail as text).
 * @throws HttpError 404 NOT_FOUND (unknown); 409 CONFLICT errors.userNotDeleted (not in the bin) or
 *   errors.userStillReferenced (applications it created still exist: `applications.created_by`
 *   has no ON DELETE rule in the schema).
 */
export async function purgeUser(tx: Executor, id: string): Promise<void> {
  const row = await lockUserIncludingDeleted(tx, id);
  if (!row) throw notFound('errors.userIdNotFound');
  if (!row.deletedAt) throw new HttpError(409, 'CONFLICT', 'errors.userNotDeleted');
  const [{ n }] = await tx.select({ n: count() }).from(applications).where(eq(applications.createdBy, id));
  if (n > 0) throw new HttpError(409, 'CONFLICT', 'errors.userStillReferenced');
  await hardDeleteUser(tx, id);
}

registerRecyclable({ type: 'user', restore: restoreUser, purge: purgeUser });

/** The unexpired sessions of a live user, most recently seen first. @throws 404 unknown user. */
export async function listUserSessions(db: Database, id: string, now: Date = new Date()): Promise<UserSession[]> {
  await liveUserOr404(db, id);
  const rows = await listActiveSessions(db, id, now);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
  }));
}

/**
 * Ends one session of a user (the user page's "revoke"), audited `user.session_revoke`
 * (details: the session's IP and user agent).
 * @throws HttpError 404 errors.userIdNotFound; 404 errors.sessionNotFound.
 */
export async function revokeUserSession(db: Database, id: string, sessionId: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (!row) throw notFound('errors.userIdNotFound');
    const sessions = await listActiveSessions(tx, id, new Date(0));
    const session = sessions.find((s) => s.id === sessionId);
    if (!session || !(await deleteSessionOf(tx, id, sessionId))) throw notFound('errors.sessionNotFound');
    await audit.record(tx, {
      action: 'user.session_revoke',
      targetType: 'user',
      targetId: id,
      details: { ip: session.ip, userAgent: session.userAgent ? session.userAgent.slice(0, 200) : null },
    });
  });
}
