/**
 * SQL of clients and their linked applications (docs/code-style.md "Server in layers": SQL lives in the repository). Reads
 * leave out deleted clients and applications in the recycle bin; a deleted client's links stay in
 * place (a restore brings them back).
 */
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ClientSortField, ClientStatus } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { applications, clientApplications, clients, type ClientRow } from '../../db/schema';

/** A linked application as stored in a list row. */
export interface LinkedApp {
  id: string;
  slug: string;
  name: string;
}

/** A client with its live linked applications (by name). */
export interface ClientWithApps {
  client: ClientRow;
  apps: LinkedApp[];
}

/** What the list and the export filter on. */
export interface ClientFilter {
  /** ILIKE pattern on code or name. */
  pattern?: string;
  status?: ClientStatus;
  /** Exact industry, case-insensitive. */
  industry?: string;
  applicationId?: string;
}

// Drizzle leaves columns unqualified in a one-table select: the subquery names the outer row explicitly.
const outerClientId = sql.raw('"clients"."id"');
const appsSql = sql<LinkedApp[] | string>`coalesce((select json_agg(json_build_object('id', a.id, 'slug', a.slug, 'name', a.name)
    order by a.name, a.slug)
  from client_applications ca join applications a on a.id = ca.application_id and a.deleted_at is null
  where ca.client_id = ${outerClientId}), '[]'::json)`;

function parseApps(value: LinkedApp[] | string): LinkedApp[] {
  return typeof value === 'string' ? (JSON.parse(value) as LinkedApp[]) : value;
}

function whereOf(filter: ClientFilter): SQL | undefined {
  return and(
    isNull(clients.deletedAt),
    filter.pattern ? or(ilike(clients.code, filter.pattern), ilike(clients.name, filter.pattern)) : undefined,
    filter.status ? eq(clients.status, filter.status) : undefined,
    filter.industry ? sql`lower(${clients.industry}) = lower(${filter.industry})` : undefined,
    filter.applicationId
      ? sql`exists (select 1 from client_applications fa where fa.client_id = ${outerClientId} and fa.application_id = ${filter.applicationId})`
      : undefined,
  );
}

// text sorts case-insensitively (the same order on PGlite's C collation and PostgreSQL's locale ones)
const sortColumns: Record<ClientSortField, SQL> = {
  code: sql`lower(${clients.code})`,
  name: sql`lower(${clients.name})`,
  industry: sql`lower(${clients.industry})`,
  status: sql`${clients.status}`,
  createdAt: sql`${clients.createdAt}`,
  updatedAt: sql`${clients.updatedAt}`,
};

function orderOf(sort?: { field: ClientSortField; desc: boolean }): SQL[] {
  const s = sort ?? { field: 'code', desc: false };
  const column = sortColumns[s.field];
  return [s.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(sql`lower(${clients.code})`), asc(clients.id)];
}

/** One page of live clients matching `filter`, ordered by `sort` (default code), with their linked applications. */
export async function listClients(
  db: Executor,
  opts: { filter: ClientFilter; sort?: { field: ClientSortField; desc: boolean }; limit: number; offset: number },
): Promise<{ rows: ClientWithApps[]; total: number }> {
  const where = whereOf(opts.filter);
  const rows = await db
    .select({ client: clients, apps: appsSql })
    .from(clients)
    .where(where)
    .orderBy(...orderOf(opts.sort))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(clients).where(where);
  return { rows: rows.map((r) => ({ client: r.client, apps: parseApps(r.apps) })), total: n };
}

/** How many live clients match `filter`. */
export async function countClients(db: Executor, filter: ClientFilter): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(clients).where(whereOf(filter));
  return n;
}

/**
 * The live clients matching `filter` in `sort` order, in batches of `batch` (the export), at most
 * `max` in all.
 */
export async function* clientBatches(
  db: Executor,
  filter: ClientFilter,
  sort: { field: ClientSortField; desc: boolean } | undefined,
  max: number,
  batch = 2000,
): AsyncGenerator<ClientWithApps[]> {
  for (let offset = 0; offset < max; offset += batch) {
    const { rows } = await listClients(db, { filter, sort, limit: Math.min(batch, max - offset), offset });
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < Math.min(batch, max - offset)) return;
  }
}

/** The live client `id` with its linked applications, or undefined. */
export async function findClient(db: Executor, id: string): Promise<ClientWithApps | undefined> {
  const [row] = await db
    .select({ client: clients, apps: appsSql })
    .from(clients)
    .where(and(eq(clients.id, id), isNull(clients.deletedAt)))
    .limit(1);
  return row && { client: row.client, apps: parseApps(row.apps) };
}

/** Locks a client's row until the transaction ends (deleted ones too when `withDeleted`). */
export async function lockClient(db: Executor, id: string, withDeleted = false): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), withDeleted ? undefined : isNull(clients.deletedAt)))
    .for('update');
  return row;
}

/** True when a live client other than `exceptId` has `code` (any case). */
export async function clientCodeTaken(db: Executor, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(isNull(clients.deletedAt), sql`lower(${clients.code}) = lower(${code})`, exceptId ? ne(clients.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/** The columns a client write sets. */
export type ClientValues = Pick<ClientRow, 'code' | 'name' | 'industry' | 'status' | 'contacts' | 'address' | 'notes'>;

/** Inserts a client. @throws 23505 when a live client has the code (any case). */
export async function insertClient(db: Executor, values: ClientValues & { createdBy: string }): Promise<ClientRow> {
  const [row] = await db.insert(clients).values(values).returning();
  return row;
}

/** Updates a client's columns (and `updated_at`). @throws 23505 on a code clash. */
export async function updateClient(db: Executor, id: string, changes: Partial<ClientValues>): Promise<ClientRow> {
  const [row] = await db
    .update(clients)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning();
  return row;
}

/** Touches `updated_at` (only the links changed). */
export async function touchClient(db: Executor, id: string): Promise<void> {
  await db.update(clients).set({ updatedAt: new Date() }).where(eq(clients.id, id));
}

/** Sets or clears the soft-delete mark. */
export async function markClientDeleted(db: Executor, id: string, actorId: string | null, deleted: boolean): Promise<void> {
  await db
    .update(clients)
    .set(deleted ? { deletedAt: new Date(), deletedBy: actorId } : { deletedAt: null, deletedBy: null })
    .where(eq(clients.id, id));
}

/** Deletes a client for good (its links cascade). */
export async function purgeClient(db: Executor, id: string): Promise<void> {
  await db.delete(clients).where(eq(clients.id, id));
}

/** The application ids linked to the client (live or not), sorted. */
export async function linkedApplicationIds(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ id: clientApplications.applicationId })
    .from(clientApplications)
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
