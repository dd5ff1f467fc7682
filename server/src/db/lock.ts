/**
 * A lock on the data folder, because PGlite has none of its own (docs/stack.md "Pinned or chosen versions") and two processes on
 * one PGlite folder corrupt it. `${dataDir}/assay.lock` is created with O_EXCL and holds the
 * owner's pid. A second live process refuses with a message naming the pid and the folder; a lock
 * left by a dead process (killed, crashed) is taken over. Only for PGlite: PostgreSQL needs none.
 *
 * Limits (documented, accepted): a pid reused by an unrelated process after a crash makes the lock
 * look held (the message says how to remove it); two processes taking over the same stale lock in
 * the same millisecond window could both succeed.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'assay.lock';

export interface DataLock {
  /** Absolute path of the lock file. */
  path: string;
  /** Removes the lock file if it still holds this process's pid; safe to call twice. */
  release(): void;
}

/** Raised when another live process holds the folder. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `Assay's data folder ${path.dirname(lockPath)} is in use by another process (pid ${pid}). ` +
        `Stop that process first, or choose another DATA_DIR. If pid ${pid} is not Assay, delete ${lockPath}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Takes the lock of `dataDir` (created if missing) for `pid` (default this process).
 * Synchronous so it can run before anything opens the database.
 * @throws DataDirLockedError when a live process holds it; fs errors (EACCES…) otherwise.
 */
export function acquireDataLock(dataDir: string, pid: number = process.pid): DataLock {
  const dir = path.resolve(process.cwd(), dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o644);
      try {
        fs.writeSync(fd, `${pid}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      return makeLock(file, pid);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder = readPid(file);
    if (holder === null) {
      // Created but not yet written by its owner (a few µs), or left empty by a crash: look again.
      sleepSync(100);
      holder = readPid(file);
    }
    if (holder !== null && holder !== pid && isProcessAlive(holder)) {
      throw new DataDirLockedError(file, holder);
    }
    // Dead owner (or our own stale pid, or an unreadable file): take it over.
    try {
      fs.unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing hands`);
}

function makeLock(file: string, pid: number): DataLock {
  let released = false;
  return {
    path: file,
    release() {
      if (released) return;
      released = true;
      if (readPid(file) === pid) {
        try {
          fs.unlinkSync(file);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    },
  };
}
