/**
 * Housekeeping, in two parts (docs/tasks.md "Housekeeping"):
 *
 * 1. Scheduled task kinds (registerHousekeepingKinds, called by index.ts before the task engine
 *    starts): pg-boss cron sends each run once for every process sharing the database — one run
 *    across the cluster instead of one per process — and the runs show in /admin/task, where an
 *    administrator may also start one by hand. Kinds and schedules (HOUSEKEEPING_CRONS, UTC):
 *    - `auth.purge-sessions`, every 10 minutes: expired sessions and forgotten sign-in counters;
 *    - `audit.sign-head`, every 15 minutes, only when a signing key is set (audit.signing.ts);
 *    - `recycle.purge-expired`, daily: the recycle bin's retention (`recycle.retentionDays`, 0 =
 *      never), one `recycle.purge` audit entry per run that purged something, as the actor
 *      `system` (modules/recycle/recycle.service.ts purgeExpired);
 *    - `attachments.sweep-blobs`, daily, only with a blob store: blobs nothing references (live
 *      attachments, document versions, report templates and their versions) and the store's old
 *      temporary objects (either store, BLOB_STORE), modules/attachments sweepBlobs.
 *    The expiry of abandoned import batches is the built-in kind `imports.expire-abandoned`
 *    (modules/imports/imports.housekeeping.ts).
 * 2. Per-process timers (createScheduler over housekeepingTasks), for what belongs to one process
 *    or one machine rather than to the database:
 *    - the audit chain head anchored every 15 minutes in DATA_DIR/audit-anchors.jsonl and the log
 *      (audit.anchors.ts; index.ts anchors once more at shutdown): the anchor file is this
 *      machine's copy, so each server keeps its own;
 *    - PGlite only: CHECKPOINT every hour and VACUUM (ANALYZE) every day, on this process's own
 *      embedded database (PostgreSQL has its own checkpointer and autovacuum).
 *    The anchoring also runs once a minute after start, so a short-lived process still anchors.
 * Both start with env SCHEDULER (default on) after the server listens and stop before the
 * database closes; tests start them themselves.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { anchorHead, type AnchorFile } from '../modules/audit/audit.anchors';
import { signHead, type SigningKey } from '../modules/audit/audit.signing';
import { purgeThrottleRows } from '../modules/auth/auth.service';
import { purgeExpiredSessions } from '../modules/auth/auth.service';
import type { BlobStore } from '../lib/blob-store';
import { sweepBlobs } from '../modules/attachments/attachments.service';
import { purgeExpired } from '../modules/recycle/recycle.service';
import { registerTaskKind } from '../modules/tasks/tasks.registry';

const MINUTE = 60_000;
/** Intervals of the per-process housekeeping (ms). */
export const HOUSEKEEPING_INTERVALS = {
  anchorAuditHead: 15 * MINUTE,
  checkpoint: 60 * MINUTE,
  vacuum: 24 * 60 * MINUTE,
} as const;

/** Schedules (pg-boss cron, UTC) of the housekeeping task kinds. */
export const HOUSEKEEPING_CRONS = {
  'auth.purge-sessions': '*/10 * * * *',
  'audit.sign-head': '*/15 * * * *',
  'recycle.purge-expired': '23 2 * * *',
  'attachments.sweep-blobs': '53 4 * * *',
} as const;

/** Options every housekeeping kind shares: one run at a time, startable by hand, one retry a minute later. */
const KIND_OPTIONS = { manual: true, singletonKey: 'all', retryLimit: 1, retryDelaySeconds: 60, timeoutSeconds: 1800 } as const;
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
 * Registers the housekeeping task kinds (module comment, part 1): call before the task engine
 * starts (it makes workers and schedules for the kinds it knows then). Head signing only with a
 * key, the blob sweep only with a store: every process sharing a database should be configured
 * alike (a process without the key has no worker for `audit.sign-head`; another one runs it).
 * @returns the kinds registered.
 */
export function registerHousekeepingKinds(opts: { signingKey: SigningKey | null; log: Log; blobs?: BlobStore }): string[] {
  const kinds: string[] = [];
  const cron = (kind: keyof typeof HOUSEKEEPING_CRONS) => {
    kinds.push(kind);
    return { ...KIND_OPTIONS, cron: HOUSEKEEPING_CRONS[kind] };
  };
  registerTaskKind(
    'auth.purge-sessions',
    async ({ db, log }) => {
      const now = new Date();
      const sessions = await purgeExpiredSessions(db, now);
      const throttles = await purgeThrottleRows(db, new Date(now.getTime() - 60 * MINUTE));
      if (sessions || throttles) await log('info', `purged ${sessions} expired session(s) and ${throttles} sign-in counter(s)`);
      return { sessions, throttles };
    },
    cron('auth.purge-sessions'),
  );
  registerTaskKind(
    'recycle.purge-expired',
    async ({ db, log }) => {
      const run = await purgeExpired(db);
      if (run.errors.length) await log('warn', 'some expired objects could not be purged', { errors: run.errors });
      return { retentionDays: run.retentionDays, purged: run.purged, skipped: run.skipped };
    },
    cron('recycle.purge-expired'),
  );
  const { signingKey, blobs } = opts;
  if (signingKey) {
    registerTaskKind(
      'audit.sign-head',
      async ({ db }) => {
        const signed = await signHead(db, signingKey);
        // The log line is the off-box copy when logs are shipped (README "Audit log").
        if (signed) opts.log.info({ auditHead: signed }, 'audit: chain head signed');
        return signed ? { seq: signed.seq } : null;
      },
      cron('audit.sign-head'),
    );
  }
  if (blobs) {
    registerTaskKind(
      'attachments.sweep-blobs',
      async ({ db }) => {
        const temp = await blobs.cleanTemp();
        return { ...(await sweepBlobs({ db, blobs })), temp };
      },
      cron('attachments.sweep-blobs'),
    );
  }
  return kinds;
}

/**
 * The per-process housekeeping of a database (module comment, part 2): anchoring only with an
 * anchor file; CHECKPOINT and VACUUM only on PGlite.
 */
export function housekeepingTasks(handle: DatabaseHandle, log: Log, anchors?: AnchorFile): ScheduledTask[] {
  const tasks: ScheduledTask[] = [];
  if (anchors) {
    tasks.push({
      name: 'anchor-audit-head',
      intervalMs: HOUSEKEEPING_INTERVALS.anchorAuditHead,
      runAtStart: true,
      run: () => runAnchor(handle, anchors, log),
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
export async function runAnchor(
  handle: Pick<DatabaseHandle, 'db'>,
  anchors: AnchorFile,
  log: Log,
): Promise<{ seq: number } | null> {
  const run = await anchorHead(handle.db, anchors);
  if (run.mismatch) {
    log.error(
      { auditAnchorMismatch: run.mismatch, file: anchors.file },
      'audit: the last anchored head no longer matches the database: the chain was rewritten or cut (GET /api/v1/audit/verify names the entry)',
    );
  }
  if (run.anchored) log.info({ auditAnchor: run.anchored }, 'audit: chain head anchored');
  return run.anchored ? { seq: run.anchored.seq } : null;
}
