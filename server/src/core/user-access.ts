/**
 * Ending a user's sign-ins from modules that do not own the sessions table. The users module ends
 * every session of a user it disables, deletes or whose password it resets; the sessions belong to
 * the auth module, which itself reads users. So instead of users importing auth (a cycle), the auth
 * module registers its session store here when it loads (modules/auth/auth.service.ts), and the
 * users module calls `endSessionsOf` (docs/architecture.md "Arrows").
 */
import type { Executor } from '../db/client';

/** Deletes every session of `userId` inside `tx`'s transaction; resolves to the number deleted. */
export type SessionEnder = (tx: Executor, userId: string) => Promise<number>;

let ender: SessionEnder | null = null;

/** Registers (or replaces) the session store's delete: called once by the auth module at load. */
export function registerSessionEnder(fn: SessionEnder): void {
  ender = fn;
}

/**
 * Ends every session of a user (same transaction as the caller's change).
 * @returns the number of sessions ended.
 * @throws Error when no module registered a session store (the auth module was not loaded).
 */
export function endSessionsOf(tx: Executor, userId: string): Promise<number> {
  if (!ender) throw new Error('no session store registered: the auth module (modules/auth/auth.service.ts) must be loaded');
  return ender(tx, userId);
}
