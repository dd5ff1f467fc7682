/**
 * First-run setup (docs/product.md "Shell": `/init` creates the first administrator on an empty
 * database and is closed afterwards).
 */
import type { InitInput, SetupStatus, User } from '../../../../contracts';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { AuditWriter } from '../../core/audit.writer';
import { hashPassword } from '../../lib/password';
import { assertPasswordPolicy } from '../settings/settings.service';
import { countUsers, insertUser, toUser } from '../users/users.service';
import { lockSetup } from './setup.repository';

/** `{ initialized }`: true once any user exists. */
export async function getSetupStatus(db: Database): Promise<SetupStatus> {
  return { initialized: (await countUsers(db)) > 0 };
}

/**
 * Creates the first administrator when no user exists. Race-safe: the check and the insert run in
 * one transaction holding an advisory lock, so two concurrent calls create one administrator.
 * No session is opened (the web goes to /login next). Audited `setup.init` (actor label `setup`,
 * after: the administrator). Afterwards the only way to add an administrator without signing in is
 * the shell (`npm run admin -- create-admin`, ops/admin.ts).
 * @throws HttpError 409 SETUP_CLOSED once any user exists.
 */
export async function initialise(db: Database, input: InitInput, audit: AuditWriter): Promise<User> {
  await assertPasswordPolicy(db, input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await lockSetup(tx);
    if ((await countUsers(tx)) > 0) throw new HttpError(409, 'SETUP_CLOSED', 'errors.setupClosed');
    const user = toUser(await insertUser(tx, { email: input.email, name: input.name, passwordHash, isAdmin: true }));
    await audit.as({ id: null, label: 'setup' }).record(tx, { action: 'setup.init', targetType: 'user', targetId: user.id, after: user });
    return user;
  });
}
