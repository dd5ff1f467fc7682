/**
 * The documents API's shapes (docs/documents.md), declared here until
 * contracts/documents.ts (zod + inferred types) is on this branch; then these become re-exports.
 * Sizes are bytes, times ISO 8601 strings.
 */
import type { DocumentLinkSource, DocumentOrigin, DocumentTextState } from '../../../contracts/documents.constants';

/** A folder of the console's or an application's evidence store (flat; the tree is built here). */
export interface DocumentFolder {
  id: string;
  applicationId: string | null;
  parentId: string | null;
  name: string;
  retentionDays: number | null;
  documentCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A row of the documents list: the document and its current version's file. */
export interface DocumentSummary {
  id: string;
  applicationId: string | null;
  folderId: string | null;
  name: string;
  description: string;
  category: string | null;
  tags: string[];
  currentVersion: number;
  fileName: string;
  mimeType: string;
  size: number;
  sha256: string;
  legalHold: boolean;
  createdAt: string;
  updatedAt: string;
  updatedByLabel: string;
}

/** One stored version of a document (newest first in the detail). */
export interface DocumentVersion {
  version: number;
  sha256: string;
  size: number;
  mimeType: string;
  fileName: string;
  textState: DocumentTextState;
  restoredFrom: number | null;
  origin: DocumentOrigin | null;
  createdByLabel: string;
  createdAt: string;
}

/** Where a document is linked from (a record, a finding, a report), with the web path of the source. */
export interface DocumentLink {
  id: string;
  sourceType: DocumentLinkSource;
  sourceId: string;
  subjectId: string | null;
  label: string;
  href: string | null;
  createdAt: string;
}

/** A share link of a document (the token itself is shown once, at creation). */
export interface DocumentShare {
  id: string;
  tokenPrefix: string;
  version: number | null;
  expiresAt: string;
  revokedAt: string | null;
  hasPassword: boolean;
  useCount: number;
  lastUsedAt: string | null;
  createdAt: string;
}

/** GET /documents/:id. */
export interface DocumentDetail extends DocumentSummary {
  folder: { id: string; name: string } | null;
  versions: DocumentVersion[];
  links: DocumentLink[];
  shares: DocumentShare[];
  legalHoldReason: string | null;
  legalHoldByLabel: string | null;
  legalHoldAt: string | null;
  retentionDays: number | null;
  retainUntil: string | null;
  deletedAt: string | null;
}

/** One file of an upload answer. */
export interface DocumentUploadItem {
  document: DocumentSummary;
  version: number;
  created: boolean;
}
