/**
 * Which API test file the test helpers are serving now (test support, not a test file).
 *
 * `npm test` runs several test files in one process (server/src/test/batch.ts: a process start
 * costs ~2.5–3 s of CPU, docs/testing.md "Time budget"), yet the helpers keep one database, one
 * `ownDatabasePerTest` reason and one leak-guard footprint per file. The batch runner says which
 * file is being loaded (its top-level calls, such as `ownDatabasePerTest`, belong to it) and which
 * file's tests are running (files run one after another); a file run alone by node's test runner
 * is the only file of its process.
 */

/** The key of the file of a process that runs one test file (node --test, or by hand). */
export const SOLE_FILE = 'sole file';

let batch = false;
let loading: string | undefined;
let running: string | undefined;

/** Set by the batch runner before it loads any test file: several files share this process. */
export function enterBatchMode(): void {
  batch = true;
}

/** Whether several test files share this process (the batch runner loaded them). */
export function inBatch(): boolean {
  return batch;
}

/** The batch runner is loading `file` (its top-level code runs now); undefined when done. */
export function setLoadingFile(file: string | undefined): void {
  loading = file;
}

/** The batch runner runs the tests of `file` now (its `before` hook); undefined after its `after` hook. */
export function setRunningFile(file: string | undefined): void {
  running = file;
}

/**
 * The key of the test file the caller belongs to: while a file loads, that file; while tests
 * run, the file whose tests they are; in a process of one file, SOLE_FILE.
 */
export function currentTestFile(): string {
  if (!batch) return SOLE_FILE;
  return loading ?? running ?? SOLE_FILE;
}
