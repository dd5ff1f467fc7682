/**
 * `npm run restore -- FILE [--json]`: brings a backup of `npm run backup` back into the configured
 * database (ops/backup-lib.ts). Refuses while a server uses it (stop the server first):
 * - PGlite: the current `DATA_DIR/db` is kept as `DATA_DIR/db.before-restore-<stamp>` (delete it
 *   when satisfied); a file that cannot be opened leaves the current database untouched;
 * - PostgreSQL: pg_restore --clean --if-exists in one transaction (all or nothing).
 * Prints the audit chain head and the rows of every table, to compare with the backup's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { acquireDataLock } from '../db/lock';
import { loadEnv } from '../env';
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
  let summary: DatabaseSummary & { previous?: string | null };
  if (env.DATABASE_URL) {
    if (kind !== 'postgres') throw new Error(`${file} is a PGlite backup, but DATABASE_URL names PostgreSQL`);
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, poolMax: 1, applicationName: 'assay-cli' });
    try {
      const others = await serverConnections(handle.db);
      if (others > 0) throw new Error(`${others} Assay server connection(s) use this database: stop the servers first`);
      await restorePostgres(env.DATABASE_URL, file);
      summary = await summarise(handle.db);
    } finally {
      await handle.close();
    }
  } else {
    if (kind !== 'pglite') throw new Error(`${file} is a PostgreSQL backup: set DATABASE_URL to restore it`);
    const lock = acquireDataLock(env.DATA_DIR); // refuses while a server holds the folder
    try {
      summary = await restorePglite(env.DATA_DIR, file);
    } finally {
      lock.release();
    }
  }
  if (values.json) {
    console.log(JSON.stringify(summary));
    return;
  }
  console.log(`Restored ${shownPath(file)}`);
  if (summary.previous) console.log(`The previous database was kept in ${summary.previous}`);
  console.log(formatSummary(summary));
}

runCommand(main, USAGE);
