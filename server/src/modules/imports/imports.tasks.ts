/**
 * Runs and undos of import batches as durable tasks (docs/tasks.md, README.md "Runs and undos are
 * tasks"): kinds `imports.run` and `imports.undo`, one active task per batch (singleton key = the
 * batch id). The request (imports.service runImport / undoImport) claims the batch, queues the task
 * and writes the audit entry in one transaction, then waits for the task (`awaitImportTask`) and
 * answers its outcome as before. With no engine on the database in this process (SCHEDULER=false,
 * the API tests) the request runs the task's attempt itself (tasks.engine runTaskHere): one
 * attempt, recorded on the task row like any other.
 *
 * Each attempt resumes from the batch's progress marker (`processed`, committed with every chunk):
 * a retried attempt (its process died, or a transient error) writes no row twice. What ends a run:
 * - done: the batch `done` (its final transaction also tells imports.events' listener);
 * - a rule refused it (HttpError: a conflict, a unique value taken), a cancel, or the last attempt
 *   failed: the run is discarded (discardRun: nothing of it stays, the batch `failed`) — a cancel
 *   with `errors.import.cancelled`;
 * - any other error with retries left: the batch stays `running` with its marker; pg-boss retries.
 * The undo the same way, except that what stops it for good gives the batch back its status `done`
 * (the chunks undone stay undone: undoing again finishes the rest, imports.undo.ts).
 */
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../../../contracts';
import type { Database } from '../../db/client';
import { tasks, users, type TaskRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { runTaskHere, takeTaskError } from '../tasks/tasks.engine';
import { noRetry, queueFor, registerTaskKind, type TaskContext } from '../tasks/tasks.registry';
import { waitForTask } from '../tasks/tasks.service';
import { loadSubjectDef } from '../subjects/subject-def';
import { findBatch } from './imports.repository';
import { discardRun, ImportStopped, runRows } from './imports.run';
import { releaseUndo, undoRows } from './imports.undo';

/** Kind names. */
export const IMPORT_RUN_KIND = 'imports.run';
export const IMPORT_UNDO_KIND = 'imports.undo';

/**
 * Both kinds' options: 2 retries 5 s apart (then 10 s: pg-boss backoff), an attempt may run an hour
 * (a 200,000-row run takes about a minute on PGlite; the job of a process that died comes back after
 * timeout + 60 s on PostgreSQL, at the next start on PGlite: tasks.engine requeueRunning), and 4
 * runs (of different batches) at once per process, as when each request ran its own.
 */
export const IMPORT_TASK_OPTIONS = {
  retryLimit: 2,
  retryDelaySeconds: 5,
  timeoutSeconds: 3600,
  manual: false,
  concurrency: 4,
} as const;

/** The input of an `imports.run` task. */
export interface ImportRunInput {
  batchId: string;
  /** ISO time of the run: the time every row and version it writes carries. */
  at: string;
}

/** The input of an `imports.undo` task. */
export interface ImportUndoInput {
  batchId: string;
  includeEdited: boolean;
  at: string;
}

/** The task's starter as the user the rows are written by. @throws Error when the account is gone. */
async function starterOf(db: Database, task: TaskRow): Promise<CurrentUser> {
  const [u] = task.startedBy
    ? await db
        .select({ id: users.id, name: users.name, email: users.email, isAdmin: users.isAdmin, locale: users.locale })
        .from(users)
        .where(eq(users.id, task.startedBy))
    : [];
  if (!u) throw noRetry(new Error('the account that started the import is gone'));
  return { ...u, lastApp: null };
}

/** True when the task's stop is a cancel (an administrator's), not its timeout. */
async function cancelRequested(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ c: tasks.cancelRequested }).from(tasks).where(eq(tasks.id, id));
  return !row || row.c;
}

/** The message key (or text) a discarded run keeps on its batch. */
const reasonOf = (err: unknown) =>
  (err instanceof HttpError ? err.messageKey : err instanceof Error ? err.message : String(err)).slice(0, 500);

async function runHandler({ task, db, progress, log, isCancelled, lastAttempt }: TaskContext): Promise<unknown> {
  const input = task.input as unknown as ImportRunInput;
  const found = await findBatch(db, input.batchId);
  // gone, or finished by an earlier attempt whose task was not marked done (its process died between the two)
  if (!found || found.batch.status !== 'running') return { skipped: found?.batch.status ?? 'gone' };
  const subject = await loadSubjectDef(db, { id: found.batch.subjectId });
  if (!subject) throw noRetry(new Error('the subject is gone'));
  const user = await starterOf(db, task);
  if (found.batch.processed > 0)
    await log('info', `resuming after ${found.batch.processed} rows`, { processed: found.batch.processed });
  try {
    const counts = await runRows(db, {
      user,
      slug: found.application,
      subject,
      batchId: input.batchId,
      at: new Date(input.at),
      taskId: task.id,
      progress,
      isCancelled,
    });
    await log('info', 'import done', counts);
    return counts;
  } catch (err) {
    const stopped = err instanceof ImportStopped;
    const cancelled = stopped && (await cancelRequested(db, task.id));
    if (cancelled || err instanceof HttpError || lastAttempt) {
      await discardRun(db, subject, input.batchId, cancelled ? 'errors.import.cancelled' : reasonOf(err));
      await log('warn', 'run discarded: nothing of it stays', { reason: cancelled ? 'cancelled' : reasonOf(err) });
      if (cancelled) return null;
      throw err instanceof HttpError ? noRetry(err) : err;
    }
    // a timeout or a transient error: the batch stays running with its marker, the retry resumes
    throw stopped ? new Error('stopped at its timeout; a retry resumes') : err;
  }
}

async function undoHandler({ task, db, progress, log, isCancelled, lastAttempt }: TaskContext): Promise<unknown> {
  const input = task.input as unknown as ImportUndoInput;
  const found = await findBatch(db, input.batchId);
  if (!found || found.batch.status !== 'undoing') return { skipped: found?.batch.status ?? 'gone' };
  const subject = await loadSubjectDef(db, { id: found.batch.subjectId });
  if (!subject) throw noRetry(new Error('the subject is gone'));
  const user = await starterOf(db, task);
  try {
    const result = await undoRows(db, {
      user,
      slug: found.application,
      subject,
      applicationId: found.batch.applicationId,
      batchId: input.batchId,
      includeEdited: input.includeEdited,
      at: new Date(input.at),
      progress,
      isCancelled,
    });
    await log('info', 'undo done', { deleted: result.deleted, restored: result.restored, leftAlone: result.leftAlone.length });
    // the rows left alone: the first 1,000 (GET /imports/:id/edited lists them all)
    return { ...result, leftAlone: result.leftAlone.slice(0, 1000) };
  } catch (err) {
    const stopped = err instanceof ImportStopped;
    const cancelled = stopped && (await cancelRequested(db, task.id));
    if (cancelled || err instanceof HttpError || lastAttempt) {
      await releaseUndo(db, input.batchId);
      await log('warn', 'undo stopped: the chunks undone stay undone; undoing again finishes the rest');
      if (cancelled) return null;
      throw err instanceof HttpError ? noRetry(err) : err;
    }
    throw stopped ? new Error('stopped at its timeout; a retry resumes') : err;
  }
}

registerTaskKind(IMPORT_RUN_KIND, runHandler, IMPORT_TASK_OPTIONS);
registerTaskKind(IMPORT_UNDO_KIND, undoHandler, IMPORT_TASK_OPTIONS);

type Log = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};
const quiet: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Waits for the outcome of an import task the request queued (committed): with an engine on `db`
 * in this process, until the task is finished (by whichever process runs it); without one, runs its
 * attempt here. @returns the task's result (the handler's return value).
 * @throws the handler's error when its last attempt failed in this process (an HttpError as it was
 *   thrown: 409 with its params); else HttpError 409 `errors.import.cancelled` for a cancelled task,
 *   or 500 with the batch's reason for one that failed elsewhere.
 */
export async function awaitImportTask(db: Database, task: TaskRow, log: Log = quiet): Promise<unknown> {
  if (!queueFor(db)) return runTaskHere(db, task, log);
  const row = await waitForTask(db, task.id);
  if (row.state === 'done') return row.result;
  if (row.state === 'cancelled') throw new HttpError(409, 'CONFLICT', 'errors.import.cancelled');
  const err = takeTaskError(task.id);
  if (err) throw err;
  throw new Error(row.error ?? 'the import task failed');
}
