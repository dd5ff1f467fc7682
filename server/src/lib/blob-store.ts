/**
 * Where uploaded files' bytes live (under the data folder, content-addressed by SHA-256, behind
 * a storage interface that an S3-compatible backend can implement later). The database holds the names people gave their files (`attachments` rows,
 * modules/attachments); the store holds each distinct content once, under its SHA-256.
 *
 * The interface (`BlobStore`) is what the modules use; `LocalBlobStore` keeps blobs in a folder
 * (DATA_DIR/blobs/<aa>/<bb>/<sha256>, aa and bb the first two pairs of hex digits, so no folder
 * grows past 65,536 entries).
 *
 * Writing is two-phase so that a crash never leaves a half blob under a content name and so that
 * callers can serialise "make visible" against "remove" (modules/attachments takes a database
 * advisory lock on the sha256 around both):
 *  1. `stage(source)` streams the bytes to a temporary object while hashing and counting them
 *     (refusing more than `maxBytes`) and flushes it to disk (fsync);
 *  2. `commit()` moves it to its content name with one atomic rename (an identical blob already
 *     there is simply replaced by the same bytes: de-duplication needs no check), or `discard()`
 *     drops it. `put()` does both at once.
 * Temporary files left by a crash (`tmp/*.part`) are never read; `cleanTemp()` removes old ones.
 *
 * An S3-compatible backend implements the same methods: `stage` uploads to a temporary key
 * (multipart upload, hashing on the way), `commit` copies it to `blobs/<sha256>` (or skips when
 * `HeadObject` finds it) and deletes the temporary key, `open` is a `GetObject` body stream, `has` a
 * `HeadObject`, `remove` a `DeleteObject`, `list` a `ListObjectsV2` walk (LastModified).
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Executor } from '../db/client';

/** A stored blob: its SHA-256 (64 lower-case hex digits) and size in bytes. */
export interface BlobInfo {
  sha256: string;
  size: number;
}

/** A blob written but not yet visible under its content name. Exactly one of commit/discard must follow. */
export interface StagedBlob extends BlobInfo {
  /**
   * Makes the blob readable under `sha256` (idempotent for identical content). `tx`: the database
   * transaction the caller holds (e.g. under the blob's advisory lock); a database-backed store
   * runs its statements in it (PGlite runs one transaction at a time: a second one would wait
   * forever for the caller's). A file store ignores it.
   */
  commit(tx?: Executor): Promise<void>;
  /** Drops the temporary copy (no-op after commit). */
  discard(): Promise<void>;
}

/** What `stage`/`put` read: a byte stream or a buffer. */
export type BlobSource = Readable | Buffer;

export interface StageOptions {
  /** Refuse (BlobTooLargeError) a source longer than this many bytes; default unlimited. */
  maxBytes?: number;
}

/** The storage interface of uploaded files (module comment: how a backend implements it). */
export interface BlobStore {
  /** Streams `source` to a temporary object, hashing it. @throws BlobTooLargeError past `maxBytes`. */
  stage(source: BlobSource, opts?: StageOptions): Promise<StagedBlob>;
  /** stage + commit: stores `source` under its SHA-256 (de-duplicated). */
  put(source: BlobSource, opts?: StageOptions): Promise<BlobInfo>;
  /** The bytes of blob `sha256`. @throws BlobNotFoundError when there is none. */
  open(sha256: string): Promise<Readable>;
  /** True when blob `sha256` is stored. */
  has(sha256: string): Promise<boolean>;
  /**
   * Deletes blob `sha256`; false when there was none. Callers make sure nothing references it.
   * `tx`: as StagedBlob.commit's.
   */
  remove(sha256: string, tx?: Executor): Promise<boolean>;
  /** Every stored blob (any order) with its size and when it was last written (the unreferenced-blob sweep, backups). */
  list(): AsyncIterable<ListedBlob>;
  /**
   * Removes temporary objects (staged, never committed or discarded: a crash) last written more
   * than `maxAgeMs` ago (default one day). @returns how many were removed.
   */
  cleanTemp(maxAgeMs?: number, now?: number): Promise<number>;
}

/** A blob as `list()` yields it: its hash, size (bytes) and when it was stored. */
export interface ListedBlob extends BlobInfo {
  modifiedAt: Date;
}

/** The source was longer than `maxBytes`. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`blob larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/** No blob has this SHA-256 (or it is not a SHA-256 at all). */
export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`no blob ${sha256}`);
    this.name = 'BlobNotFoundError';
  }
}

const SHA256 = /^[0-9a-f]{64}$/;

/** True for 64 lower-case hex digits. */
export function isSha256(value: string): boolean {
  return SHA256.test(value);
}

/** Hashes and counts the bytes passing through; errors (BlobTooLargeError) past `maxBytes`. Shared by the stores. */
export class Meter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new BlobTooLargeError(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
}

const isNotFound = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Flushes a file's (or a folder's) data to disk. */
async function fsyncPath(p: string, flags: 'r' | 'r+' = 'r'): Promise<void> {
  const handle = await fs.open(p, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Blobs in a local folder (module comment). `root` is created on first write. */
export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  /** The file of blob `sha256`: `<root>/<aa>/<bb>/<sha256>`. @throws BlobNotFoundError for a malformed hash. */
  pathOf(sha256: string): string {
    if (!isSha256(sha256)) throw new BlobNotFoundError(sha256);
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  private get tmpDir(): string {
    return path.join(this.root, 'tmp');
  }

  async stage(source: BlobSource, opts: StageOptions = {}): Promise<StagedBlob> {
    await fs.mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
    const meter = new Meter(opts.maxBytes ?? Number.POSITIVE_INFINITY);
    const out = createWriteStream(tmp, { flags: 'wx' });
    try {
      await pipeline(Buffer.isBuffer(source) ? Readable.from([source]) : source, meter, out);
      await fsyncPath(tmp, 'r+');
    } catch (err) {
      // a source that fails at once can reject the pipeline before the file is even open: wait for
      // the stream to finish opening and closing, or the file would appear after its removal
      if (!out.closed) await once(out, 'close').catch(() => undefined);
      await fs.rm(tmp, { force: true });
      throw err;
    }
    const sha256 = meter.hash.digest('hex');
    const target = this.pathOf(sha256);
    let settled = false;
    return {
      sha256,
      size: meter.size,
      commit: async () => {
        if (settled) return;
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.rename(tmp, target);
        await fsyncPath(path.dirname(target));
        settled = true;
      },
      discard: async () => {
        if (settled) return;
        settled = true;
        await fs.rm(tmp, { force: true });
      },
    };
  }

  async put(source: BlobSource, opts?: StageOptions): Promise<BlobInfo> {
    const staged = await this.stage(source, opts);
    try {
      await staged.commit();
    } catch (err) {
      await staged.discard();
      throw err;
    }
    return { sha256: staged.sha256, size: staged.size };
  }

  async open(sha256: string): Promise<Readable> {
    const file = this.pathOf(sha256);
    const handle = await fs.open(file, 'r').catch((err: unknown) => {
      throw isNotFound(err) ? new BlobNotFoundError(sha256) : err;
    });
    return handle.createReadStream();
  }

  async has(sha256: string): Promise<boolean> {
    if (!isSha256(sha256)) return false;
    try {
      await fs.access(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }

  async remove(sha256: string): Promise<boolean> {
    if (!isSha256(sha256)) return false;
    try {
      await fs.unlink(this.pathOf(sha256));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async *list(): AsyncIterable<ListedBlob> {
    const children = async (dir: string): Promise<string[]> => {
      try {
        return (await fs.readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory() && /^[0-9a-f]{2}$/.test(d.name)).map((d) => d.name);
      } catch (err) {
        if (isNotFound(err)) return [];
        throw err;
      }
    };
    for (const aa of await children(this.root)) {
      for (const bb of await children(path.join(this.root, aa))) {
        const dir = path.join(this.root, aa, bb);
        for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
          if (!isSha256(name) || !name.startsWith(aa + bb)) continue;
          const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
          if (stat?.isFile()) yield { sha256: name, size: stat.size, modifiedAt: stat.mtime };
        }
      }
    }
  }

  /**
   * Removes temporary files older than `maxAgeMs` (default one day) left by interrupted uploads or
   * a crash. @returns how many were removed.
   */
  async cleanTemp(maxAgeMs = 86_400_000, now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.tmpDir);
    } catch (err) {
      if (isNotFound(err)) return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && now - stat.mtimeMs > maxAgeMs) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
