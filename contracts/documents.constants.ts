/**
 * Constants of documents (server/src/modules/documents, docs/documents.md): the evidence store of
 * the console (`/admin/document`) and of each application (`/:app/files`), plain data so the web
 * imports them at run time (no zod here), and the module's entry `DOCUMENTS_MODULE` (its audit
 * actions and recycle-bin types, listed in contracts/modules.ts).
 */
import type { ModuleEntry } from './constants';

/** What may link to a document ("linked from"). */
export const DOCUMENT_LINK_SOURCES = ['record', 'finding', 'report'] as const;
export type DocumentLinkSource = (typeof DOCUMENT_LINK_SOURCES)[number];

/** Whether a version's text was extracted: pending, done, none (a kind with no text), failed. */
export const DOCUMENT_TEXT_STATES = ['pending', 'done', 'none', 'failed'] as const;
export type DocumentTextState = (typeof DOCUMENT_TEXT_STATES)[number];

/** Most characters of extracted text kept per version (the rest is cut; search needs no more). */
export const DOCUMENT_TEXT_MAX_CHARS = 1_000_000;
/** Most characters of a document's or folder's name. */
export const DOCUMENT_NAME_MAX = 255;
/** Most tags of one document, and characters of one tag. */
export const DOCUMENT_TAGS_MAX = 20;
export const DOCUMENT_TAG_MAX_CHARS = 50;
/** Most files of one upload request. */
export const DOCUMENT_UPLOAD_FILES_MAX = 50;
/** Longest a share link may last, in days. */
export const DOCUMENT_SHARE_MAX_DAYS = 366;
/** Bytes of one chunk of the PostgreSQL blob store (`BLOB_STORE=postgres`): 1 MiB. */
export const BLOB_CHUNK_BYTES = 1024 * 1024;
/** Largest file the browser previews as a table (XLSX/CSV) or as text: 20 MiB. */
export const DOCUMENT_PREVIEW_TABLE_MAX_BYTES = 20 * 1024 * 1024;

/** Where a rendered report's document version came from (modules/report-templates). */
export interface DocumentOrigin {
  kind: 'render';
  renderId: string;
  templateId: string;
  templateVersion: number;
  format: 'html' | 'pdf' | 'docx' | 'xlsx';
  /** When the data was read (ISO 8601). */
  dataAt: string;
  /** The completeness check's verdict and the number of things it found missing. */
  complete: boolean;
  missingCount: number;
}

/** Audit actions and recycle-bin types of the module. */
export const DOCUMENTS_MODULE = {
  auditActions: [
    'document.create',
    'document.update',
    'document.upload',
    'document.restore_version',
    'document.delete',
    'document.legal_hold',
    'document.release_hold',
    'document.link',
    'document.unlink',
    'document.share',
    'document.revoke_share',
    'document.share_lock',
    'document_folder.create',
    'document_folder.update',
    'document_folder.delete',
  ],
  recycleTypes: ['document', 'document_folder'],
} as const satisfies ModuleEntry;
