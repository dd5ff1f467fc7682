/**
 * Views of a subject: saved grid, kanban and calendar configurations, their rows
 * through the records list code (records/list.ts: filter.ts, sort.ts, keyset cursors), and share
 * links. Deleting goes to the recycle bin (type 'view', views.recyclable.ts). Access as for records
 * (records.service.ts): members of the application (viewer+) and administrators read; editors,
 * owners and administrators write. Audited `view.create/update/delete` and
 * `view.share_create/share_revoke`, one entry per change.
 *
 * A config is checked against the subject's fields before it is saved (400 naming `config.<part>`),
 * and its filter and sorts are compiled once (a 400 from the records compiler is renamed
 * `config.filter…` / `config.sort`), so a saved view runs unless the subject's fields change since.
 */
import type { CurrentUser, MessageKey, View, ViewConfig, ViewListQuery, ViewRowsQuery } from '../../../../contracts';
import { effectiveFilter, effectiveSort, SYSTEM_COLUMNS, viewConfigSchema } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import type { ReadCache } from '../../lib/read-cache';
import type { AuditWriter } from '../../core/audit.writer';
import { listRecords, type RecordListResult } from '../records/list';
import { compileSort } from '../records/sort';
import { loadSubjectDef, requireSubject, type SubjectDef, type SubjectNeed } from '../subjects/subject-def';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { requireOpenableApplication } from '../applications/applications.service';
import { findView, insertView, listViewRows, lockView, markViewDeleted, updateViewRow, viewNameUsed, type ViewWithSubject } from './views.repository';

export const viewNotFound = () => notFound('errors.view.notFound');

/** 400 VALIDATION_FAILED naming `field` with `messageKey` (default errors.view.field). */
const configError = (field: string, messageKey: MessageKey = 'errors.view.field') =>
  new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field, messageKey }]);

/** A row as contracts' View (config read back through the schema: defaults filled). */
export function toView(r: ViewWithSubject): View {
  const config = viewConfigSchema.parse(r.view.config);
  return {
    id: r.view.id,
    name: r.view.name,
    type: config.type,
    subjectId: r.view.subjectId,
    subjectKey: r.subjectKey,
    subjectName: r.subjectName,
    application: r.application,
    config,
    createdBy: r.view.createdBy,
    createdAt: r.view.createdAt.toISOString(),
    updatedAt: r.view.updatedAt.toISOString(),
  };
}

const isSystem = (key: string) => (SYSTEM_COLUMNS as readonly string[]).includes(key);

/**
 * Checks `config` against `subject`'s fields and compiles its filter and sorts.
 * @throws HttpError 400 naming `config.columns.<i>`, `config.groupBy`, `config.groupField`,
 *   `config.cardFields.<i>`, `config.dateField`, `config.endField`, `config.titleField`,
 *   `config.filter…`, `config.sort`.
 */
export async function checkConfig(db: Executor, subject: SubjectDef, config: ViewConfig, cache?: ReadCache): Promise<void> {
  const field = (key: string) => subject.fields.find((f) => f.key === key);
  const known = (key: string) => Boolean(field(key)) || isSystem(key);
  if (config.type === 'grid') {
    config.columns.forEach((c, i) => {
      if (!known(c)) throw configError(`config.columns.${i}`);
    });
    if (config.groupBy) {
      const f = field(config.groupBy);
      if (!f || !f.column || f.type === 'multiSelect' || f.type === 'attachment' || f.type === 'richText') throw configError('config.groupBy');
    }
  } else if (config.type === 'kanban') {
    if (field(config.groupField)?.type !== 'singleSelect') throw configError('config.groupField');
    config.cardFields.forEach((c, i) => {
      if (!known(c)) throw configError(`config.cardFields.${i}`);
    });
  } else {
    const dateLike = (key: string) => ['date', 'datetime'].includes(field(key)?.type ?? '');
    if (!dateLike(config.dateField)) throw configError('config.dateField');
    if (config.endField && !dateLike(config.endField)) throw configError('config.endField');
    if (config.titleField && !known(config.titleField)) throw configError('config.titleField');
  }
  try {
    await compileSort(db, subject, effectiveSort(config), 'r', cache);
    await listRecords(db, subject, { filter: config.filter, sort: effectiveSort(config), current: 1, pageSize: 1, exactLimit: 0, cache });
  } catch (err) {
    if (err instanceof HttpError && err.status === 400 && err.details) {
      throw new HttpError(400, err.errorCode, err.messageKey, err.details.map((d) => ({ ...d, field: `config.${d.field}` })), err.extra);
    }
    throw err;
  }
}

/** The view `id` with its subject, if `user` may `need` it. @throws 404 (unknown, or a subject gone); 403. */
async function requireView(db: Executor, user: CurrentUser, id: string, need: SubjectNeed, cache?: ReadCache): Promise<{ found: ViewWithSubject; subject: SubjectDef }> {
  const found = await findView(db, id);
  if (!found) throw viewNotFound();
  const { subject } = await requireSubject(db, user, found.application, found.subjectKey, need, cache);
  return { found, subject };
}

/** GET /views (administrators): one page of every view, most recently changed first. */
export async function listAllViews(db: Executor, query: ViewListQuery): Promise<{ items: View[]; total: number }> {
  const { rows, total } = await listViewRows(db, { pattern: likePattern(query.q), subjectId: query.subjectId, limit: query.pageSize, offset: offsetOf(query) });
  return { items: rows.map(toView), total };
}

/** GET …/subjects/:key/views (members): one page of the subject's views. @throws 403/404. */
export async function listSubjectViews(
  db: Executor,
  user: CurrentUser,
  slug: string,
  key: string,
  query: ViewListQuery,
  cache?: ReadCache,
): Promise<{ items: View[]; total: number }> {
  const { subject } = await requireSubject(db, user, slug, key, 'read', cache);
  const { rows, total } = await listViewRows(db, { pattern: likePattern(query.q), subjectId: subject.id, limit: query.pageSize, offset: offsetOf(query) });
  return { items: rows.map(toView), total };
}

/**
 * GET /applications/:slug/views (members): a page of the application's views over all its subjects,
 * most recently changed first (the workspace menu lists them under their subjects).
 * @throws 404 unknown application; 403 not a member.
 */
export async function listApplicationViews(
  db: Executor,
  user: CurrentUser,
  slug: string,
  query: ViewListQuery,
): Promise<{ items: View[]; total: number }> {
  const { app } = await requireOpenableApplication(db, user, slug);
  const { rows, total } = await listViewRows(db, { pattern: likePattern(query.q), applicationId: app.id, limit: query.pageSize, offset: offsetOf(query) });
  return { items: rows.map(toView), total };
}

/** GET /views/:id (members). @throws 403/404. */
export async function getView(db: Executor, user: CurrentUser, id: string, cache?: ReadCache): Promise<View> {
  return toView((await requireView(db, user, id, 'read', cache)).found);
}

/** POST …/subjects/:key/views (editors+): audited `view.create`. @throws 400 naming config.*; 403/404. */
export async function createView(
  db: Database,
  user: CurrentUser,
  slug: string,
  key: string,
  input: { name: string; config: ViewConfig },
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<View> {
  const { subject } = await requireSubject(db, user, slug, key, 'write', cache);
  await checkConfig(db, subject, input.config, cache);
  return db.transaction(async (tx) => {
    const id = await insertView(tx, { subjectId: subject.id, name: input.name, type: input.config.type, config: input.config, createdBy: user.id });
    await audit.record(tx, { action: 'view.create', targetType: 'view', targetId: id, after: { name: input.name, subject: subject.key, config: input.config } });
    return toView((await findView(tx, id))!);
  });
}

/**
 * A system model's default view (modules/engagements model-apply.ts): made on `subject` in the
 * caller's transaction when the subject has no view named `name` yet (one deleted or renamed by
 * its owner is not made again under the old name). The config is checked like any view's.
 * @returns whether it was made. @throws HttpError 400 when the config does not fit the subject.
 */
export async function ensureDefaultView(tx: Executor, subject: SubjectDef, input: { name: string; config: ViewConfig }, createdBy: string): Promise<boolean> {
  if (await viewNameUsed(tx, subject.id, input.name)) return false;
  const config = viewConfigSchema.parse(input.config);
  await checkConfig(tx, subject, config);
  await insertView(tx, { subjectId: subject.id, name: input.name, type: config.type, config, createdBy });
  return true;
}

/** PATCH /views/:id (editors+): name and/or config (and so type); audited `view.update`. @throws 400; 403/404. */
export async function updateView(
  db: Database,
  user: CurrentUser,
  id: string,
  input: { name?: string; config?: ViewConfig },
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<{ view: View; changed: boolean }> {
  const { found, subject } = await requireView(db, user, id, 'write', cache);
  if (input.config) await checkConfig(db, subject, input.config, cache);
  const changes: { name?: string; type?: string; config?: ViewConfig } = {};
  if (input.name !== undefined && input.name !== found.view.name) changes.name = input.name;
  if (input.config && JSON.stringify(input.config) !== JSON.stringify(viewConfigSchema.parse(found.view.config))) {
    changes.config = input.config;
    changes.type = input.config.type;
  }
  if (Object.keys(changes).length === 0) return { view: toView(found), changed: false };
  return db.transaction(async (tx) => {
    await updateViewRow(tx, id, changes);
    const after = (await findView(tx, id))!;
    const shape = (r: ViewWithSubject) => ({ name: r.view.name, config: r.view.config });
    await audit.record(tx, { action: 'view.update', targetType: 'view', targetId: id, before: shape(found), after: shape(after) });
    return { view: toView(after), changed: true };
  });
}

/**
 * DELETE /views/:id (editors+): to the recycle bin (type 'view', labelled with its name; docs/product.md
 * "Deletes go to the recycle bin"), audited `view.delete`, both in one transaction. Its share links
 * are kept: they answer 404 while the view is in the bin and again after a restore (unless revoked);
 * a purge deletes them with it. @throws 403/404.
 */
export async function deleteView(db: Database, user: CurrentUser, id: string, audit: AuditWriter, cache?: ReadCache): Promise<void> {
  await requireView(db, user, id, 'write', cache);
  await db.transaction(async (tx) => {
    const found = await findView(tx, id);
    if (!found || !(await lockView(tx, id))) throw viewNotFound();
    await markViewDeleted(tx, id, user.id, true);
    await moveToRecycleBin(tx, {
      type: 'view',
      id,
      label: found.view.name,
      actorId: user.id,
      actorLabel: user.email,
      details: { application: found.application, subject: found.subjectName, viewType: found.view.type },
    });
    await audit.record(tx, {
      action: 'view.delete',
      targetType: 'view',
      targetId: id,
      before: { name: found.view.name, subject: found.subjectKey, config: found.view.config },
    });
  });
}

/** One page of the rows of a view with its config and subject (shared by members' and share links' reads). */
export async function readViewRows(db: Executor, subject: SubjectDef, config: ViewConfig, query: ViewRowsQuery, cache?: ReadCache): Promise<RecordListResult> {
  return listRecords(db, subject, {
    filter: effectiveFilter(config, query),
    sort: effectiveSort(config),
    q: query.q,
    current: 1,
    pageSize: query.pageSize,
    cursor: query.cursor,
    cache,
  });
}

/** GET /views/:id/rows (members): a page of the view's rows (every field: members read them all). @throws 400 cursor; 403/404. */
export async function listViewRowsFor(db: Executor, user: CurrentUser, id: string, query: ViewRowsQuery, cache?: ReadCache): Promise<RecordListResult> {
  const { found, subject } = await requireView(db, user, id, 'read', cache);
  return readViewRows(db, subject, viewConfigSchema.parse(found.view.config), query, cache);
}

/** The view `id` for an editor (share management). @throws 403/404. */
export async function requireEditableView(db: Executor, user: CurrentUser, id: string, cache?: ReadCache): Promise<ViewWithSubject> {
  return (await requireView(db, user, id, 'write', cache)).found;
}

/** The live subject of a view, or undefined (deleted since). */
export async function subjectOfView(db: Executor, found: ViewWithSubject, cache?: ReadCache): Promise<SubjectDef | undefined> {
  return loadSubjectDef(db, { id: found.view.subjectId }, cache);
}
