/**
 * The recycle bin's plug-in interface (every module plugs in through one
 * interface). A module that soft-deletes an object:
 *  1. sets the object's own `deleted_at`/`deleted_by` (schema.ts `softDelete()`), and in the same
 *     transaction calls `moveToRecycleBin(tx, …)` (one `recycle_bin` row, so the bin pages across
 *     types in SQL);
 *  2. registers a `Recyclable` for its type once, at module load (`registerRecyclable`), which the
 *     bin calls to restore (clear `deleted_at`; the relations were never removed, so they come
 *     back with it) or purge (hard-delete; foreign keys cascade to the relations).
 * The bin (recycle.service.ts) removes the `recycle_bin` row itself after a successful restore or
 * purge, in the same transaction, and writes the audit entry.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { recycleBin } from '../db/schema';

/** What one type of object does when the bin restores or purges it. */
export interface Recyclable {
  /** The bin's `type` column: 'user', 'group', 'tag', … (contracts RECYCLABLE_TYPES). */
  type: string;
  /**
   * Brings the object back (clears `deleted_at`/`deleted_by`), inside the bin's transaction.
   * @throws HttpError 404 when the object is gone; 409 CONFLICT when restoring would clash (e.g.
   *   a new object took the same unique name meanwhile; the message says which).
   */
  restore(tx: Executor, id: string): Promise<void>;
  /** Deletes the object for good (and, by cascade, its relations), inside the bin's transaction. */
  purge(tx: Executor, id: string): Promise<void>;
}

const registry = new Map<string, Recyclable>();

/** Registers (or replaces) the handler of `r.type`. Call at module load. */
export function registerRecyclable(r: Recyclable): void {
  registry.set(r.type, r);
}

/** The handler of `type`, or undefined when no module registered one. */
export function recyclableOf(type: string): Recyclable | undefined {
  return registry.get(type);
}

/**
 * Work another module does inside the purge of an object of `type`, before the object's row goes:
 * the subjects module drops an application's subject tables when the application is purged (the
 * applications module does not import the subjects module; it runs the steps registered here).
 */
export type PurgeStep = (tx: Executor, id: string) => Promise<void>;

const purgeSteps = new Map<string, PurgeStep[]>();

/** Adds a step to every purge of `type` objects. Call at module load. */
export function registerPurgeStep(type: string, step: PurgeStep): void {
  purgeSteps.set(type, [...(purgeSteps.get(type) ?? []), step]);
}

/** Runs the steps registered for `type` on object `id`, in registration order, in `tx`'s transaction. */
export async function runPurgeSteps(tx: Executor, type: string, id: string): Promise<void> {
  for (const step of purgeSteps.get(type) ?? []) await step(tx, id);
}

/** Every registered type, sorted. */
export function recyclableTypes(): string[] {
  return [...registry.keys()].sort();
}

/**
 * Adds the bin's row for an object the caller has just soft-deleted (same transaction).
 * @param entry.label what the bin lists (e-mail, name…); `details` anything the restore needs to show.
 */
export async function moveToRecycleBin(
  tx: Executor,
  entry: { type: string; id: string; label: string; actorId: string | null; actorLabel: string | null; details?: unknown },
): Promise<void> {
  await tx
    .insert(recycleBin)
    .values({
      type: entry.type,
      targetId: entry.id,
      label: entry.label,
      deletedBy: entry.actorId,
      deletedByLabel: entry.actorLabel,
      details: entry.details ?? null,
    })
    .onConflictDoNothing();
}

/** Removes the bin's row of an object (used by the bin after restore/purge). */
export async function removeFromRecycleBin(tx: Executor, type: string, id: string): Promise<void> {
  await tx.delete(recycleBin).where(and(eq(recycleBin.type, type), eq(recycleBin.targetId, id)));
}
