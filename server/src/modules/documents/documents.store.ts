/**
 * Writing document versions (docs/documents.md "Versions"): the one place a version row is made —
 * by an upload, a restore, or another module (report renders: `storeDocumentVersion`). The bytes
 * go to the blob store (lib/blob-store.ts) under their SHA-256; making the blob visible and
 * inserting the version row happen under the blob's advisory lock in one transaction (the
 * discipline of modules/attachments, whose removal of an unreferenced blob counts document versions
 * too). Text extraction runs after the commit (documents.extract.ts).
 */
import type { DocumentOrigin } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { DocumentRow } from '../../db/schema';
import type { BlobStore, StagedBlob } from '../../lib/blob-store';
import { notFound } from '../../lib/http-error';
import { auditWriter, type AuditWriter } from '../../core/audit.writer';
import { cleanFileName, cleanMimeType, lockBlob } from '../attachments/attachments.service';
import { scheduleExtraction } from './documents.extract';
import { findBySourceKey, findLinkBySource, insertDocument, insertLink, insertVersion, lockDocument, updateDocumentRow } from './documents.repository';

const blobStores = new WeakMap<object, BlobStore>();

/** Binds `db`'s blob store (documents.routes.ts does, at registration), so `storeDocumentVersion(db, …)` finds it. */
export function bindDocumentBlobs(db: Database, blobs: BlobStore): void {
  blobStores.set(db, blobs);
}

/** The blob store bound to `db`. @throws Error when the documents routes were not registered on it. */
export function documentBlobs(db: Database): BlobStore {
  const blobs = blobStores.get(db);
  if (!blobs) throw new Error('documents: no blob store bound to this database (register documentRoutes first)');
  return blobs;
}

/** Where a new version goes: an existing document (locked), or a new one with these fields. */
export type VersionTarget =
  | { documentId: string }
  | { create: { applicationId: string | null; folderId: string | null; name: string; category?: string | null; tags?: string[]; sourceKey?: string | null } };

/** The version to write: its blob (staged, committed here) and what describes it. */
export interface VersionInput {
  blob: StagedBlob;
  fileName: string;
  mimeType: string;
  origin?: DocumentOrigin | null;
  restoredFrom?: number | null;
  actor: { id: string | null; label: string };
}

/**
 * In transaction `tx`: locks the blob, commits it, adds version N+1 to the target document (made
 * first when new) and writes one audit entry `action` (default `document.upload`).
 * @returns the document (after), the version number and whether the document was created.
 * @throws HttpError 404 errors.documentNotFound when the target document is gone.
 */
export async function writeVersion(
  tx: Executor,
  target: VersionTarget,
  input: VersionInput,
  audit: AuditWriter,
  action: 'document.upload' | 'document.restore_version' = 'document.upload',
): Promise<{ doc: DocumentRow; version: number; versionId: string; created: boolean }> {
  await lockBlob(tx, input.blob.sha256);
  await input.blob.commit();
  let doc: DocumentRow | undefined;
  let created = false;
  if ('documentId' in target) {
    doc = await lockDocument(tx, target.documentId);
    if (!doc || doc.deletedAt) throw notFound('errors.documentNotFound');
  } else {
    doc = await insertDocument(tx, { ...target.create, tags: target.create.tags ?? [], createdBy: input.actor.id });
    created = true;
  }
  const version = doc.currentVersion + 1;
  const row = await insertVersion(tx, {
    documentId: doc.id,
    version,
    sha256: input.blob.sha256,
    size: input.blob.size,
    mimeType: input.mimeType,
    fileName: input.fileName,
    origin: input.origin ?? null,
    restoredFrom: input.restoredFrom ?? null,
    createdBy: input.actor.id,
    createdByLabel: input.actor.label,
  });
  await updateDocumentRow(tx, doc.id, { currentVersion: version });
  await audit.record(tx, {
    action,
    targetType: 'document',
    targetId: doc.id,
    after: { name: doc.name, version, fileName: input.fileName, size: input.blob.size, mimeType: input.mimeType, sha256: input.blob.sha256, created },
    ...(input.restoredFrom ? { details: { restoredFrom: input.restoredFrom } } : {}),
  });
  return { doc: { ...doc, currentVersion: version }, version, versionId: row.id, created };
}

/**
 * Stores `bytes` as a document version for another module (report renders): with `sourceKey`, the
 * live document of that key gets the next version, else a new document is made (in `folderId`,
 * named `name`). Audited `document.upload` as `actor` (label kept as the version's author).
 * Extraction of its text follows the commit.
 * @returns the document, the version number, its SHA-256 (hex) and size (bytes).
 */
export async function storeDocumentVersion(
  db: Database,
  input: {
    applicationId: string | null;
    folderId?: string | null;
    sourceKey?: string;
    name: string;
    fileName: string;
    mimeType: string;
    bytes: Buffer;
    origin?: DocumentOrigin | null;
    actor: { id: string | null; label: string };
  },
): Promise<{ documentId: string; version: number; sha256: string; size: number }> {
  const blobs = documentBlobs(db);
  const blob = await blobs.stage(input.bytes);
  try {
    const audit = auditWriter({ id: input.actor.id, label: input.actor.label, ip: null });
    const written = await db.transaction(async (tx) => {
      const existing = input.sourceKey ? await findBySourceKey(tx, input.sourceKey) : undefined;
      const target: VersionTarget = existing
        ? { documentId: existing.id }
        : { create: { applicationId: input.applicationId, folderId: input.folderId ?? null, name: input.name.slice(0, 255), sourceKey: input.sourceKey ?? null } };
      return writeVersion(tx, target, {
        blob,
        fileName: cleanFileName(input.fileName),
        mimeType: cleanMimeType(input.mimeType),
        origin: input.origin ?? null,
        actor: input.actor,
      }, audit);
    });
    scheduleExtraction(db, blobs, written.versionId);
    return { documentId: written.doc.id, version: written.version, sha256: blob.sha256, size: blob.size };
  } finally {
    await blob.discard();
  }
}

/**
 * Links document `documentId` from a source (a record, finding or report) without checks (the
 * caller knows the source exists; the API's POST …/links checks it). A pair linked already stays as
 * it was. Not audited here (the caller's action is).
 * @returns the link's id (the existing one's when already linked).
 */
export async function linkDocument(
  db: Executor,
  input: { documentId: string; sourceType: 'record' | 'finding' | 'report'; sourceId: string; subjectId?: string | null; label: string; actorId: string | null },
): Promise<string> {
  const doc = await lockDocument(db, input.documentId);
  if (!doc) throw notFound('errors.documentNotFound');
  const row = await insertLink(db, {
    documentId: input.documentId,
    applicationId: doc.applicationId,
    sourceType: input.sourceType,
    sourceId: input.sourceId,
    subjectId: input.subjectId ?? null,
    label: input.label,
    createdBy: input.actorId,
  });
  if (row) return row.id;
  return (await findLinkBySource(db, input.documentId, input.sourceType, input.sourceId))!.id;
}
