/**
 * The documents API's shapes, from contracts/documents.ts (zod + inferred types; type-only, so no
 * zod in the web bundle). Sizes are bytes, times ISO 8601 strings.
 */
import type { DocumentUploadResult } from '../../../contracts/documents';

export type {
  DocumentDetail,
  DocumentFolder,
  DocumentLink,
  DocumentShare,
  DocumentSummary,
  DocumentVersion,
} from '../../../contracts/documents';

/** One file of an upload answer: the document, the version made, whether the document is new. */
export type DocumentUploadItem = DocumentUploadResult['items'][number];
