/**
 * The worker thread of lib/text-extract.ts `extractTextIsolated`: extracts the text of the bytes it
 * is given (workerData) with `extractText` and posts the result back. Run only as a worker.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { extractText } from './text-extract';

const { bytes, mimeType, fileName } = workerData as { bytes: Uint8Array; mimeType: string; fileName: string };
void extractText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), mimeType, fileName).then((result) => parentPort?.postMessage(result));
