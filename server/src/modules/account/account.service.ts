/**
 * The personal center (`/admin/person`; docs/product.md "Users and groups":
 * profile, password, language, API tokens), for every signed-in user about themselves:
 * - the profile (name, title, phone; the e-mail is read-only), audited `user.profile`;
 * - personal API tokens: `assay_` + 32 random bytes (base64url), shown once at creation; the
 *   database keeps only the SHA-256 (hex) and the first TOKEN_PREFIX_LENGTH characters. A token
 *   signs API calls in as its user (`Authorization: Bearer <token>`, core/auth.plugin.ts) until it is
 *   revoked or expires (every token does: in API_TOKEN_DEFAULT_DAYS = 90 days unless its creator
 *   chose another date, at most API_TOKEN_MAX_DAYS = 365), its user's password is changed or reset
 *   (every active token is revoked then), or its user is disabled or deleted. Its scope is
 *   `read-only` (GET/HEAD only: 403 errors.token.readOnly on a mutating method) or `read-write`.
 *   `last_used_at` is written at most once a minute. Created/revoked audited as
 *   `token.create`/`token.revoke` (never the token itself);
 * - the user's own recent activity: their audit entries, newest first.
 * The password change and the language are auth.service.ts's (POST /auth/me/password, PATCH /auth/me/preferences).
 */
import { hash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MAX_DAYS,
  type ApiTokenScope,
  isPasswordExpired,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type AuditEntry,
  type CurrentUser,
  type PageQuery,
  type Profile,
  type ProfileUpdate,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { ApiTokenRow, UserRow } from '../../db/schema';
import { HttpError, notFound, unauthenticated } from '../../lib/http-error';
import { offsetOf } from '../../lib/paging';
import { type AuditWriter } from '../../core/audit.writer';
import { listAudit } from '../audit/audit.service';
import { getSettings } from '../settings/settings.service';
import {
  findLiveUser,
  findTokenWithUser,
  findUnrevokedTokenOf,
  insertToken,
  listTokensOf,
  revokeTokenRow,
  touchToken,
  updateProfileColumns,
} from './account.repository';

/** Revokes a user's live API tokens (password change or reset; the users module and the shell commands). */
export { revokeTokensOf } from './account.repository';

/** Every token starts with this, so it is recognisable in a leak scan. */
export const TOKEN_PREFIX = 'assay_';
/** Characters of a token kept and shown to tell tokens apart (`assay_` + 6). */
export const TOKEN_PREFIX_LENGTH = 12;
/** `last_used_at` is written at most once per this many ms (a minute). */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;
/**
 * Leeway (ms, 5 minutes) over API_TOKEN_MAX_DAYS for an expiry the browser computed as "now + 365
 * days" with a clock slightly ahead of the server's.
 */
export const EXPIRY_CLOCK_SKEW_MS = 5 * 60_000;

/** SHA-256 (hex) of a token: what `api_tokens.token_hash` holds. */
export function hashApiToken(token: string): string {
  return hash('sha256', token, 'hex');
}

function profileOf(row: UserRow, expiryDays: number): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    title: row.title,
    phone: row.phone,
    locale: row.locale,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    passwordExpiresAt: expiryDays > 0 ? new Date(row.passwordChangedAt.getTime() + expiryDays * DAY_MS).toISOString() : null,
  };
}

/** The signed-in user's profile. @throws HttpError 401 when the account is gone. */
export async function getProfile(db: Executor, userId: string): Promise<Profile> {
  const row = await findLiveUser(db, userId);
  if (!row) throw unauthenticated();
  return profileOf(row, (await getSettings(db)).passwordExpiryDays);
}

/**
 * Changes the signed-in user's name, title and/or phone; one `user.profile` entry with
 * before/after of the changed fields. Nothing changed = nothing written (`changed: false`).
 * @throws HttpError 401 when the account is gone.
 */
export async function updateProfile(
  db: Database,
  user: CurrentUser,
  input: ProfileUpdate,
  audit: AuditWriter,
): Promise<{ profile: Profile; changed: boolean }> {
  const changed = await db.transaction(async (tx) => {
    const row = await findLiveUser(tx, user.id);
    if (!row) throw unauthenticated();
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const key of ['name', 'title', 'phone'] as const) {
      const value = input[key];
      if (value === undefined || value === row[key]) continue;
      before[key] = row[key];
      after[key] = value;
    }
    if (Object.keys(after).length === 0) return false;
    await updateProfileColumns(tx, user.id, after);
    await audit.record(tx, { action: 'user.profile', targetType: 'user', targetId: user.id, before, after });
    return true;
  });
  return { profile: await getProfile(db, user.id), changed };
}

/**
 * When a token expires: its `expires_at`, or — for a token made before expiries were required
 * (null) — API_TOKEN_DEFAULT_DAYS after its creation.
 */
export function tokenExpiry(row: Pick<ApiTokenRow, 'createdAt' | 'expiresAt'>): Date {
  return row.expiresAt ?? new Date(row.createdAt.getTime() + API_TOKEN_DEFAULT_DAYS * DAY_MS);
}

/** A stored token as listed (status from revokedAt and tokenExpiry at `now`). */
export function toApiToken(row: ApiTokenRow, now: Date = new Date()): ApiToken {
  const expiresAt = tokenExpiry(row);
  const status = row.revokedAt ? 'revoked' : expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scope: row.scope,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status,
  };
}

/** One page of the user's tokens (revoked and expired ones too), newest first. */
export async function listTokens(db: Executor, userId: string, query: PageQuery): Promise<{ items: ApiToken[]; total: number }> {
  const { rows, total } = await listTokensOf(db, userId, query.pageSize, offsetOf(query));
  const now = new Date();
  return { items: rows.map((r) => toApiToken(r, now)), total };
}

/**
 * Creates a token for the signed-in user, with the input's scope (default read-only) and expiry
 * (default now + API_TOKEN_DEFAULT_DAYS). The token itself is in the answer only.
 * @throws HttpError 400 VALIDATION_FAILED (field expiresAt, errors.token.expiryRange) when the
 *   expiry is not in the future or more than API_TOKEN_MAX_DAYS ahead (+ EXPIRY_CLOCK_SKEW_MS).
 */
export async function createToken(
  db: Database,
  user: CurrentUser,
  input: ApiTokenCreate,
  audit: AuditWriter,
  now: Date = new Date(),
): Promise<ApiTokenCreated> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : new Date(now.getTime() + API_TOKEN_DEFAULT_DAYS * DAY_MS);
  if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() > now.getTime() + API_TOKEN_MAX_DAYS * DAY_MS + EXPIRY_CLOCK_SKEW_MS) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'expiresAt', messageKey: 'errors.token.expiryRange' }]);
  }
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    const inserted = await insertToken(tx, {
      userId: user.id,
      name: input.name,
      tokenHash: hashApiToken(token),
      prefix: token.slice(0, TOKEN_PREFIX_LENGTH),
      scope: input.scope,
      expiresAt,
    });
    await audit.record(tx, {
      action: 'token.create',
      targetType: 'api_token',
      targetId: inserted.id,
      after: { name: inserted.name, prefix: inserted.prefix, scope: inserted.scope, expiresAt: expiresAt.toISOString() },
    });
    return inserted;
  });
  return { item: toApiToken(row, now), token };
}

/**
 * Revokes one of the signed-in user's tokens (it stops working at once; it stays listed as revoked).
 * @throws HttpError 404 NOT_FOUND (errors.token.notFound) for a token that is not theirs or already revoked.
 */
export async function revokeToken(db: Database, user: CurrentUser, id: string, audit: AuditWriter, now: Date = new Date()): Promise<ApiToken> {
  return db.transaction(async (tx) => {
    const row = await findUnrevokedTokenOf(tx, user.id, id);
    if (!row) throw notFound('errors.token.notFound');
    const revoked = await revokeTokenRow(tx, id, now);
    await audit.record(tx, {
      action: 'token.revoke',
      targetType: 'api_token',
      targetId: id,
      before: { name: row.name, prefix: row.prefix, revokedAt: null },
      after: { name: row.name, prefix: row.prefix, revokedAt: now.toISOString() },
    });
    return toApiToken(revoked, now);
  });
}

/**
 * The user a bearer token signs in and the token's scope, or null: unknown, revoked or expired
 * token (tokenExpiry), or a disabled or deleted user. Refreshes `last_used_at` when older than
 * TOKEN_TOUCH_INTERVAL_MS.
 */
export async function resolveApiToken(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<{ tokenId: string; scope: ApiTokenScope; user: CurrentUser } | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 256) return null;
  const found = await findTokenWithUser(db, hashApiToken(token));
  if (!found) return null;
  const { token: row, user } = found;
  if (row.revokedAt) return null;
  if (tokenExpiry(row).getTime() <= now.getTime()) return null;
  if (user.disabled || user.deletedAt) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOKEN_TOUCH_INTERVAL_MS) await touchToken(db, row.id, now);
  const settings = await getSettings(db);
  return {
    tokenId: row.id,
    scope: row.scope,
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: user.isAdmin,
      locale: user.locale,
      lastApp: found.lastAppSlug,
      passwordExpired: isPasswordExpired(user.passwordChangedAt, settings.passwordExpiryDays, now),
    },
  };
}

/** One page of the user's own audit entries, newest first (audit.service.ts listAudit by actor id). */
export async function listActivity(db: Executor, userId: string, query: PageQuery): Promise<{ items: AuditEntry[]; total: number }> {
  return listAudit(db, { ...query, actorId: userId });
}
