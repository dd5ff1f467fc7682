/**
 * SQL of saved record queries (docs/code-style.md "Server in layers": SQL lives in the repository). Reads leave out deleted
 * queries and the queries of a subject or application in the recycle bin (they come back with it).
 */
import { and, count, desc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, savedQueries, subjects, type SavedQueryRow } from '../../db/schema';
import { nextVersion } from './saved-query-versions';

/** A saved query with the names of its subject and application. */
export interface SavedQueryWithSubject {
  query: SavedQueryRow;
  subjectName: string;
  application: string;
}

const selection = { query: savedQueries, subjectName: subjects.name, application: applications.slug };

/** Live record queries (kind `records`; the queries module's `analytics` ones are not this page's). */
const visible = and(eq(savedQueries.kind, 'records'), isNull(savedQueries.deletedAt), isNull(subjects.deletedAt), isNull(applications.deletedAt));

/** One page of live queries, most recently changed first; `pattern` ILIKE on the name, `subjectId` exact. */
export async function listSavedQueries(
  db: Executor,
  opts: { pattern?: string; subjectId?: string; limit: number; offset: number },
): Promise<{ rows: SavedQueryWithSubject[]; total: number }> {
  const where: SQL | undefined = and(
    visible,
    opts.pattern ? ilike(savedQueries.name, opts.pattern) : undefined,
    opts.subjectId ? eq(savedQueries.subjectId, opts.subjectId) : undefined,
  );
  const rows = await db
    .select(selection)
    .from(savedQueries)
    .innerJoin(subjects, eq(subjects.id, savedQueries.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(where)
    .orderBy(desc(savedQueries.updatedAt), desc(savedQueries.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(savedQueries)
    .innerJoin(subjects, eq(subjects.id, savedQueries.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(where);
  return { rows, total: n };
}

/** The live query `id` (its subject and application live too), or undefined. */
export async function findSavedQuery(db: Executor, id: string): Promise<SavedQueryWithSubject | undefined> {
  const [row] = await db
    .select(selection)
    .from(savedQueries)
    .innerJoin(subjects, eq(subjects.id, savedQueries.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(and(eq(savedQueries.id, id), visible))
    .limit(1);
  return row;
}

/** Locks query `id` until the transaction ends (deleted ones too when `withDeleted`). */
export async function lockSavedQuery(db: Executor, id: string, withDeleted = false): Promise<SavedQueryRow | undefined> {
  const [row] = await db
    .select()
    .from(savedQueries)
    .where(and(eq(savedQueries.id, id), withDeleted ? undefined : isNull(savedQueries.deletedAt)))
    .for('update');
  return row;
}

/** Inserts a query. @returns its id. */
export async function insertSavedQuery(
  db: Executor,
  values: { applicationId: string; subjectId: string; name: string; description: string | null; definition: unknown; createdBy: string },
): Promise<string> {
  const [row] = await db
    .insert(savedQueries)
    .values({ ...values, kind: 'records', updatedBy: values.createdBy })
    .returning({ id: savedQueries.id });
  return row.id;
}

/** Changes a query's name, description and/or definition (and so its subject), counting a version. */
export async function updateSavedQuery(
  db: Executor,
  id: string,
  changes: { applicationId?: string; subjectId?: string; name?: string; description?: string | null; definition?: unknown },
  updatedBy: string,
): Promise<void> {
  await db
    .update(savedQueries)
    .set({ ...changes, updatedBy, version: nextVersion, updatedAt: new Date() })
    .where(eq(savedQueries.id, id));
}

/** Sets or clears a query's soft-delete mark. */
export async function markSavedQueryDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(savedQueries)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(savedQueries.id, id));
}

/** Hard-deletes a query (purge). */
export async function purgeSavedQuery(db: Executor, id: string): Promise<void> {
  await db.delete(savedQueries).where(eq(savedQueries.id, id));
}
