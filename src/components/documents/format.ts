/** Small pure helpers of the documents screens: which viewer a file gets, a short SHA-256. */

/** The in-browser viewers (Preview.tsx); `none` = download only. */
export type PreviewKind = 'pdf' | 'image' | 'docx' | 'xlsx' | 'csv' | 'markdown' | 'text' | 'none';

const ext = (fileName: string) => (fileName.includes('.') ? fileName.split('.').pop()!.toLowerCase() : '');

/**
 * The viewer of a file by its MIME type, then its extension. Images exclude SVG (scriptable, the
 * server sends it as an attachment); old binary .doc/.xls have no viewer.
 */
export function previewKind(mimeType: string, fileName: string): PreviewKind {
  const m = (mimeType || '').toLowerCase();
  const e = ext(fileName);
  if (m === 'application/pdf' || e === 'pdf') return 'pdf';
  if ((m.startsWith('image/') && m !== 'image/svg+xml') || ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'].includes(e))
    return 'image';
  if (m === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' || e === 'docx') return 'docx';
  if (m === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' || e === 'xlsx') return 'xlsx';
  if (m === 'text/csv' || e === 'csv') return 'csv';
  if (m === 'text/markdown' || e === 'md' || e === 'markdown') return 'markdown';
  if (m.startsWith('text/') || m === 'application/json' || ['txt', 'log', 'json', 'xml', 'yaml', 'yml'].includes(e))
    return m === 'text/html' || e === 'html' ? 'none' : 'text';
  return 'none';
}

/** The first 12 hex digits of a SHA-256, for display (the full value is copied). */
export const shortSha = (sha256: string) => sha256.slice(0, 12);

/** Rows of a spreadsheet or CSV preview at most (the rest is counted, not shown). */
export const PREVIEW_MAX_ROWS = 500;
/** Sheets of a workbook shown at most. */
export const PREVIEW_MAX_SHEETS = 5;
