/**
 * First-run setup (PRODUCT.md "Shell": `/init` creates the first administrator on an empty
 * database and is closed afterwards).
 */
import type { InitInput, SetupStatus, User } from '../../../../contracts';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import { countUsers, insertUser } from '../users/users.repository';
import { toUser } from '../users/users.service';
import { lockSetup } from './setup.repository';

/** `{ initialized }`: true once any user exists. */
export async function getSetupStatus(db: Database): Promise<SetupStatus> {
  return { initialized: (await countUsers(db)) > 0 };
}

/**
 * Creates the first administrator when no user exists. Race-safe: the check and the insert run in
 * one transaction holding an advisory lock, so two concurrent calls create one administrator.
 * No session is opened (the web goes to /login next).
 * @throws HttpError 409 SETUP_CLOSED once any user exists.
 */
export async function initialise(db: Database, input: InitInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const row = await db.transaction(async (tx) => {
    await lockSetup(tx);
    if ((await countUsers(tx)) > 0) throw new HttpError(409, 'SETUP_CLOSED', 'errors.setupClosed');
    return insertUser(tx, { email: input.email, name: input.name, passwordHash, isAdmin: true });
  });
  return toUser(row);
}
