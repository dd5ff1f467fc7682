/**
 * SQL of clients and their linked applications (docs/code-style.md "Server in layers"). The
 * list, reads and writes of the `clients` row are the resource kit's (server/src/core/resource,
 * driven by contracts/clients.resource.ts); here are the links: reads leave out applications in
 * the recycle bin, and a deleted client's links stay in place (a restore brings them back).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ResourceFilterQuery } from '../../../../contracts/resource';
import { clientResource, type ClientApplication } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { applications, clientApplications, clients, type ClientRow } from '../../db/schema';
import { createResourceRepository } from '../../core/resource';

/** A linked application as a client shows it. */
export type LinkedApp = ClientApplication;

// Drizzle leaves columns unqualified in a one-table select: the subquery names the outer row explicitly.
const outerClientId = sql.raw('"clients"."id"');
const appsSql = sql<LinkedApp[] | string>`coalesce((select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name)
    order by a.name, a.slug)
  from client_applications ca join applications a on a.id = ca.application_id and a.deleted_at is null
  where ca.client_id = ${outerClientId}), '[]'::json)`;

/** The kit's repository of clients, with each row's live linked applications and the `applicationId` filter. */
export const clientRepository = createResourceRepository<typeof clients, { applications: LinkedApp[] }>(clientResource, clients, {
  extras: { applications: appsSql },
  parseExtras: (raw) => ({ applications: typeof raw.applications === 'string' ? (JSON.parse(raw.applications) as LinkedApp[]) : (raw.applications as LinkedApp[]) }),
  filters: {
    applicationId: (id) => sql`exists (select 1 from client_applications fa where fa.client_id = ${outerClientId} and fa.application_id = ${id})`,
  },
});

/**
 * The live clients matching `filter` in `sort` order, in batches, at most `max` in all, as the
 * export (clients.export.ts) reads them; it moves to the kit's export with the shared writer.
 */
export async function* clientBatches(
  db: Executor,
  filter: ResourceFilterQuery,
  sort: ResourceFilterQuery['sort'],
  max: number,
): AsyncGenerator<{ client: ClientRow; apps: LinkedApp[] }[]> {
  for await (const rows of clientRepository.batches(db, { ...filter, sort }, max)) yield rows.map((r) => ({ client: r.row, apps: r.extras.applications }));
}

/** The live application ids linked to the client, sorted (what the audit log keeps). */
export async function liveLinkedApplicationIds(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ id: clientApplications.applicationId })
    .from(clientApplications)
    .innerJoin(applications, and(eq(applications.id, clientApplications.applicationId), isNull(applications.deletedAt)))
    .where(eq(clientApplications.clientId, clientId));
  return rows.map((r) => r.id).sort();
}

/**
 * Makes the client's links exactly `applicationIds`, keeping links to applications in the recycle
 * bin (they are invisible here and come back with their application).
 */
export async function setClientApplications(db: Executor, clientId: string, applicationIds: string[]): Promise<void> {
  await db
    .delete(clientApplications)
    .where(
      and(
        eq(clientApplications.clientId, clientId),
        sql`${clientApplications.applicationId} in (select id from applications where deleted_at is null)`,
      ),
    );
  if (applicationIds.length > 0) {
    await db
      .insert(clientApplications)
      .values(applicationIds.map((applicationId) => ({ clientId, applicationId })))
      .onConflictDoNothing();
  }
}

/** The live applications among `ids`. */
export async function liveApplicationsIn(db: Executor, ids: string[]): Promise<LinkedApp[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: applications.id, slug: applications.slug, name: applications.name })
    .from(applications)
    .where(and(inArray(applications.id, ids), isNull(applications.deletedAt)))
    .orderBy(asc(applications.name), asc(applications.slug));
}

/** The distinct industries of live clients, alphabetically (case-insensitively distinct). */
export async function listIndustries(db: Executor, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ industry: sql<string>`min(${clients.industry})` })
    .from(clients)
    .where(and(isNull(clients.deletedAt), sql`${clients.industry} is not null`))
    .groupBy(sql`lower(${clients.industry})`)
    .orderBy(sql`lower(${clients.industry})`)
    .limit(limit);
  return rows.map((r) => r.industry);
}
