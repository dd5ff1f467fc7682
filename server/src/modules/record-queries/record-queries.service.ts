/**
 * Saved record queries (`/admin/record-query`: a query builder over one subject and its
 * relations (filters, sorts, columns) with results in a grid, saved as a query, exported). The
 * admin console's, so administrators only (the routes check it). A definition is checked in full
 * (subject, columns, filter, sort) before it is saved, so a saved query runs unless its subject's
 * fields changed since (then running it names the broken part). Deleting goes to the recycle bin
 * (type 'query'); create/update/delete are audited `query.*`.
 */
import type { CurrentUser, RecordQueryPage, SavedQuery, SavedQueryListQuery } from '../../../../contracts';
import { recordQueryDefinitionSchema } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import type { ReadCache } from '../../lib/read-cache';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { keepVersion } from './saved-query-versions';
import { prepareQuery, runQueryPage, type PreparedQuery, type QueryDefinition } from './query-run';
import {
  findSavedQuery,
  insertSavedQuery,
  listSavedQueries as listRows,
  lockSavedQuery,
  markSavedQueryDeleted,
  updateSavedQuery as updateRow,
  type SavedQueryWithSubject,
} from './record-queries.repository';

export const queryNotFound = () => notFound('errors.query.notFound');

/** A stored definition (jsonb) read back through the schema (defaults filled). */
function definitionOf(raw: unknown): QueryDefinition {
  return recordQueryDefinitionSchema.parse(raw);
}

/** A row as contracts' SavedQuery. */
export function toSavedQuery(r: SavedQueryWithSubject): SavedQuery {
  return {
    id: r.query.id,
    name: r.query.name,
    description: r.query.description,
    subjectId: r.query.subjectId,
    subjectName: r.subjectName,
    application: r.application,
    definition: definitionOf(r.query.definition),
    createdBy: r.query.createdBy,
    createdAt: r.query.createdAt.toISOString(),
    updatedAt: r.query.updatedAt.toISOString(),
  };
}

/** One page of saved queries, most recently changed first (q on the name; subjectId). */
export async function listSavedQueries(db: Executor, query: SavedQueryListQuery): Promise<{ items: SavedQuery[]; total: number }> {
  const { rows, total } = await listRows(db, {
    pattern: likePattern(query.q),
    subjectId: query.subjectId,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toSavedQuery), total };
}

/** The saved query `id`. @throws 404 errors.query.notFound (unknown, deleted, or its subject deleted). */
export async function getSavedQuery(db: Executor, id: string): Promise<SavedQuery> {
  const found = await findSavedQuery(db, id);
  if (!found) throw queryNotFound();
  return toSavedQuery(found);
}

/**
 * Saves a new query, audited `query.create`.
 * @throws HttpError 400 naming `definition.*` (prepareQuery).
 */
export async function createSavedQuery(
  db: Database,
  user: CurrentUser,
  input: { name: string; description?: string; definition: QueryDefinition },
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<SavedQuery> {
  const { subject } = await prepareQuery(db, input.definition, cache);
  return db.transaction(async (tx) => {
    const id = await insertSavedQuery(tx, {
      applicationId: subject.applicationId,
      subjectId: subject.id,
      name: input.name,
      description: input.description || null,
      definition: input.definition,
      createdBy: user.id,
    });
    await keepVersion(tx, id, user.id);
    await audit.record(tx, {
      action: 'query.create',
      targetType: 'query',
      targetId: id,
      after: { name: input.name, description: input.description || null, subject: subject.key, definition: input.definition },
    });
    return toSavedQuery((await findSavedQuery(tx, id))!);
  });
}

/**
 * Changes a query's name, description and/or definition, audited `query.update` (before/after of
 * what changed). @throws 404; 400 naming `definition.*`.
 */
export async function updateSavedQuery(
  db: Database,
  user: CurrentUser,
  id: string,
  input: { name?: string; description?: string; definition?: QueryDefinition },
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<SavedQuery> {
  const prepared = input.definition ? await prepareQuery(db, input.definition, cache) : undefined;
  return db.transaction(async (tx) => {
    const before = await findSavedQuery(tx, id);
    if (!before || !(await lockSavedQuery(tx, id))) throw queryNotFound();
    const changes: { name?: string; description?: string | null; definition?: QueryDefinition; subjectId?: string; applicationId?: string } = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description || null;
    if (input.definition && prepared) {
      changes.definition = input.definition;
      changes.subjectId = prepared.subject.id;
      changes.applicationId = prepared.subject.applicationId;
    }
    if (changedKeys(before.query, changes).length === 0) {
      audit.unchanged();
      return toSavedQuery(before);
    }
    await updateRow(tx, id, changes, user.id);
    await keepVersion(tx, id, user.id);
    const after = (await findSavedQuery(tx, id))!;
    const view = (r: SavedQueryWithSubject) => ({ name: r.query.name, description: r.query.description, definition: r.query.definition });
    await audit.record(tx, { action: 'query.update', targetType: 'query', targetId: id, before: view(before), after: view(after) });
    return toSavedQuery(after);
  });
}

/** Moves a query to the recycle bin, audited `query.delete`. @throws 404. */
export async function deleteSavedQuery(db: Database, user: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findSavedQuery(tx, id);
    if (!found || !(await lockSavedQuery(tx, id))) throw queryNotFound();
    await markSavedQueryDeleted(tx, id, user.id, true);
    await moveToRecycleBin(tx, {
      type: 'query',
      id,
      label: found.query.name,
      actorId: user.id,
      actorLabel: user.email,
      details: { subject: found.subjectName, application: found.application },
    });
    await audit.record(tx, {
      action: 'query.delete',
      targetType: 'query',
      targetId: id,
      before: { name: found.query.name, description: found.query.description, definition: found.query.definition },
    });
  });
}

/** POST /record-queries/run: one page of a definition's result. @throws 400 naming `definition.*`. */
export async function runRecordQuery(
  db: Executor,
  input: { definition: QueryDefinition; current: number; pageSize: number },
  cache?: ReadCache,
): Promise<RecordQueryPage> {
  const prepared = await prepareQuery(db, input.definition, cache);
  return runQueryPage(db, prepared, input.current, input.pageSize, cache);
}

/** A saved query prepared for export, with its name. @throws 404; 400 when its definition broke. */
export async function prepareSavedQuery(db: Executor, id: string, cache?: ReadCache): Promise<{ name: string; prepared: PreparedQuery }> {
  const found = await findSavedQuery(db, id);
  if (!found) throw queryNotFound();
  return { name: found.query.name, prepared: await prepareQuery(db, definitionOf(found.query.definition), cache) };
}
