/**
 * SQL of views and share links (docs/code-style.md "Server in layers"). Reads leave out views in
 * the recycle bin (`deleted_at` set) and the views of a subject or application in the bin.
 */
import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, subjects, users, viewShares, views, type ViewRow, type ViewShareRow } from '../../db/schema';

/** A view with its subject's key and name and its application's slug. */
export interface ViewWithSubject {
  view: ViewRow;
  subjectKey: string;
  subjectName: string;
  application: string;
}

const selection = { view: views, subjectKey: subjects.key, subjectName: subjects.name, application: applications.slug };
const visible = and(isNull(views.deletedAt), isNull(subjects.deletedAt), isNull(applications.deletedAt));

/**
 * One page of views, most recently changed first; `pattern` ILIKE on the name, `subjectId` and
 * `applicationId` exact.
 */
export async function listViewRows(
  db: Executor,
  opts: { pattern?: string; subjectId?: string; applicationId?: string; limit: number; offset: number },
): Promise<{ rows: ViewWithSubject[]; total: number }> {
  const where: SQL | undefined = and(
    visible,
    opts.pattern ? ilike(views.name, opts.pattern) : undefined,
    opts.subjectId ? eq(views.subjectId, opts.subjectId) : undefined,
    opts.applicationId ? eq(subjects.applicationId, opts.applicationId) : undefined,
  );
  const base = () =>
    db
      .select(selection)
      .from(views)
      .innerJoin(subjects, eq(subjects.id, views.subjectId))
      .innerJoin(applications, eq(applications.id, subjects.applicationId));
  const rows = await base().where(where).orderBy(desc(views.updatedAt), desc(views.id)).limit(opts.limit).offset(opts.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(views)
    .innerJoin(subjects, eq(subjects.id, views.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(where);
  return { rows, total: n };
}

/** The live view `id` (not in the bin, its subject and application live), or undefined. */
export async function findView(db: Executor, id: string): Promise<ViewWithSubject | undefined> {
  const [row] = await db
    .select(selection)
    .from(views)
    .innerJoin(subjects, eq(subjects.id, views.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(and(eq(views.id, id), visible))
    .limit(1);
  return row;
}

/** Inserts a view. @returns its id. */
export async function insertView(db: Executor, values: { subjectId: string; name: string; type: string; config: unknown; createdBy: string }): Promise<string> {
  const [row] = await db.insert(views).values(values).returning({ id: views.id });
  return row.id;
}

/** Whether subject `subjectId` has (or had: the recycle bin counts) a view named `name`. */
export async function viewNameUsed(db: Executor, subjectId: string, name: string): Promise<boolean> {
  const [row] = await db.select({ id: views.id }).from(views).where(and(eq(views.subjectId, subjectId), eq(views.name, name))).limit(1);
  return row !== undefined;
}

/** Changes a view's name, type and/or config. */
export async function updateViewRow(db: Executor, id: string, changes: { name?: string; type?: string; config?: unknown }): Promise<void> {
  await db.update(views).set({ ...changes, updatedAt: new Date() }).where(eq(views.id, id));
}

/** The view row `id`, locked for update (live only unless `withDeleted`), or undefined. */
export async function lockView(db: Executor, id: string, withDeleted = false): Promise<ViewRow | undefined> {
  const [row] = await db
    .select()
    .from(views)
    .where(and(eq(views.id, id), withDeleted ? undefined : isNull(views.deletedAt)))
    .for('update');
  return row;
}

/** Puts a view in the recycle bin (`deleted`: deleted_at now, deleted_by `by`) or takes it out (both cleared). */
export async function markViewDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(views)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(views.id, id));
}

/** Hard-deletes a view and (cascade) its share links (purge). */
export async function purgeView(db: Executor, id: string): Promise<void> {
  await db.delete(views).where(eq(views.id, id));
}

/** The share links of view `viewId`, newest first (revoked ones included). */
export async function listShareRows(db: Executor, viewId: string): Promise<ViewShareRow[]> {
  return db.select().from(viewShares).where(eq(viewShares.viewId, viewId)).orderBy(desc(viewShares.createdAt), desc(viewShares.id)).limit(200);
}

/** Inserts a share link. */
export async function insertShare(
  db: Executor,
  values: { viewId: string; tokenHash: string; tokenPrefix: string; passwordHash: string | null; expiresAt: Date | null; createdBy: string },
): Promise<ViewShareRow> {
  const [row] = await db.insert(viewShares).values(values).returning();
  return row;
}

/** The share `id` of view `viewId`, or undefined. */
export async function findShare(db: Executor, viewId: string, id: string): Promise<ViewShareRow | undefined> {
  const [row] = await db
    .select()
    .from(viewShares)
    .where(and(eq(viewShares.id, id), eq(viewShares.viewId, viewId)));
  return row;
}

/** Marks a share revoked (now). */
export async function revokeShareRow(db: Executor, id: string): Promise<void> {
  await db.update(viewShares).set({ revokedAt: new Date() }).where(eq(viewShares.id, id));
}

/** The share whose token hashes to `tokenHash`, or undefined. */
export async function findShareByHash(db: Executor, tokenHash: string): Promise<ViewShareRow | undefined> {
  const [row] = await db.select().from(viewShares).where(eq(viewShares.tokenHash, tokenHash));
  return row;
}

/** Counts one admitted read of share `id`. */
export async function countShareUse(db: Executor, id: string): Promise<void> {
  await db
    .update(viewShares)
    .set({ useCount: sql`${viewShares.useCount} + 1`, lastUsedAt: new Date() })
    .where(eq(viewShares.id, id));
}

/**
 * Takes one password-guess slot of share `id` in its current window (share-guard.ts), in one
 * atomic UPDATE so concurrent guesses from several API processes cannot all pass: a window older
 * than `windowStart` restarts at `now` with this guess; otherwise the count goes up unless it has
 * reached `max`. A locked link gives no slot.
 * @returns the window's start when a slot was taken, or undefined (budget spent or link locked).
 */
export async function takeGuessSlot(db: Executor, id: string, now: Date, windowStart: Date, max: number): Promise<Date | undefined> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const stale = sql`(${viewShares.guessWindowAt} is null or ${viewShares.guessWindowAt} <= ${windowStart.toISOString()}::timestamptz)`;
  const [row] = await db
    .update(viewShares)
    .set({
      guessWindowAt: sql`case when ${stale} then ${at} else ${viewShares.guessWindowAt} end`,
      guessCount: sql`case when ${stale} then 1 else ${viewShares.guessCount} + 1 end`,
    })
    .where(and(eq(viewShares.id, id), isNull(viewShares.lockedAt), sql`(${stale} or ${viewShares.guessCount} < ${max})`))
    .returning({ windowAt: viewShares.guessWindowAt });
  return row?.windowAt ?? undefined;
}

/** Gives back the slot a right password took (when its window is still the current one). */
export async function returnGuessSlot(db: Executor, id: string, windowAt: Date): Promise<void> {
  await db
    .update(viewShares)
    .set({ guessCount: sql`greatest(${viewShares.guessCount} - 1, 0)` })
    .where(and(eq(viewShares.id, id), eq(viewShares.guessWindowAt, windowAt)));
}

/**
 * Counts one wrong password of share `id` and locks it (`locked_at = now`) when the count reaches
 * `lockAfter`. @returns the new count and whether this call locked the link (exactly one call does).
 */
export async function countWrongGuess(db: Executor, id: string, now: Date, lockAfter: number): Promise<{ failures: number; lockedNow: boolean }> {
  const [row] = await db
    .update(viewShares)
    .set({
      failedGuesses: sql`${viewShares.failedGuesses} + 1`,
      lockedAt: sql`case when ${viewShares.lockedAt} is null and ${viewShares.failedGuesses} + 1 >= ${lockAfter} then ${now.toISOString()}::timestamptz else ${viewShares.lockedAt} end`,
    })
    .where(eq(viewShares.id, id))
    .returning({ failures: viewShares.failedGuesses });
  // rows update one at a time: exactly one call sees the count reach `lockAfter`
  return { failures: row?.failures ?? 0, lockedNow: row?.failures === lockAfter };
}

/** Unlocks share `id` and forgets its guesses; with `passwordHash`, sets a new password too. */
export async function unlockShareRow(db: Executor, id: string, passwordHash?: string): Promise<void> {
  await db
    .update(viewShares)
    .set({ lockedAt: null, failedGuesses: 0, guessCount: 0, guessWindowAt: null, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(viewShares.id, id));
}

/** The live (not deleted) user `id` with their interface language, or undefined: a locked link's owner. */
export async function findShareOwner(db: Executor, id: string): Promise<{ id: string; locale: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
