/**
 * SQL of the queries module's saved queries (table saved_queries, both kinds). Reads leave out
 * deleted queries and those of a subject in the recycle bin; `visibleTo` keeps a private query to
 * its owner unless the caller is an administrator.
 */
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { savedQueries, subjects, users, type SavedQueryRow } from '../../db/schema';
import { nextVersion } from '../record-queries/saved-query-versions';

/** A saved query with its subject's name and its owner's name. */
export interface SavedQueryListed {
  query: SavedQueryRow;
  subjectName: string;
  ownerName: string | null;
}

const selection = { query: savedQueries, subjectName: subjects.name, ownerName: users.name };

/** Live queries of application `applicationId` that `userId` may see (`admin`: all). */
function visibleIn(applicationId: string, userId: string, admin: boolean): SQL | undefined {
  return and(
    eq(savedQueries.applicationId, applicationId),
    isNull(savedQueries.deletedAt),
    isNull(subjects.deletedAt),
    admin ? undefined : or(eq(savedQueries.visibility, 'application'), eq(savedQueries.createdBy, userId)),
  );
}

/** One page of the visible queries, most recently changed first. */
export async function listQueries(
  db: Executor,
  opts: { applicationId: string; userId: string; admin: boolean; pattern?: string; kind?: string; mine: boolean; limit: number; offset: number },
): Promise<{ rows: SavedQueryListed[]; total: number }> {
  const where = and(
    visibleIn(opts.applicationId, opts.userId, opts.admin),
    opts.pattern ? ilike(savedQueries.name, opts.pattern) : undefined,
    opts.kind ? eq(savedQueries.kind, opts.kind) : undefined,
    opts.mine ? eq(savedQueries.createdBy, opts.userId) : undefined,
  );
  const rows = await db
    .select(selection)
    .from(savedQueries)
    .innerJoin(subjects, eq(subjects.id, savedQueries.subjectId))
    .leftJoin(users, eq(users.id, savedQueries.createdBy))
    .where(where)
    .orderBy(desc(savedQueries.updatedAt), desc(savedQueries.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(savedQueries).innerJoin(subjects, eq(subjects.id, savedQueries.subjectId)).where(where);
  return { rows, total: n };
}

/** Query `id` of the application when visible to the user, or undefined. */
export async function findQuery(db: Executor, opts: { applicationId: string; userId: string; admin: boolean; id: string }): Promise<SavedQueryListed | undefined> {
  const [row] = await db
    .select(selection)
    .from(savedQueries)
    .innerJoin(subjects, eq(subjects.id, savedQueries.subjectId))
    .leftJoin(users, eq(users.id, savedQueries.createdBy))
    .where(and(eq(savedQueries.id, opts.id), visibleIn(opts.applicationId, opts.userId, opts.admin)))
    .limit(1);
  return row;
}

/** Locks query `id` for update (live only). */
export async function lockQuery(db: Executor, id: string): Promise<SavedQueryRow | undefined> {
  const [row] = await db.select().from(savedQueries).where(and(eq(savedQueries.id, id), isNull(savedQueries.deletedAt))).for('update');
  return row;
}

/** Inserts an analytics query. @returns its id. */
export async function insertQuery(
  db: Executor,
  values: { applicationId: string; subjectId: string; name: string; description: string | null; visibility: string; definition: unknown; visualization: unknown; createdBy: string },
): Promise<string> {
  const [row] = await db
    .insert(savedQueries)
    .values({ ...values, kind: 'analytics', updatedBy: values.createdBy })
    .returning({ id: savedQueries.id });
  return row.id;
}

/** Changes a query, counting a version. */
export async function updateQuery(
  db: Executor,
  id: string,
  changes: Partial<Pick<SavedQueryRow, 'subjectId' | 'name' | 'description' | 'visibility' | 'definition' | 'visualization'>>,
  updatedBy: string,
): Promise<void> {
  await db
    .update(savedQueries)
    .set({ ...changes, updatedBy, version: nextVersion, updatedAt: new Date() })
    .where(eq(savedQueries.id, id));
}

/** Marks query `id` deleted (the recycle bin's record-queries handler restores and purges both kinds). */
export async function markQueryDeleted(db: Executor, id: string, by: string): Promise<void> {
  await db.update(savedQueries).set({ deletedAt: new Date(), deletedBy: by }).where(eq(savedQueries.id, id));
}
