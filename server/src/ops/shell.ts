/**
 * What the shell commands (backup.ts, restore.ts, admin.ts) share: argument parsing, opening the
 * database the way a command should (directly when no server holds it, else through the running
 * server: ops-requests.ts), printing, exit codes (0 done, 1 failed, 2 wrong usage).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { acquireDataLock, DataDirLockedError } from '../db/lock';
import { migrateDatabase } from '../db/migrate';
import type { Env } from '../env';
import type { DatabaseSummary } from './backup-lib';
import { acceptsOps } from './ops-requests';

/** Thrown for a usage error: the command prints its usage and exits 2. */
export class UsageError extends Error {}

/** Parses `argv` with node:util parseArgs (strict); unknown options are a UsageError. */
export function parseCommandLine(
  argv: string[],
  options: Record<string, { type: 'string' | 'boolean' }>,
): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

/** How a command reaches the database. */
export type Access =
  | { kind: 'direct'; handle: DatabaseHandle; close(): Promise<void> }
  | { kind: 'server'; pid: number; dataDir: string };

/** True when `dataDir` holds a PGlite database (its PG_VERSION file). */
export function hasPgliteDatabase(dataDir: string): boolean {
  return fs.existsSync(path.resolve(process.cwd(), dataDir, 'db', 'PG_VERSION'));
}

/**
 * Opens the configured database for a shell command: PostgreSQL directly (application_name
 * `assay-cli`); PGlite directly when no server holds the folder (taking its lock until close), or
 * `{ kind: 'server' }` when a server that accepts shell requests holds it.
 * @param opts.migrate apply the migrations first (admin commands; never for a backup).
 * @throws Error when the PGlite folder has no database, or a server that accepts no requests holds it.
 */
export async function openForShell(env: Env, opts: { migrate: boolean }): Promise<Access> {
  if (env.DATABASE_URL) {
    const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, poolMax: 2, applicationName: 'assay-cli' });
    if (opts.migrate) await migrateDatabase(handle);
    return { kind: 'direct', handle, close: () => handle.close() };
  }
  if (!hasPgliteDatabase(env.DATA_DIR)) {
    throw new Error(`There is no Assay database in ${path.resolve(env.DATA_DIR)} (start the server once, or set DATA_DIR)`);
  }
  let lock;
  try {
    lock = acquireDataLock(env.DATA_DIR);
  } catch (err) {
    if (err instanceof DataDirLockedError && acceptsOps(env.DATA_DIR, err.pid)) {
      return { kind: 'server', pid: err.pid, dataDir: env.DATA_DIR };
    }
    throw err;
  }
  const held = lock;
  try {
    const handle = await openDatabase({ dataDir: env.DATA_DIR });
    if (opts.migrate) await migrateDatabase(handle);
    return {
      kind: 'direct',
      handle,
      close: async () => {
        try {
          await handle.close();
        } finally {
          held.release();
        }
      },
    };
  } catch (err) {
    held.release();
    throw err;
  }
}

/** A path as shown to the operator: relative to the current directory when inside it, else absolute. */
export function shownPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : path.resolve(file);
}

/** Human-readable size: `812 B`, `12.3 KB`, `4.5 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The summary as lines: the audit head, then `schema.table rows` per table. */
export function formatSummary(summary: DatabaseSummary): string {
  const lines = [`Audit chain head: seq ${summary.auditHead.seq}, hash ${summary.auditHead.hash}`, 'Rows:'];
  for (const [table, n] of Object.entries(summary.tables)) lines.push(`  ${table.padEnd(36)} ${n}`);
  return lines.join('\n');
}

/**
 * Runs a command's `main`, mapping failures to exit codes (UsageError → 2 with `usage`, other
 * errors → 1 with their message). Exits explicitly (PGlite and pg leave handles open otherwise).
 */
export function runCommand(main: () => Promise<void>, usage: string): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(`${err.message}\n\n${usage}`);
        process.exit(2);
      }
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
