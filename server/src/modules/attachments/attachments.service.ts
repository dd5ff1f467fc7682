/**
 * Attachments (stored under the data folder, content-addressed): an
 * upload's bytes go to the blob store (lib/blob-store.ts) under their SHA-256, once per distinct
 * content; an `attachments` row is the name a user gave them in one application, optionally on a
 * record's detail page (subject + record). Attachment fields hold attachment ids.
 *
 * Rules:
 * - upload: editors, owners and administrators of the application (of the subject's records when
 *   a subject is named); at most the system setting "upload size limit" (`uploadMaxMb` MiB), else
 *   413 with the limit in the message; one file per request;
 * - download and listing: any member of the application, or an administrator;
 * - delete: editors and up; soft delete (the row keeps its history), and the blob goes only when no
 *   live row references its sha256 any more. "Make visible + reference" (upload) and "count + remove"
 *   (delete) both hold the blob's advisory lock, so an upload of the same bytes racing a delete
 *   never ends with a row whose blob was removed.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { z } from 'zod';
import type { Attachment, CurrentUser, PageQuery } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { ApplicationRow, AttachmentRow } from '../../db/schema';
import { BlobNotFoundError, BlobTooLargeError, type BlobStore, type StagedBlob } from '../../lib/blob-store';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { offsetOf } from '../../lib/paging';
import type { ReadCache } from '../../lib/read-cache';
import { withoutUnsafeChars } from '../../lib/unsafe-chars';
import { findRole, requireOpenableApplication } from '../applications/applications.service';
import type { AuditWriter } from '../../core/audit.writer';
import { getSettings } from '../settings/settings.service';
import { recordExists, requireRecord } from '../subjects/record-access';
import { allows, loadSubjectDef, type SubjectNeed } from '../subjects/subject-def';
import {
  attachmentsIn,
  findAttachment,
  insertAttachment,
  listRecordAttachments as listRows,
  liveReferences,
  lockAttachment,
  lockBlob,
  markAttachmentDeleted,
} from './attachments.repository';

/** The blob lock (attachments.repository.ts), for the documents module's version writes. */
export { lockBlob } from './attachments.repository';

/** What the attachment services need from the app. */
export interface AttachmentDeps {
  db: Database;
  blobs: BlobStore;
  readCache?: ReadCache;
}

const attachmentNotFound = () => notFound('errors.attachment.notFound');
const badField = (field: string, messageKey: 'errors.attachment.fileRequired' | 'errors.attachment.oneFile' | 'errors.attachment.recordNeedsSubject' | 'errors.validation') =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey }]);

/** A row as contracts' Attachment. */
export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    fileName: row.fileName,
    size: row.size,
    mimeType: row.mimeType,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
  };
}

/** Longest stored file name, in characters. */
const FILE_NAME_MAX = 255;

/**
 * The name to keep for an uploaded file: its last path segment (a browser may send `C:\…\a.pdf`),
 * control and bidirectional formatting characters dropped (lib/unsafe-chars.ts: `invoice\u202Efdp.exe`
 * → `invoicefdp.exe`), trimmed, at most 255 characters (the extension kept); `file` when
 * nothing is left.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = path.win32.basename(path.posix.basename(raw ?? ''));
  const clean = withoutUnsafeChars(base).trim();
  if (!clean || clean === '.' || clean === '..') return 'file';
  if (clean.length <= FILE_NAME_MAX) return clean;
  const ext = path.extname(clean).slice(0, 20);
  return clean.slice(0, FILE_NAME_MAX - ext.length) + ext;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;
/** The media type the client declared, lower-case, without parameters; application/octet-stream when missing or malformed. */
export function cleanMimeType(raw: string | undefined): string {
  const type = (raw ?? '').split(';')[0].trim().toLowerCase();
  return MIME.test(type) ? type : 'application/octet-stream';
}

/** 413 naming the limit in MiB. */
const tooLarge = (maxMb: number) => new HttpError(413, 'BAD_REQUEST', 'errors.attachment.tooLarge', undefined, { params: { max: maxMb } });

/** Busboy limits of an upload form: one file of at most `maxBytes`, a few short fields. */
export function uploadLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 };
}

/** The upload limit in MiB and bytes (settings `uploadMaxMb`). */
export async function uploadLimit(db: Executor): Promise<{ maxMb: number; maxBytes: number }> {
  const maxMb = (await getSettings(db)).uploadMaxMb;
  return { maxMb, maxBytes: maxMb * 1024 * 1024 };
}

/** What multipart framing may add around the file (boundaries, part headers, the two fields). */
const FORM_OVERHEAD = 64 * 1024;

/**
 * Refuses (before reading it) a request body far larger than the limit allows: its
 * Content-Length exceeds the limit plus the form's framing. @throws HttpError 413.
 */
export function checkDeclaredLength(contentLength: string | undefined, limit: { maxMb: number; maxBytes: number }): void {
  if (contentLength !== undefined && Number(contentLength) > limit.maxBytes + FORM_OVERHEAD) throw tooLarge(limit.maxMb);
}

const uuid = z.uuid();

/** Maps @fastify/multipart's limit errors to the API's. */
function formError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badField('file', 'errors.attachment.oneFile');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(400, 'BAD_REQUEST', 'errors.badRequest');
  return err;
}

/**
 * POST /applications/:slug/attachments: reads the multipart form `parts` (fields `subjectKey` and
 * `recordId`, optional, then one file in any field), stores the file and records it, audited
 * `attachment.upload`.
 * @throws HttpError 403 (not an editor), 404 (application, subject or record unknown), 400 naming
 *   `file` (none, or more than one), `recordId` (not an id) or `subjectKey` (a recordId without it),
 *   413 errors.attachment.tooLarge past the upload limit.
 */
export async function uploadAttachment(
  deps: AttachmentDeps,
  user: CurrentUser,
  slug: string,
  parts: AsyncIterable<Multipart>,
  limit: { maxMb: number; maxBytes: number },
  audit: AuditWriter,
): Promise<Attachment> {
  const { db, blobs } = deps;
  const { app, role } = await requireOpenableApplication(db, user, slug);
  if (!allows(user, role, 'write')) throw forbidden();

  const fields: Record<string, string> = {};
  let staged: StagedBlob | undefined;
  let fileName = 'file';
  let mimeType = 'application/octet-stream';
  try {
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value ?? '').trim();
          continue;
        }
        if (staged) {
          part.file.resume();
          throw badField('file', 'errors.attachment.oneFile');
        }
        try {
          staged = await blobs.stage(part.file, { maxBytes: limit.maxBytes });
        } catch (err) {
          if (err instanceof BlobTooLargeError) throw tooLarge(limit.maxMb);
          throw err;
        }
        if (part.file.truncated) throw tooLarge(limit.maxMb);
        fileName = cleanFileName(part.filename);
        mimeType = cleanMimeType(part.mimetype);
      }
    } catch (err) {
      throw formError(err);
    }
    if (!staged) throw badField('file', 'errors.attachment.fileRequired');

    const subjectKey = fields.subjectKey || undefined;
    const recordId = fields.recordId || undefined;
    if (recordId && !uuid.safeParse(recordId).success) throw badField('recordId', 'errors.validation');
    if (recordId && !subjectKey) throw badField('subjectKey', 'errors.attachment.recordNeedsSubject');
    let subjectId: string | null = null;
    if (subjectKey) {
      const subject = await loadSubjectDef(db, { applicationId: app.id, key: subjectKey }, deps.readCache);
      if (!subject) throw notFound('errors.subjectNotFound');
      if (recordId && !(await recordExists(db, subject, recordId))) throw notFound('errors.recordNotFound');
      subjectId = subject.id;
    }

    const blob = staged;
    const row = await db.transaction(async (tx) => {
      await lockBlob(tx, blob.sha256);
      await blob.commit();
      const inserted = await insertAttachment(tx, {
        applicationId: app.id,
        subjectId,
        recordId: recordId ?? null,
        sha256: blob.sha256,
        size: blob.size,
        mimeType,
        fileName,
        createdBy: user.id,
      });
      await audit.record(tx, {
        action: 'attachment.upload',
        targetType: 'attachment',
        targetId: inserted.id,
        after: { fileName, size: blob.size, mimeType, sha256: blob.sha256, application: app.slug, subject: subjectKey ?? null, recordId: recordId ?? null },
      });
      return inserted;
    });
    return toAttachment(row);
  } finally {
    await staged?.discard();
  }
}

/**
 * The live attachment `id` if `user` may `need` it in its application (read = any member).
 * @throws HttpError 404 errors.attachment.notFound (unknown, deleted, or its application deleted);
 *   403 errors.notMember / errors.forbidden.
 */
async function requireAttachment(db: Executor, user: CurrentUser, id: string, need: SubjectNeed): Promise<{ attachment: AttachmentRow; application: ApplicationRow }> {
  const found = await findAttachment(db, id);
  if (!found || found.application.deletedAt) throw attachmentNotFound();
  const role = await findRole(db, found.application.id, user.id);
  if (!role && !user.isAdmin) throw forbidden('errors.notMember');
  if (!allows(user, role, need)) throw forbidden();
  return found;
}

/**
 * GET /attachments/:id/content: the attachment and its bytes.
 * @throws HttpError 404 (unknown, deleted, or its blob missing from the store), 403 (not a member).
 */
export async function openAttachment(deps: AttachmentDeps, user: CurrentUser, id: string): Promise<{ attachment: Attachment; content: Readable }> {
  const { attachment } = await requireAttachment(deps.db, user, id, 'read');
  try {
    return { attachment: toAttachment(attachment), content: await deps.blobs.open(attachment.sha256) };
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw attachmentNotFound();
    throw err;
  }
}

/**
 * Removes blob `sha256` if no live attachment references it (under the blob's lock).
 * @returns true when it was removed.
 */
export async function releaseBlob(deps: Pick<AttachmentDeps, 'db' | 'blobs'>, sha256: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockBlob(tx, sha256);
    if ((await liveReferences(tx, sha256)) > 0) return false;
    return deps.blobs.remove(sha256);
  });
}

/** Blobs younger than this are left alone by the sweep (ms; an upload in flight is never swept). */
export const BLOB_SWEEP_MIN_AGE_MS = 60 * 60 * 1000;
/** How often the scheduler sweeps (ms): daily. */
export const BLOB_SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the blobs no live attachment references (left behind when attachment rows went with a
 * purged subject or record, or when a crash came between a delete and its blob removal), each
 * under its lock (releaseBlob), and old temporary files of a local store. Blobs written in the last
 * `minAgeMs` are skipped. @returns how many blobs were looked at and removed.
 */
export async function sweepBlobs(
  deps: Pick<AttachmentDeps, 'db' | 'blobs'>,
  opts: { minAgeMs?: number; now?: number } = {},
): Promise<{ checked: number; removed: number }> {
  const cutoff = (opts.now ?? Date.now()) - (opts.minAgeMs ?? BLOB_SWEEP_MIN_AGE_MS);
  let checked = 0;
  let removed = 0;
  for await (const blob of deps.blobs.list()) {
    if (blob.modifiedAt.getTime() > cutoff) continue;
    checked += 1;
    if (await releaseBlob(deps, blob.sha256)) removed += 1;
  }
  return { checked, removed };
}

/**
 * DELETE /attachments/:id: soft-deletes the attachment, audited `attachment.delete`; then removes
 * its blob when nothing else references it. @throws HttpError 404, 403 (viewers, non-members).
 */
export async function deleteAttachment(deps: AttachmentDeps, user: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  const { attachment, application } = await requireAttachment(deps.db, user, id, 'write');
  await deps.db.transaction(async (tx) => {
    if (!(await lockAttachment(tx, id))) throw attachmentNotFound();
    await markAttachmentDeleted(tx, id, user.id);
    await audit.record(tx, {
      action: 'attachment.delete',
      targetType: 'attachment',
      targetId: id,
      before: {
        fileName: attachment.fileName,
        size: attachment.size,
        mimeType: attachment.mimeType,
        sha256: attachment.sha256,
        application: application.slug,
        recordId: attachment.recordId,
      },
    });
  });
  await releaseBlob(deps, attachment.sha256);
}

/** GET …/records/:id/attachments: one page of the record's attachments (oldest first). @throws as requireRecord. */
export async function listRecordAttachments(
  deps: AttachmentDeps,
  user: CurrentUser,
  slug: string,
  key: string,
  recordId: string,
  query: PageQuery,
): Promise<{ items: Attachment[]; total: number }> {
  const { subject } = await requireRecord(deps.db, user, slug, key, recordId, 'read', deps.readCache);
  const { rows, total } = await listRows(deps.db, subject.id, recordId, query.pageSize, offsetOf(query));
  return { items: rows.map(toAttachment), total };
}

/**
 * The live attachments of application `applicationId` among `ids`, by id: the `files` of a record
 * page or detail (records module). Ids of other applications or deleted attachments are left out.
 */
export async function attachmentsById(db: Executor, applicationId: string, ids: string[]): Promise<Record<string, Attachment>> {
  const unique = [...new Set(ids)].filter((id) => uuid.safeParse(id).success);
  const rows = await attachmentsIn(db, applicationId, unique);
  return Object.fromEntries(rows.map((r) => [r.id, toAttachment(r)]));
}
