/**
 * Backup and restore (keep what the server was given). A backup is one archive
 * (ops/backup-archive.ts) holding the database copy and every uploaded file's bytes (the blob store);
 * the database copy is:
 * - PGlite: the data folder as one gzip tarball (`PGlite.dumpDataDir('gzip')`). PGlite reads the
 *   files while holding its query lock, in one synchronous pass, so the copy is the state of one
 *   instant: what a crash at that instant would leave, which PostgreSQL recovers (WAL replay) when
 *   the copy is opened — committed transactions are in it, unfinished ones are rolled back. The
 *   tarball is built in memory: fine for the single-machine default; beyond a few GB use PostgreSQL.
 * - PostgreSQL: `pg_dump --format=custom` and `pg_restore --clean --if-exists --single-transaction`
 *   (Debian's postgresql-client; its major version must be at least the server's). With the blob
 *   store in the database (BLOB_STORE=postgres), the dump leaves out the rows of `blob_objects` and
 *   `blob_chunks`: the archive's `blobs/` holds those bytes once, and the restore puts them back
 *   through the store (ops/restore.ts). A PGlite copy cannot leave tables out: there the bytes are
 *   in the archive twice (the data folder and `blobs/`).
 * A restore refuses while a server uses the database (the PGlite folder lock; for PostgreSQL, an
 * `assay-server` connection), and reports the row count of every table and the audit chain head,
 * which `npm run backup` also prints, so the two can be compared.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { PGLITE_EXTENSIONS, rowsOf, type Database, type Executor } from '../db/client';
import * as schema from '../db/schema';
import type { BlobStore } from '../lib/blob-store';
import { PostgresBlobStore } from '../lib/blob-store-pg';
import { readHead } from '../modules/audit/audit.service';
import { isTarArchive, writeBackupArchive } from './backup-archive';

/** What a backup holds (or a restored database): rows per table (`schema.table`) and the audit head. */
export interface DatabaseSummary {
  tables: Record<string, number>;
  auditHead: { seq: number; hash: string };
}

/** Row counts of every base table outside the system schemas, and the audit chain head. */
export async function summarise(db: Executor): Promise<DatabaseSummary> {
  const result = await db.execute(
    sql`select table_schema as s, table_name as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
  );
  const tables: Record<string, number> = {};
  for (const row of rowsOf<{ s: string; t: string }>(result)) {
    const counted = await db.execute(sql`select count(*)::int as n from ${sql.identifier(row.s)}.${sql.identifier(row.t)}`);
    tables[`${row.s}.${row.t}`] = Number(rowsOf<{ n: number }>(counted)[0].n);
  }
  return { tables, auditHead: await readHead(db) };
}

/**
 * A backup file's kind, from its first bytes: a tar archive (format 2, ops/backup-archive.ts), or a
 * format-1 file of an earlier version: gzip (a PGlite tarball) or PGDMP (a pg_dump archive), which
 * hold the database alone.
 * @throws Error when it is none of these.
 */
export function backupKind(file: string): 'archive' | 'pglite' | 'postgres' {
  if (isTarArchive(file)) return 'archive';
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    fs.readSync(fd, head, 0, 5, 0);
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
  } finally {
    fs.closeSync(fd);
  }
  throw new Error(`${file} is not an Assay backup (neither a PGlite tarball nor a pg_dump archive)`);
}

/** `backups/assay-<UTC timestamp>.tar` under the current directory (the repo root). */
export function defaultBackupPath(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return path.resolve(process.cwd(), 'backups', `assay-${stamp}.tar`);
}

/** What a backup command reports: the file, its size (bytes), blobs archived and the database summary. */
export type BackupResult = { file: string; bytes: number; blobs: number; blobBytes: number } & DatabaseSummary;

/**
 * Writes a backup archive of the PGlite database of `client` (open, possibly serving requests) and
 * of `blobs` to `out`; the file appears complete or not at all.
 */
export async function backupPglite(client: PGlite, db: Database, blobs: BlobStore | null, out: string): Promise<BackupResult> {
  const written = await writeBackupArchive({
    out,
    engine: 'pglite',
    blobs,
    copyDatabase: async () => ({ bytes: new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()) }),
    summarise: () => summarise(db),
  });
  return { file: written.file, bytes: written.bytes, blobs: written.manifest.blobs, blobBytes: written.manifest.blobBytes, ...written.manifest.summary };
}

/** Runs a client tool; rejects with its stderr when it exits non-zero. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (err) => reject(new Error(`${command} could not start (${err.message}): install postgresql-client`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** The tables of the PostgreSQL blob store (db/tables/documents.ts), whose rows a dump leaves to `blobs/`. */
export const BLOB_STORE_TABLES = ['public.blob_objects', 'public.blob_chunks'] as const;

/**
 * A backup archive of `databaseUrl` (`pg_dump --format=custom`) and of `blobs`, written to `out`.
 * When `blobs` is the store in this database, the dump leaves out its tables' rows (module comment).
 * The summary is read from `db` after the dump.
 */
export async function backupPostgres(databaseUrl: string, db: Database, blobs: BlobStore | null, out: string): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const dump = `${out}.${process.pid}.dump.partial`;
  try {
    const written = await writeBackupArchive({
      out,
      engine: 'postgres',
      blobs,
      copyDatabase: async () => {
        const skipBlobRows = blobs instanceof PostgresBlobStore ? BLOB_STORE_TABLES.map((t) => `--exclude-table-data=${t}`) : [];
        await run('pg_dump', ['--format=custom', '--no-owner', ...skipBlobRows, `--file=${dump}`, `--dbname=${databaseUrl}`]);
        return { file: dump };
      },
      summarise: () => summarise(db),
    });
    return { file: written.file, bytes: written.bytes, blobs: written.manifest.blobs, blobBytes: written.manifest.blobBytes, ...written.manifest.summary };
  } finally {
    fs.rmSync(dump, { force: true });
  }
}

/**
 * Restores a PGlite backup into `dataDir/db`. The caller holds the folder lock (no server runs).
 * The tarball is unpacked into `db.restoring-<stamp>`, opened (recovery runs) and summarised; only
 * then is the current `db` moved aside to `db.before-restore-<stamp>` and the new one put in place.
 * A bad file leaves the current database untouched.
 * @returns the restored database's summary and where the previous folder went (null if none).
 */
export async function restorePglite(dataDir: string, file: string, now: Date = new Date()): Promise<DatabaseSummary & { previous: string | null }> {
  const root = path.resolve(process.cwd(), dataDir);
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const target = path.join(root, 'db');
  const staging = path.join(root, `db.restoring-${stamp}`);
  fs.mkdirSync(root, { recursive: true });
  fs.rmSync(staging, { recursive: true, force: true });
  const blob = new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' });
  let summary: DatabaseSummary;
  try {
    const client = await PGlite.create({ dataDir: staging, loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
    try {
      summary = await summarise(drizzlePglite(client, { schema }));
      await client.exec('CHECKPOINT');
    } finally {
      await client.close();
    }
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`${file} could not be restored: ${err instanceof Error ? err.message : String(err)}`);
  }
  let previous: string | null = null;
  if (fs.existsSync(target)) {
    previous = path.join(root, `db.before-restore-${stamp}`);
    fs.renameSync(target, previous);
  }
  fs.renameSync(staging, target);
  return { ...summary, previous };
}

/** Application name of the server's PostgreSQL connections (db/client.ts), checked before a restore. */
export const SERVER_APPLICATION_NAME = 'assay-server';

/** Number of other connections of Assay servers to the database of `db`. */
export async function serverConnections(db: Executor): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = ${SERVER_APPLICATION_NAME} and pid <> pg_backend_pid()`,
  );
  return Number(rowsOf<{ n: number }>(result)[0].n);
}

/**
 * `pg_restore --clean --if-exists --single-transaction` of `file` into `databaseUrl`: the objects
 * of the dump are dropped and recreated in one transaction (all or nothing).
 * @throws Error when pg_restore fails (the database is then unchanged).
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}
