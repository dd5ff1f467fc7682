/**
 * The password guard of share links. A share password is checked with argon2id (~23 ms of CPU a
 * guess, lib/password.ts), so guessing is limited per link, not only per client IP (the public
 * route's 60 a minute per IP, which rotating addresses get around):
 *
 * - per window: at most SHARE_GUESSES_PER_WINDOW (10) guesses per link per SHARE_GUESS_WINDOW_MS
 *   (15 minutes). A guess takes its slot in the database (one atomic UPDATE of the link's row,
 *   views.repository.ts takeGuessSlot) BEFORE the hash is computed, so several API processes agree
 *   and a burst of concurrent guesses cannot slip through; past the budget the answer is 429
 *   RATE_LIMITED with Retry-After, and no hash is computed. A right password gives its slot back,
 *   so readers who know it are not counted.
 * - in total: the SHARE_LOCK_AFTER-th (20th) wrong password since the password was set or the link
 *   unlocked locks the link (`locked_at`): it answers 423 SHARE_LOCKED to everyone, the right
 *   password included, until its owner unlocks it (or sets a new password) from the view's share
 *   links. The link's creator gets an in-app message (notices sendMessage) and the audit log a
 *   `view.share_lock` entry (actor: the client that made the last guess), in one transaction.
 *
 * Figures (OWASP ASVS 5.0 V6.3.1 / Authentication Cheat Sheet "account lockout"): 10 per 15
 * minutes and a lock at 20 are the brief's; with an 8-character minimum password an attacker gets
 * 20 guesses per link before its owner has to act.
 */
import { formatMessage, type Locale } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { ViewShareRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { verifyPassword } from '../../lib/password';
import type { AuditWriter } from '../../core/audit.writer';
import { sendMessage } from '../notices/notices.service';
import { countWrongGuess, findShare, findShareOwner, returnGuessSlot, takeGuessSlot } from './views.repository';

/** Length of a link's guess window (ms): 15 minutes. */
export const SHARE_GUESS_WINDOW_MS = 15 * 60_000;
/** Password guesses per link per window. */
export const SHARE_GUESSES_PER_WINDOW = 10;
/** Wrong passwords (in total, since set or unlocked) that lock a link. */
export const SHARE_LOCK_AFTER = 20;

/** Checks a password against a hash: lib/password.ts verifyPassword (a test may count its calls). */
export type PasswordCheck = (passwordHash: string, password: string) => Promise<boolean>;

const locked = () => new HttpError(423, 'SHARE_LOCKED', 'errors.view.shareLocked');

/** 429 RATE_LIMITED with Retry-After (s) until the window that began at `windowAt` ends. */
function spent(windowAt: Date | null, now: Date): HttpError {
  const ms = Math.max(1000, (windowAt?.getTime() ?? now.getTime()) + SHARE_GUESS_WINDOW_MS - now.getTime());
  return new HttpError(429, 'RATE_LIMITED', 'errors.view.shareGuesses', undefined, {
    headers: { 'retry-after': String(Math.ceil(ms / 1000)) },
    params: { n: Math.ceil(ms / 60_000) },
  });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What the guard needs of a kind of share link (views: view_shares; documents: document_shares):
 * its guess-slot SQL and how to tell the link's current lock state.
 */
export interface GuardedShares {
  takeGuessSlot(db: Database, id: string, now: Date, windowStart: Date, max: number): Promise<Date | undefined>;
  returnGuessSlot(db: Database, id: string, windowAt: Date): Promise<void>;
  countWrongGuess(tx: Executor, id: string, now: Date, lockAfter: number): Promise<{ failures: number; lockedNow: boolean }>;
  /** The link's lock and window now (undefined when gone). */
  current(db: Database, id: string): Promise<{ lockedAt: Date | null; guessWindowAt: Date | null } | undefined>;
}

/**
 * The guard itself, for any kind of share link (`shares`): admits `password` to the link `share`
 * (which has a password) or throws; `onLock` runs inside the transaction of the guess that locked
 * the link (its notice and audit entry).
 * @throws HttpError as admitSharePassword.
 */
export async function admitGuessedPassword(
  db: Database,
  shares: GuardedShares,
  share: { id: string; lockedAt: Date | null; passwordHash: string },
  password: string | undefined,
  onLock: (tx: Executor, failures: number) => Promise<void>,
  check: PasswordCheck = verifyPassword,
  now: Date = new Date(),
): Promise<void> {
  if (share.lockedAt) throw locked();
  if (!password) throw new HttpError(401, 'SHARE_PASSWORD_REQUIRED', 'errors.view.sharePassword');
  const windowAt = await shares.takeGuessSlot(db, share.id, now, new Date(now.getTime() - SHARE_GUESS_WINDOW_MS), SHARE_GUESSES_PER_WINDOW);
  if (!windowAt) {
    const current = await shares.current(db, share.id);
    if (!current || current.lockedAt) throw locked();
    throw spent(current.guessWindowAt, now);
  }
  if (await check(share.passwordHash, password)) {
    await shares.returnGuessSlot(db, share.id, windowAt);
    return;
  }
  const lockedNow = await db.transaction(async (tx) => {
    const { failures, lockedNow } = await shares.countWrongGuess(tx, share.id, now, SHARE_LOCK_AFTER);
    if (!lockedNow) return false;
    await onLock(tx, failures);
    return true;
  });
  if (lockedNow) throw locked();
  throw new HttpError(401, 'SHARE_PASSWORD_WRONG', 'errors.view.sharePasswordWrong');
}

/**
 * Admits `password` to share `share` (of the view named `viewName`) or throws; for a link with a
 * password only (the caller checks `share.passwordHash`).
 * @throws HttpError 423 SHARE_LOCKED (locked, or this guess locked it); 401 SHARE_PASSWORD_REQUIRED
 *   (no password: no slot taken); 429 RATE_LIMITED (the link's guesses of the window are spent:
 *   no hash computed); 401 SHARE_PASSWORD_WRONG.
 */
export async function admitSharePassword(
  db: Database,
  share: ViewShareRow & { passwordHash: string },
  viewName: string,
  password: string | undefined,
  audit: AuditWriter,
  check: PasswordCheck = verifyPassword,
  now: Date = new Date(),
): Promise<void> {
  const viewShareGuard: GuardedShares = {
    takeGuessSlot,
    returnGuessSlot,
    countWrongGuess,
    current: (d, id) => findShare(d, share.viewId, id),
  };
  await admitGuessedPassword(
    db,
    viewShareGuard,
    share,
    password,
    async (tx, failures) => {
      const owner = share.createdBy ? await findShareOwner(tx, share.createdBy) : undefined;
      if (owner) {
        const locale = owner.locale as Locale;
        const params = { view: escapeHtml(viewName), prefix: escapeHtml(share.tokenPrefix), n: failures };
        await sendMessage(tx, {
          recipientId: owner.id,
          title: formatMessage('notices.shareLocked.title', locale),
          body: formatMessage('notices.shareLocked.body', locale, params),
        });
      }
      await audit.record(tx, {
        action: 'view.share_lock',
        targetType: 'view',
        targetId: share.viewId,
        after: { share: share.id, prefix: share.tokenPrefix, lockedAt: now.toISOString() },
        details: { failedGuesses: failures, ownerNotified: owner !== undefined },
      });
    },
    check,
    now,
  );
}
