/**
 * Production entry (`npm run serve`): env → data-folder lock (PGlite only) → open the database →
 * migrate → build the app → listen → housekeeping scheduler (ops/scheduler.ts) and, for PGlite,
 * the shell-request handler (SIGUSR2, ops/ops-requests.ts: `npm run backup` / `npm run admin`
 * while the server runs). The audit head is anchored in DATA_DIR/audit-anchors.jsonl at start, every
 * 15 minutes and at shutdown (modules/audit/audit.anchors.ts). SIGINT/SIGTERM stop the scheduler,
 * close the server (in-flight requests finish), anchor the head, close the database and the lock,
 * then exit 0. Any start failure prints its reason and exits 1.
 *
 * Crash safety: every change is committed by PostgreSQL's WAL before its response is sent; after
 * `kill -9` (or a power cut, on PostgreSQL) a restart replays the WAL, and a lock left by a dead
 * process is taken over (db/lock.ts). ops/crash.test.ts kills the server in the middle of writes.
 */
import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { acquireDataLock, DataDirLockedError, type DataLock } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { loadEnv } from './env';
import { configuredBlobStore } from './lib/blob-store-config';
import { AnchorFile } from './modules/audit/audit.anchors';
import { loadSigningKey } from './modules/audit/audit.signing';
import { warnUnrunnablePatterns } from './modules/subjects/legacy-patterns';
import { installSecretKey, loadSecretKey } from './modules/variables/variables.crypto';
import { opsHandler } from './ops/ops-handler';
import { processOpsRequests, removeOpsMarker, writeOpsMarker } from './ops/ops-requests';
import { createScheduler, housekeepingTasks, registerHousekeepingKinds, runAnchor, type Scheduler } from './ops/scheduler';
import { startTaskEngine, type TaskEngine } from './modules/tasks/tasks.engine';
import { startTriggerListener } from './modules/triggers/triggers.outbox';

/** How long a graceful shutdown may take before the process exits anyway (ms). */
const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const env = loadEnv();
  let lock: DataLock | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    const signingKey = loadSigningKey(env, env.DATABASE_URL ? undefined : env.DATA_DIR);
    const secretKey = loadSecretKey(env, env.DATA_DIR);
    installSecretKey(secretKey);
    if (!env.DATABASE_URL) {
      lock = acquireDataLock(env.DATA_DIR);
      const held = lock;
      process.on('exit', () => held.release());
    }
    handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
    await migrateDatabase(handle);
    // uploaded files' bytes: DATA_DIR/blobs, or the database (BLOB_STORE, docs/blob-stores.md)
    const blobs = configuredBlobStore(env, handle.db);
    await blobs.cleanTemp();
    // the audit head's anchors, outside the database (audit.anchors.ts): this process's data folder
    const anchors = new AnchorFile(env.DATA_DIR, signingKey);
    const app = await buildApp({
      db: handle.db,
      engine: handle.engine,
      distDir: env.DIST_DIR,
      logger: { level: env.LOG_LEVEL },
      trustProxy: env.TRUST_PROXY,
      signingKey,
      auditAnchors: anchors,
      allowedOrigins: env.ALLOWED_ORIGINS,
      allowedHosts: env.ALLOWED_HOSTS,
      bindHost: env.HOST,
      apiRateLimit: env.API_RATE_LIMIT,
      cacheSource: handle,
      blobs,
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    const opened = handle;
    // the signal handlers come first: a SIGTERM in the seconds of the start that follow (anchoring,
    // the task engine) stops the server gracefully rather than killing it mid-start
    let scheduler: Scheduler | undefined;
    let taskEngine: TaskEngine | undefined;
    let stopTriggerListener: (() => Promise<void>) | undefined;
    let started: Promise<void> = Promise.resolve();
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
          // a signal during the start (below) stops what it started, once it has
          await started.catch(() => undefined);
          await scheduler?.stop();
          await stopTriggerListener?.();
          // active tasks get 5 s to reach a chunk boundary; what is left runs again after the restart
          await taskEngine?.stop(5_000);
          await app.close();
          // the head at shutdown: after the last request, while the database is still open
          await runAnchor(opened, anchors, app.log).catch((err: unknown) =>
            app.log.error({ err }, 'audit: anchoring at shutdown failed'),
          );
          await opened.close();
        } catch (err) {
          console.error('Error during shutdown:', err);
        } finally {
          if (opened.engine === 'pglite') removeOpsMarker(env.DATA_DIR);
          lock?.release();
          console.log('Assay stopped');
          process.exit(0);
        }
      })();
    };
    process.on('SIGINT', () => shutdown('SIGINT'));
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    started = (async () => {
      console.log(`Assay is running at http://${env.HOST}:${env.PORT} (database: ${opened.description}; files: ${env.BLOB_STORE === 'postgres' ? 'in the database' : 'DATA_DIR/blobs'})`);
      if (opened.engine === 'postgres' && env.BLOB_STORE === 'local') {
        app.log.warn('files: BLOB_STORE=local keeps uploaded files in this server\'s DATA_DIR/blobs; set BLOB_STORE=postgres when several API servers share the database (docs/blob-stores.md)');
      }
      if (signingKey) {
        app.log.info(
          {
            keyId: signingKey.keyId,
            source: signingKey.source,
            anchorFile: anchors.file,
            anchorKeyId: anchors.key?.keyId,
            anchorPublicKey: anchors.key?.publicKeyPem,
          },
          'audit: chain heads are signed and anchored (Ed25519) every 15 minutes and at shutdown',
        );
      } else {
        app.log.warn(
          { anchorFile: anchors.file },
          opened.engine === 'postgres'
            ? 'audit: AUDIT_SIGNING_KEY is not set: chain heads are anchored UNSIGNED in this server\'s data folder; set the same AUDIT_SIGNING_KEY on every API server so anchors are signed (server/README.md "Audit anchoring")'
            : 'audit: AUDIT_SIGNING_KEY is not set: chain heads are anchored unsigned in the data folder (server/README.md "Audit anchoring")',
        );
      }
      // a rewrite since the last run shows at start, before the first scheduled anchor
      await runAnchor(opened, anchors, app.log).catch((err: unknown) => app.log.error({ err }, 'audit: anchoring failed'));

      await warnUnrunnablePatterns(opened.db, app.log).catch((err: unknown) =>
        app.log.error({ err }, 'fields: the stored validation patterns could not be listed'),
      );

      app.log.info({ keyId: secretKey.keyId, source: secretKey.source }, 'variables: secret key loaded');
      if (opened.engine === 'postgres' && secretKey.source !== 'ASSAY_SECRET_KEY') {
        app.log.warn(
          "variables: ASSAY_SECRET_KEY is not set: secrets use this machine's DATA_DIR/secret.key (set the same key on every API server)",
        );
      }

      if (env.SCHEDULER) {
        scheduler = createScheduler(housekeepingTasks(opened, app.log, anchors), app.log);
        scheduler.start();
      }
      // the housekeeping shared by every process on the database: scheduled task kinds (ops/scheduler.ts)
      registerHousekeepingKinds({ signingKey, log: app.log, blobs });
      // the durable tasks (modules/tasks, docs/tasks.md): pg-boss workers, with the scheduler's switch
      if (env.SCHEDULER) {
        // PGlite is one process by construction, and so is a PostgreSQL deployment that says so
        // (TASKS_SINGLE_PROCESS): tasks left running by a process that died are requeued at once
        const requeueRunning = opened.engine === 'pglite' || env.TASKS_SINGLE_PROCESS;
        // PGlite: every task is sent by this process, which wakes its workers at once; polling only
        // finds retries and cron runs, so it polls every 10 s (each fetch is a synchronous query
        // there, and idle workers of every kind polling every 2 s slowed a 50,000-row import by a third)
        const pollingIntervalSeconds = opened.engine === 'pglite' ? 10 : 2;
        taskEngine = await startTaskEngine(opened.db, { log: app.log, requeueRunning, pollingIntervalSeconds }).catch(
          (err: unknown) => {
            app.log.error({ err }, 'tasks: the engine did not start; tasks stay queued');
            return undefined;
          },
        );
      }
      // triggers (docs/triggers.md "Delivery"): a commit that wrote outbox events starts a delivery at once
      stopTriggerListener = taskEngine
        ? await startTriggerListener(opened, opened.db, app.log).catch((err: unknown) => {
            app.log.error({ err }, 'triggers: no outbox listener; the minute sweep delivers');
            return undefined;
          })
        : undefined;
      if (opened.engine === 'pglite') {
        let busy = Promise.resolve();
        process.on('SIGUSR2', () => {
          busy = busy.then(async () => {
            const n = await processOpsRequests(env.DATA_DIR, opsHandler(opened, blobs)).catch((err: unknown) => {
              app.log.error({ err }, 'ops: shell requests failed');
              return 0;
            });
            if (n > 0) app.log.info({ requests: n }, 'ops: shell requests answered');
          });
        });
        writeOpsMarker(env.DATA_DIR);
      }
    })();
    await started;
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
