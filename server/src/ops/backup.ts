/**
 * `npm run backup [-- --out FILE] [--json]`: one backup file of the configured database
 * (ops/backup-lib.ts): PGlite → `backups/assay-<UTC stamp>.tar.gz`, PostgreSQL (DATABASE_URL) →
 * `backups/assay-<UTC stamp>.dump` (pg_dump custom format), paths from the current directory.
 * Works while the server runs: PostgreSQL is dumped online; a running PGlite server is asked to
 * write the file itself (ops/ops-requests.ts). Prints the file, its size, the audit chain head and
 * the rows of every table (`--json`: one JSON object instead).
 */
import path from 'node:path';
import { loadEnv } from '../env';
import { backupPglite, backupPostgres, defaultBackupPath, type DatabaseSummary } from './backup-lib';
import { sendOpsRequest } from './ops-requests';
import { formatBytes, formatSummary, openForShell, parseCommandLine, runCommand, shownPath, UsageError } from './shell';

const USAGE = `Usage: npm run backup [-- --out FILE] [--json]
  Writes one backup file of the database (DATABASE_URL, else PGlite in DATA_DIR):
  default backups/assay-<UTC time>.tar.gz (PGlite) or .dump (PostgreSQL).`;

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(process.argv.slice(2), { out: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const env = loadEnv();
  const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  const out = typeof values.out === 'string' ? path.resolve(process.cwd(), values.out) : defaultBackupPath(kind);
  const access = await openForShell(env, { migrate: false });
  let result: { file: string; bytes: number } & DatabaseSummary;
  if (access.kind === 'server') {
    result = (await sendOpsRequest(access.dataDir, access.pid, { op: 'backup', out })) as typeof result;
  } else {
    try {
      const raw = access.handle.raw;
      result =
        raw.engine === 'pglite'
          ? await backupPglite(raw.client, access.handle.db, out)
          : await backupPostgres(env.DATABASE_URL ?? '', access.handle.db, out);
    } finally {
      await access.close();
    }
  }
  if (values.json) {
    console.log(JSON.stringify(result));
    return;
  }
  console.log(`Backup written: ${shownPath(result.file)} (${formatBytes(result.bytes)})`);
  if (access.kind === 'server') console.log(`(written by the running server, pid ${access.pid})`);
  console.log(formatSummary(result));
}

runCommand(main, USAGE);
