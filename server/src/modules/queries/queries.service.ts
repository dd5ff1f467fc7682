/**
 * The queries module's public face (docs/queries.md): running analytics queries of an application
 * for its members, drilling into the records behind a result row, exporting, and the
 * application's saved queries of both kinds with versions and sharing.
 * Access: any member of the application (administrators too) may run queries and see the shared
 * saved queries; editors and owners save; a saved query is changed or deleted by its owner, the
 * application's owners and administrators. A definition is compiled against the subjects of the
 * route's application only (another application's subject is a 400).
 */
import type { Readable } from 'node:stream';
import type { AnalyticsQuery, AuditExportFormat, CurrentUser, FilterCondition, Locale, ModuleSavedQuery, QueryDrillPage, QueryResult, SavedQueryVersion } from '../../../../contracts';
import { analyticsQueryDefinitionSchema, queryVisualizationSchema, recordQueryDefinitionSchema } from '../../../../contracts';
import type { Database, Engine, Executor } from '../../db/client';
import type { ApplicationRow } from '../../db/schema';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import type { ReadCache } from '../../lib/read-cache';
import { requireOpenableApplication } from '../applications/applications.service';
import { allows } from '../subjects/subject-def';
import type { AppRole } from '../../../../contracts';
import { compileQuery, type CompiledQuery } from './compile';
import { findQuery, insertQuery, listQueries as listRows, lockQuery, markQueryDeleted, updateQuery as updateRow, type SavedQueryListed } from './queries.repository';
import { executeQuery } from './run';
import { drillExportStream, drillPage, prepareDrill, resultExportStream } from './drill';
import { findVersion, keepVersion, listVersions } from '../record-queries/saved-query-versions';

export const queryNotFound = () => notFound('errors.query.notFound');

/** How a call runs: the engine (statement timeout on PostgreSQL), the reader's language (headers). */
export interface RunContext {
  engine?: Engine;
  locale?: Locale;
}

/** The application `slug` when `user` may `need` it. @throws 404 / 403. */
export async function openApplication(
  db: Executor,
  user: CurrentUser,
  slug: string,
  need: 'read' | 'write',
  cache?: ReadCache,
): Promise<{ app: ApplicationRow; role: AppRole | null }> {
  const access = await requireOpenableApplication(db, user, slug, cache);
  if (!allows(user, access.role, need)) throw forbidden();
  return access;
}

/** Checks an IANA time zone. @throws 400 naming `timeZone`. */
function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'timeZone', messageKey: 'errors.query.timeZone', params: { timeZone } }]);
  }
}

/** Compiles `input` for the application (after the time zone check). */
export async function compileFor(
  db: Executor,
  app: ApplicationRow,
  input: { definition: AnalyticsQuery; timeZone: string; conditions: FilterCondition[] },
  locale: Locale,
  cache?: ReadCache,
): Promise<CompiledQuery> {
  checkTimeZone(input.timeZone);
  return compileQuery(db, app.id, input.definition, { timeZone: input.timeZone, locale, extra: input.conditions }, cache);
}

/**
 * Runs an analytics query of application `slug` for `user` (any member) → QueryResult; the
 * generated SQL is included for administrators.
 * @throws 404/403 (application, membership); 400 naming `definition.*`, `conditions.<i>`,
 *   `timeZone`; 422 QUERY_TOO_COSTLY / QUERY_TIMEOUT.
 */
export async function runQuery(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: { definition: AnalyticsQuery; timeZone: string; conditions: FilterCondition[] },
  cache?: ReadCache,
  ctx: RunContext = {},
): Promise<QueryResult> {
  const { app } = await openApplication(db, user, slug, 'read', cache);
  const compiled = await compileFor(db, app, input, ctx.locale ?? user.locale, cache);
  return executeQuery(db, ctx.engine ?? 'pglite', compiled, input.definition.limit, { withSql: user.isAdmin }, cache);
}

/** A row as contracts' ModuleSavedQuery (`definition` parsed by its kind's schema). */
function toModuleQuery(r: SavedQueryListed, application: string, user: CurrentUser, role: AppRole | null): ModuleSavedQuery {
  const q = r.query;
  const kind = q.kind === 'analytics' ? 'analytics' : 'records';
  const definition = kind === 'analytics' ? analyticsQueryDefinitionSchema.parse(q.definition) : recordQueryDefinitionSchema.parse(q.definition);
  return {
    id: q.id,
    kind,
    application,
    subjectId: q.subjectId,
    subjectName: r.subjectName,
    name: q.name,
    description: q.description,
    visibility: q.visibility === 'private' ? 'private' : 'application',
    version: q.version,
    definition,
    visualization: q.visualization ? queryVisualizationSchema.parse(q.visualization) : null,
    ownerId: q.createdBy,
    ownerName: r.ownerName,
    canEdit: user.isAdmin || role === 'owner' || (q.createdBy === user.id && role !== null && role !== 'viewer'),
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}

/** The application's saved queries `user` may see, most recently changed first. */
export async function listQueries(
  db: Executor,
  user: CurrentUser,
  slug: string,
  query: { current: number; pageSize: number; q?: string; kind?: 'records' | 'analytics'; mine?: 'true' | 'false' },
  cache?: ReadCache,
): Promise<{ items: ModuleSavedQuery[]; total: number }> {
  const { app, role } = await openApplication(db, user, slug, 'read', cache);
  const { rows, total } = await listRows(db, {
    applicationId: app.id,
    userId: user.id,
    admin: user.isAdmin,
    pattern: likePattern(query.q),
    kind: query.kind,
    mine: query.mine === 'true',
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map((r) => toModuleQuery(r, app.slug, user, role)), total };
}

/**
 * Saved query `id` of application `slug` as `user` sees it.
 * @throws 404 errors.query.notFound (unknown, deleted, another application's, or private to someone else).
 */
export async function findVisibleSavedQuery(db: Executor, user: CurrentUser, slug: string, id: string, cache?: ReadCache): Promise<ModuleSavedQuery> {
  const { app, role } = await openApplication(db, user, slug, 'read', cache);
  const found = await findQuery(db, { applicationId: app.id, userId: user.id, admin: user.isAdmin, id });
  if (!found) throw queryNotFound();
  return toModuleQuery(found, app.slug, user, role);
}

/** Runs saved analytics query `id` (its saved definition). @throws as findVisibleSavedQuery and runQuery; 400 errors.query.kind for a record query. */
export async function runSavedQuery(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  input: { timeZone: string; conditions: FilterCondition[] },
  cache?: ReadCache,
  ctx: RunContext = {},
): Promise<QueryResult> {
  const saved = await findVisibleSavedQuery(db, user, slug, id, cache);
  if (saved.kind !== 'analytics') throw new HttpError(400, 'BAD_REQUEST', 'errors.query.kind');
  return runQuery(db, user, slug, { definition: saved.definition as AnalyticsQuery, ...input }, cache, ctx);
}

type SaveInput = {
  name: string;
  description?: string;
  visibility: 'private' | 'application';
  definition: AnalyticsQuery;
  visualization?: unknown;
};

/** Compiles a definition to check it before it is saved (UTC, no extra conditions). */
async function checkDefinition(db: Executor, app: ApplicationRow, definition: AnalyticsQuery, locale: Locale, cache?: ReadCache): Promise<void> {
  await compileQuery(db, app.id, definition, { timeZone: 'UTC', locale }, cache);
}

/** Saves an analytics query (editors and up), audited `query.create`, version 1 kept. @throws 400 naming `definition.*`. */
export async function createQuery(db: Database, user: CurrentUser, slug: string, input: SaveInput, audit: AuditWriter, cache?: ReadCache): Promise<ModuleSavedQuery> {
  const { app } = await openApplication(db, user, slug, 'write', cache);
  await checkDefinition(db, app, input.definition, user.locale, cache);
  return db.transaction(async (tx) => {
    const id = await insertQuery(tx, {
      applicationId: app.id,
      subjectId: input.definition.subjectId,
      name: input.name,
      description: input.description || null,
      visibility: input.visibility,
      definition: input.definition,
      visualization: input.visualization ?? null,
      createdBy: user.id,
    });
    await keepVersion(tx, id, user.id);
    await audit.record(tx, { action: 'query.create', targetType: 'query', targetId: id, after: { name: input.name, visibility: input.visibility, definition: input.definition } });
    return findVisibleSavedQuery(tx, user, slug, id, cache);
  });
}

/** The saved query `id` locked for a change by `user`. @throws 404; 403 errors.query.editForbidden; 400 errors.query.kind. */
async function lockForEdit(tx: Executor, user: CurrentUser, slug: string, id: string, cache?: ReadCache): Promise<{ saved: ModuleSavedQuery; app: ApplicationRow }> {
  const { app } = await openApplication(tx, user, slug, 'read', cache);
  const saved = await findVisibleSavedQuery(tx, user, slug, id, cache);
  if (!(await lockQuery(tx, id))) throw queryNotFound();
  if (!saved.canEdit) throw forbidden('errors.query.editForbidden');
  return { saved, app };
}

/**
 * Changes a saved analytics query (a new version), audited `query.update`.
 * @throws 404; 403; 409 STALE_VERSION errors.query.stale when `version` is not the latest; 400.
 */
export async function updateQuery(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  input: Partial<SaveInput> & { version?: number },
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<ModuleSavedQuery> {
  return db.transaction(async (tx) => {
    const { saved, app } = await lockForEdit(tx, user, slug, id, cache);
    if (saved.kind !== 'analytics') throw new HttpError(400, 'BAD_REQUEST', 'errors.query.kind');
    if (input.version !== undefined && input.version !== saved.version) throw new HttpError(409, 'STALE_VERSION', 'errors.query.stale');
    if (input.definition) await checkDefinition(tx, app, input.definition, user.locale, cache);
    const changes: Parameters<typeof updateRow>[2] = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description || null;
    if (input.visibility !== undefined) changes.visibility = input.visibility;
    if (input.definition) {
      changes.definition = input.definition;
      changes.subjectId = input.definition.subjectId;
    }
    if (input.visualization !== undefined) changes.visualization = input.visualization;
    if (changedKeys(saved as unknown as Record<string, unknown>, changes).length === 0) {
      audit.unchanged();
      return saved;
    }
    await updateRow(tx, id, changes, user.id);
    await keepVersion(tx, id, user.id);
    const after = await findVisibleSavedQuery(tx, user, slug, id, cache);
    const view = (q: ModuleSavedQuery) => ({ name: q.name, description: q.description, visibility: q.visibility, definition: q.definition, visualization: q.visualization });
    await audit.record(tx, { action: 'query.update', targetType: 'query', targetId: id, before: view(saved), after: view(after) });
    return after;
  });
}

/** Moves a saved query (either kind) to the recycle bin, audited `query.delete`. @throws 404; 403. */
export async function deleteQuery(db: Database, user: CurrentUser, slug: string, id: string, audit: AuditWriter, cache?: ReadCache): Promise<void> {
  await db.transaction(async (tx) => {
    const { saved } = await lockForEdit(tx, user, slug, id, cache);
    await markQueryDeleted(tx, id, user.id);
    await moveToRecycleBin(tx, {
      type: 'query',
      id,
      label: saved.name,
      actorId: user.id,
      actorLabel: user.email,
      details: { subject: saved.subjectName, application: saved.application },
    });
    await audit.record(tx, { action: 'query.delete', targetType: 'query', targetId: id, before: { name: saved.name, definition: saved.definition } });
  });
}

/** The kept versions of a visible saved query, newest first. @throws 404. */
export async function queryVersions(db: Executor, user: CurrentUser, slug: string, id: string, cache?: ReadCache): Promise<SavedQueryVersion[]> {
  await findVisibleSavedQuery(db, user, slug, id, cache);
  return (await listVersions(db, id)).map((v) => ({
    version: v.version,
    name: v.name,
    description: v.description,
    definition: v.definition,
    visualization: v.visualization ? queryVisualizationSchema.parse(v.visualization) : null,
    createdBy: v.createdBy,
    createdByName: v.createdByName,
    createdAt: v.createdAt.toISOString(),
  }));
}

/**
 * Makes version `version` current again as a new version, audited `query.restore_version`.
 * @throws 404 errors.query.versionNotFound; 403; 400 when its definition no longer compiles.
 */
export async function restoreQueryVersion(
  db: Database,
  user: CurrentUser,
  slug: string,
  id: string,
  version: number,
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<ModuleSavedQuery> {
  return db.transaction(async (tx) => {
    const { saved, app } = await lockForEdit(tx, user, slug, id, cache);
    const v = await findVersion(tx, id, version);
    if (!v) throw notFound('errors.query.versionNotFound');
    if (saved.kind === 'analytics') await checkDefinition(tx, app, analyticsQueryDefinitionSchema.parse(v.definition), user.locale, cache);
    await updateRow(tx, id, { name: v.name, description: v.description, definition: v.definition, visualization: v.visualization }, user.id);
    await keepVersion(tx, id, user.id);
    await audit.record(tx, { action: 'query.restore_version', targetType: 'query', targetId: id, before: { version: saved.version }, after: { restoredFrom: version } });
    return findVisibleSavedQuery(tx, user, slug, id, cache);
  });
}

type DrillInput = { definition: AnalyticsQuery; timeZone: string; conditions: FilterCondition[]; values: Record<string, unknown> };

/**
 * The records behind one row of a grouped result (members): a page of the base subject's records.
 * @throws as runQuery; 400 naming `values.<name>` for a name that is no dimension.
 */
export async function drillQuery(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: DrillInput & { current: number; pageSize: number },
  cache?: ReadCache,
  ctx: RunContext = {},
): Promise<QueryDrillPage> {
  const { app } = await openApplication(db, user, slug, 'read', cache);
  const compiled = await compileFor(db, app, input, ctx.locale ?? user.locale, cache);
  const prepared = await prepareDrill(db, compiled, input.values, cache);
  return drillPage(db, compiled, prepared, input.current, input.pageSize, cache);
}

/** The records behind a row as a CSV/XLSX stream, and the base subject's key (the file's name). */
export async function drillExport(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: DrillInput & { format: AuditExportFormat },
  cache?: ReadCache,
  ctx: RunContext = {},
): Promise<{ stream: Readable; name: string }> {
  const locale = ctx.locale ?? user.locale;
  const { app } = await openApplication(db, user, slug, 'read', cache);
  const compiled = await compileFor(db, app, input, locale, cache);
  const prepared = await prepareDrill(db, compiled, input.values, cache);
  return { stream: drillExportStream(db, prepared, input.format, locale, cache), name: compiled.scope.base.subject.key };
}

/** A definition's whole result (up to the row cap) as a CSV/XLSX stream. @throws as runQuery. */
export async function exportQueryResult(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: { definition: AnalyticsQuery; timeZone: string; conditions: FilterCondition[]; format: AuditExportFormat; name?: string },
  cache?: ReadCache,
  ctx: RunContext = {},
): Promise<{ stream: Readable; name: string; truncated: boolean; rows: number }> {
  const result = await runQuery(db, user, slug, input, cache, ctx);
  const name = input.name || 'query';
  return { stream: resultExportStream(result, input.format, name.slice(0, 31)), name, truncated: result.truncated, rows: result.rows.length };
}
