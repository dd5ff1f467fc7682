/**
 * Documents (docs/documents.md): folders, documents and their versions, uploads, downloads, legal
 * hold, retention, "linked from". Access: documents.access.ts. Every change writes one audit entry
 * (DOCUMENTS_MODULE actions, contracts/documents.constants.ts) in its transaction; an upload writes
 * one per file.
 */
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DOCUMENT_TAG_MAX_CHARS,
  DOCUMENT_TAGS_MAX,
  DOCUMENT_UPLOAD_FILES_MAX,
  type CurrentUser,
  type DocumentDetail,
  type DocumentFolder,
  type DocumentFolderCreate,
  type DocumentFolderUpdate,
  type DocumentLink,
  type DocumentLinkCreate,
  type DocumentListQuery,
  type DocumentPage,
  type DocumentSummary,
  type DocumentUpdate,
  type DocumentUploadResult,
  type DocumentVersion,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { applications, reportRenders, reportTemplates, ruleIncidents, rules, users, type DocumentFolderRow, type DocumentLinkRow, type DocumentRow, type DocumentVersionRow } from '../../db/schema';
import { BlobNotFoundError, BlobTooLargeError, type BlobStore, type StagedBlob } from '../../lib/blob-store';
import { HttpError, notFound } from '../../lib/http-error';
import { likePattern } from '../../lib/paging';
import type { ReadCache } from '../../lib/read-cache';
import type { AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { cleanFileName, cleanMimeType } from '../attachments/attachments.service';
import { recordExists, requireRecord } from '../subjects/record-access';
import { loadSubjectDef } from '../subjects/subject-def';
import { requireItemScope, requireScope, type DocumentScope } from './documents.access';
import { scheduleExtraction } from './documents.extract';
import {
  documentsLinkedFrom,
  findByFileName,
  findDocument,
  findFolder,
  findLink,
  findVersion,
  folderAncestors,
  folderContents,
  folderNameTaken,
  insertFolder,
  insertLink,
  listDocumentRows,
  listFolderRows,
  listLinkRows,
  listShareRows,
  listVersionRows,
  lockDocument,
  lockFolder,
  markFolderDeleted,
  updateDocumentRow,
  updateFolderRow,
  deleteLinkRow,
  setVersionText,
  type DocumentWithVersion,
} from './documents.repository';
import { toShare } from './documents.shares';
import { writeVersion } from './documents.store';

/** What the document services need from the app. */
export interface DocumentDeps {
  db: Database;
  blobs: BlobStore;
  readCache?: ReadCache;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const uuid = z.uuid();
export const documentNotFound = () => notFound('errors.documentNotFound');
export const folderNotFound = () => notFound('errors.documentFolderNotFound');
const badField = (field: string, messageKey: Parameters<typeof fieldError>[1], params?: Record<string, string | number>) => fieldError(field, messageKey, params);
function fieldError(
  field: string,
  messageKey: 'errors.validation' | 'errors.documentFileRequired' | 'errors.documentTooManyFiles' | 'errors.documentOneFileForVersion' | 'errors.documentFolderCycle' | 'errors.documentShareExpiry' | 'errors.documentLinkSubjectRequired' | 'errors.documentLinkConsole',
  params?: Record<string, string | number>,
) {
  return new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey, params }]);
}

// ---------- shapes ----------

/** A folder row as contracts' DocumentFolder. */
export function toFolder(row: DocumentFolderRow, documentCount = 0): DocumentFolder {
  return {
    id: row.id,
    applicationId: row.applicationId,
    parentId: row.parentId,
    name: row.name,
    retentionDays: row.retentionDays,
    documentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A document with its current version as contracts' DocumentSummary. */
export function toSummary({ doc, current }: DocumentWithVersion): DocumentSummary {
  return {
    id: doc.id,
    applicationId: doc.applicationId,
    folderId: doc.folderId,
    name: doc.name,
    description: doc.description,
    category: doc.category,
    tags: doc.tags,
    currentVersion: doc.currentVersion,
    fileName: current?.fileName ?? '',
    mimeType: current?.mimeType ?? 'application/octet-stream',
    size: current?.size ?? 0,
    sha256: current?.sha256 ?? '',
    legalHold: doc.legalHold,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    updatedByLabel: current?.createdByLabel ?? '',
  };
}

/** A version row as contracts' DocumentVersion. */
export function toVersion(row: DocumentVersionRow): DocumentVersion {
  return {
    version: row.version,
    sha256: row.sha256,
    size: row.size,
    mimeType: row.mimeType,
    fileName: row.fileName,
    textState: row.textState as DocumentVersion['textState'],
    restoredFrom: row.restoredFrom,
    origin: row.origin ?? null,
    createdByLabel: row.createdByLabel,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The web path of a link's source, when it still exists: a record → its page
 * (`/:app/:subject/:record`); a finding (rule incident) → the page of the record that fails the
 * rule; a report render → its template's page (`/:app/report_template/:templateId`, whose renders
 * table lists it). Null for a console document or a source since deleted.
 */
async function hrefOf(db: Executor, link: DocumentLinkRow): Promise<string | null> {
  if (!link.applicationId) return null;
  const [app] = await db.select({ slug: applications.slug }).from(applications).where(eq(applications.id, link.applicationId));
  if (!app) return null;
  const recordPath = async (subjectId: string, recordId: string) => {
    const subject = await loadSubjectDef(db, { id: subjectId });
    return subject ? `/${app.slug}/${subject.key}/${recordId}` : null;
  };
  if (link.sourceType === 'record') return link.subjectId ? recordPath(link.subjectId, link.sourceId) : null;
  if (link.sourceType === 'finding') {
    const [incident] = await db
      .select({ subjectId: ruleIncidents.subjectId, recordId: ruleIncidents.recordId })
      .from(ruleIncidents)
      .where(eq(ruleIncidents.id, link.sourceId));
    return incident ? recordPath(incident.subjectId, incident.recordId) : null;
  }
  const [render] = await db.select({ templateId: reportRenders.templateId }).from(reportRenders).where(eq(reportRenders.id, link.sourceId));
  return render?.templateId ? `/${app.slug}/report_template/${render.templateId}` : null;
}

/** A link row as contracts' DocumentLink. */
export async function toLink(db: Executor, row: DocumentLinkRow): Promise<DocumentLink> {
  return {
    id: row.id,
    sourceType: row.sourceType as DocumentLink['sourceType'],
    sourceId: row.sourceId,
    subjectId: row.subjectId,
    label: row.label,
    href: await hrefOf(db, row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * When a document may be purged: its folder's retention (days) after its latest version; null
 * when its folder has none (docs/documents.md "Retention and legal hold").
 */
export async function retentionOf(db: Executor, doc: DocumentRow): Promise<{ retentionDays: number | null; retainUntil: Date | null }> {
  const folder = doc.folderId ? await findFolder(db, doc.folderId, true) : undefined;
  const retentionDays = folder?.retentionDays ?? null;
  if (!retentionDays) return { retentionDays: null, retainUntil: null };
  const versions = await listVersionRows(db, doc.id);
  const latest = versions[0]?.createdAt ?? doc.createdAt;
  return { retentionDays, retainUntil: new Date(latest.getTime() + retentionDays * DAY_MS) };
}

async function userLabel(db: Executor, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, id));
  return row ? row.name || row.email : null;
}

/** Document `id` in full (contracts' DocumentDetail), deleted ones too when `withDeleted`. */
export async function detailOf(db: Executor, id: string, withDeleted = false): Promise<DocumentDetail> {
  const found = await findDocument(db, id, withDeleted);
  if (!found) throw documentNotFound();
  const { doc } = found;
  const folder = doc.folderId ? await findFolder(db, doc.folderId, true) : undefined;
  const { retentionDays, retainUntil } = await retentionOf(db, doc);
  const links = await listLinkRows(db, id);
  return {
    ...toSummary(found),
    folder: folder ? { id: folder.id, name: folder.name } : null,
    versions: (await listVersionRows(db, id)).map(toVersion),
    links: await Promise.all(links.map((l) => toLink(db, l))),
    shares: (await listShareRows(db, id)).map(toShare),
    legalHoldReason: doc.legalHoldReason,
    legalHoldByLabel: await userLabel(db, doc.legalHoldBy),
    legalHoldAt: doc.legalHoldAt?.toISOString() ?? null,
    retentionDays,
    retainUntil: retainUntil?.toISOString() ?? null,
    deletedAt: doc.deletedAt?.toISOString() ?? null,
  };
}

/**
 * The live document `id` if `user` may `need` it (read: who can open its application; write:
 * editors and up; console documents: administrators).
 * @throws HttpError 404 errors.documentNotFound; 403.
 */
export async function requireDocument(db: Executor, user: CurrentUser, id: string, need: 'read' | 'write'): Promise<{ found: DocumentWithVersion; scope: DocumentScope }> {
  const found = await findDocument(db, id);
  if (!found) throw documentNotFound();
  const scope = await requireItemScope(db, user, found.doc.applicationId, need, 'errors.documentNotFound');
  return { found, scope };
}

async function requireFolder(db: Executor, user: CurrentUser, id: string, need: 'read' | 'write'): Promise<DocumentFolderRow> {
  const folder = await findFolder(db, id);
  if (!folder) throw folderNotFound();
  await requireItemScope(db, user, folder.applicationId, need, 'errors.documentFolderNotFound');
  return folder;
}

/** A live folder of the scope, by id. @throws HttpError 400 naming `field` when not one. */
async function folderInScope(db: Executor, applicationId: string | null, id: string, field: string): Promise<DocumentFolderRow> {
  const folder = await findFolder(db, id);
  if (!folder || folder.applicationId !== applicationId) throw badField(field, 'errors.validation');
  return folder;
}

// ---------- folders ----------

/** GET …/document-folders: every live folder of the scope (flat) with its live document count. @throws 403/404 as requireScope. */
export async function listFolders(deps: DocumentDeps, user: CurrentUser, slug: string | undefined): Promise<DocumentFolder[]> {
  const scope = await requireScope(deps.db, user, slug, 'read', deps.readCache);
  return (await listFolderRows(deps.db, scope.applicationId)).map((r) => toFolder(r, r.documentCount));
}

const nameTaken = () => new HttpError(409, 'CONFLICT', 'errors.documentFolderNameTaken', [{ field: 'name', messageKey: 'errors.documentFolderNameTaken' }]);

/** POST …/document-folders (writers): a folder; audited `document_folder.create`. @throws 400 parentId, 409 name taken among siblings. */
export async function createFolder(deps: DocumentDeps, user: CurrentUser, slug: string | undefined, input: DocumentFolderCreate, audit: AuditWriter): Promise<DocumentFolder> {
  const scope = await requireScope(deps.db, user, slug, 'write', deps.readCache);
  const parentId = input.parentId ?? null;
  return deps.db.transaction(async (tx) => {
    if (parentId) await folderInScope(tx, scope.applicationId, parentId, 'parentId');
    if (await folderNameTaken(tx, scope.applicationId, parentId, input.name)) throw nameTaken();
    const row = await insertFolder(tx, { applicationId: scope.applicationId, parentId, name: input.name, retentionDays: input.retentionDays ?? null, createdBy: user.id });
    await audit.record(tx, { action: 'document_folder.create', targetType: 'document_folder', targetId: row.id, after: { name: row.name, parentId, retentionDays: row.retentionDays, application: scope.app?.slug ?? null } });
    return toFolder(row);
  });
}

/**
 * PATCH /document-folders/:id (writers): rename, move, set or clear the retention; audited
 * `document_folder.update`; the same values again write nothing (`unchanged`).
 * @throws 400 parentId (a cycle, or not a folder of the scope); 409 name taken; 403; 404.
 */
export async function updateFolder(deps: DocumentDeps, user: CurrentUser, id: string, input: DocumentFolderUpdate, audit: AuditWriter): Promise<DocumentFolder> {
  const folder = await requireFolder(deps.db, user, id, 'write');
  return deps.db.transaction(async (tx) => {
    const current = await lockFolder(tx, id);
    if (!current || current.deletedAt) throw folderNotFound();
    const changes: Partial<DocumentFolderRow> = {};
    if (input.name !== undefined && input.name !== current.name) changes.name = input.name;
    if (input.parentId !== undefined && input.parentId !== current.parentId) changes.parentId = input.parentId;
    if (input.retentionDays !== undefined && input.retentionDays !== current.retentionDays) changes.retentionDays = input.retentionDays;
    const counts = await listFolderRows(tx, folder.applicationId);
    const countOf = counts.find((c) => c.id === id)?.documentCount ?? 0;
    if (Object.keys(changes).length === 0) {
      audit.unchanged();
      return toFolder(current, countOf);
    }
    if (changes.parentId) {
      await folderInScope(tx, current.applicationId, changes.parentId, 'parentId');
      if (changes.parentId === id || (await folderAncestors(tx, changes.parentId)).includes(id)) throw badField('parentId', 'errors.documentFolderCycle');
    }
    const parentId = changes.parentId !== undefined ? changes.parentId : current.parentId;
    if ((changes.name !== undefined || changes.parentId !== undefined) && (await folderNameTaken(tx, current.applicationId, parentId, changes.name ?? current.name, id))) throw nameTaken();
    const row = await updateFolderRow(tx, id, changes);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, current[k as keyof DocumentFolderRow]]));
    await audit.record(tx, { action: 'document_folder.update', targetType: 'document_folder', targetId: id, before, after: changes });
    return toFolder(row, countOf);
  });
}

/**
 * DELETE /document-folders/:id (writers): to the recycle bin (type `document_folder`); audited
 * `document_folder.delete`. @throws 409 errors.documentFolderNotEmpty while it holds live documents or folders; 403; 404.
 */
export async function deleteFolder(deps: DocumentDeps, user: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await requireFolder(deps.db, user, id, 'write');
  await deps.db.transaction(async (tx) => {
    const current = await lockFolder(tx, id);
    if (!current || current.deletedAt) throw folderNotFound();
    const contents = await folderContents(tx, id);
    if (contents.documents > 0 || contents.folders > 0) {
      throw new HttpError(409, 'CONFLICT', 'errors.documentFolderNotEmpty', undefined, { params: { documents: contents.documents, folders: contents.folders } });
    }
    await markFolderDeleted(tx, id, user.id, true);
    await moveToRecycleBin(tx, { type: 'document_folder', id, label: current.name, actorId: user.id, actorLabel: audit.actor.label, details: { applicationId: current.applicationId, retentionDays: current.retentionDays } });
    await audit.record(tx, { action: 'document_folder.delete', targetType: 'document_folder', targetId: id, before: { name: current.name, parentId: current.parentId, retentionDays: current.retentionDays } });
  });
}

// ---------- documents ----------

/** GET …/documents: one page of the scope's live documents (filters and sort: contracts documentListQuerySchema). */
export async function listDocuments(deps: DocumentDeps, user: CurrentUser, slug: string | undefined, query: DocumentListQuery): Promise<DocumentPage> {
  const scope = await requireScope(deps.db, user, slug, 'read', deps.readCache);
  const { rows, total } = await listDocumentRows(
    deps.db,
    { applicationId: scope.applicationId, folderId: query.folderId, pattern: likePattern(query.q), tag: query.tag, category: query.category },
    query.sort,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
}

/** GET /documents/:id (readers). @throws 403; 404. */
export async function getDocument(deps: DocumentDeps, user: CurrentUser, id: string): Promise<DocumentDetail> {
  await requireDocument(deps.db, user, id, 'read');
  return detailOf(deps.db, id);
}

function parseTags(raw: string | undefined): string[] {
  if (!raw) return [];
  const tags = [...new Set(raw.split(',').map((t) => t.trim()).filter(Boolean))];
  if (tags.length > DOCUMENT_TAGS_MAX || tags.some((t) => t.length > DOCUMENT_TAG_MAX_CHARS)) throw badField('tags', 'errors.validation');
  return tags;
}

/** 413 naming the file and the limit (MiB). */
const tooLarge = (file: string, maxMb: number) => new HttpError(413, 'BAD_REQUEST', 'errors.documentTooLarge', [{ field: 'file', messageKey: 'errors.documentTooLarge', params: { file, max: maxMb } }], { params: { file, max: maxMb } });

/** Busboy limits of an upload form: DOCUMENT_UPLOAD_FILES_MAX (+1 to notice more) files of at most `maxBytes`, a few short fields. */
export function documentUploadLimits(maxBytes: number) {
  return { fileSize: maxBytes, files: DOCUMENT_UPLOAD_FILES_MAX + 1, fields: 10, fieldSize: 2000, parts: DOCUMENT_UPLOAD_FILES_MAX + 12 };
}

/**
 * POST …/documents/upload (writers): reads the form (fields `folderId`, `documentId`, `category`,
 * `tags` before the files; then one or more `file` parts), stores each file in the blob store and
 * writes, per file, the next version of `documentId`, else of the live document of the folder whose
 * current file name is the same, else a new document named after the file. One audit entry
 * `document.upload` per file; text extraction follows the commit.
 * @throws HttpError 400 naming `file` (none; more than DOCUMENT_UPLOAD_FILES_MAX; several with
 *   documentId), `folderId`/`documentId`/`tags`; 413 naming the file past the size limit (settings
 *   `uploadMaxMb`); 403; 404.
 */
export async function uploadDocuments(
  deps: DocumentDeps,
  user: CurrentUser,
  slug: string | undefined,
  parts: AsyncIterable<Multipart>,
  limit: { maxMb: number; maxBytes: number },
  audit: AuditWriter,
): Promise<DocumentUploadResult> {
  const { db, blobs } = deps;
  const scope = await requireScope(db, user, slug, 'write', deps.readCache);
  const fields: Record<string, string> = {};
  const files: { blob: StagedBlob; fileName: string; mimeType: string }[] = [];
  try {
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value ?? '').trim();
          continue;
        }
        const fileName = cleanFileName(part.filename);
        if (files.length >= DOCUMENT_UPLOAD_FILES_MAX) {
          part.file.resume();
          throw badField('file', 'errors.documentTooManyFiles', { max: DOCUMENT_UPLOAD_FILES_MAX });
        }
        let blob: StagedBlob;
        try {
          blob = await blobs.stage(part.file, { maxBytes: limit.maxBytes });
        } catch (err) {
          if (err instanceof BlobTooLargeError) throw tooLarge(fileName, limit.maxMb);
          throw err;
        }
        files.push({ blob, fileName, mimeType: cleanMimeType(part.mimetype) });
        if (part.file.truncated) throw tooLarge(fileName, limit.maxMb);
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') throw badField('file', 'errors.documentTooManyFiles', { max: DOCUMENT_UPLOAD_FILES_MAX });
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new HttpError(400, 'BAD_REQUEST', 'errors.badRequest');
      throw err;
    }
    if (files.length === 0) throw badField('file', 'errors.documentFileRequired');
    const folderId = fields.folderId || null;
    const documentId = fields.documentId || null;
    if (folderId) {
      if (!uuid.safeParse(folderId).success) throw badField('folderId', 'errors.validation');
      await folderInScope(db, scope.applicationId, folderId, 'folderId');
    }
    if (documentId) {
      const target = uuid.safeParse(documentId).success ? await findDocument(db, documentId) : undefined;
      if (!target || target.doc.applicationId !== scope.applicationId) throw badField('documentId', 'errors.validation');
      if (files.length > 1) throw badField('file', 'errors.documentOneFileForVersion');
    }
    const category = fields.category ? fields.category.slice(0, 100) : null;
    const tags = parseTags(fields.tags);
    const actor = { id: user.id, label: audit.actor.label };
    const items: DocumentUploadResult['items'] = [];
    for (const file of files) {
      const written = await db.transaction(async (tx) => {
        const existing = documentId ? { id: documentId } : await findByFileName(tx, scope.applicationId, folderId, file.fileName);
        return writeVersion(
          tx,
          existing
            ? { documentId: existing.id }
            : { create: { applicationId: scope.applicationId, folderId, name: file.fileName, category, tags } },
          { blob: file.blob, fileName: file.fileName, mimeType: file.mimeType, actor },
          audit,
        );
      });
      scheduleExtraction(db, blobs, written.versionId);
      const found = await findDocument(db, written.doc.id);
      items.push({ document: toSummary(found!), version: written.version, created: written.created });
    }
    return { items };
  } finally {
    for (const f of files) await f.blob.discard();
  }
}

/**
 * PATCH /documents/:id (writers): name, description, category, tags, folder; audited
 * `document.update`; the same values again write nothing (`unchanged`). @throws 400 folderId; 403; 404.
 */
export async function updateDocument(deps: DocumentDeps, user: CurrentUser, id: string, input: DocumentUpdate, audit: AuditWriter): Promise<DocumentDetail> {
  await requireDocument(deps.db, user, id, 'write');
  return deps.db.transaction(async (tx) => {
    const doc = await lockDocument(tx, id);
    if (!doc || doc.deletedAt) throw documentNotFound();
    const changes: Partial<DocumentRow> = {};
    if (input.name !== undefined && input.name !== doc.name) changes.name = input.name;
    if (input.description !== undefined && input.description !== doc.description) changes.description = input.description;
    if (input.category !== undefined && input.category !== doc.category) changes.category = input.category;
    if (input.tags !== undefined) {
      const tags = [...new Set(input.tags)];
      if (JSON.stringify(tags) !== JSON.stringify(doc.tags)) changes.tags = tags;
    }
    if (input.folderId !== undefined && input.folderId !== doc.folderId) {
      if (input.folderId) await folderInScope(tx, doc.applicationId, input.folderId, 'folderId');
      changes.folderId = input.folderId;
    }
    if (Object.keys(changes).length === 0) {
      audit.unchanged();
      return detailOf(tx, id);
    }
    await updateDocumentRow(tx, id, changes);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, doc[k as keyof DocumentRow]]));
    await audit.record(tx, { action: 'document.update', targetType: 'document', targetId: id, before, after: changes });
    return detailOf(tx, id);
  });
}

/**
 * DELETE /documents/:id (writers): to the recycle bin (type `document`), whose entry keeps why a
 * purge would be refused (`details.legalHoldReason`, `details.retainUntil`); audited `document.delete`. @throws 403; 404.
 */
export async function deleteDocument(deps: DocumentDeps, user: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  const { found } = await requireDocument(deps.db, user, id, 'write');
  await deps.db.transaction(async (tx) => {
    const doc = await lockDocument(tx, id);
    if (!doc || doc.deletedAt) throw documentNotFound();
    const { retainUntil } = await retentionOf(tx, doc);
    await updateDocumentRow(tx, id, { deletedAt: new Date(), deletedBy: user.id });
    await moveToRecycleBin(tx, {
      type: 'document',
      id,
      label: doc.name,
      actorId: user.id,
      actorLabel: audit.actor.label,
      details: {
        applicationId: doc.applicationId,
        fileName: found.current?.fileName ?? null,
        legalHoldReason: doc.legalHold ? doc.legalHoldReason : null,
        retainUntil: retainUntil?.toISOString() ?? null,
      },
    });
    await audit.record(tx, { action: 'document.delete', targetType: 'document', targetId: id, before: { name: doc.name, folderId: doc.folderId, currentVersion: doc.currentVersion } });
  });
}

/** Version `version` of a readable document and its bytes. @throws 404 (document, version, or its blob missing); 403. */
export async function openVersion(deps: DocumentDeps, user: CurrentUser, id: string, version: number): Promise<{ version: DocumentVersionRow; content: Readable }> {
  await requireDocument(deps.db, user, id, 'read');
  return openVersionRow(deps, id, version);
}

/** Version `version` of document `id` and its bytes (no access check). @throws 404. */
export async function openVersionRow(deps: Pick<DocumentDeps, 'db' | 'blobs'>, id: string, version: number): Promise<{ version: DocumentVersionRow; content: Readable }> {
  const row = await findVersion(deps.db, id, version);
  if (!row) throw notFound('errors.documentVersionNotFound');
  try {
    return { version: row, content: await deps.blobs.open(row.sha256) };
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw notFound('errors.documentVersionNotFound');
    throw err;
  }
}

/** GET /documents/:id/versions/:version/text (readers): its extraction state and text. @throws 403; 404. */
export async function versionText(deps: DocumentDeps, user: CurrentUser, id: string, version: number): Promise<{ textState: DocumentVersion['textState']; text: string | null }> {
  await requireDocument(deps.db, user, id, 'read');
  const row = await findVersion(deps.db, id, version);
  if (!row) throw notFound('errors.documentVersionNotFound');
  return { textState: row.textState as DocumentVersion['textState'], text: row.textContent };
}

/**
 * POST /documents/:id/versions/:version/restore (writers): a new version with that version's
 * bytes, `restoredFrom` set; audited `document.restore_version`. @throws 403; 404.
 */
export async function restoreVersion(deps: DocumentDeps, user: CurrentUser, id: string, version: number, audit: AuditWriter): Promise<{ version: number }> {
  await requireDocument(deps.db, user, id, 'write');
  const old = await findVersion(deps.db, id, version);
  if (!old) throw notFound('errors.documentVersionNotFound');
  const blob: StagedBlob = { sha256: old.sha256, size: old.size, commit: async () => undefined, discard: async () => undefined };
  // asked before the transaction: the PostgreSQL blob store reads through its own connection, which
  // on PGlite would wait for this transaction forever (docs/blob-stores.md); the old version still
  // references the blob, so the sweep cannot take it meanwhile
  if (!(await deps.blobs.has(old.sha256))) throw notFound('errors.documentVersionNotFound');
  const written = await deps.db.transaction(async (tx) => {
    return writeVersion(tx, { documentId: id }, { blob, fileName: old.fileName, mimeType: old.mimeType, restoredFrom: version, actor: { id: user.id, label: audit.actor.label } }, audit, 'document.restore_version');
  });
  // the bytes are the same: so is their text
  if (old.textState !== 'pending') {
    await setVersionText(deps.db, written.versionId, old.textState, old.textContent);
  } else scheduleExtraction(deps.db, deps.blobs, written.versionId);
  return { version: written.version };
}

/**
 * PUT /documents/:id/legal-hold (administrators): holds the document with `reason`; audited
 * `document.legal_hold` (the same reason again: unchanged). DELETE releases it: `document.release_hold`
 * (not held: unchanged). @throws 403; 404.
 */
export async function setLegalHold(deps: DocumentDeps, user: CurrentUser, id: string, reason: string | null, audit: AuditWriter): Promise<DocumentDetail> {
  await requireDocument(deps.db, user, id, 'read');
  if (!user.isAdmin) throw new HttpError(403, 'FORBIDDEN', 'errors.forbidden');
  return deps.db.transaction(async (tx) => {
    const doc = await lockDocument(tx, id);
    if (!doc || doc.deletedAt) throw documentNotFound();
    if (reason === null ? !doc.legalHold : doc.legalHold && doc.legalHoldReason === reason) {
      audit.unchanged();
      return detailOf(tx, id);
    }
    if (reason === null) {
      await updateDocumentRow(tx, id, { legalHold: false, legalHoldReason: null, legalHoldBy: null, legalHoldAt: null });
      await audit.record(tx, { action: 'document.release_hold', targetType: 'document', targetId: id, before: { legalHold: true, reason: doc.legalHoldReason } });
    } else {
      await updateDocumentRow(tx, id, { legalHold: true, legalHoldReason: reason, legalHoldBy: user.id, legalHoldAt: new Date() });
      await audit.record(tx, { action: 'document.legal_hold', targetType: 'document', targetId: id, before: { legalHold: doc.legalHold, reason: doc.legalHoldReason }, after: { legalHold: true, reason } });
    }
    return detailOf(tx, id);
  });
}

/**
 * Puts document `id` under legal hold for a domain action, in the caller's transaction `tx`, with no
 * access check and no audit entry of its own (the caller checked access and audits its action):
 * engagements put an approved audit report's rendered document on hold. A held document keeps
 * its hold and reason. @returns false when the document is gone.
 */
export async function holdDocumentFor(tx: Executor, id: string, reason: string, actorId: string | null): Promise<boolean> {
  const doc = await lockDocument(tx, id);
  if (!doc || doc.deletedAt) return false;
  if (!doc.legalHold) await updateDocumentRow(tx, id, { legalHold: true, legalHoldReason: reason, legalHoldBy: actorId, legalHoldAt: new Date() });
  return true;
}

// ---------- links ----------

/** GET /documents/:id/links (readers). @throws 403; 404. */
export async function listLinks(deps: DocumentDeps, user: CurrentUser, id: string): Promise<DocumentLink[]> {
  await requireDocument(deps.db, user, id, 'read');
  const rows = await listLinkRows(deps.db, id);
  return Promise.all(rows.map((r) => toLink(deps.db, r)));
}

/**
 * POST /documents/:id/links (writers): links the document from a record (`subjectKey` names its
 * subject; the record must be live), a finding (a rule incident) or a report render of the
 * document's application; audited `document.link`.
 * @throws 400 subjectKey (missing), sourceType (a console document); 404 errors.documentLinkSourceNotFound; 409 linked already; 403; 404.
 */
export async function createLink(deps: DocumentDeps, user: CurrentUser, id: string, input: DocumentLinkCreate, audit: AuditWriter): Promise<DocumentLink> {
  const { found, scope } = await requireDocument(deps.db, user, id, 'write');
  const applicationId = found.doc.applicationId;
  if (!applicationId || !scope.app) throw badField('sourceType', 'errors.documentLinkConsole');
  const sourceMissing = () => new HttpError(404, 'NOT_FOUND', 'errors.documentLinkSourceNotFound', [{ field: 'sourceId', messageKey: 'errors.documentLinkSourceNotFound' }]);
  let subjectId: string | null = null;
  let label = '';
  if (input.sourceType === 'record') {
    if (!input.subjectKey) throw badField('subjectKey', 'errors.documentLinkSubjectRequired');
    const subject = await loadSubjectDef(deps.db, { applicationId, key: input.subjectKey }, deps.readCache);
    if (!subject || !(await recordExists(deps.db, subject, input.sourceId))) throw sourceMissing();
    subjectId = subject.id;
    label = subject.name;
  } else if (input.sourceType === 'finding') {
    // labelled by the failing rule's name
    const [row] = await deps.db
      .select({ applicationId: ruleIncidents.applicationId, rule: rules.name })
      .from(ruleIncidents)
      .innerJoin(rules, eq(rules.id, ruleIncidents.ruleId))
      .where(eq(ruleIncidents.id, input.sourceId));
    if (!row || row.applicationId !== applicationId) throw sourceMissing();
    label = row.rule;
  } else {
    // labelled by the template's name and the render's format
    const [row] = await deps.db
      .select({ applicationId: reportRenders.applicationId, template: reportTemplates.name, format: reportRenders.format })
      .from(reportRenders)
      .innerJoin(reportTemplates, eq(reportTemplates.id, reportRenders.templateId))
      .where(eq(reportRenders.id, input.sourceId));
    if (!row || row.applicationId !== applicationId) throw sourceMissing();
    label = `${row.template} (${row.format.toUpperCase()})`;
  }
  return deps.db.transaction(async (tx) => {
    const row = await insertLink(tx, { documentId: id, applicationId, sourceType: input.sourceType, sourceId: input.sourceId, subjectId, label, createdBy: user.id });
    if (!row) throw new HttpError(409, 'CONFLICT', 'errors.documentLinkTaken');
    await audit.record(tx, { action: 'document.link', targetType: 'document', targetId: id, after: { link: row.id, sourceType: row.sourceType, sourceId: row.sourceId, subjectId } });
    return toLink(tx, row);
  });
}

/** DELETE /documents/:id/links/:linkId (writers); audited `document.unlink`. @throws 403; 404. */
export async function deleteLink(deps: DocumentDeps, user: CurrentUser, id: string, linkId: string, audit: AuditWriter): Promise<void> {
  await requireDocument(deps.db, user, id, 'write');
  await deps.db.transaction(async (tx) => {
    const link = await findLink(tx, id, linkId);
    if (!link) throw notFound('errors.documentLinkNotFound');
    await deleteLinkRow(tx, linkId);
    await audit.record(tx, { action: 'document.unlink', targetType: 'document', targetId: id, before: { link: linkId, sourceType: link.sourceType, sourceId: link.sourceId } });
  });
}

/** GET /applications/:slug/subjects/:key/records/:recordId/documents (readers of the record): the live documents linked from it. @throws 403; 404. */
export async function recordDocuments(deps: DocumentDeps, user: CurrentUser, slug: string, key: string, recordId: string): Promise<DocumentSummary[]> {
  await requireRecord(deps.db, user, slug, key, recordId, 'read', deps.readCache);
  const rows = await documentsLinkedFrom(deps.db, 'record', recordId);
  return rows.map(toSummary);
}
