/**
 * The in-process housekeeping scheduler, until the tasks module (durable background jobs)
 * exists. Interval-based; each task runs at most once at a time (a run still going when its next
 * turn comes is skipped), logs its failures and keeps its schedule. Started by index.ts after the
 * server listens (env SCHEDULER=false turns it off), stopped on shutdown before the database
 * closes; never started by tests unless a test asks.
 *
 * Intervals (HOUSEKEEPING_INTERVALS):
 * - expired sessions and forgotten sign-in counters purged every 10 minutes;
 * - audit chain head signed every 15 minutes when a signing key is set (audit.signing.ts);
 * - audit chain head anchored every 15 minutes in DATA_DIR/audit-anchors.jsonl and the log, with or
 *   without a key (audit.anchors.ts; index.ts anchors once more at shutdown);
 * - PGlite only: CHECKPOINT every hour (bounds the WAL replayed after a crash), VACUUM (ANALYZE)
 *   every day (PostgreSQL has its own autovacuum and checkpointer);
 * - the recycle bin's retention every day: purges what has been in the bin longer than the setting
 *   (`recycle.retentionDays`, 0 = never), one `recycle.purge` audit entry per run that purged
 *   something, as the actor `system` (modules/recycle/recycle.service.ts purgeExpired);
 * - with a blob store: every day, blobs no live attachment references are removed (and a local
 *   store's old temporary files), modules/attachments sweepBlobs;
 * - import batches never run (uploaded, checked, failed) and untouched for IMPORT_ABANDONED_DAYS
 *   (7) are removed every hour, with their staged rows (modules/imports expireAbandonedImports);
 * Every task also runs once a minute after start (VACUUM and the blob sweep excepted), so a
 * short-lived process still purges and signs.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { anchorHead, type AnchorFile } from '../modules/audit/audit.anchors';
import { signHead, type SigningKey } from '../modules/audit/audit.signing';
import { purgeThrottleRows } from '../modules/auth/auth.service';
import { purgeExpiredSessions } from '../modules/auth/auth.service';
import { LocalBlobStore, type BlobStore } from '../lib/blob-store';
import { BLOB_SWEEP_INTERVAL_MS, sweepBlobs } from '../modules/attachments/attachments.service';
import { expireAbandonedImports } from '../modules/imports/imports.service';
import { purgeExpired } from '../modules/recycle/recycle.service';

const MINUTE = 60_000;
/** Housekeeping intervals (ms). */
export const HOUSEKEEPING_INTERVALS = {
  purgeSessions: 10 * MINUTE,
  signAuditHead: 15 * MINUTE,
  anchorAuditHead: 15 * MINUTE,
  checkpoint: 60 * MINUTE,
  vacuum: 24 * 60 * MINUTE,
  recycleRetention: 24 * 60 * MINUTE,
  expireImports: 60 * MINUTE,
} as const;
/** Delay of the first run after start (ms). */
export const FIRST_RUN_DELAY_MS = MINUTE;

export interface ScheduledTask {
  name: string;
  /** Milliseconds between runs. */
  intervalMs: number;
  /** Also run once `FIRST_RUN_DELAY_MS` (or the scheduler's firstRunDelayMs) after start. */
  runAtStart: boolean;
  run(): Promise<unknown>;
}

export interface Scheduler {
  /** Starts the timers (idempotent). */
  start(): void;
  /** Stops the timers and waits for runs in progress to end. */
  stop(): Promise<void>;
  /** Runs a task now (tests, the ops signal), unless it is already running. @returns its result, or undefined when skipped. */
  runNow(name: string): Promise<unknown>;
  readonly tasks: readonly ScheduledTask[];
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * A scheduler over `tasks`. Timers are unref'd: they never keep the process alive.
 * @param opts.firstRunDelayMs delay of the runs at start (default FIRST_RUN_DELAY_MS).
 */
export function createScheduler(tasks: ScheduledTask[], log: Log, opts: { firstRunDelayMs?: number } = {}): Scheduler {
  const running = new Map<string, Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  let started = false;

  const runTask = (task: ScheduledTask): Promise<unknown> => {
    if (running.has(task.name)) return Promise.resolve(undefined);
    const promise = (async () => {
      const began = Date.now();
      try {
        const result = await task.run();
        log.info({ task: task.name, ms: Date.now() - began, result }, 'scheduler: task done');
        return result;
      } catch (err) {
        log.error({ task: task.name, err }, 'scheduler: task failed');
        return undefined;
      } finally {
        running.delete(task.name);
      }
    })();
    running.set(task.name, promise);
    return promise;
  };

  return {
    tasks,
    start() {
      if (started) return;
      started = true;
      for (const task of tasks) {
        const every = setInterval(() => void runTask(task), task.intervalMs);
        every.unref();
        timers.push(every);
        if (task.runAtStart) {
          const once = setTimeout(() => void runTask(task), opts.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
          once.unref();
          timers.push(once);
        }
      }
    },
    async stop() {
      started = false;
      for (const timer of timers.splice(0)) clearTimeout(timer);
      await Promise.allSettled([...running.values()]);
    },
    runNow(name) {
      const task = tasks.find((t) => t.name === name);
      if (!task) return Promise.reject(new Error(`no scheduled task ${name}`));
      return runTask(task);
    },
  };
}

/**
 * The housekeeping tasks of a database (see the module comment); head signing only with a key, the
 * blob sweep only with a store, anchoring only with an anchor file.
 */
export function housekeepingTasks(handle: DatabaseHandle, signingKey: SigningKey | null, log: Log, blobs?: BlobStore, anchors?: AnchorFile): ScheduledTask[] {
  const tasks: ScheduledTask[] = [
    {
      name: 'purge-sessions',
      intervalMs: HOUSEKEEPING_INTERVALS.purgeSessions,
      runAtStart: true,
      run: async () => {
        const now = new Date();
        const sessions = await purgeExpiredSessions(handle.db, now);
        const throttles = await purgeThrottleRows(handle.db, new Date(now.getTime() - 60 * MINUTE));
        return { sessions, throttles };
      },
    },
    {
      name: 'recycle-retention',
      intervalMs: HOUSEKEEPING_INTERVALS.recycleRetention,
      runAtStart: true,
      run: async () => {
        const run = await purgeExpired(handle.db);
        if (run.errors.length) log.warn({ errors: run.errors }, 'recycle bin: some expired objects could not be purged');
        return { retentionDays: run.retentionDays, purged: run.purged, skipped: run.skipped };
      },
    },
    {
      name: 'expire-imports',
      intervalMs: HOUSEKEEPING_INTERVALS.expireImports,
      runAtStart: true,
      run: async () => ({ removed: await expireAbandonedImports(handle.db) }),
    },
  ];
  if (signingKey) {
    tasks.push({
      name: 'sign-audit-head',
      intervalMs: HOUSEKEEPING_INTERVALS.signAuditHead,
      runAtStart: true,
      run: async () => {
        const signed = await signHead(handle.db, signingKey);
        // The log line is the off-box copy when logs are shipped (README "Audit log").
        if (signed) log.info({ auditHead: signed }, 'audit: chain head signed');
        return signed ? { seq: signed.seq } : null;
      },
    });
  }
  if (anchors) {
    tasks.push({
      name: 'anchor-audit-head',
      intervalMs: HOUSEKEEPING_INTERVALS.anchorAuditHead,
      runAtStart: true,
      run: () => runAnchor(handle, anchors, log),
    });
  }
  if (blobs) {
    tasks.push({
      name: 'sweep-blobs',
      intervalMs: BLOB_SWEEP_INTERVAL_MS,
      runAtStart: false,
      run: async () => {
        const temp = blobs instanceof LocalBlobStore ? await blobs.cleanTemp() : 0;
        return { ...(await sweepBlobs({ db: handle.db, blobs })), temp };
      },
    });
  }
  const raw = handle.raw;
  if (raw.engine === 'pglite') {
    tasks.push(
      {
        name: 'checkpoint',
        intervalMs: HOUSEKEEPING_INTERVALS.checkpoint,
        runAtStart: false,
        run: async () => {
          await raw.client.exec('CHECKPOINT');
        },
      },
      {
        name: 'vacuum',
        intervalMs: HOUSEKEEPING_INTERVALS.vacuum,
        runAtStart: false,
        run: async () => {
          await raw.client.exec('VACUUM (ANALYZE)');
        },
      },
    );
  }
  return tasks;
}

/**
 * One anchoring of the audit head (audit.anchors.ts anchorHead), logged: the anchor line at info
 * (the log is its second copy), a file anchor the database no longer matches at error.
 * @returns `{ seq }` of the new anchor, or null when there was nothing new.
 */
export async function runAnchor(handle: Pick<DatabaseHandle, 'db'>, anchors: AnchorFile, log: Log): Promise<{ seq: number } | null> {
  const run = await anchorHead(handle.db, anchors);
  if (run.mismatch) {
    log.error({ auditAnchorMismatch: run.mismatch, file: anchors.file }, 'audit: the last anchored head no longer matches the database: the chain was rewritten or cut (GET /api/v1/audit/verify names the entry)');
  }
  if (run.anchored) log.info({ auditAnchor: run.anchored }, 'audit: chain head anchored');
  return run.anchored ? { seq: run.anchored.seq } : null;
}
