/**
 * The one event the imports module offers other modules: an import run finished (its batch is
 * `done`, its rows live). The listener is called inside the run's final transaction — the one that
 * marks the batch done — so whatever it writes (a trigger event row) commits or rolls back with the
 * batch. None is set by default (a no-op); the triggers module sets one at start
 * (`recordTriggerEvent(tx, { kind: 'import.finished', … })`). README.md "Runs and undos are tasks".
 */
import type { Executor } from '../../db/client';

/** What a finished run tells its listener. Counts are rows of the file. */
export interface ImportFinishedEvent {
  batchId: string;
  applicationId: string;
  /** The application's slug and the subject's key and id. */
  application: string;
  subject: string;
  subjectId: string;
  fileName: string;
  /** Who started the run (account id; null when unknown). */
  startedBy: string | null;
  /** The task that ran it (tasks.id). */
  taskId: string | null;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** When the batch became done. */
  finishedAt: Date;
}

/** A listener: `tx` is the run's final transaction (write with it, never with the database itself). */
export type ImportFinishedListener = (tx: Executor, event: ImportFinishedEvent) => Promise<void>;

let listener: ImportFinishedListener | undefined;

/**
 * Sets (or, with undefined, removes) the one listener of finished runs; a later call replaces the
 * earlier one. Set it before the server starts serving.
 */
export function setImportFinishedListener(fn: ImportFinishedListener | undefined): void {
  listener = fn;
}

/** Called by the run (imports.run.ts makeLive) in its final transaction; a throw fails that transaction. */
export async function onImportFinished(tx: Executor, event: ImportFinishedEvent): Promise<void> {
  if (listener) await listener(tx, event);
}
