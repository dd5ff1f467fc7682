/**
 * Documents (the evidence store: `/admin/document` for the console, `/:app/files` per application),
 * the API shapes of /work's contract (docs/documents.md): folders, documents and their versions,
 * "linked from", share links, legal hold. Zod schemas and their inferred types; the constants are in
 * documents.constants.ts (re-exported here). All times are ISO 8601 strings, sizes in bytes.
 */
import { z } from 'zod';
import {
  DOCUMENT_LINK_SOURCES,
  DOCUMENT_NAME_MAX,
  DOCUMENT_TAG_MAX_CHARS,
  DOCUMENT_TAGS_MAX,
  DOCUMENT_TEXT_STATES,
} from './documents.constants';

export * from './documents.constants';

const name = z.string().trim().min(1).max(DOCUMENT_NAME_MAX);
const tag = z.string().trim().min(1).max(DOCUMENT_TAG_MAX_CHARS);
/** Retention of a folder in days (1–36500, the table's check), null = none. */
const retentionDays = z.number().int().min(1).max(36500);

/** A folder (flat; the web builds the tree from `parentId`). `documentCount` = its live documents. */
export const documentFolderSchema = z.object({
  id: z.string(),
  applicationId: z.string().nullable(),
  parentId: z.string().nullable(),
  name: z.string(),
  retentionDays: z.number().nullable(),
  documentCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentFolder = z.infer<typeof documentFolderSchema>;

/** POST …/document-folders. 409 when a live sibling has the name (ignoring case). */
export const documentFolderCreateSchema = z.object({
  name,
  parentId: z.uuid().nullable().optional(),
  retentionDays: retentionDays.nullable().optional(),
});
export type DocumentFolderCreate = z.infer<typeof documentFolderCreateSchema>;

/** PATCH /document-folders/:id; `retentionDays: null` clears it, `parentId: null` moves to the root. 400 on a cycle. */
export const documentFolderUpdateSchema = z.object({
  name: name.optional(),
  parentId: z.uuid().nullable().optional(),
  retentionDays: retentionDays.nullable().optional(),
});
export type DocumentFolderUpdate = z.infer<typeof documentFolderUpdateSchema>;

/** One document in a list: its current version's file name, type, size and hash. */
export const documentSummarySchema = z.object({
  id: z.string(),
  applicationId: z.string().nullable(),
  folderId: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  currentVersion: z.number(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  sha256: z.string(),
  legalHold: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedByLabel: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** The rendered report a version came from (DocumentOrigin), null for an upload. */
export const documentOriginSchema = z.object({
  kind: z.literal('render'),
  renderId: z.string(),
  templateId: z.string(),
  templateVersion: z.number(),
  format: z.enum(['html', 'pdf', 'docx', 'xlsx']),
  dataAt: z.string(),
  complete: z.boolean(),
  missingCount: z.number(),
});

/** One version of a document. */
export const documentVersionSchema = z.object({
  version: z.number(),
  sha256: z.string(),
  size: z.number(),
  mimeType: z.string(),
  fileName: z.string(),
  textState: z.enum(DOCUMENT_TEXT_STATES),
  restoredFrom: z.number().nullable(),
  origin: documentOriginSchema.nullable(),
  createdByLabel: z.string(),
  createdAt: z.string(),
});
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** What links to a document; `href` the web path of the source when known. */
export const documentLinkSchema = z.object({
  id: z.string(),
  sourceType: z.enum(DOCUMENT_LINK_SOURCES),
  sourceId: z.string(),
  subjectId: z.string().nullable(),
  label: z.string(),
  href: z.string().nullable(),
  createdAt: z.string(),
});
export type DocumentLink = z.infer<typeof documentLinkSchema>;

/** A share link (never its token nor hash). `version` null = the latest at download time. */
export const documentShareSchema = z.object({
  id: z.string(),
  tokenPrefix: z.string(),
  version: z.number().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  hasPassword: z.boolean(),
  useCount: z.number(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DocumentShare = z.infer<typeof documentShareSchema>;

/** GET /documents/:id. `retainUntil`: purge is refused before it (the folder's retention after the latest version). */
export const documentDetailSchema = documentSummarySchema.extend({
  folder: z.object({ id: z.string(), name: z.string() }).nullable(),
  versions: z.array(documentVersionSchema),
  links: z.array(documentLinkSchema),
  shares: z.array(documentShareSchema),
  legalHoldReason: z.string().nullable(),
  legalHoldByLabel: z.string().nullable(),
  legalHoldAt: z.string().nullable(),
  retentionDays: z.number().nullable(),
  retainUntil: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type DocumentDetail = z.infer<typeof documentDetailSchema>;

/** GET …/documents query. `folderId` a uuid or 'root'; `sort` name|updatedAt|size, '-' = descending. */
export const documentListQuerySchema = z.object({
  folderId: z.union([z.uuid(), z.literal('root')]).optional(),
  q: z.string().trim().max(200).optional(),
  tag: tag.optional(),
  category: z.string().trim().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(['name', '-name', 'updatedAt', '-updatedAt', 'size', '-size']).default('-updatedAt'),
});
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

/** A page of documents. */
export const documentPageSchema = z.object({ items: z.array(documentSummarySchema), total: z.number(), page: z.number(), pageSize: z.number() });
export type DocumentPage = z.infer<typeof documentPageSchema>;

/** PATCH /documents/:id; `category: null` clears, `folderId: null` = the root. */
export const documentUpdateSchema = z.object({
  name: name.optional(),
  description: z.string().max(4000).optional(),
  category: z.string().trim().min(1).max(100).nullable().optional(),
  tags: z.array(tag).max(DOCUMENT_TAGS_MAX).optional(),
  folderId: z.uuid().nullable().optional(),
});
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>;

/** The answer of an upload: per file, the document, the version made and whether the document is new. */
export const documentUploadResultSchema = z.object({
  items: z.array(z.object({ document: documentSummarySchema, version: z.number(), created: z.boolean() })),
});
export type DocumentUploadResult = z.infer<typeof documentUploadResultSchema>;

/** PUT /documents/:id/legal-hold. */
export const documentLegalHoldSchema = z.object({ reason: z.string().trim().min(1).max(500) });

/** POST /documents/:id/links. `subjectKey` names the record's subject (sourceType 'record'). */
export const documentLinkCreateSchema = z.object({
  sourceType: z.enum(DOCUMENT_LINK_SOURCES),
  sourceId: z.uuid(),
  subjectKey: z.string().trim().min(1).max(100).optional(),
});
export type DocumentLinkCreate = z.infer<typeof documentLinkCreateSchema>;

/** POST /documents/:id/shares. `expiresAt` required, in the future, ≤ DOCUMENT_SHARE_MAX_DAYS ahead; password 8–128. */
export const documentShareCreateSchema = z.object({
  expiresAt: z.iso.datetime({ offset: true }),
  version: z.number().int().min(1).nullable().optional(),
  password: z.string().min(8).max(128).optional(),
});
export type DocumentShareCreate = z.infer<typeof documentShareCreateSchema>;

/** The answer of POST …/shares: the link and its token (shown once). */
export const documentShareCreatedSchema = z.object({ share: documentShareSchema, token: z.string() });

/** GET /document-shares/info (public). */
export const documentSharedInfoSchema = z.object({
  name: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  version: z.number(),
  expiresAt: z.string(),
});
export type DocumentSharedInfo = z.infer<typeof documentSharedInfoSchema>;

/** GET /documents/:id/versions/:version/text. */
export const documentTextSchema = z.object({ textState: z.enum(DOCUMENT_TEXT_STATES), text: z.string().nullable() });
