/**
 * Downloads of files the API answers with Content-Disposition: attachment (record query, grid and
 * query-result exports, chart images): the blob response read back as the server's error envelope
 * when it failed, else handed to the browser under the file name the server gave.
 */
import { toApiError } from './api-error';

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function fileNameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/** The answer of umi's `request` with `responseType: 'blob', getResponse: true`. */
export interface BlobResponse {
  status: number;
  data: Blob;
  headers: Record<string, string | undefined>;
}

/** The options that make umi's `request` answer a BlobResponse for every status (a failure's JSON stays readable). */
export const BLOB_REQUEST = { responseType: 'blob' as const, getResponse: true, skipErrorHandler: true, validateStatus: () => true };

/** Hands a Blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves `res` as a download named by its Content-Disposition (else `fallbackName`).
 * Resolves with the file's name; rejects with the server's envelope (ApiError) on a non-2xx status.
 */
export async function saveDownload(res: BlobResponse, fallbackName: string): Promise<string> {
  if (res.status < 200 || res.status >= 300) {
    let body: unknown = null;
    try {
      body = JSON.parse(await res.data.text()) as unknown;
    } catch {
      /* not JSON: a bare HTTP error */
    }
    throw toApiError({ data: body, status: res.status });
  }
  const fileName = fileNameOf(res.headers['content-disposition']) ?? fallbackName;
  saveBlob(res.data, fileName);
  return fileName;
}
