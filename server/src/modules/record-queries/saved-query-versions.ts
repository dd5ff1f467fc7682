/**
 * Versions of saved queries (both kinds; table saved_query_versions, which this module owns with saved_queries): every create and every
 * change of a saved query keeps the new state as version `saved_queries.version`; the latest
 * QUERY_VERSIONS_KEPT per query are kept (contracts/queries.constants.ts).
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { QUERY_VERSIONS_KEPT } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { savedQueries, savedQueryVersions, users, type SavedQueryVersionRow } from '../../db/schema';

/** Keeps the current state of query `queryId` as its version row (call after each insert or update, in its transaction). */
export async function keepVersion(tx: Executor, queryId: string, userId: string | null): Promise<void> {
  const [row] = await tx.select().from(savedQueries).where(eq(savedQueries.id, queryId));
  if (!row) return;
  await tx
    .insert(savedQueryVersions)
    .values({
      queryId,
      version: row.version,
      name: row.name,
      description: row.description,
      definition: row.definition,
      visualization: row.visualization,
      createdBy: userId,
    })
    .onConflictDoNothing();
  await tx.delete(savedQueryVersions).where(and(eq(savedQueryVersions.queryId, queryId), lt(savedQueryVersions.version, row.version - QUERY_VERSIONS_KEPT + 1)));
}

/** The kept versions of query `queryId`, newest first, with their authors' names. */
export async function listVersions(db: Executor, queryId: string): Promise<Array<SavedQueryVersionRow & { createdByName: string | null }>> {
  const rows = await db
    .select({ v: savedQueryVersions, createdByName: users.name })
    .from(savedQueryVersions)
    .leftJoin(users, eq(users.id, savedQueryVersions.createdBy))
    .where(eq(savedQueryVersions.queryId, queryId))
    .orderBy(desc(savedQueryVersions.version));
  return rows.map((r) => ({ ...r.v, createdByName: r.createdByName }));
}

/** Version `version` of query `queryId`, or undefined. */
export async function findVersion(db: Executor, queryId: string, version: number): Promise<SavedQueryVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(savedQueryVersions)
    .where(and(eq(savedQueryVersions.queryId, queryId), eq(savedQueryVersions.version, version)));
  return row;
}

/** `version + 1`, as an update's set value. */
export const nextVersion = sql`${savedQueries.version} + 1`;
