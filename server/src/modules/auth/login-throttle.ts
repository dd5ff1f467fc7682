/**
 * The sign-in back-off (OWASP ASVS 5.0 V6.3 / Authentication Cheat Sheet: throttle, do not
 * lock out). Failed attempts are counted in the database (`login_throttle`), so every API process
 * sees the same counts, under keys that depend on who is trying (OWASP device cookies,
 * device-cookie.ts):
 * - a browser with a valid device cookie for the account (it signed in to it before) is counted
 *   on its own, `device:<user id>:<nonce>` (deviceThrottleKeys), and nothing else: a stranger's
 *   guessing does not lock the owner's known browsers out, and their own failures still throttle them;
 * - every other client (untrusted) is counted per account e-mail, `email:<address>` — one budget
 *   shared by all untrusted clients of the account — and per client IP, `ip:<address>` (throttleKeys).
 * For each key:
 * - the first F failures cost nothing (F = the system settings' loginFreeFailures, default
 *   FREE_FAILURES = 5, read at each attempt: a change applies at once); after n ≥ F failures each
 *   further attempt must wait 2^(n−F) s after the last one (1 s, 2 s, 4 s … ), at most MAX_DELAY_MS (15 min);
 * - a key is forgotten after WINDOW_MS (15 min) without a failure, counted from the end of the
 *   last wait;
 * - an attempt made too early is refused with 429 RATE_LIMITED, `Retry-After` (s) and a message in
 *   the request's language saying in how many seconds or minutes to try again; it is not counted;
 * - a successful sign-in forgets the failures of its device or of the account's untrusted clients,
 *   and gives the IP its attempt back (it does not forget the IP's other failures: one valid
 *   account must not unlock an address that is guessing others' passwords).
 * Attempts are counted before the password is checked, atomically with the check of the wait
 * (row locks, keys in sorted order), so a burst of parallel guesses cannot all pass while the first
 * ones are still being verified. The same counts guard the current-password check of a password
 * change.
 */
import type { Database, Executor } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { getSettings } from '../settings/settings.service';
import { deleteThrottle, ensureThrottleRows, lockThrottleRows, returnIpAttempt, saveThrottle } from './auth.repository';

/** Failures allowed before any wait, by default (system settings loginFreeFailures). */
export const FREE_FAILURES = 5;
/** Quiet time after which a key's failures are forgotten: 15 minutes (ms). */
export const WINDOW_MS = 15 * 60 * 1000;
/** The longest wait between attempts: 15 minutes (ms). */
export const MAX_DELAY_MS = 15 * 60 * 1000;

/** A key's counters: failures so far and when the last one happened. */
export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
}

/** The throttle keys of an attempt: `email:<address>` and, when known, `ip:<address>`, sorted. */
export function throttleKeys(email: string, ip: string | null): string[] {
  const keys = [`email:${email.toLowerCase()}`];
  if (ip) keys.push(`ip:${ip}`);
  return keys.sort();
}

/** The throttle key of a trusted browser: its device cookie's entry for the account (device-cookie.ts). */
export function deviceThrottleKeys(device: { userId: string; nonce: string }): string[] {
  return [`device:${device.userId}:${device.nonce}`];
}

/** The wait (ms) imposed after `failures` failures when `free` are allowed: 0 below `free`, then 2^(n−free) s up to MAX_DELAY_MS. */
export function delayWith(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(2 ** Math.min(failures - free, 30) * 1000, MAX_DELAY_MS);
}

/** The wait (ms) after `failures` failures with the default FREE_FAILURES. */
export function delayAfter(failures: number): number {
  return delayWith(failures, FREE_FAILURES);
}

/** How long (ms, ≥ 0) an attempt at `now` must still wait (`free` failures allowed). */
export function waitFor(state: ThrottleState, now: Date, free: number = FREE_FAILURES): number {
  return Math.max(0, state.lastFailureAt.getTime() + delayWith(state.failures, free) - now.getTime());
}

/** True when the key's failures are forgotten at `now` (WINDOW_MS of quiet after the last wait). */
export function isForgotten(state: ThrottleState, now: Date, free: number = FREE_FAILURES): boolean {
  return now.getTime() > state.lastFailureAt.getTime() + delayWith(state.failures, free) + WINDOW_MS;
}

/** The counters after one more failure at `now`. */
export function afterFailure(state: ThrottleState, now: Date, free: number = FREE_FAILURES): ThrottleState {
  return { failures: isForgotten(state, now, free) ? 1 : state.failures + 1, lastFailureAt: now };
}

/** The 429 for a wait of `ms`: Retry-After in whole seconds (≥ 1), the message in seconds below a minute, else minutes. */
export function throttledError(ms: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  const headers = { 'retry-after': String(seconds) };
  if (seconds < 60) {
    return seconds === 1
      ? new HttpError(429, 'RATE_LIMITED', 'errors.loginThrottled.second', undefined, { headers })
      : new HttpError(429, 'RATE_LIMITED', 'errors.loginThrottled.seconds', undefined, { headers, params: { n: seconds } });
  }
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1
    ? new HttpError(429, 'RATE_LIMITED', 'errors.loginThrottled.minute', undefined, { headers })
    : new HttpError(429, 'RATE_LIMITED', 'errors.loginThrottled.minutes', undefined, { headers, params: { n: minutes } });
}

/**
 * Counts an attempt on `keys` (as a failure, until settled by `settleSuccess`), or refuses it.
 * One short transaction; the password is checked after it, outside any transaction.
 * @throws HttpError 429 RATE_LIMITED (throttledError) when any key must still wait; nothing is counted then.
 */
export async function claimAttempt(db: Database, keys: string[], now: Date = new Date()): Promise<void> {
  const free = (await getSettings(db)).loginFreeFailures;
  await db.transaction(async (tx) => {
    await ensureThrottleRows(tx, keys);
    const rows = await lockThrottleRows(tx, keys);
    const wait = Math.max(0, ...rows.map((r) => waitFor(r, now, free)));
    if (wait > 0) throw throttledError(wait);
    for (const row of rows) await saveThrottle(tx, row.key, afterFailure(row, now, free));
  });
}

/**
 * After a correct password: forgets the failures of the account's untrusted clients or of the
 * device, and returns the IP its attempt. Runs in the caller's transaction (the sign-in's).
 */
export async function settleSuccess(tx: Executor, keys: string[]): Promise<void> {
  for (const key of keys) {
    if (key.startsWith('email:') || key.startsWith('device:')) await deleteThrottle(tx, key);
    else await returnIpAttempt(tx, key);
  }
}
