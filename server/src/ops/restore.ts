/**
 * `npm run restore -- FILE [--json]`: brings a backup of `npm run backup` back into the configured
 * database (ops/backup-lib.ts), and its uploaded files into the configured blob store (BLOB_STORE:
 * DATA_DIR/blobs or the database; ops/backup-archive.ts). The archive is checked first (every
 * blob's hash, the manifest) and the database restored; the blobs are put back after it, through
 * the store (a store in the database needs the database in place; blobs are content-addressed, so
 * existing ones are kept and the backup's are added). Also reads
 * the database-only files of earlier versions. Refuses while a server uses it (stop the server first):
 * - PGlite: the current `DATA_DIR/db` is kept as `DATA_DIR/db.before-restore-<stamp>` (delete it
 *   when satisfied); a file that cannot be opened leaves the current database untouched;
 * - PostgreSQL: pg_restore --clean --if-exists in one transaction (all or nothing).
 * Prints the audit chain head and the rows of every table, to compare with the backup's. This
 * machine's audit anchor file (DATA_DIR/audit-anchors.jsonl) is moved aside, since it anchors heads
 * the restored chain never had (on PostgreSQL, do the same on every other API server).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type DatabaseHandle } from '../db/client';
import { acquireDataLock } from '../db/lock';
import { migrateDatabase } from '../db/migrate';
import { loadEnv, type Env } from '../env';
import { configuredBlobStore } from '../lib/blob-store-config';
import { setAnchorsAside } from '../modules/audit/audit.anchors';
import { readBackupArchive, restoreArchiveBlobs } from './backup-archive';
import { backupKind, restorePglite, restorePostgres, serverConnections, summarise, type DatabaseSummary } from './backup-lib';
import { formatSummary, parseCommandLine, runCommand, shownPath, UsageError } from './shell';

const USAGE = `Usage: npm run restore -- FILE [--json]
  Restores a backup made by npm run backup into the database (DATABASE_URL, else PGlite in DATA_DIR).
  Stop the server first.`;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), { json: { type: 'boolean' } });
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'Which backup file?' : 'One file only');
  const file = path.resolve(process.cwd(), positionals[0]);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const env = loadEnv();
  const kind = backupKind(file);
  // a format-2 archive: blobs into the store, the database copy into a work folder, then as before
  const work = path.join(env.DATA_DIR, `restore-${process.pid}`);
  let engine: 'pglite' | 'postgres' = kind === 'archive' ? 'pglite' : kind;
  let databaseFile = file;
  let blobsRestored = 0;
  const lock = env.DATABASE_URL ? null : acquireDataLock(env.DATA_DIR); // refuses while a server holds the folder
  let summary: DatabaseSummary & { previous?: string | null; blobs?: number; anchorsSetAside?: string | null };
  try {
    if (env.DATABASE_URL) await refuseWhileServed(env.DATABASE_URL);
    // a format-2 archive is checked whole (every blob's hash) before the database is touched
    if (kind === 'archive') {
      const read = await readBackupArchive(file, work);
      engine = read.manifest.engine;
      databaseFile = read.databaseFile;
    }
    if (env.DATABASE_URL) {
      if (engine !== 'postgres') throw new Error(`${file} is a PGlite backup, but DATABASE_URL names PostgreSQL`);
      await restorePostgres(env.DATABASE_URL, databaseFile);
      const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, poolMax: 1, applicationName: 'assay-cli' });
      try {
        if (kind === 'archive') blobsRestored = await putBlobsBack(env, handle, file);
        summary = await summarise(handle.db);
      } finally {
        await handle.close();
      }
    } else {
      if (engine !== 'pglite') throw new Error(`${file} is a PostgreSQL backup: set DATABASE_URL to restore it`);
      summary = await restorePglite(env.DATA_DIR, databaseFile);
      if (kind === 'archive') {
        // the restored folder is in place and this process holds its lock
        const handle = await openDatabase({ dataDir: env.DATA_DIR });
        try {
          blobsRestored = await putBlobsBack(env, handle, file);
          if (env.BLOB_STORE === 'postgres') summary = { ...(await summarise(handle.db)), previous: summary.previous };
        } finally {
          await handle.close();
        }
      }
    }
    summary.blobs = blobsRestored;
    summary.anchorsSetAside = setAnchorsAside(env.DATA_DIR, new Date().toISOString().replace(/[-:.]/g, ''));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    lock?.release();
  }
  if (values.json) {
    console.log(JSON.stringify(summary));
    return;
  }
  console.log(`Restored ${shownPath(file)}`);
  if (summary.previous) console.log(`The previous database was kept in ${summary.previous}`);
  console.log(`Uploaded files restored: ${blobsRestored}`);
  if (summary.anchorsSetAside) console.log(`The audit anchors of the chain before the restore were moved to ${summary.anchorsSetAside}`);
  console.log(formatSummary(summary));
}

/**
 * Puts the archive's blobs into the configured store (BLOB_STORE) on the restored database. A
 * database restored from a backup older than the blob store's tables is migrated first when the
 * store lives in it (the server would migrate it at its start anyway).
 * @returns the number of blobs in the archive.
 */
async function putBlobsBack(env: Env, handle: DatabaseHandle, file: string): Promise<number> {
  if (env.BLOB_STORE === 'postgres') {
    const [row] = rowsOf<{ t: string | null }>(await handle.db.execute(sql`select to_regclass('public.blob_objects')::text as t`));
    if (!row.t) await migrateDatabase(handle);
  }
  return restoreArchiveBlobs(file, configuredBlobStore(env, handle.db));
}

/** @throws Error when an Assay server is connected to the PostgreSQL database of `databaseUrl`. */
async function refuseWhileServed(databaseUrl: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, poolMax: 1, applicationName: 'assay-cli' });
  try {
    const others = await serverConnections(handle.db);
    if (others > 0) throw new Error(`${others} Assay server connection(s) use this database: stop the servers first`);
  } finally {
    await handle.close();
  }
}

runCommand(main, USAGE);
