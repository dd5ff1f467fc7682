/**
 * Share links of views ("a share link (random token, optional expiry and password,
 * revocable) opens a read-only grid for anyone holding it … showing only the view's columns and
 * rows; rate- and size-limited").
 *
 * Token security: 32 random bytes (crypto.randomBytes) as base64url (43 characters) are shown once,
 * at creation; the server keeps only their SHA-256 (hex, unique index) and the first 8 characters
 * (to name the link in lists). A read looks the hash up: an unknown, expired or revoked token is the
 * same 404 (nothing tells which). A password (8–128 characters) is hashed with argon2id
 * (lib/password.ts) and sent in the `X-Share-Password` header: missing → 401
 * SHARE_PASSWORD_REQUIRED, wrong → 401 SHARE_PASSWORD_WRONG; guesses are limited per link and a
 * link locks after too many wrong ones (share-guard.ts: 429, 423 SHARE_LOCKED; unlockShare opens it
 * again). Admitted reads count `use_count`.
 *
 * Columns: a shared page carries only the view's visible columns (grid: `columns`, or every field
 * when none are chosen; kanban: group field + card fields; calendar: date, end and title fields) —
 * other values, and the names of users or records only hidden columns refer to, never leave the server.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { CurrentUser, FieldOptions, RecordItem, SharedColumn, SharedFieldOptions, SharedView, SystemColumn, ViewConfig, ViewShare, ViewShareCreated } from '../../../../contracts';
import { SYSTEM_COLUMNS, viewConfigSchema } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { ViewShareRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import type { ReadCache } from '../../lib/read-cache';
import type { AuditWriter } from '../../core/audit.writer';
import { namesOf } from '../records/list';
import type { SubjectDef } from '../subjects/subject-def';
import { admitSharePassword, type PasswordCheck } from './share-guard';
import { countShareUse, findShare, findShareByHash, findView, insertShare, listShareRows, revokeShareRow, unlockShareRow } from './views.repository';
import { readViewRows, requireEditableView, subjectOfView } from './views.service';

/** Bytes of randomness in a share token (at least 32). */
export const SHARE_TOKEN_BYTES = 32;
/** Public share reads per client IP per minute (@fastify/rate-limit route config). */
export const SHARE_RATE_LIMIT = 60;

/** The token's SHA-256 as hex (what the database keeps). */
export const tokenHashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const shareNotFound = () => notFound('errors.view.shareNotFound');

/** A row as contracts' ViewShare (never the hash). */
function toShare(r: ViewShareRow): ViewShare {
  return {
    id: r.id,
    viewId: r.viewId,
    tokenPrefix: r.tokenPrefix,
    hasPassword: r.passwordHash !== null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    useCount: r.useCount,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    failedGuesses: r.failedGuesses,
    lockedAt: r.lockedAt?.toISOString() ?? null,
  };
}

/** GET /views/:id/shares (editors+): the view's links, newest first, revoked ones included. */
export async function listShares(db: Executor, user: CurrentUser, viewId: string, cache?: ReadCache): Promise<ViewShare[]> {
  await requireEditableView(db, user, viewId, cache);
  return (await listShareRows(db, viewId)).map(toShare);
}

/**
 * POST /views/:id/shares (editors+): a new link; the answer carries the token (shown once).
 * Audited `view.share_create` (prefix, expiry, whether a password is set — never the token).
 * @throws 400 naming `expiresAt` when it is not in the future; 403/404.
 */
export async function createShare(
  db: Database,
  user: CurrentUser,
  viewId: string,
  input: { expiresAt?: string; password?: string },
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<ViewShareCreated> {
  await requireEditableView(db, user, viewId, cache);
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'expiresAt', messageKey: 'errors.view.expiryPast' }]);
  }
  const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const row = await insertShare(tx, { viewId, tokenHash: tokenHashOf(token), tokenPrefix: token.slice(0, 8), passwordHash, expiresAt, createdBy: user.id });
    await audit.record(tx, {
      action: 'view.share_create',
      targetType: 'view',
      targetId: viewId,
      after: { share: row.id, prefix: row.tokenPrefix, expiresAt: row.expiresAt?.toISOString() ?? null, password: passwordHash !== null },
    });
    return { ...toShare(row), token };
  });
}

/** DELETE /views/:id/shares/:shareId (editors+): revokes the link; audited `view.share_revoke`. @returns false when it was revoked already. @throws 403/404. */
export async function revokeShare(db: Database, user: CurrentUser, viewId: string, shareId: string, audit: AuditWriter, cache?: ReadCache): Promise<{ share: ViewShare; changed: boolean }> {
  await requireEditableView(db, user, viewId, cache);
  const found = await findShare(db, viewId, shareId);
  if (!found) throw shareNotFound();
  if (found.revokedAt) return { share: toShare(found), changed: false };
  return db.transaction(async (tx) => {
    await revokeShareRow(tx, shareId);
    await audit.record(tx, { action: 'view.share_revoke', targetType: 'view', targetId: viewId, before: { share: shareId, prefix: found.tokenPrefix } });
    return { share: toShare((await findShare(tx, viewId, shareId))!), changed: true };
  });
}

/**
 * POST /views/:id/shares/:shareId/unlock (editors+): opens a locked link again and forgets its
 * wrong passwords (share-guard.ts); with `password`, sets that new password too. Audited
 * `view.share_unlock` (before/after: locked, failed guesses; whether the password changed — never
 * the password). A revoked link cannot be unlocked (404). Nothing to do (not locked, no wrong
 * password, no new password) = nothing written (`changed: false`).
 * @throws 403/404.
 */
export async function unlockShare(
  db: Database,
  user: CurrentUser,
  viewId: string,
  shareId: string,
  input: { password?: string },
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<{ share: ViewShare; changed: boolean }> {
  await requireEditableView(db, user, viewId, cache);
  const found = await findShare(db, viewId, shareId);
  if (!found || found.revokedAt) throw shareNotFound();
  if (!found.lockedAt && found.failedGuesses === 0 && found.guessCount === 0 && !input.password) return { share: toShare(found), changed: false };
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    await unlockShareRow(tx, shareId, passwordHash);
    await audit.record(tx, {
      action: 'view.share_unlock',
      targetType: 'view',
      targetId: viewId,
      before: { share: shareId, prefix: found.tokenPrefix, locked: found.lockedAt !== null, failedGuesses: found.failedGuesses },
      after: { share: shareId, prefix: found.tokenPrefix, locked: false, failedGuesses: 0 },
      details: { passwordChanged: passwordHash !== undefined },
    });
    return { share: toShare((await findShare(tx, viewId, shareId))!), changed: true };
  });
}

/** The keys a share shows of a view with `config` over `subject`, in order (see the module comment). */
export function visibleColumns(subject: SubjectDef, config: ViewConfig): string[] {
  const known = (k: string) => subject.fields.some((f) => f.key === k) || (SYSTEM_COLUMNS as readonly string[]).includes(k);
  let keys: string[];
  if (config.type === 'grid') keys = config.columns.length > 0 ? config.columns : subject.fields.map((f) => f.key);
  else if (config.type === 'kanban') keys = [config.groupField, ...config.cardFields];
  else keys = [config.titleField, config.dateField, config.endField].filter((k): k is string => Boolean(k));
  return [...new Set(keys)].filter(known);
}

const SYSTEM_NAMES: Record<SystemColumn, string> = { id: 'ID', createdAt: 'Created at', createdBy: 'Created by', updatedAt: 'Updated at', updatedBy: 'Updated by' };

/**
 * The display options of a field a share may show (contracts' sharedFieldOptionsSchema): select
 * options as label and colour, number and date formatting; a formula's expression and a
 * relation's target subject stay on the server.
 */
export function sharedOptions(options: FieldOptions): SharedFieldOptions {
  const out: SharedFieldOptions = {};
  if (options.choices) out.choices = options.choices.map((c) => ({ label: c.label, color: c.color }));
  for (const k of ['precision', 'currency', 'multiple', 'resultType', 'prefix', 'padding', 'showSeconds'] as const) {
    if (options[k] !== undefined) (out as Record<string, unknown>)[k] = options[k];
  }
  return out;
}

/** A record cut down to `keys` (system columns taken from the record's own attributes). */
function cut(item: RecordItem, keys: readonly string[]): { id: string; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  for (const k of keys) {
    if ((SYSTEM_COLUMNS as readonly string[]).includes(k)) values[k] = item[k as SystemColumn];
    else if (k in item.values) values[k] = item.values[k];
  }
  return { id: item.id, values };
}

/**
 * GET /view-shares/rows (public): the view's meta and one page of its rows through the token.
 * `fields` narrows the columns further (a key outside the view's is ignored, never answered).
 * `audit` writes the `view.share_lock` entry should this guess lock the link; `check` verifies a
 * password (default lib/password.ts verifyPassword).
 * @throws 404 errors.view.shareNotFound (unknown, expired, revoked token or view gone); 401
 *   SHARE_PASSWORD_REQUIRED / SHARE_PASSWORD_WRONG; 429 RATE_LIMITED (the link's guesses spent);
 *   423 SHARE_LOCKED (share-guard.ts); 400 cursor.
 */
export async function readShared(
  db: Database,
  input: { token: string; password?: string; pageSize: number; cursor?: string; fields?: string[] },
  audit: AuditWriter,
  cache?: ReadCache,
  check?: PasswordCheck,
): Promise<SharedView> {
  const share = await findShareByHash(db, tokenHashOf(input.token));
  if (!share || share.revokedAt || (share.expiresAt && share.expiresAt.getTime() <= Date.now())) throw shareNotFound();
  const found = await findView(db, share.viewId);
  const subject = found ? await subjectOfView(db, found, cache) : undefined;
  if (!found || !subject) throw shareNotFound();
  const { passwordHash } = share;
  if (passwordHash) await admitSharePassword(db, { ...share, passwordHash }, found.view.name, input.password, audit, check);
  const config = viewConfigSchema.parse(found.view.config);
  let keys = visibleColumns(subject, config);
  if (input.fields && input.fields.length > 0) keys = keys.filter((k) => input.fields!.includes(k));
  const page = await readViewRows(db, subject, config, { pageSize: input.pageSize, cursor: input.cursor }, cache);
  const rows = page.items.map((item) => cut(item, keys));
  // names only of what the visible columns refer to (a hidden user or record stays unnamed)
  const namesSource: RecordItem[] = page.items.map((item) => ({
    ...item,
    createdBy: keys.includes('createdBy') ? item.createdBy : null,
    updatedBy: keys.includes('updatedBy') ? item.updatedBy : null,
    values: Object.fromEntries(Object.entries(item.values).filter(([k]) => keys.includes(k))),
  }));
  const { labels } = await namesOf(db, subject, namesSource, cache);
  await countShareUse(db, share.id);
  const columns: SharedColumn[] = keys.map((k) => {
    const f = subject.fields.find((x) => x.key === k);
    const width = config.type === 'grid' ? config.widths[k] : undefined;
    return { key: k, name: f?.name ?? SYSTEM_NAMES[k as SystemColumn] ?? k, type: f?.type ?? k, ...(width ? { width } : {}), options: f ? sharedOptions(f.options) : {} };
  });
  const groupBy = config.type === 'grid' && config.groupBy && keys.includes(config.groupBy) ? config.groupBy : null;
  return {
    success: true,
    view: { name: found.view.name, subjectName: subject.name, columns, groupBy },
    data: rows,
    total: page.total,
    totalExact: page.totalExact,
    nextCursor: page.nextCursor,
    labels,
  };
}
