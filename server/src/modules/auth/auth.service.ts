/**
 * Login, sessions and preferences (PRODUCT.md "Conventions of the API": cookie sessions,
 * argon2id; "Shell": login, logout, session expiry).
 *
 * Sessions: the browser holds a random 32-byte token (base64url) in the `assay_session` cookie;
 * the database holds only its SHA-256 (hex), so a copy of the table cannot sign anyone in.
 * A session ends after IDLE_TIMEOUT_MS without a request or ABSOLUTE_TIMEOUT_MS after login,
 * whichever is first; `last_seen_at` is written at most once per TOUCH_INTERVAL_MS.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser, LoginInput, PreferencesInput } from '../../../../contracts';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { forbidden, HttpError, unauthenticated } from '../../lib/http-error';
import { verifyDummy, verifyPassword } from '../../lib/password';
import { requireOpenableApplication } from '../applications/applications.service';
import { findUserByEmail } from '../users/users.repository';
import {
  deleteExpiredSessionsOf,
  deleteSession,
  findSessionWithUser,
  findUserWithLastApp,
  insertSession,
  touchSession,
  updateUserPreferences,
} from './auth.repository';

/** The session cookie's name. */
export const SESSION_COOKIE = 'assay_session';
/** Idle expiry: 8 hours (ms) without a request ends the session (a working day). */
export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
/** Absolute expiry: 7 days (ms) after login, whatever the activity. */
export const ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is refreshed at most once a minute (ms), to spare a write per request. */
export const TOUCH_INTERVAL_MS = 60 * 1000;
/** Random bytes in a session token (256 bits). */
export const TOKEN_BYTES = 32;

/** The session id stored for a token: SHA-256 of the token, hex (64 characters). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A user row (and its last application's slug) as contracts' CurrentUser. */
export function toCurrentUser(user: UserRow, lastAppSlug: string | null): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    locale: user.locale,
    lastApp: lastAppSlug,
  };
}

/**
 * Checks the credentials and opens a session.
 * Wrong password and unknown e-mail answer the same 401 INVALID_CREDENTIALS, and an unknown e-mail
 * still costs one argon2 verification (dummy hash) so timing does not tell them apart.
 * @returns the cookie token (to send, never stored) and the user.
 * @throws HttpError 401 INVALID_CREDENTIALS; 403 FORBIDDEN (errors.accountDisabled) for a disabled
 *   account whose password was right.
 */
export async function login(
  db: Database,
  input: LoginInput,
  meta: { ip: string | null; userAgent: string | null },
  now: Date = new Date(),
): Promise<{ token: string; user: CurrentUser }> {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyDummy(input.password);
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new HttpError(401, 'INVALID_CREDENTIALS', 'errors.invalidCredentials');
  }
  if (user.disabled) throw forbidden('errors.accountDisabled');
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await deleteExpiredSessionsOf(db, user.id, now, new Date(now.getTime() - IDLE_TIMEOUT_MS));
  await insertSession(db, {
    id: hashToken(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS),
    ip: meta.ip,
    userAgent: meta.userAgent ? meta.userAgent.slice(0, 512) : null,
  });
  const current = await findUserWithLastApp(db, user.id);
  return { token, user: toCurrentUser(user, current?.lastAppSlug ?? null) };
}

/**
 * The user of a cookie token, or null when the session is unknown, expired (idle or absolute;
 * an expired session is deleted) or its user is disabled. Refreshes `last_seen_at` when older than
 * TOUCH_INTERVAL_MS.
 */
export async function resolveSession(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ sessionId: string; user: CurrentUser } | null> {
  if (!token || token.length > 256) return null;
  const id = hashToken(token);
  const found = await findSessionWithUser(db, id);
  if (!found) return null;
  const { session, user, lastAppSlug } = found;
  const idleSince = now.getTime() - session.lastSeenAt.getTime();
  if (session.expiresAt.getTime() <= now.getTime() || idleSince >= IDLE_TIMEOUT_MS) {
    await deleteSession(db, id);
    return null;
  }
  if (user.disabled) return null;
  if (idleSince >= TOUCH_INTERVAL_MS) await touchSession(db, id, now);
  return { sessionId: id, user: toCurrentUser(user, lastAppSlug) };
}

/** Ends a session (no error when it does not exist). */
export async function logout(db: Database, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/**
 * Updates the signed-in user's language and/or last application.
 * @param input contracts' preferencesInputSchema; `lastApp` is a slug (null clears it).
 * @throws HttpError 404 NOT_FOUND (errors.applicationNotFound) for an unknown slug, 403 FORBIDDEN
 *   (errors.notMember) when the user may not open it (rules: applications.service.ts).
 */
export async function updatePreferences(db: Database, user: CurrentUser, input: PreferencesInput): Promise<CurrentUser> {
  const prefs: { locale?: 'zh-CN' | 'en-US'; lastApp?: string | null } = {};
  if (input.locale !== undefined) prefs.locale = input.locale;
  if (input.lastApp !== undefined) {
    prefs.lastApp = input.lastApp === null ? null : (await requireOpenableApplication(db, user, input.lastApp)).app.id;
  }
  if (Object.keys(prefs).length > 0) await updateUserPreferences(db, user.id, prefs);
  const fresh = await findUserWithLastApp(db, user.id);
  if (!fresh) throw unauthenticated();
  return toCurrentUser(fresh.user, fresh.lastAppSlug);
}
