/**
 * SQL of dashboards (docs/code-style.md "Server in layers": SQL lives in the repository). Reads
 * leave out deleted dashboards; a dashboard of an application in the recycle bin is reached only
 * through its application, which the service opens first (requireOpenableApplication).
 */
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { DashboardCard, DashboardFilter, QueryVisibility } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { applications, dashboards, users, type DashboardRow } from '../../db/schema';

/** A dashboard with its application's slug and its owner's name. */
export interface DashboardWithNames {
  dashboard: DashboardRow;
  application: string;
  ownerName: string | null;
}

const selection = { dashboard: dashboards, application: applications.slug, ownerName: users.name };

/**
 * Who sees which dashboards of an application: everyone (`viewerId` null: an administrator) or the
 * `application` ones and the viewer's own private ones.
 */
const seenBy = (viewerId: string | null): SQL | undefined =>
  viewerId === null ? undefined : or(eq(dashboards.visibility, 'application'), eq(dashboards.createdBy, viewerId));

/** One page of application `applicationId`'s live dashboards `viewerId` sees, most recently changed first; `pattern` ILIKE on the name. */
export async function listDashboardRows(
  db: Executor,
  opts: { applicationId: string; viewerId: string | null; pattern?: string; limit: number; offset: number },
): Promise<{ rows: DashboardWithNames[]; total: number }> {
  const where = and(
    eq(dashboards.applicationId, opts.applicationId),
    isNull(dashboards.deletedAt),
    seenBy(opts.viewerId),
    opts.pattern ? ilike(dashboards.name, opts.pattern) : undefined,
  );
  const rows = await db
    .select(selection)
    .from(dashboards)
    .innerJoin(applications, eq(applications.id, dashboards.applicationId))
    .leftJoin(users, eq(users.id, dashboards.createdBy))
    .where(where)
    .orderBy(desc(dashboards.updatedAt), desc(dashboards.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(dashboards).where(where);
  return { rows, total: n };
}

/** The live dashboard `id` of application `applicationId`, or undefined (whoever may see it: the service checks). */
export async function findDashboard(db: Executor, applicationId: string, id: string): Promise<DashboardWithNames | undefined> {
  const [row] = await db
    .select(selection)
    .from(dashboards)
    .innerJoin(applications, eq(applications.id, dashboards.applicationId))
    .leftJoin(users, eq(users.id, dashboards.createdBy))
    .where(and(eq(dashboards.id, id), eq(dashboards.applicationId, applicationId), isNull(dashboards.deletedAt)))
    .limit(1);
  return row;
}

/** Locks dashboard `id` until the transaction ends (deleted ones too when `withDeleted`). */
export async function lockDashboard(db: Executor, id: string, withDeleted = false): Promise<DashboardRow | undefined> {
  const [row] = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.id, id), withDeleted ? undefined : isNull(dashboards.deletedAt)))
    .for('update');
  return row;
}

/** What a dashboard row holds besides its bookkeeping. */
export interface DashboardValues {
  name: string;
  description: string | null;
  visibility: QueryVisibility;
  cards: DashboardCard[];
  filters: DashboardFilter[];
  refreshSeconds: number;
}

/** Inserts a dashboard. @returns its id. */
export async function insertDashboard(
  db: Executor,
  values: DashboardValues & { applicationId: string; createdBy: string },
): Promise<string> {
  const [row] = await db
    .insert(dashboards)
    .values({ ...values, updatedBy: values.createdBy })
    .returning({ id: dashboards.id });
  return row.id;
}

/** Changes some of a dashboard's values. */
export async function updateDashboardRow(
  db: Executor,
  id: string,
  changes: Partial<DashboardValues>,
  updatedBy: string,
): Promise<void> {
  await db
    .update(dashboards)
    .set({ ...changes, updatedBy, updatedAt: new Date() })
    .where(eq(dashboards.id, id));
}

/** Sets or clears a dashboard's soft-delete mark. */
export async function markDashboardDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(dashboards)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(dashboards.id, id));
}

/** Hard-deletes a dashboard (purge). */
export async function purgeDashboard(db: Executor, id: string): Promise<void> {
  await db.delete(dashboards).where(eq(dashboards.id, id));
}
