/**
 * Record guards: checks a system model adds to every change of its subjects' records
 * (docs/engagements.md "Sign-off"). The records module calls them before it writes an update, a
 * restore or a deletion, so that a signed-off workpaper or report cannot change by any write path
 * (the record API, bulk edits, version restores, trigger actions). A model registers one guard per
 * `subjects.model` prefix (`audit.`) when its module loads; a subject with no model pays one test.
 */
import type { Executor } from '../../db/client';
import type { SubjectDef } from '../subjects/subject-def';
import type { RecordItem } from '../../../../contracts';

/** What is about to happen to the record. */
export type GuardedChange = 'update' | 'restore' | 'delete';

/**
 * A guard: resolves when the change may go on; throws an HttpError (409 RECORD_LOCKED…) when not.
 * `current` is the record as locked by the writer's transaction `tx`.
 */
export type RecordGuard = (tx: Executor, subject: SubjectDef, current: RecordItem, change: GuardedChange) => Promise<void> | void;

const guards = new Map<string, RecordGuard>();

/** Registers `guard` for the subjects whose `model` starts with `prefix` (one guard per prefix; a second replaces the first). */
export function registerRecordGuard(prefix: string, guard: RecordGuard): void {
  guards.set(prefix, guard);
}

/** Runs the guards of `subject`'s model on `current`. @throws what a guard throws. */
export async function checkRecordGuards(tx: Executor, subject: SubjectDef, current: RecordItem, change: GuardedChange): Promise<void> {
  if (!subject.model) return;
  for (const [prefix, guard] of guards) if (subject.model.startsWith(prefix)) await guard(tx, subject, current, change);
}
