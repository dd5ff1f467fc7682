/**
 * The documents API (docs/documents.md): folders, documents, versions,
 * legal hold, "linked from" and share links. Every call rejects with the server's envelope
 * (services/api-error.ts); writes skip the global error handler so each screen says what failed.
 */
import { request } from 'umi';
import type { Ok } from '../../../contracts/envelope';
import type { DocumentDetail, DocumentFolder, DocumentLink, DocumentShare, DocumentSummary } from './types';
import { type DocumentScope, scopeBase } from './scope';

const enc = encodeURIComponent;
const doc = (id: string) => `/api/v1/documents/${enc(id)}`;

/** Query of the documents list: `folderId` a folder's id, 'root' (no folder) or undefined (all). */
export interface DocumentListParams {
  folderId?: string;
  q?: string;
  tag?: string;
  category?: string;
  page?: number;
  pageSize?: number;
  /** name | updatedAt | size, '-' prefix for descending. */
  sort?: string;
}

/** One page of documents and the total number matching. */
export interface DocumentPage {
  items: DocumentSummary[];
  total: number;
}

type ListBody = {
  items?: DocumentSummary[];
  total?: number;
  data?: DocumentSummary[] | { items: DocumentSummary[]; total: number };
};

/** The scope's live folders, flat (FolderTree builds the tree). */
export async function listFolders(scope: DocumentScope): Promise<DocumentFolder[]> {
  const body = await request<Ok<{ items: DocumentFolder[] }> | { items: DocumentFolder[] }>(
    `${scopeBase(scope)}/document-folders`,
    { method: 'GET' },
  );
  return 'items' in body ? body.items : body.data.items;
}

/** Creates a folder; 409 when a sibling has the name. */
export async function createFolder(
  scope: DocumentScope,
  input: { name: string; parentId?: string | null; retentionDays?: number | null },
): Promise<DocumentFolder> {
  return (
    await request<Ok<DocumentFolder>>(`${scopeBase(scope)}/document-folders`, {
      method: 'POST',
      data: input,
      skipErrorHandler: true,
    })
  ).data;
}

/** Renames, moves or sets the retention (days, null clears) of a folder. */
export async function updateFolder(
  id: string,
  input: { name?: string; parentId?: string | null; retentionDays?: number | null },
): Promise<DocumentFolder> {
  return (
    await request<Ok<DocumentFolder>>(`/api/v1/document-folders/${enc(id)}`, {
      method: 'PATCH',
      data: input,
      skipErrorHandler: true,
    })
  ).data;
}

/** Moves an empty folder to the recycle bin; 409 (message says how many items) while it holds any. */
export async function removeFolder(id: string): Promise<void> {
  await request(`/api/v1/document-folders/${enc(id)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** A page of the scope's documents (accepts `{ items, total }` bare or in the `{ success, data }` envelope). */
export async function listDocuments(scope: DocumentScope, params: DocumentListParams): Promise<DocumentPage> {
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));
  const body = await request<ListBody>(`${scopeBase(scope)}/documents`, { method: 'GET', params: clean });
  if (Array.isArray(body.items)) return { items: body.items, total: body.total ?? body.items.length };
  if (Array.isArray(body.data)) return { items: body.data, total: body.total ?? body.data.length };
  return { items: body.data?.items ?? [], total: body.data?.total ?? 0 };
}

/** URL of the scope's multipart upload (parts: fields then `file`s). */
export const uploadUrl = (scope: DocumentScope) => `${scopeBase(scope)}/documents/upload`;

/** One document with its versions, links, shares, hold and retention. */
export async function getDocument(id: string): Promise<DocumentDetail> {
  return (await request<Ok<DocumentDetail>>(doc(id), { method: 'GET', skipErrorHandler: true })).data;
}

/** Changes a document's properties (category null clears; folderId null = the root). */
export async function updateDocument(
  id: string,
  input: { name?: string; description?: string; category?: string | null; tags?: string[]; folderId?: string | null },
): Promise<DocumentDetail> {
  return (await request<Ok<DocumentDetail>>(doc(id), { method: 'PATCH', data: input, skipErrorHandler: true })).data;
}

/** Moves a document to the recycle bin. */
export async function removeDocument(id: string): Promise<void> {
  await request(doc(id), { method: 'DELETE', skipErrorHandler: true });
}

/** URL of a version's bytes: inline for safe types, an attachment with `download`. */
export const versionUrl = (id: string, version: number, download = false) =>
  `${doc(id)}/versions/${version}/content${download ? '?download=1' : ''}`;

/** Makes a new version from `version`'s bytes; answers the new version's number. */
export async function restoreVersion(id: string, version: number): Promise<number> {
  return (
    await request<Ok<{ version: number }>>(`${doc(id)}/versions/${version}/restore`, { method: 'POST', skipErrorHandler: true })
  ).data.version;
}

/** Puts the document under legal hold with a reason (1–500 characters), administrators. */
export async function setLegalHold(id: string, reason: string): Promise<DocumentDetail> {
  return (await request<Ok<DocumentDetail>>(`${doc(id)}/legal-hold`, { method: 'PUT', data: { reason }, skipErrorHandler: true }))
    .data;
}

/** Releases the legal hold, administrators. */
export async function releaseLegalHold(id: string): Promise<DocumentDetail> {
  return (await request<Ok<DocumentDetail>>(`${doc(id)}/legal-hold`, { method: 'DELETE', skipErrorHandler: true })).data;
}

/** Removes a "linked from" entry. */
export async function removeLink(id: string, linkId: string): Promise<void> {
  await request(`${doc(id)}/links/${enc(linkId)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Creates a share link (expiry required, ISO); the token comes back once. */
export async function createShare(
  id: string,
  input: { expiresAt: string; version?: number | null; password?: string },
): Promise<{ share: DocumentShare; token: string }> {
  return (
    await request<Ok<{ share: DocumentShare; token: string }>>(`${doc(id)}/shares`, {
      method: 'POST',
      data: input,
      skipErrorHandler: true,
    })
  ).data;
}

/** Revokes a share link. */
export async function revokeShare(id: string, shareId: string): Promise<void> {
  await request(`${doc(id)}/shares/${enc(shareId)}`, { method: 'DELETE', skipErrorHandler: true });
}

/** Just the link's list (kept in the detail too). */
export type { DocumentLink };
