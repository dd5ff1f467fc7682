/**
 * `npm run backup [-- --out FILE] [--json]`: one backup file (default `backups/assay-<UTC stamp>.tar`
 * from the current directory) holding the configured database (PGlite's data folder, or pg_dump of
 * DATABASE_URL) and every uploaded file's bytes (the configured blob store, BLOB_STORE: DATA_DIR/blobs
 * or the database): ops/backup-archive.ts.
 * Works while the server runs: PostgreSQL is dumped online; a running PGlite server is asked to
 * write the file itself (ops/ops-requests.ts). Prints the file, its size, the blobs, the audit chain
 * head and the rows of every table (`--json`: one JSON object instead).
 */
import path from 'node:path';
import { loadEnv } from '../env';
import { configuredBlobStore } from '../lib/blob-store-config';
import { backupPglite, backupPostgres, defaultBackupPath, type BackupResult } from './backup-lib';
import { sendOpsRequest } from './ops-requests';
import { formatBytes, formatSummary, openForShell, parseCommandLine, runCommand, shownPath, UsageError } from './shell';

const USAGE = `Usage: npm run backup [-- --out FILE] [--json]
  Writes one backup file of the database (DATABASE_URL, else PGlite in DATA_DIR) and the
  uploaded files (BLOB_STORE: DATA_DIR/blobs or the database): default backups/assay-<UTC time>.tar.`;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), { out: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const env = loadEnv();
  const out = typeof values.out === 'string' ? path.resolve(process.cwd(), values.out) : defaultBackupPath();
  const access = await openForShell(env, { migrate: false });
  let result: BackupResult;
  if (access.kind === 'server') {
    result = (await sendOpsRequest(access.dataDir, access.pid, { op: 'backup', out })) as typeof result;
  } else {
    try {
      const raw = access.handle.raw;
      const blobs = configuredBlobStore(env, access.handle.db);
      result =
        raw.engine === 'pglite'
          ? await backupPglite(raw.client, access.handle.db, blobs, out)
          : await backupPostgres(env.DATABASE_URL ?? '', access.handle.db, blobs, out);
    } finally {
      await access.close();
    }
  }
  if (values.json) {
    console.log(JSON.stringify(result));
    return;
  }
  console.log(`Backup written: ${shownPath(result.file)} (${formatBytes(result.bytes)})`);
  console.log(`Uploaded files: ${result.blobs} (${formatBytes(result.blobBytes)})`);
  if (access.kind === 'server') console.log(`(written by the running server, pid ${access.pid})`);
  console.log(formatSummary(result));
}

runCommand(main, USAGE);
