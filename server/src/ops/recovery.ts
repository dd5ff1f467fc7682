/**
 * Account recovery from the shell (`/init` is closed forever after the first run, so a
 * forgotten administrator password or a lost administrator is repaired here). Both operations
 * write their audit entry (actor `shell`, with the OS account and host in details) in their
 * transaction. Used by `npm run admin` (ops/admin.ts), directly or through the running server.
 */
import { randomBytes } from 'node:crypto';
import { passwordSchema, type User } from '../../../contracts';
import type { Database } from '../db/client';
import { appendAudit, SHELL_ACTOR, shellDetails } from '../core/audit.writer';
import { revokeTokensOf } from '../modules/account/account.service';
import { deleteSessionsOf, deleteThrottle, updatePasswordHash } from '../modules/auth/auth.service';
import { findUserByEmail, insertUser } from '../modules/users/users.service';
import { toUser } from '../modules/users/users.service';
import type { OpsRequest } from './ops-requests';

/** A random password that passes the strength rule: 20 characters of base64url (120 bits). */
export function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(15).toString('base64url');
    if (passwordSchema.safeParse(candidate).success) return candidate;
  }
}

/**
 * Sets a user's password hash, ends all their sessions, revokes their active API tokens and
 * forgets the e-mail's failed sign-ins; audited `user.password_reset`.
 * @param passwordHash an argon2id hash (lib/password.ts hashPassword).
 * @returns the user and the numbers of sessions ended and of tokens revoked.
 * @throws Error when no user has this e-mail.
 */
export async function resetPassword(
  db: Database,
  email: string,
  passwordHash: string,
): Promise<{ user: User; sessionsRevoked: number; tokensRevoked: number }> {
  return db.transaction(async (tx) => {
    const row = await findUserByEmail(tx, email);
    if (!row) throw new Error(`No user has the e-mail ${email}`);
    await updatePasswordHash(tx, row.id, passwordHash);
    const sessionsRevoked = await deleteSessionsOf(tx, row.id);
    const tokensRevoked = await revokeTokensOf(tx, row.id, new Date());
    await deleteThrottle(tx, `email:${email}`);
    await appendAudit(tx, SHELL_ACTOR, {
      action: 'user.password_reset',
      targetType: 'user',
      targetId: row.id,
      details: { ...shellDetails(), sessionsRevoked, tokensRevoked },
    });
    return { user: toUser(row), sessionsRevoked, tokensRevoked };
  });
}

/**
 * Creates an administrator; audited `user.create` (actor `shell`, details `via: 'shell'`).
 * @throws Error when the e-mail is taken (use reset-password for an existing account).
 */
export async function createAdmin(db: Database, input: { email: string; name: string; passwordHash: string }): Promise<User> {
  return db.transaction(async (tx) => {
    if (await findUserByEmail(tx, input.email)) {
      throw new Error(`A user with the e-mail ${input.email} exists: use reset-password instead`);
    }
    const user = toUser(await insertUser(tx, { ...input, isAdmin: true }));
    await appendAudit(tx, SHELL_ACTOR, {
      action: 'user.create',
      targetType: 'user',
      targetId: user.id,
      after: user,
      details: { ...shellDetails(), via: 'shell' },
    });
    return user;
  });
}

/** Runs a recovery request (create-admin or reset-password) on a database; returns the line to print. */
export async function runRecovery(db: Database, request: OpsRequest): Promise<string> {
  if (request.op === 'create-admin') {
    const user = await createAdmin(db, request);
    return `Administrator ${user.email} created (id ${user.id}).`;
  }
  if (request.op === 'reset-password') {
    const { user, sessionsRevoked, tokensRevoked } = await resetPassword(db, request.email, request.passwordHash);
    return `Password of ${user.email} reset; ${sessionsRevoked} session(s) ended, ${tokensRevoked} API token(s) revoked.`;
  }
  throw new Error(`Not a recovery request: ${request.op}`);
}
