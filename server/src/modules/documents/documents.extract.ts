/**
 * Text extraction of document versions, after their upload commits (docs/documents.md "Text
 * extraction"): `scheduleExtraction` runs it on a later turn of the event loop (never inside the
 * request), one version at a time per process (a queue), reading the blob, calling
 * lib/text-extract.ts and storing `text_content`/`text_state`. A version left `pending` (the process
 * stopped first) is picked up by `extractPending` (run at registration and callable by a scheduler).
 */
import type { Database } from '../../db/client';
import type { BlobStore } from '../../lib/blob-store';
import { EXTRACT_MAX_BYTES, extractText } from '../../lib/text-extract';
import { documentVersions } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { pendingTextVersions, setVersionText } from './documents.repository';

let chain: Promise<void> = Promise.resolve();
const inFlight = new Set<string>();
let pendingCount = 0;

async function readAll(blobs: BlobStore, sha256: string, maxBytes: number): Promise<Buffer | null> {
  const stream = await blobs.open(sha256);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Extracts and stores the text of version row `versionId` now. Errors are stored as `failed`, never thrown. */
export async function extractVersion(db: Database, blobs: BlobStore, versionId: string): Promise<void> {
  const [row] = await db.select().from(documentVersions).where(eq(documentVersions.id, versionId));
  if (!row || row.textState !== 'pending') return;
  try {
    const bytes = await readAll(blobs, row.sha256, EXTRACT_MAX_BYTES);
    const result = bytes ? await extractText(bytes, row.mimeType, row.fileName) : { state: 'none' as const, text: null };
    await setVersionText(db, row.id, result.state, result.text);
  } catch {
    await setVersionText(db, row.id, 'failed', null).catch(() => undefined);
  }
}

/** Queues the extraction of version row `versionId` (after the current request; one at a time). */
export function scheduleExtraction(db: Database, blobs: BlobStore, versionId: string): void {
  if (inFlight.has(versionId)) return;
  inFlight.add(versionId);
  pendingCount += 1;
  chain = chain
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => extractVersion(db, blobs, versionId))
    .catch(() => undefined)
    .finally(() => {
      inFlight.delete(versionId);
      pendingCount -= 1;
    });
}

/** Resolves when every queued extraction of this process has finished (tests, shutdown). */
export async function extractionsSettled(): Promise<void> {
  while (pendingCount > 0) await chain;
}

/** Queues the extraction of up to `limit` versions still `pending` (oldest first). @returns how many were queued. */
export async function extractPending(db: Database, blobs: BlobStore, limit = 100): Promise<number> {
  const rows = await pendingTextVersions(db, limit);
  for (const row of rows) scheduleExtraction(db, blobs, row.id);
  return rows.length;
}
