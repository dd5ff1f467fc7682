/**
 * Sign-in, sessions, password change and preferences (docs/product.md "API conventions": cookie
 * sessions, argon2id, login rate limit; "Shell": login, logout, session expiry; OWASP ASVS 5.0 V7
 * "Session management").
 *
 * Sessions: the browser holds a random 32-byte token (base64url) in the session cookie
 * (`assay_session`, or `__Host-assay_session` over https: core/auth.plugin.ts); the database holds only
 * its SHA-256 (hex), so a copy of the table cannot sign anyone in. A new token is issued at every
 * sign-in and password change (rotation). A session ends after the system settings' idle timeout
 * without a request or their absolute timeout after sign-in, whichever is first (settings.service.ts
 * sessionTimeouts; IDLE_TIMEOUT_MS and ABSOLUTE_TIMEOUT_MS are their defaults), applied at once to
 * existing sessions too; `last_seen_at` is written at most once per TOUCH_INTERVAL_MS.
 * The password policy (length, classes) applies to a new password, and a password older than its
 * expiry makes CurrentUser.passwordExpired true (System settings).
 * Every session of a user ends when their password changes (the current one is replaced) or their
 * account is disabled (users.service.ts); the scheduler purges expired ones every 10 minutes.
 */
import { hash, randomBytes } from 'node:crypto';
import { isPasswordExpired, type CurrentUser, type LoginInput, type PasswordChange, type PreferencesInput } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { forbidden, HttpError, unauthenticated } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { hashPassword, verifyDummy, verifyPassword } from '../../lib/password';
import { revokeTokensOf } from '../account/account.service';
import { requireOpenableApplication } from '../applications/applications.service';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { registerSessionEnder } from '../../core/user-access';
import { assertPasswordPolicy, getSettings, peekSettings, sessionTimeouts } from '../settings/settings.service';
import { findUserByEmail, findUserById } from '../users/users.service';
import {
  deleteExpiredSessions,
  deleteExpiredSessionsOf,
  deleteSession,
  deleteSessionsOf,
  findSessionWithUser,
  type SessionWithUser,
  findUserWithLastApp,
  insertSession,
  touchSession,
  updatePasswordHash,
  updateUserPreferences,
} from './auth.repository';

/** The sessions and sign-in throttle for the shell commands and the scheduler (ops/recovery.ts, ops/scheduler.ts). */
export { deleteSessionsOf, deleteThrottle, purgeThrottleRows, updatePasswordHash } from './auth.repository';

// the users module ends sessions through the core (a user disabled, deleted or reset): core/user-access.ts
registerSessionEnder((tx, userId) => deleteSessionsOf(tx, userId));
import { trustedDevice, newDeviceEntry, withDevice, type DeviceEntry } from './device-cookie';
import { claimAttempt, deviceThrottleKeys, settleSuccess, throttleKeys } from './login-throttle';

/** Default idle expiry: 8 hours (ms) without a request ends the session (a working day); settings sessionIdleMinutes. */
export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
/** `last_seen_at` is refreshed at most once a minute (ms), to spare a write per request. */
export const TOUCH_INTERVAL_MS = 60 * 1000;
/** Random bytes in a session token (256 bits). */
export const TOKEN_BYTES = 32;

/**
 * The session id stored for a token: SHA-256 of the token, hex (64 characters). Node's one-shot
 * `crypto.hash` (0.9 µs here against 2.4 µs for createHash…digest): it runs on every signed-in request.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A user row (and its last application's slug) as contracts' CurrentUser; `passwordExpired` only when true. */
export function toCurrentUser(
  user: Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin' | 'locale'>,
  lastAppSlug: string | null,
  passwordExpired = false,
): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    locale: user.locale,
    lastApp: lastAppSlug,
    ...(passwordExpired ? { passwordExpired: true } : {}),
  };
}

/** Client facts of a sign-in, stored with the session and the audit entry. */
export interface LoginMeta {
  ip: string | null;
  userAgent: string | null;
  /** The session the request already had (ended: a sign-in always starts a new session). */
  previousSessionId: string | null;
  /** The request's device cookie value, unverified (device-cookie.ts); undefined when it has none. */
  deviceCookie?: string;
}

/**
 * The throttle keys of an attempt on `user`'s account (login-throttle.ts): the device's own key
 * when the request carries a valid device cookie for the account, else the account e-mail's and
 * the IP's (also for an unknown e-mail: `user` undefined).
 */
function attemptKeys(email: string, user: { id: string } | undefined, meta: Pick<LoginMeta, 'ip' | 'deviceCookie'>): { keys: string[]; device: DeviceEntry | null } {
  const device = user ? trustedDevice(meta.deviceCookie, user.id) : null;
  return { keys: device ? deviceThrottleKeys(device) : throttleKeys(email, meta.ip), device };
}

async function openSession(tx: Executor, userId: string, meta: LoginMeta, now: Date, absoluteMs: number): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await insertSession(tx, {
    id: hashToken(token),
    userId,
    expiresAt: new Date(now.getTime() + absoluteMs),
    ip: meta.ip,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 512) : null,
  });
  return token;
}

/**
 * Checks the credentials and opens a session (a new token every time: the session id is rotated
 * at sign-in, and the request's previous session, if any, is ended).
 * Wrong password and unknown e-mail answer the same 401 INVALID_CREDENTIALS, and an unknown e-mail
 * still costs one argon2 verification (dummy hash) so timing does not tell them apart. Attempts go
 * through the back-off of login-throttle.ts, counted for the browser alone when it brings a valid
 * device cookie for the account (device-cookie.ts), else with the account's other untrusted
 * clients and the IP. A successful sign-in gets the browser's device cookie value back (this
 * account's entry first; an existing valid entry is kept). Audit: `auth.login` with the session (actor: the
 * user); `auth.login_failed` in its own transaction (actor label: the e-mail tried; details.reason
 * `password`, `unknown-email` or `disabled`).
 * @returns the cookie token (to send, never stored), the user, the session's lifetime in ms (the
 *   cookie's Max-Age) and the device cookie's new value.
 * @throws HttpError 429 RATE_LIMITED while the device, or the e-mail or the IP, must wait; 401 INVALID_CREDENTIALS;
 *   403 FORBIDDEN (errors.accountDisabled) for a disabled account whose password was right.
 */
export async function login(
  db: Database,
  input: LoginInput,
  meta: LoginMeta,
  audit: AuditWriter,
  now: Date = new Date(),
): Promise<{ token: string; user: CurrentUser; maxAgeMs: number; deviceCookie: string }> {
  const user = await findUserByEmail(db, input.email);
  const { keys, device } = attemptKeys(input.email, user, meta);
  await claimAttempt(db, keys, now);
  const anonymous = audit.as({ id: null, label: input.email });
  if (!user) {
    await verifyDummy(input.password);
    await anonymous.record(db, { action: 'auth.login_failed', details: { reason: 'unknown-email' } });
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await anonymous.record(db, { action: 'auth.login_failed', targetType: 'user', targetId: user.id, details: { reason: 'password' } });
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials');
  }
  if (user.disabled) {
    await anonymous.record(db, { action: 'auth.login_failed', targetType: 'user', targetId: user.id, details: { reason: 'disabled' } });
    throw forbidden('errors.accountDisabled');
  }
  const { idleMs, absoluteMs } = await sessionTimeouts(db);
  const token = await db.transaction(async (tx) => {
    await settleSuccess(tx, keys);
    if (meta.previousSessionId) await deleteSession(tx, meta.previousSessionId);
    await deleteExpiredSessionsOf(tx, user.id, now, new Date(now.getTime() - idleMs));
    const opened = await openSession(tx, user.id, meta, now, absoluteMs);
    await audit.as({ id: user.id, label: user.email }).record(tx, {
      action: 'auth.login',
      targetType: 'user',
      targetId: user.id,
      details: { userAgent: meta.userAgent ? meta.userAgent.slice(0, 200) : null },
    });
    return opened;
  });
  const current = await findUserWithLastApp(db, user.id);
  const expired = isPasswordExpired(user.passwordChangedAt, (await getSettings(db)).passwordExpiryDays, now);
  const deviceCookie = withDevice(meta.deviceCookie, device ?? newDeviceEntry(user.id));
  return { token, user: toCurrentUser(user, current?.lastAppSlug ?? null, expired), maxAgeMs: absoluteMs, deviceCookie };
}

/**
 * Changes the signed-in user's password (docs/product.md "Users and groups": the personal center's password). The current
 * password is checked under the sign-in back-off (a stolen session cannot guess it quickly; a
 * browser with the account's device cookie is counted on its own, as at sign-in). On
 * success, in one transaction: the new argon2id hash, every session of the user ended — the other
 * devices are signed out —, every active API token of the user revoked (a token made by whoever
 * knew the old password must not outlive it), and a new session opened for this one (rotation),
 * `auth.password_change` audited with the numbers of other sessions and of tokens revoked. A wrong current password is audited as
 * `auth.password_change_failed`. The new password must pass the password policy of the system
 * settings (checked first: a refused new password costs no attempt of the back-off).
 * @returns the new session's cookie token, the user (password no longer expired), the session's
 *   lifetime in ms, and the numbers of other sessions ended and of API tokens revoked.
 * @throws HttpError 429 RATE_LIMITED; 400 VALIDATION_FAILED (details field newPassword: the policy;
 *   field currentPassword: errors.currentPasswordWrong); 401 when the account no longer exists.
 */
export async function changePassword(
  db: Database,
  user: CurrentUser,
  currentSessionId: string | null,
  input: PasswordChange,
  meta: Omit<LoginMeta, 'previousSessionId'>,
  audit: AuditWriter,
  now: Date = new Date(),
): Promise<{ token: string; user: CurrentUser; maxAgeMs: number; otherSessionsRevoked: number; tokensRevoked: number }> {
  await assertPasswordPolicy(db, input.newPassword, 'newPassword');
  const { keys } = attemptKeys(user.email, user, meta);
  await claimAttempt(db, keys, now);
  const row = await findUserById(db, user.id);
  if (!row) throw unauthenticated();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await audit.record(db, { action: 'auth.password_change_failed', targetType: 'user', targetId: user.id });
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [
      { field: 'currentPassword', messageKey: 'errors.currentPasswordWrong' },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const { absoluteMs } = await sessionTimeouts(db);
  const done = await db.transaction(async (tx) => {
    await settleSuccess(tx, keys);
    await updatePasswordHash(tx, user.id, passwordHash);
    const revoked = await deleteSessionsOf(tx, user.id);
    const tokensRevoked = await revokeTokensOf(tx, user.id, now);
    const opened = await openSession(tx, user.id, { ...meta, previousSessionId: null }, now, absoluteMs);
    const others = currentSessionId ? Math.max(0, revoked - 1) : revoked;
    await audit.record(tx, {
      action: 'auth.password_change',
      targetType: 'user',
      targetId: user.id,
      details: { otherSessionsRevoked: others, tokensRevoked },
    });
    return { token: opened, otherSessionsRevoked: others, tokensRevoked };
  });
  return { ...done, user: { ...user, passwordExpired: false }, maxAgeMs: absoluteMs };
}

/**
 * The user of a cookie token, or null when the session is unknown, expired (idle or absolute, by
 * the system settings' timeouts as they are now; an expired session is deleted) or its user is
 * disabled. Refreshes `last_seen_at` when older than TOUCH_INTERVAL_MS. With `cache`
 * (lib/read-cache.ts) the session row is read from it (keyed by the token's hash), so a signed-in
 * request need not touch the database.
 */
export async function resolveSession(
  db: Database,
  token: string,
  now: Date = new Date(),
  cache?: ReadCache,
): Promise<{ sessionId: string; user: CurrentUser } | null> {
  if (!token || token.length > 256) return null;
  const id = hashToken(token);
  const sessionsCache = cache?.namespace<SessionWithUser | null>('sessions');
  const load = async () => (await findSessionWithUser(db, id)) ?? null;
  const found = sessionsCache ? await sessionsCache.get(id, load) : await load();
  if (!found) return null;
  const { user, lastAppSlug } = found;
  const settings = await getSettings(db);
  const verdict = sessionVerdict(found, settings, now);
  if (verdict === 'expired') {
    sessionsCache?.delete(id);
    await deleteSession(db, id);
    return null;
  }
  if (verdict === 'disabled') return null;
  if (verdict === 'touch') {
    await touchSession(db, id, now);
    // the touch does not notify (migration 0004): keep the cached copy's last_seen_at current
    sessionsCache?.patch(id, (v) => (v ? { ...v, session: { ...v.session, lastSeenAt: now } } : v));
  }
  const expired = isPasswordExpired(found.passwordChangedAt, settings.passwordExpiryDays, now);
  return { sessionId: id, user: toCurrentUser(user, lastAppSlug, expired) };
}

/**
 * What a session row is worth now, by the system settings' timeouts: 'expired' (past its absolute
 * end — its own `expires_at` or `created_at` + sessionAbsoluteDays — or idle for
 * sessionIdleMinutes: to be deleted), 'disabled' (its user is), 'touch' (valid, `last_seen_at`
 * older than TOUCH_INTERVAL_MS: to be refreshed) or 'valid'. The one rule of resolveSession and
 * its fast lane.
 */
function sessionVerdict(
  found: SessionWithUser,
  settings: { sessionAbsoluteDays: number; sessionIdleMinutes: number },
  now: Date,
): 'expired' | 'disabled' | 'touch' | 'valid' {
  const { session, user } = found;
  const idleSince = now.getTime() - session.lastSeenAt.getTime();
  const absoluteEnd = Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + settings.sessionAbsoluteDays * 86_400_000);
  if (absoluteEnd <= now.getTime() || idleSince >= settings.sessionIdleMinutes * 60_000) return 'expired';
  if (user.disabled) return 'disabled';
  return idleSince >= TOUCH_INTERVAL_MS ? 'touch' : 'valid';
}

/** The CurrentUser made for a cached session row, per password-expired state: reused while the row is cached. */
const usersOfCachedSessions = new WeakMap<SessionWithUser, { expired: boolean; user: CurrentUser }>();

/**
 * resolveSession's fast lane, without awaiting anything: the answer when the session row and the
 * settings are both in the caches and nothing needs writing (no expiry to delete, no
 * `last_seen_at` to refresh); `undefined` when resolveSession must run. Same rules, same result.
 */
export function resolveCachedSession(db: Database, token: string, cache: ReadCache, now: Date = new Date()): { sessionId: string; user: CurrentUser } | null | undefined {
  if (!token || token.length > 256) return null;
  const id = hashToken(token);
  const found = cache.namespace<SessionWithUser | null>('sessions').peek(id);
  if (found === undefined) return undefined;
  if (found === null) return null;
  const settings = peekSettings(db, now.getTime());
  if (!settings) return undefined;
  const verdict = sessionVerdict(found, settings, now);
  // expiry (a delete) and the touch (a write) are resolveSession's to do
  if (verdict === 'expired' || verdict === 'touch') return undefined;
  if (verdict === 'disabled') return null;
  const { user } = found;
  const expired = isPasswordExpired(found.passwordChangedAt, settings.passwordExpiryDays, now);
  let made = usersOfCachedSessions.get(found);
  if (!made || made.expired !== expired) {
    made = { expired, user: toCurrentUser(user, found.lastAppSlug, expired) };
    usersOfCachedSessions.set(found, made);
  }
  return { sessionId: id, user: made.user };
}

/** Ends a session (no error when it does not exist) and audits `auth.logout`. */
export async function logout(db: Database, sessionId: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSession(tx, sessionId);
    await audit.record(tx, { action: 'auth.logout', targetType: 'user', targetId: audit.actor.id });
  });
}

/**
 * Ends every session past its absolute expiry or idle for the settings' idle timeout (the
 * scheduler, every 10 minutes; expired sessions are also refused and deleted when presented).
 * @returns the number of sessions deleted.
 */
export async function purgeExpiredSessions(db: Executor, now: Date = new Date()): Promise<number> {
  const { idleMs } = await sessionTimeouts(db);
  return deleteExpiredSessions(db, now, new Date(now.getTime() - idleMs));
}

/**
 * Updates the signed-in user's language and/or last application, audited as `user.preferences`
 * (before/after of what changed) in the same transaction.
 * @param input contracts' preferencesInputSchema; `lastApp` is a slug (null clears it).
 * @throws HttpError 404 NOT_FOUND (errors.applicationNotFound) for an unknown slug, 403 FORBIDDEN
 *   (errors.notMember) when the user may not open it (rules: applications.service.ts).
 */
export async function updatePreferences(
  db: Database,
  user: CurrentUser,
  input: PreferencesInput,
  audit: AuditWriter,
): Promise<CurrentUser> {
  const prefs: { locale?: 'zh-CN' | 'en-US'; lastApp?: string | null } = {};
  const after: { locale?: string; lastApp?: string | null } = {};
  const before: { locale?: string; lastApp?: string | null } = {};
  if (input.locale !== undefined) {
    prefs.locale = input.locale;
    before.locale = user.locale;
    after.locale = input.locale;
  }
  if (input.lastApp !== undefined) {
    prefs.lastApp = input.lastApp === null ? null : (await requireOpenableApplication(db, user, input.lastApp)).app.id;
    before.lastApp = user.lastApp;
    after.lastApp = input.lastApp;
  }
  if (changedKeys(before, after).length === 0) {
    audit.unchanged();
    const fresh = await findUserWithLastApp(db, user.id);
    if (!fresh) throw unauthenticated();
    return toCurrentUser(fresh.user, fresh.lastAppSlug);
  }
  return db.transaction(async (tx) => {
    if (Object.keys(prefs).length > 0) await updateUserPreferences(tx, user.id, prefs);
    const fresh = await findUserWithLastApp(tx, user.id);
    if (!fresh) throw unauthenticated();
    await audit.record(tx, { action: 'user.preferences', targetType: 'user', targetId: user.id, before, after });
    return toCurrentUser(fresh.user, fresh.lastAppSlug);
  });
}
