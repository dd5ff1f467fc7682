/**
 * Opens the database: embedded PGlite (default: a folder under the data dir, or in memory) or
 * PostgreSQL through a `pg` Pool when a URL is given (docs/product.md "How it runs": one schema, two engines).
 * Services receive `Database`, the driver-independent Drizzle type, so they run on both.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { Pool } from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The Drizzle database as services see it (PGlite and node-postgres alike). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Database`; services take `Database | Transaction` (a transaction is also a database). */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** `Database` or a transaction in progress: what a repository function takes. */
export type Executor = Database | Transaction;

export type Engine = 'pglite' | 'postgres';

/** The engine-specific client underneath, for the migrator and the test helpers. */
export type RawClient = { engine: 'pglite'; client: PGlite } | { engine: 'postgres'; pool: Pool };

export interface DatabaseHandle {
  db: Database;
  engine: Engine;
  raw: RawClient;
  /** Human-readable location for logs: `PGlite in ./data/db`, `PGlite in memory` or `PostgreSQL`. */
  description: string;
  /** Closes the PGlite instance or ends the pool; safe to call twice. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://…`: use PostgreSQL (takes precedence over the other options). */
  databaseUrl?: string;
  /** The data folder; PGlite keeps its files in `${dataDir}/db` (default `./data`, from process.cwd()). */
  dataDir?: string;
  /** In-memory PGlite (tests, `umi dev`); nothing is written to disk. */
  memory?: boolean;
  /** For memory PGlite: start from a `dumpDataDir()` tarball instead of running initdb (tests: ~0.4 s instead of ~2 s). */
  snapshot?: Blob;
  /** pg Pool size (default 10). */
  poolMax?: number;
  /** pg Pool: idle connections do not keep the process alive (tests: a file's shared database). */
  allowExitOnIdle?: boolean;
  /**
   * PostgreSQL `application_name` of the connections (default `assay-server`; the shell commands
   * use `assay-cli`). A restore refuses while `assay-server` connections exist (ops/backup-lib.ts).
   */
  applicationName?: string;
}

/** PGlite extensions loaded at start: pg_trgm backs the records' quick search (migration 0005). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens a database and waits until it answers.
 * Units: none. Errors: PGlite start failures (e.g. a corrupt folder) and pg connection errors
 * propagate. The PGlite folder is not locked here: index.ts takes db/lock.ts's lock first.
 */
export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolMax ?? 10,
      allowExitOnIdle: opts.allowExitOnIdle ?? false,
      application_name: opts.applicationName ?? 'assay-server',
    });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    await pool.query('select 1');
    const db: Database = drizzlePg(pool, { schema });
    let closed = false;
    return {
      db,
      engine: 'postgres',
      raw: { engine: 'postgres', pool },
      description: 'PostgreSQL',
      close: async () => {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  let client: PGlite;
  let description: string;
  if (opts.memory) {
    client = await PGlite.create(opts.snapshot ? { loadDataDir: opts.snapshot, extensions: PGLITE_EXTENSIONS } : { extensions: PGLITE_EXTENSIONS });
    description = 'PGlite in memory';
  } else {
    const dataDir = opts.dataDir ?? './data';
    const dbDir = path.resolve(process.cwd(), dataDir, 'db');
    client = await PGlite.create({ dataDir: dbDir, extensions: PGLITE_EXTENSIONS });
    const shown = path.join(dataDir, 'db');
    description = `PGlite in ${path.isAbsolute(shown) || shown.startsWith('.') ? shown : `./${shown}`}`;
  }
  return pgliteHandle(client, description);
}

/**
 * A handle over an open PGlite instance: a new Drizzle database on it (so per-database caches,
 * e.g. the settings', start empty) whose `close` closes the instance. Tests reuse one instance
 * this way from test to test (test/pglite-reuse.ts).
 */
export function pgliteHandle(client: PGlite, description: string): DatabaseHandle {
  const db: Database = drizzlePglite(client, { schema });
  return {
    db,
    engine: 'pglite',
    raw: { engine: 'pglite', client },
    description,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * The rows of a raw `db.execute(sql…)` result, typed by the caller. Both drivers answer an object
 * with `rows` (pg QueryResult, PGlite Results); Drizzle types it per driver, so it is read here.
 * @throws Error for a result without rows (not a query).
 */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('the statement returned no rows');
  return rows as T[];
}
