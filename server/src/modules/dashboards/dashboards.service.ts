/**
 * Dashboards of an application (`/:app/data_analytics`, `/admin/query/analytics`; contracts/dashboards.ts,
 * docs/queries.md "Dashboards"): cards that show the application's saved analytics queries on a
 * 12-column grid, and filters shared by every card.
 *
 * Access (the application's roles, docs/product.md): members list and open the dashboards they
 * see — `application` ones, and `private` ones only their owner and administrators; editors,
 * owners and administrators create; a dashboard's owner, the application's owners and
 * administrators change and delete it (`canEdit`). A dashboard the caller does not see answers 404.
 * Every card names a saved analytics query of the same application that its author sees (400 naming
 * `cards.<i>.queryId` otherwise; checked for the cards a change adds). Deleting goes to the
 * recycle bin (type 'dashboard', dashboards.recyclable.ts); create/update/delete are audited
 * `dashboard.*`.
 *
 * A card runs its saved query with the shared filters' values turned into conditions on the query's
 * base subject (dashboard-filters.ts) through the queries module (queries.service.ts runQuery),
 * one card per request, so one failing card never hides the others.
 */
import type {
  AnalyticsQuery,
  AppRole,
  CurrentUser,
  Dashboard,
  DashboardCard,
  DashboardCardResult,
  DashboardFilter,
  QueryVisibility,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { forbidden, HttpError, notFound, type FieldErrorKey } from '../../lib/http-error';
import { likePattern, offsetOf, type ListQuery } from '../../lib/paging';
import type { ReadCache } from '../../lib/read-cache';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { requireOpenableApplication } from '../applications/applications.service';
import { findVisibleSavedQuery, runQuery } from '../queries/queries.service';
import { allows, loadSubjectDef } from '../subjects/subject-def';
import { cardConditions } from './dashboard-filters';
import {
  findDashboard,
  insertDashboard,
  listDashboardRows,
  lockDashboard,
  markDashboardDeleted,
  updateDashboardRow,
  type DashboardValues,
  type DashboardWithNames,
} from './dashboards.repository';

export const dashboardNotFound = () => notFound('errors.dashboard.notFound');

/** 400 VALIDATION_FAILED with field errors. */
const invalid = (details: FieldErrorKey[]) => new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', details);

/** The dashboard create body once parsed (defaults filled). */
export interface DashboardCreate {
  name: string;
  description?: string;
  visibility: QueryVisibility;
  cards: DashboardCard[];
  filters: DashboardFilter[];
  refreshSeconds: number;
}
export type DashboardUpdate = Partial<DashboardCreate>;

/** Whether `user` (of `role` in the dashboard's application) may see dashboard `d`. */
const sees = (user: CurrentUser, d: DashboardWithNames) =>
  user.isAdmin || d.dashboard.visibility === 'application' || d.dashboard.createdBy === user.id;

/** Whether `user` may change and delete `d`: its owner, the application's owners, administrators. */
const mayEdit = (user: CurrentUser, role: AppRole | null, d: DashboardWithNames) =>
  user.isAdmin || role === 'owner' || d.dashboard.createdBy === user.id;

/** A row as contracts' Dashboard, `canEdit` for `user`. */
function toDashboard(r: DashboardWithNames, user: CurrentUser, role: AppRole | null): Dashboard {
  const d = r.dashboard;
  return {
    id: d.id,
    application: r.application,
    name: d.name,
    description: d.description,
    visibility: d.visibility as QueryVisibility,
    cards: d.cards as DashboardCard[],
    filters: d.filters as DashboardFilter[],
    refreshSeconds: d.refreshSeconds,
    ownerId: d.createdBy,
    ownerName: r.ownerName,
    canEdit: mayEdit(user, role, r),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/**
 * The dashboard `id` of application `slug` if `user` sees it.
 * @throws HttpError 404 errors.applicationNotFound / errors.dashboard.notFound; 403 errors.notMember.
 */
async function openDashboard(
  db: Executor,
  user: CurrentUser,
  slug: string,
  id: string,
  cache?: ReadCache,
): Promise<{ app: ApplicationRow; role: AppRole | null; found: DashboardWithNames }> {
  const { app, role } = await requireOpenableApplication(db, user, slug, cache);
  const found = await findDashboard(db, app.id, id);
  if (!found || !sees(user, found)) throw dashboardNotFound();
  return { app, role, found };
}

/**
 * Checks cards and filters: ids unique, each card inside the 12 columns, and each card whose query
 * is not in `known` naming a saved analytics query of application `slug` that `user` sees.
 * @throws HttpError 400 naming `cards.<i>.id` / `filters.<i>.id` (errors.dashboard.duplicateId),
 *   `cards.<i>.w` (errors.dashboard.cardWidth), `cards.<i>.queryId` (errors.dashboard.cardQuery).
 */
async function checkLayout(
  db: Executor,
  user: CurrentUser,
  slug: string,
  input: { cards?: DashboardCard[]; filters?: DashboardFilter[] },
  known: ReadonlySet<string>,
): Promise<void> {
  const details: FieldErrorKey[] = [];
  const dupes = (items: { id: string }[], name: string) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.id)) details.push({ field: `${name}.${i}.id`, messageKey: 'errors.dashboard.duplicateId' });
      seen.add(item.id);
    });
  };
  dupes(input.cards ?? [], 'cards');
  dupes(input.filters ?? [], 'filters');
  (input.cards ?? []).forEach((c, i) => {
    if (c.x + c.w > 12) details.push({ field: `cards.${i}.w`, messageKey: 'errors.dashboard.cardWidth' });
  });
  const checked = new Map<string, boolean>();
  for (const [i, card] of (input.cards ?? []).entries()) {
    if (known.has(card.queryId)) continue;
    if (!checked.has(card.queryId)) {
      let usable = false;
      try {
        usable = (await findVisibleSavedQuery(db, user, slug, card.queryId)).kind === 'analytics';
      } catch (err) {
        if (!(err instanceof HttpError && err.status === 404)) throw err;
      }
      checked.set(card.queryId, usable);
    }
    if (!checked.get(card.queryId)) details.push({ field: `cards.${i}.queryId`, messageKey: 'errors.dashboard.cardQuery' });
  }
  if (details.length) throw invalid(details);
}

/**
 * One page of application `slug`'s dashboards `user` sees, most recently changed first (`q` on the name).
 * @throws HttpError 404 errors.applicationNotFound; 403 errors.notMember.
 */
export async function listDashboards(
  db: Executor,
  user: CurrentUser,
  slug: string,
  query: ListQuery,
  cache?: ReadCache,
): Promise<{ items: Dashboard[]; total: number }> {
  const { app, role } = await requireOpenableApplication(db, user, slug, cache);
  const { rows, total } = await listDashboardRows(db, {
    applicationId: app.id,
    viewerId: user.isAdmin ? null : user.id,
    pattern: likePattern(query.q),
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map((r) => toDashboard(r, user, role)), total };
}

/** The dashboard `id` of application `slug`. @throws 404 (unknown, deleted, or private to someone else); 403 errors.notMember. */
export async function getDashboard(
  db: Executor,
  user: CurrentUser,
  slug: string,
  id: string,
  cache?: ReadCache,
): Promise<Dashboard> {
  const { role, found } = await openDashboard(db, user, slug, id, cache);
  return toDashboard(found, user, role);
}

/**
 * Saves a new dashboard of application `slug` owned by `user` (editors+), audited `dashboard.create`.
 * @throws HttpError 403 (viewers, non-members); 404; 400 naming `cards.<i>.*` / `filters.<i>.id`.
 */
export async function createDashboard(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: DashboardCreate,
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<Dashboard> {
  const { app, role } = await requireOpenableApplication(db, user, slug, cache);
  if (!allows(user, role, 'write')) throw forbidden();
  await checkLayout(db, user, slug, input, new Set());
  return db.transaction(async (tx) => {
    const values: DashboardValues = {
      name: input.name,
      description: input.description || null,
      visibility: input.visibility,
      cards: input.cards,
      filters: input.filters,
      refreshSeconds: input.refreshSeconds,
    };
    const id = await insertDashboard(tx, { ...values, applicationId: app.id, createdBy: user.id });
    await audit.record(tx, {
      action: 'dashboard.create',
      targetType: 'dashboard',
      targetId: id,
      after: { application: slug, ...values },
    });
    return toDashboard((await findDashboard(tx, app.id, id))!, user, role);
  });
}

/**
 * Changes a dashboard (name, description, visibility, cards and their layout, filters, refresh),
 * audited `dashboard.update` with before/after of what changed; a change that changes nothing
 * writes nothing (`unchanged`).
 * @throws HttpError 404; 403 errors.dashboard.editForbidden (not its owner, an application owner or
 *   an administrator); 400 naming `cards.<i>.*` / `filters.<i>.id`.
 */
export async function updateDashboard(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  input: DashboardUpdate,
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<Dashboard> {
  const { app, role, found } = await openDashboard(db, user, slug, id, cache);
  if (!mayEdit(user, role, found)) throw forbidden('errors.dashboard.editForbidden');
  const known = new Set((found.dashboard.cards as DashboardCard[]).map((c) => c.queryId));
  await checkLayout(db, user, slug, input, known);
  return db.transaction(async (tx) => {
    const before = await findDashboard(tx, app.id, id);
    if (!before || !(await lockDashboard(tx, id))) throw dashboardNotFound();
    const wanted: Partial<DashboardValues> = {
      name: input.name,
      description: input.description === undefined ? undefined : input.description || null,
      visibility: input.visibility,
      cards: input.cards,
      filters: input.filters,
      refreshSeconds: input.refreshSeconds,
    };
    const keys = changedKeys(before.dashboard, wanted);
    if (keys.length === 0) {
      audit.unchanged();
      return toDashboard(before, user, role);
    }
    const changes: Partial<DashboardValues> = {};
    const beforeView: Record<string, unknown> = {};
    for (const k of keys) {
      Object.assign(changes, { [k]: wanted[k] });
      beforeView[k] = before.dashboard[k];
    }
    await updateDashboardRow(tx, id, changes, user.id);
    await audit.record(tx, {
      action: 'dashboard.update',
      targetType: 'dashboard',
      targetId: id,
      before: beforeView,
      after: changes,
    });
    return toDashboard((await findDashboard(tx, app.id, id))!, user, role);
  });
}

/** Moves a dashboard to the recycle bin, audited `dashboard.delete`. @throws 404; 403 errors.dashboard.editForbidden. */
export async function deleteDashboard(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<void> {
  const { app, role, found } = await openDashboard(db, user, slug, id, cache);
  if (!mayEdit(user, role, found)) throw forbidden('errors.dashboard.editForbidden');
  await db.transaction(async (tx) => {
    if (!(await lockDashboard(tx, id))) throw dashboardNotFound();
    await markDashboardDeleted(tx, id, user.id, true);
    await moveToRecycleBin(tx, {
      type: 'dashboard',
      id,
      label: found.dashboard.name,
      actorId: user.id,
      actorLabel: user.email,
      details: { application: app.slug },
    });
    const d = found.dashboard;
    await audit.record(tx, {
      action: 'dashboard.delete',
      targetType: 'dashboard',
      targetId: id,
      before: {
        application: app.slug,
        name: d.name,
        description: d.description,
        visibility: d.visibility,
        cards: d.cards,
        filters: d.filters,
        refreshSeconds: d.refreshSeconds,
      },
    });
  });
}

/** True when `timeZone` is an IANA zone Intl knows. */
function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs card `cardId` of dashboard `id`: its saved query (as its author saved it, the reader's time
 * zone) narrowed by the shared filters' `values` where the query's base subject takes them.
 * @throws HttpError 404 errors.dashboard.notFound / errors.dashboard.cardNotFound;
 *   404 errors.query.notFound (the card's query was deleted or is not visible to the caller);
 *   404 errors.dashboard.cardQuery (no longer an analytics query); 400 naming `timeZone` or
 *   `values.<filterId>`; the run's own 400/422 (queries.service.ts runQuery).
 */
export async function runDashboardCard(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  cardId: string,
  input: { timeZone: string; values: Record<string, unknown> },
  cache?: ReadCache,
): Promise<DashboardCardResult> {
  const { found } = await openDashboard(db, user, slug, id, cache);
  const card = (found.dashboard.cards as DashboardCard[]).find((c) => c.id === cardId);
  if (!card) throw notFound('errors.dashboard.cardNotFound');
  if (!knownTimeZone(input.timeZone)) {
    throw invalid([{ field: 'timeZone', messageKey: 'errors.query.timeZone', params: { timeZone: input.timeZone } }]);
  }
  const saved = await findVisibleSavedQuery(db, user, slug, card.queryId);
  if (saved.kind !== 'analytics') throw notFound('errors.dashboard.cardQuery');
  const definition = saved.definition as AnalyticsQuery;
  const base = await loadSubjectDef(db, { id: definition.subjectId }, cache);
  const { conditions, applied, skipped } = base
    ? cardConditions(base, found.dashboard.filters as DashboardFilter[], input.values, input.timeZone)
    : { conditions: [], applied: [], skipped: [] };
  const result = await runQuery(db, user, slug, { definition, timeZone: input.timeZone, conditions }, cache);
  return { result, queryName: saved.name, visualization: saved.visualization, definition, applied, skipped, conditions };
}
