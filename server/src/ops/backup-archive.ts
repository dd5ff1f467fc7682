/**
 * The backup file (format 2): one uncompressed tar (tar-stream) holding everything a restore needs.
 *   blobs/<sha256>            every uploaded file's bytes in the configured blob store, read through
 *                             the BlobStore interface (lib/blob-store.ts: a folder; lib/blob-store-pg.ts:
 *                             the database, BLOB_STORE=postgres)
 *   database.tar.gz           PGlite's data folder (dumpDataDir('gzip')), or
 *   database.dump             pg_dump --format=custom of PostgreSQL
 *   assay-backup.json         the manifest (BackupManifest), written last
 * Format 1 (before attachments existed) was the database copy alone; restore still reads it.
 *
 * Consistency: blobs are content-addressed and never change, and a database row only names a blob
 * that was stored before the row was committed. So the blobs are copied in two passes around the
 * database copy: every blob present before it, then every blob added while it was taken. A blob
 * the copied database names is then missing only if it was added during the copy and removed
 * again (a purge) before the second pass; `npm run backup` reports such names as missing.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import type { BlobStore, StagedBlob } from '../lib/blob-store';
import type { DatabaseSummary } from './backup-lib';

/** The manifest's entry name. */
export const MANIFEST_ENTRY = 'assay-backup.json';
/** The format this file writes (1 = a bare database copy, before blobs were backed up). */
export const BACKUP_FORMAT = 2;

/** What `assay-backup.json` says of the archive. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  engine: 'pglite' | 'postgres';
  createdAt: string;
  /** The database copy's entry: `database.tar.gz` (PGlite) or `database.dump` (PostgreSQL). */
  database: string;
  databaseBytes: number;
  /** Blobs in the archive and their total size (bytes). */
  blobs: number;
  blobBytes: number;
  summary: DatabaseSummary;
}

/** A database copy: bytes in memory (PGlite's dump) or a file (pg_dump's), removed once archived. */
export type DatabaseCopy = { bytes: Uint8Array } | { file: string };

export interface WriteArchiveOptions {
  out: string;
  engine: 'pglite' | 'postgres';
  /** The blob store to copy; null = none configured (the archive then holds no blobs). */
  blobs: BlobStore | null;
  /** Takes the database copy; called between the two blob passes. */
  copyDatabase: () => Promise<DatabaseCopy>;
  /** The database's summary (row counts, audit head), read after the copy. */
  summarise: () => Promise<DatabaseSummary>;
}

/** Adds one entry to `pack`; resolves once its bytes are in. */
function addEntry(pack: tar.Pack, header: Partial<tar.Header> & { name: string }, source: Readable | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (Buffer.isBuffer(source)) {
      pack.entry(header, source, (err) => (err ? reject(err) : resolve()));
      return;
    }
    const entry = pack.entry(header, (err) => (err ? reject(err) : resolve()));
    source.on('error', (err) => {
      entry.destroy(err);
      reject(err);
    });
    source.pipe(entry);
  });
}

/**
 * Writes a format-2 backup archive to `out` (under a temporary name, then renamed; mode 0600).
 * @returns the file, its size (bytes), the manifest and the database summary.
 * @throws when the database copy or a blob read fails (no file is left behind).
 */
export async function writeBackupArchive(opts: WriteArchiveOptions): Promise<{ file: string; bytes: number; manifest: BackupManifest } & DatabaseSummary> {
  fs.mkdirSync(path.dirname(opts.out), { recursive: true });
  const tmp = `${opts.out}.${process.pid}.partial`;
  const pack = tar.pack();
  const sink = fs.createWriteStream(tmp, { mode: 0o600 });
  const written = new Promise<void>((resolve, reject) => {
    sink.on('close', resolve);
    sink.on('error', reject);
    pack.on('error', reject);
  });
  pack.pipe(sink);
  const mtime = new Date();
  const copied = new Set<string>();
  let blobBytes = 0;
  const copyBlobs = async () => {
    if (!opts.blobs) return;
    for await (const blob of opts.blobs.list()) {
      if (copied.has(blob.sha256)) continue;
      await addEntry(pack, { name: `blobs/${blob.sha256}`, size: blob.size, mtime: blob.modifiedAt, mode: 0o600 }, await opts.blobs.open(blob.sha256));
      copied.add(blob.sha256);
      blobBytes += blob.size;
    }
  };
  try {
    await copyBlobs();
    const copy = await opts.copyDatabase();
    const database = opts.engine === 'pglite' ? 'database.tar.gz' : 'database.dump';
    let databaseBytes: number;
    if ('bytes' in copy) {
      databaseBytes = copy.bytes.length;
      await addEntry(pack, { name: database, size: databaseBytes, mtime, mode: 0o600 }, Buffer.from(copy.bytes.buffer, copy.bytes.byteOffset, copy.bytes.length));
    } else {
      try {
        databaseBytes = fs.statSync(copy.file).size;
        await addEntry(pack, { name: database, size: databaseBytes, mtime, mode: 0o600 }, fs.createReadStream(copy.file));
      } finally {
        fs.rmSync(copy.file, { force: true });
      }
    }
    await copyBlobs();
    const summary = await opts.summarise();
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      engine: opts.engine,
      createdAt: mtime.toISOString(),
      database,
      databaseBytes,
      blobs: copied.size,
      blobBytes,
      summary,
    };
    await addEntry(pack, { name: MANIFEST_ENTRY, mtime, mode: 0o600 }, Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await written;
    fs.renameSync(tmp, opts.out);
    return { file: opts.out, bytes: fs.statSync(opts.out).size, manifest, ...summary };
  } catch (err) {
    pack.destroy();
    sink.destroy();
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** True when `file` is a tar archive (the `ustar` magic at byte 257). */
export function isTarArchive(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const magic = Buffer.alloc(5);
    return fs.readSync(fd, magic, 0, 5, 257) === 5 && magic.toString('latin1') === 'ustar';
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Unpacks a format-2 archive and checks it: the database copy to `<workDir>/<entry>`; every blob
 * hashed and checked against its name (a blob whose bytes do not hash to its name fails the
 * restore). With `blobs`, the blobs are also staged into that store and made visible only once the
 * whole archive has been read and checked (content-addressed: existing ones are left as they are);
 * without, nothing is stored (restore.ts puts them back with restoreArchiveBlobs once the database
 * is in place, which a blob store kept in the database needs).
 * @returns the manifest, the database copy's path and the number of blobs checked (and restored).
 * @throws Error naming the problem: not a backup archive, no manifest, a missing database copy, a
 *   blob count that differs from the manifest, a corrupt blob.
 */
export async function readBackupArchive(
  file: string,
  workDir: string,
  blobs: BlobStore | null = null,
): Promise<{ manifest: BackupManifest; databaseFile: string; blobsRestored: number }> {
  fs.mkdirSync(workDir, { recursive: true });
  const staged: StagedBlob[] = [];
  let blobCount = 0;
  let manifestText = '';
  const databaseFiles = new Map<string, string>();
  const extract = tar.extract();
  fs.createReadStream(file).pipe(extract);
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (name === MANIFEST_ENTRY) {
        for await (const chunk of entry) manifestText += (chunk as Buffer).toString('utf8');
      } else if (name.startsWith('blobs/')) {
        blobCount += 1;
        let sha256: string;
        if (blobs) {
          const blob = await blobs.stage(Readable.from(entry));
          staged.push(blob);
          sha256 = blob.sha256;
        } else {
          const hash = createHash('sha256');
          for await (const chunk of entry) hash.update(chunk as Buffer);
          sha256 = hash.digest('hex');
        }
        if (sha256 !== name.slice('blobs/'.length)) throw new Error(`${file}: blob ${name} is corrupt (its bytes hash to ${sha256})`);
      } else if (name === 'database.tar.gz' || name === 'database.dump') {
        const target = path.join(workDir, name);
        await new Promise<void>((resolve, reject) => {
          const out = fs.createWriteStream(target);
          out.on('close', resolve);
          out.on('error', reject);
          Readable.from(entry).on('error', reject).pipe(out);
        });
        databaseFiles.set(name, target);
      } else {
        entry.resume();
      }
    }
    if (!manifestText) throw new Error(`${file} is not an Assay backup archive (no ${MANIFEST_ENTRY})`);
    const manifest = JSON.parse(manifestText) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file}: backup format ${String(manifest.format)} is not supported (this version reads ${BACKUP_FORMAT})`);
    const databaseFile = databaseFiles.get(manifest.database);
    if (!databaseFile) throw new Error(`${file}: the database copy ${manifest.database} is missing`);
    if (blobCount !== manifest.blobs) throw new Error(`${file}: ${blobCount} blobs found, the manifest lists ${manifest.blobs}`);
    for (const blob of staged) await blob.commit();
    return { manifest, databaseFile, blobsRestored: blobCount };
  } catch (err) {
    await Promise.all(staged.map((b) => b.discard()));
    throw err;
  }
}

/**
 * Puts the blobs of a format-2 archive (checked before by readBackupArchive) into `blobs`, the
 * configured store (either kind: read and written through the BlobStore interface): each staged
 * and checked against its name, all committed once the archive has been read (identical blobs
 * already there are kept, de-duplicated).
 * @returns how many blobs the archive held.
 * @throws Error naming a corrupt blob (nothing of the archive is then committed).
 */
export async function restoreArchiveBlobs(file: string, blobs: BlobStore): Promise<number> {
  const staged: StagedBlob[] = [];
  const extract = tar.extract();
  fs.createReadStream(file).pipe(extract);
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!name.startsWith('blobs/')) {
        entry.resume();
        continue;
      }
      const blob = await blobs.stage(Readable.from(entry));
      staged.push(blob);
      if (blob.sha256 !== name.slice('blobs/'.length)) throw new Error(`${file}: blob ${name} is corrupt (its bytes hash to ${blob.sha256})`);
    }
    for (const blob of staged) await blob.commit();
    return staged.length;
  } catch (err) {
    await Promise.all(staged.map((b) => b.discard()));
    throw err;
  }
}
