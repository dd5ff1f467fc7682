/**
 * The Word (DOCX) template of a report template: read from a multipart upload (one file, at most
 * TEMPLATE_DOCX_MAX_BYTES, contracts/report-templates.constants.ts), checked to be a Word document
 * (a ZIP holding word/document.xml, opened with pizzip), stored in the blob store under its SHA-256
 * and set on the template as its next version (report-templates.service.ts setTemplateDocx).
 */
import type { Multipart } from '@fastify/multipart';
import PizZip from 'pizzip';
import { sql } from 'drizzle-orm';
import type { CurrentUser, ReportTemplate } from '../../../../contracts';
import { TEMPLATE_DOCX_MAX_BYTES } from '../../../../contracts';
import type { AuditWriter } from '../../core/audit.writer';
import type { Database, Executor } from '../../db/client';
import type { BlobStore } from '../../lib/blob-store';
import { HttpError, notFound } from '../../lib/http-error';
import { cleanFileName } from '../attachments/attachments.service';
import { badField, requireTemplate, setTemplateDocx } from './report-templates.service';

/** The MIME type of a Word document. */
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** @fastify/multipart limits of one DOCX upload. */
export const docxUploadLimits = { fileSize: TEMPLATE_DOCX_MAX_BYTES, files: 1, fields: 2, fieldSize: 200, parts: 3 };

const tooLarge = () =>
  new HttpError(413, 'BAD_REQUEST', 'errors.reportTemplate.docxTooLarge', [{ field: 'file', messageKey: 'errors.reportTemplate.docxTooLarge' }], {
    params: { maxMb: TEMPLATE_DOCX_MAX_BYTES / 1024 / 1024 },
  });

/** The blob's advisory lock, the key lib/blob-store users share (modules/attachments `lockBlob`). */
async function lockBlob(db: Executor, sha256: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`assay.blob.${sha256}`}, 0))`);
}

/** True when `bytes` open as a ZIP holding `word/document.xml` (a Word document). */
export function isDocx(bytes: Buffer): boolean {
  try {
    return new PizZip(bytes).file('word/document.xml') !== null;
  } catch {
    return false;
  }
}

/**
 * PUT /report-templates/:id/docx: reads the one file of `parts`, checks it, stores it and sets it.
 * @throws 400 naming `file` (missing, not a Word document); 413 past TEMPLATE_DOCX_MAX_BYTES; 403/404.
 */
export async function uploadTemplateDocx(
  deps: { db: Database; blobs: BlobStore },
  user: CurrentUser,
  id: string,
  parts: AsyncIterable<Multipart>,
  audit: AuditWriter,
): Promise<ReportTemplate> {
  await requireTemplate(deps.db, user, id, 'write');
  let bytes: Buffer | undefined;
  let fileName = 'template.docx';
  try {
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (bytes) {
        part.file.resume();
        throw badField('file', 'errors.reportTemplate.docxRequired');
      }
      bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      fileName = cleanFileName(part.filename);
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw badField('file', 'errors.reportTemplate.docxRequired');
    throw err;
  }
  if (!bytes || bytes.length === 0) throw badField('file', 'errors.reportTemplate.docxRequired');
  if (!isDocx(bytes)) throw badField('file', 'errors.reportTemplate.docxInvalid');
  const staged = await deps.blobs.stage(bytes, { maxBytes: TEMPLATE_DOCX_MAX_BYTES });
  try {
    return await deps.db.transaction(async (tx) => {
      await lockBlob(tx, staged.sha256);
      await staged.commit();
      return setTemplateDocx(tx, user, id, { sha256: staged.sha256, fileName, size: staged.size }, audit);
    });
  } finally {
    await staged.discard();
  }
}

/** GET /report-templates/:id/docx: the Word template's name and bytes. @throws 404 (none uploaded, or its blob gone); 403. */
export async function openTemplateDocx(
  deps: { db: Database; blobs: BlobStore },
  user: CurrentUser,
  id: string,
): Promise<{ fileName: string; sha256: string; bytes: Buffer }> {
  const found = await requireTemplate(deps.db, user, id, 'read');
  const sha = found.row.docxSha256;
  if (!sha) throw notFound('errors.reportTemplate.noDocx');
  return { fileName: found.row.docxFileName ?? 'template.docx', sha256: sha, bytes: await readBlob(deps.blobs, sha) };
}

/** The bytes of blob `sha256`. @throws 404 when the store has none. */
export async function readBlob(blobs: BlobStore, sha256: string): Promise<Buffer> {
  try {
    const stream = await blobs.open(sha256);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  } catch (err) {
    if ((err as Error).name === 'BlobNotFoundError') throw notFound('errors.reportTemplate.noDocx');
    throw err;
  }
}
