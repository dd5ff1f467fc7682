/**
 * Production entry (`npm run serve`): env → data-folder lock (PGlite only) → open the database →
 * migrate → build the app → listen. SIGINT/SIGTERM close the server (in-flight requests finish),
 * the database and the lock, then exit 0. Any start failure prints its reason and exits 1.
 */
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { acquireDataLock, DataDirLockedError, type DataLock } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { loadEnv } from './env';

/** How long a graceful shutdown may take before the process exits anyway (ms). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function main(): Promise<void> {
  const env = loadEnv();
  let lock: DataLock | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    if (!env.DATABASE_URL) {
      lock = acquireDataLock(env.DATA_DIR);
      const held = lock;
      process.on('exit', () => held.release());
    }
    handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await migrateDatabase(handle);
    const app = await buildApp({
      db: handle.db,
      engine: handle.engine,
      distDir: env.DIST_DIR,
      logger: { level: env.LOG_LEVEL },
      trustProxy: env.TRUST_PROXY,
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    const opened = handle;
    console.log(`Assay is running at http://${env.HOST}:${env.PORT} (database: ${opened.description})`);

    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal} received: shutting down`);
      const timer = setTimeout(() => {
        console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms: exiting`);
        process.exit(1);
      }, SHUTDOWN_TIMEOUT_MS);
      timer.unref();
      void (async () => {
        try {
          await app.close();
          await opened.close();
        } catch (err) {
          console.error('Error during shutdown:', err);
        } finally {
          lock?.release();
          console.log('Assay stopped');
          process.exit(0);
        }
      })();
    };
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
    } else {
      console.error('Assay could not start:', err);
    }
    await handle?.close().catch(() => undefined);
    lock?.release();
    process.exit(1);
  }
}

void main();
