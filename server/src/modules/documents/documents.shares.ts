/**
 * Share links of documents (docs/documents.md "Share links"): the token scheme of view shares
 * (modules/views/shares.service.ts: 32 random bytes as base64url shown once, only their SHA-256
 * kept, the first 8 characters naming the link) and the same password guard
 * (views/share-guard.ts `admitGuessedPassword`: per-link guess budget, lock after 20 wrong
 * passwords). Unlike a view's, a document's link must expire (≤ DOCUMENT_SHARE_MAX_DAYS ahead).
 * An unknown, expired or revoked token, or one of a deleted document, is the same 404.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DOCUMENT_SHARE_MAX_DAYS, type CurrentUser, type DocumentShare, type DocumentShareCreate, type DocumentSharedInfo } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { documentShares, type DocumentShareRow, type DocumentVersionRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/password';
import type { AuditWriter } from '../../core/audit.writer';
import { admitGuessedPassword, type GuardedShares, type PasswordCheck } from '../views/share-guard';
import { SHARE_TOKEN_BYTES, tokenHashOf } from '../views/shares.service';
import type { BlobStore } from '../../lib/blob-store';
import { countShareUse, findDocument, findShare, findShareByHash, findVersion, insertShare, revokeShareRow } from './documents.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const shareNotFound = () => notFound('errors.documentShareNotFound');

/** A row as contracts' DocumentShare (never the hash). */
export function toShare(r: DocumentShareRow): DocumentShare {
  return {
    id: r.id,
    tokenPrefix: r.tokenPrefix,
    version: r.version,
    expiresAt: r.expiresAt?.toISOString() ?? '',
    revokedAt: r.revokedAt?.toISOString() ?? null,
    hasPassword: r.passwordHash !== null,
    useCount: r.useCount,
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * POST /documents/:id/shares (writers; the caller checked access): a link; the answer carries the
 * token (shown once). Audited `document.share` (prefix, expiry, version, whether a password is set).
 * @throws 400 naming `expiresAt` (past, or more than DOCUMENT_SHARE_MAX_DAYS ahead) or `version` (no such version).
 */
export async function createDocumentShare(
  db: Database,
  user: CurrentUser,
  documentId: string,
  input: DocumentShareCreate,
  audit: AuditWriter,
): Promise<{ share: DocumentShare; token: string }> {
  const expiresAt = new Date(input.expiresAt);
  const now = Date.now();
  if (expiresAt.getTime() <= now || expiresAt.getTime() > now + DOCUMENT_SHARE_MAX_DAYS * DAY_MS) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'expiresAt', messageKey: 'errors.documentShareExpiry', params: { max: DOCUMENT_SHARE_MAX_DAYS } }]);
  }
  const version = input.version ?? null;
  if (version !== null && !(await findVersion(db, documentId, version))) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'version', messageKey: 'errors.documentVersionNotFound' }]);
  }
  const token = randomBytes(SHARE_TOKEN_BYTES).toString('base64url');
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const row = await insertShare(tx, { documentId, version, tokenHash: tokenHashOf(token), tokenPrefix: token.slice(0, 8), passwordHash, expiresAt, createdBy: user.id });
    await audit.record(tx, {
      action: 'document.share',
      targetType: 'document',
      targetId: documentId,
      after: { share: row.id, prefix: row.tokenPrefix, expiresAt: expiresAt.toISOString(), version, password: passwordHash !== null },
    });
    return { share: toShare(row), token };
  });
}

/** DELETE /documents/:id/shares/:shareId (writers): revokes; audited `document.revoke_share` (revoked already: unchanged). @throws 404. */
export async function revokeDocumentShare(db: Database, documentId: string, shareId: string, audit: AuditWriter): Promise<void> {
  const found = await findShare(db, documentId, shareId);
  if (!found) throw shareNotFound();
  if (found.revokedAt) {
    audit.unchanged();
    return;
  }
  await db.transaction(async (tx) => {
    await revokeShareRow(tx, shareId);
    await audit.record(tx, { action: 'document.revoke_share', targetType: 'document', targetId: documentId, before: { share: shareId, prefix: found.tokenPrefix } });
  });
}

/** The guess-slot SQL of document_shares (the scheme of views.repository.ts). */
const documentShareGuard: GuardedShares = {
  async takeGuessSlot(db, id, now, windowStart, max) {
    const at = sql`${now.toISOString()}::timestamptz`;
    const stale = sql`(${documentShares.guessWindowAt} is null or ${documentShares.guessWindowAt} <= ${windowStart.toISOString()}::timestamptz)`;
    const [row] = await db
      .update(documentShares)
      .set({
        guessWindowAt: sql`case when ${stale} then ${at} else ${documentShares.guessWindowAt} end`,
        guessCount: sql`case when ${stale} then 1 else ${documentShares.guessCount} + 1 end`,
      })
      .where(and(eq(documentShares.id, id), isNull(documentShares.lockedAt), sql`(${stale} or ${documentShares.guessCount} < ${max})`))
      .returning({ windowAt: documentShares.guessWindowAt });
    return row?.windowAt ?? undefined;
  },
  async returnGuessSlot(db, id, windowAt) {
    await db
      .update(documentShares)
      .set({ guessCount: sql`greatest(${documentShares.guessCount} - 1, 0)` })
      .where(and(eq(documentShares.id, id), eq(documentShares.guessWindowAt, windowAt)));
  },
  async countWrongGuess(tx: Executor, id, now, lockAfter) {
    const [row] = await tx
      .update(documentShares)
      .set({
        failedGuesses: sql`${documentShares.failedGuesses} + 1`,
        lockedAt: sql`case when ${documentShares.lockedAt} is null and ${documentShares.failedGuesses} + 1 >= ${lockAfter} then ${now.toISOString()}::timestamptz else ${documentShares.lockedAt} end`,
      })
      .where(eq(documentShares.id, id))
      .returning({ failures: documentShares.failedGuesses });
    return { failures: row?.failures ?? 0, lockedNow: row?.failures === lockAfter };
  },
  async current(db, id) {
    const [row] = await db.select({ lockedAt: documentShares.lockedAt, guessWindowAt: documentShares.guessWindowAt }).from(documentShares).where(eq(documentShares.id, id));
    return row;
  },
};

/**
 * The live link of `token` and the version it shares (its own, or the document's current one),
 * after the password guard when it has a password.
 * @throws 404 errors.documentShareNotFound (unknown, expired, revoked, document deleted or version gone);
 *   401/423/429 of the guard.
 */
export async function resolveShare(
  db: Database,
  token: string,
  password: string | undefined,
  audit: AuditWriter,
  check?: PasswordCheck,
): Promise<{ share: DocumentShareRow; name: string; version: DocumentVersionRow }> {
  const share = await findShareByHash(db, tokenHashOf(token));
  if (!share || share.revokedAt || !share.expiresAt || share.expiresAt.getTime() <= Date.now()) throw shareNotFound();
  const found = await findDocument(db, share.documentId);
  if (!found) throw shareNotFound();
  const version = await findVersion(db, share.documentId, share.version ?? found.doc.currentVersion);
  if (!version) throw shareNotFound();
  const { passwordHash } = share;
  if (passwordHash) {
    await admitGuessedPassword(
      db,
      documentShareGuard,
      { id: share.id, lockedAt: share.lockedAt, passwordHash },
      password,
      async (tx, failures) => {
        await audit.record(tx, {
          action: 'document.share_lock',
          targetType: 'document',
          targetId: share.documentId,
          after: { share: share.id, prefix: share.tokenPrefix },
          details: { failedGuesses: failures },
        });
      },
      check,
    );
  }
  return { share, name: found.doc.name, version };
}

/** GET /document-shares/info (public): what the link shares. @throws as resolveShare. */
export async function sharedInfo(db: Database, token: string, password: string | undefined, audit: AuditWriter): Promise<DocumentSharedInfo> {
  const { share, name, version } = await resolveShare(db, token, password, audit);
  return { name, fileName: version.fileName, mimeType: version.mimeType, size: version.size, version: version.version, expiresAt: share.expiresAt!.toISOString() };
}

/** GET /document-shares/content (public): the shared version's bytes; counts one use. @throws as resolveShare; 404 when the blob is missing. */
export async function sharedContent(db: Database, blobs: BlobStore, token: string, password: string | undefined, audit: AuditWriter): Promise<{ version: DocumentVersionRow; content: Readable }> {
  const { share, version } = await resolveShare(db, token, password, audit);
  let content: Readable;
  try {
    content = await blobs.open(version.sha256);
  } catch {
    throw shareNotFound();
  }
  await countShareUse(db, share.id);
  return { version, content };
}
