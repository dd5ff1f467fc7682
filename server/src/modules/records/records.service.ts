/**
 * Records of a subject (Records): list, read, create, update with optimistic versions,
 * delete to the recycle bin, bulk edit and delete, history and version restore.
 *
 * Every write goes through `validateValues` (subjects/values.ts) and, for updates, `applyChange`, which
 * writes only the changed fields, recomputes the formulas, moves `version` on by one and appends a
 * record_versions row with field-level before/after and a full snapshot — all in the caller's
 * transaction, under the record's row lock (`for update`), so versions have no gaps however many
 * writers race. An update that changes nothing writes nothing (no version, no audit entry).
 * After the record is written, the subject's enabled rules check it (record-rules.ts
 * `checkRecordRules`, docs/rules.md): a failing blocking rule refuses the write (400 naming
 * `values.<field>`, rolled back), failing warnings are saved, flagged and answered as `warnings`.
 *
 * Access (subject-def.ts requireSubject): reading needs membership (viewer+) or administrator;
 * writing needs editor, owner or administrator. Audit: record.create/update/delete/
 * restore_version/bulk_update/bulk_delete, one entry per successful change.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type {
  CurrentUser,
  RecordBulkDelete,
  RecordBulkUpdate,
  RecordCreate,
  RecordDetail,
  RecordItem,
  RecordListQuery,
  RecordLocation,
  RecordRuleWarning,
  RecordUpdate,
  RecordVersion,
  StaleConflict,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { applications, categories, categorizations, taggings, tags } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { requireOpenableApplication } from '../applications/applications.service';
import type { AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { ident } from '../subjects/ddl';
import { formulaPacer } from '../subjects/formula';
import { loadSubjectDef, requireSubject, type FieldDef, type SubjectDef } from '../subjects/subject-def';
import { formWriteRules } from '../forms/forms.rules';
import { columnOf } from './columns';
import { computeFormulas, evaluateFormulaField, nextAutoNumbers, systemValues } from '../subjects/compute';
import { parseFilterParam } from './filter';
import { checkRecordGuards } from './record-guards';
import { checkRecordRules, recordIncidents } from './record-rules';
import { displayValuesOf, listRecords, namesOf, type RecordListResult } from './list';
import {
  findRecord,
  findRecords,
  findVersion,
  insertRecordRow,
  insertVersion,
  listVersions as listVersionRows,
  replaceLinks,
  rowsToItems,
  selectRecordRows,
  subjectIdOfRecord,
  tableOf,
  toRecordVersion,
  updateRecordRow,
  versionsAfter,
} from './records.repository';

/** The records table of a subject, reading and locking records, and relation links: for the import and query modules. */
export { findRecords, replaceLinks, tableOf } from './records.repository';
/** Writing a new record's row and a version row: for the triggers module's create_record (the same steps as createRecord). */
export { insertRecordRow, insertVersion } from './records.repository';
/** The subject's rules on a written record (record-rules.ts): for the triggers module's create_record. */
export { checkRecordRules } from './record-rules';
export { checkRecordGuards, registerRecordGuard, type RecordGuard } from './record-guards';
import { parseSortParam } from './sort';
import { isComputed, sameValue, sqlValue, uniqueViolation, validateValues, type FieldValue, type NormalizedValues } from '../subjects/values';

/** Who writes: the signed-in user, their audit writer and the read cache. */
export interface RecordActor {
  user: CurrentUser;
  audit: AuditWriter;
  cache?: ReadCache;
}

/** The outcome of a write that may have changed nothing (the route then marks the request unchanged). */
export interface WriteResult<T> {
  data: T;
  changed: boolean;
}

const recordNotFound = () => notFound('errors.recordNotFound');

/** The audit context of a subject: its application slug and key. */
const auditDetails = (slug: string, subject: SubjectDef, extra: Record<string, unknown> = {}) => ({
  application: slug,
  subject: subject.key,
  ...extra,
});

/** Field changes between two value maps: every non-system field whose value differs. */
function diffValues(subject: SubjectDef, before: Record<string, unknown> | null, after: Record<string, unknown>): RecordVersion['changes'] {
  const changes: RecordVersion['changes'] = {};
  for (const f of subject.fields) {
    if (['createdAt', 'createdBy', 'updatedAt', 'updatedBy'].includes(f.type)) continue;
    const b = (before?.[f.key] ?? null) as FieldValue;
    const a = (after[f.key] ?? null) as FieldValue;
    if (!sameValue(b, a)) changes[f.key] = { before: b, after: a };
  }
  return changes;
}

/** The text naming a record: its display value, else its id. */
export async function recordLabel(db: Executor, subject: SubjectDef, id: string): Promise<string> {
  return (await displayValuesOf(db, subject, [id]))[id] ?? id;
}

/**
 * A record with the names it refers to, its tags and categories and its unresolved incidents (GET
 * …/records/:id); `warnings`, a write's failing warning rules, ride along when given.
 */
async function detailOf(
  db: Executor,
  subject: SubjectDef,
  record: RecordItem,
  cache?: ReadCache,
  warnings?: RecordRuleWarning[],
): Promise<RecordDetail> {
  const { labels, files } = await namesOf(db, subject, [record], cache);
  const tagRows = await db
    .select({ id: taggings.tagId })
    .from(taggings)
    .innerJoin(tags, and(eq(tags.id, taggings.tagId), isNull(tags.deletedAt)))
    .where(and(eq(taggings.targetType, 'record'), eq(taggings.targetId, record.id)))
    .orderBy(tags.name);
  const categoryRows = await db
    .select({ id: categorizations.categoryId })
    .from(categorizations)
    .innerJoin(categories, and(eq(categories.id, categorizations.categoryId), isNull(categories.deletedAt)))
    .where(and(eq(categorizations.targetType, 'record'), eq(categorizations.targetId, record.id)))
    .orderBy(categories.name);
  const incidents = await recordIncidents(db, subject, record.id);
  return {
    record,
    labels,
    files,
    tagIds: tagRows.map((r) => r.id),
    categoryIds: categoryRows.map((r) => r.id),
    incidents,
    ...(warnings ? { warnings } : {}),
  };
}

/** Runs a write, turning a unique-index violation of `subject` into 409 VALUE_TAKEN. */
async function guarded<T>(subject: SubjectDef, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw uniqueViolation(subject, err) ?? err;
  }
}

/** 409 STALE_VERSION: the record as it is and its versions after `version` (oldest first); nothing written. */
async function staleError(db: Executor, current: RecordItem, version: number): Promise<HttpError> {
  const conflict: StaleConflict = { current, changes: (await versionsAfter(db, current.id, version)).map(toRecordVersion) };
  return new HttpError(409, 'STALE_VERSION', 'errors.record.stale', undefined, { conflict: conflict as unknown as Record<string, unknown> });
}

/**
 * GET …/records: one page (recordListQuerySchema: filter JSON, sort `key:asc,…`, q, current or
 * cursor). @throws 400 naming filter/sort/cursor; 403/404 from requireSubject.
 */
export async function listSubjectRecords(
  db: Database,
  user: CurrentUser,
  slug: string,
  key: string,
  query: RecordListQuery,
  cache?: ReadCache,
): Promise<RecordListResult> {
  const { subject } = await requireSubject(db, user, slug, key, 'read', cache);
  return listRecords(db, subject, {
    filter: parseFilterParam(query.filter),
    sort: parseSortParam(query.sort),
    q: query.q,
    current: query.current,
    pageSize: query.pageSize,
    cursor: query.cursor,
    cache,
  });
}

/** GET …/records/:id: the record, its labels, files, tags and categories. @throws 404. */
export async function getRecord(db: Database, user: CurrentUser, slug: string, key: string, id: string, cache?: ReadCache): Promise<RecordDetail> {
  const { subject } = await requireSubject(db, user, slug, key, 'read', cache);
  const record = await findRecord(db, subject, id);
  if (!record) throw recordNotFound();
  return detailOf(db, subject, record, cache);
}

/**
 * POST …/records: creates a record (version 1) from `input.values` (defaults for fields left out),
 * with its auto numbers, system values and formulas; history action 'create' (every non-empty
 * field as { before: null, after }); audited `record.create`.
 * @throws 400 VALIDATION_FAILED naming `values.<key>`; 409 VALUE_TAKEN; 403/404.
 */
export async function createRecord(db: Database, actor: RecordActor, slug: string, key: string, input: RecordCreate): Promise<RecordDetail> {
  const { app, subject } = await requireSubject(db, actor.user, slug, key, 'write', actor.cache);
  return guarded(subject, () =>
    db.transaction(async (tx) => {
      // a dynamic form's conditions (forms/forms.rules.ts): hidden fields ignored, requiredIf checked
      const form = input.formId ? await formWriteRules(tx, subject, input.formId, input.values) : undefined;
      const values = await validateValues({ db: tx, applicationId: app.id, cache: actor.cache }, subject, form?.given ?? input.values, 'create');
      form?.checkRequired(values);
      const { record, warnings } = await insertNewRecord(tx, subject, values, actor.user);
      const id = record.id;
      await actor.audit.record(tx, {
        action: 'record.create',
        targetType: 'record',
        targetId: id,
        after: record.values,
        details: auditDetails(slug, subject),
      });
      return detailOf(tx, subject, record, actor.cache, warnings);
    }),
  );
}

/**
 * Writes a new record of `subject` from already validated `values` (validateValues) in `tx`: its
 * auto numbers, system values (created/updated by `user`, now) and formulas, the row, the links of
 * many-relations, the subject's rules (a blocking failure throws 400, a warning is returned) and
 * version 1 in the history ('create', every non-empty field as { before: null, after }). The one
 * create path of the records API, trigger actions and the audit model's actions; the caller writes
 * its audit entry.
 * @returns the record as written and the failing warning rules.
 * @throws HttpError 400 VALIDATION_FAILED (a blocking rule); 409 VALUE_TAKEN (a unique index).
 */
export async function insertNewRecord(
  tx: Executor,
  subject: SubjectDef,
  values: NormalizedValues,
  user: Pick<CurrentUser, 'id' | 'name'>,
): Promise<{ record: RecordItem; warnings: RecordRuleWarning[] }> {
  const id = randomUUID();
  const at = new Date();
  const iso = at.toISOString();
  const written: Record<string, FieldValue> = {
    ...values,
    ...(await nextAutoNumbers(tx, subject)),
    ...systemValues(subject, { createdAt: iso, createdBy: user.id, updatedAt: iso, updatedBy: user.id }),
  };
  Object.assign(written, computeFormulas(subject, written));
  await insertRecordRow(tx, subject, { id, at, actorId: user.id, values: written });
  for (const f of manyRelations(subject)) if (f.key in written) await replaceLinks(tx, f, id, written[f.key] as string[] | null);
  const record = (await findRecord(tx, subject, id))!;
  const warnings = await checkRecordRules(tx, subject, id, record.values, true);
  await insertVersion(tx, {
    subjectId: subject.id,
    recordId: id,
    version: 1,
    action: 'create',
    actorId: user.id,
    actorLabel: user.name,
    at,
    changes: diffValues(subject, null, record.values),
    snapshot: record.values,
  });
  return { record, warnings };
}

const manyRelations = (subject: SubjectDef): FieldDef[] => subject.fields.filter((f) => f.type === 'relation' && !f.column);

/**
 * Applies validated `values` to the locked record `current`: writes the fields that changed and
 * the formulas that follow, version + 1, updated stamps, and a history row of `action` (naming
 * the import batch `batchId` when an import's undo writes it).
 * The subject's rules then check the record as written (checkRecordRules).
 * @returns the record after, the field changes and the failing warning rules; null when nothing
 *   changed (nothing written, no rule checked).
 * @throws HttpError 400 VALIDATION_FAILED when a blocking rule fails (the caller's transaction rolls back).
 */
export async function applyChange(
  tx: Executor,
  subject: SubjectDef,
  current: RecordItem,
  values: NormalizedValues,
  action: 'update' | 'restore',
  user: CurrentUser,
  batchId: string | null = null,
): Promise<{ after: RecordItem; changes: RecordVersion['changes']; warnings: RecordRuleWarning[] } | null> {
  const changed: Record<string, FieldValue> = {};
  for (const [k, v] of Object.entries(values)) if (!sameValue(current.values[k] as FieldValue, v)) changed[k] = v;
  if (Object.keys(changed).length === 0) return null;
  await checkRecordGuards(tx, subject, current, action);
  const at = new Date();
  const iso = at.toISOString();
  const merged: Record<string, FieldValue> = {
    ...(current.values as Record<string, FieldValue>),
    ...changed,
    ...systemValues(subject, { createdAt: current.createdAt, createdBy: current.createdBy, updatedAt: iso, updatedBy: user.id }),
  };
  for (const [k, v] of Object.entries(computeFormulas(subject, merged))) {
    if (!sameValue(current.values[k] as FieldValue, v)) changed[k] = v;
  }
  const version = current.version + 1;
  await updateRecordRow(tx, subject, current.id, { version, at, actorId: user.id, values: changed });
  for (const f of manyRelations(subject)) if (f.key in changed) await replaceLinks(tx, f, current.id, changed[f.key] as string[] | null);
  const after = (await findRecord(tx, subject, current.id))!;
  const warnings = await checkRecordRules(tx, subject, current.id, after.values, false);
  const changes = diffValues(subject, current.values, after.values);
  await insertVersion(tx, {
    subjectId: subject.id,
    recordId: current.id,
    version,
    action,
    actorId: user.id,
    actorLabel: user.name,
    at,
    changes,
    snapshot: after.values,
    batchId,
  });
  return { after, changes, warnings };
}

/** The record `id`, locked, and checked against the editor's `version`. @throws 404; 409 STALE_VERSION. */
async function lockCurrent(tx: Executor, subject: SubjectDef, id: string, version: number): Promise<RecordItem> {
  const current = await findRecord(tx, subject, id, true);
  if (!current) throw recordNotFound();
  if (current.version !== version) throw await staleError(tx, current, version);
  return current;
}

/** Field changes between two value maps (exported for imports, which diff before writing). */
export const diffRecordValues = diffValues;

/** Before/after of the changed fields, for the audit entry. */
const auditChange = (changes: RecordVersion['changes']) => ({
  before: Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.before])),
  after: Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.after])),
});

/**
 * PATCH …/records/:id: updates the fields of `input.values` when `input.version` is the record's
 * version. A change → version + 1, history row 'update', audit `record.update`; no change → the
 * record as it is, `changed: false`.
 * @throws 409 STALE_VERSION (conflict StaleConflict; nothing written); 400 naming `values.<key>`;
 *   409 VALUE_TAKEN; 404; 403.
 */
export async function updateRecord(
  db: Database,
  actor: RecordActor,
  slug: string,
  key: string,
  id: string,
  input: RecordUpdate,
): Promise<WriteResult<RecordDetail>> {
  const { app, subject } = await requireSubject(db, actor.user, slug, key, 'write', actor.cache);
  return guarded(subject, () =>
    db.transaction(async (tx) => {
      const current = await lockCurrent(tx, subject, id, input.version);
      const form = input.formId ? await formWriteRules(tx, subject, input.formId, input.values, current.values) : undefined;
      const values = await validateValues({ db: tx, applicationId: app.id, recordIds: [id], cache: actor.cache }, subject, form?.given ?? input.values, 'update');
      form?.checkRequired(values);
      const result = await applyChange(tx, subject, current, values, 'update', actor.user);
      if (!result) return { data: await detailOf(tx, subject, current, actor.cache), changed: false };
      await actor.audit.record(tx, {
        action: 'record.update',
        targetType: 'record',
        targetId: id,
        ...auditChange(result.changes),
        details: auditDetails(slug, subject, { version: result.after.version }),
      });
      return { data: await detailOf(tx, subject, result.after, actor.cache, result.warnings), changed: true };
    }),
  );
}

/** Soft-deletes the locked record `current` (version + 1, history 'delete', recycle bin entry). */
async function softDelete(tx: Executor, subject: SubjectDef, slug: string, current: RecordItem, user: CurrentUser): Promise<void> {
  await checkRecordGuards(tx, subject, current, 'delete');
  const at = new Date();
  const version = current.version + 1;
  await updateRecordRow(tx, subject, current.id, { version, at, actorId: user.id, values: {}, deleted: true });
  await insertVersion(tx, {
    subjectId: subject.id,
    recordId: current.id,
    version,
    action: 'delete',
    actorId: user.id,
    actorLabel: user.name,
    at,
    changes: {},
    snapshot: current.values,
  });
  await moveToRecycleBin(tx, {
    type: 'record',
    id: current.id,
    label: await recordLabel(tx, subject, current.id),
    actorId: user.id,
    actorLabel: user.email,
    details: { application: slug, subject: subject.key, subjectId: subject.id, subjectName: subject.name },
  });
}

/** DELETE …/records/:id: to the recycle bin; audited `record.delete`. @throws 404; 403. */
export async function deleteRecord(db: Database, actor: RecordActor, slug: string, key: string, id: string): Promise<void> {
  const { subject } = await requireSubject(db, actor.user, slug, key, 'write', actor.cache);
  await db.transaction(async (tx) => {
    const current = await findRecord(tx, subject, id, true);
    if (!current) throw recordNotFound();
    await softDelete(tx, subject, slug, current, actor.user);
    await actor.audit.record(tx, {
      action: 'record.delete',
      targetType: 'record',
      targetId: id,
      before: current.values,
      details: auditDetails(slug, subject),
    });
  });
}

/** The live records `ids` (de-duplicated), locked. @throws 404 naming `ids` when one is missing. */
async function lockAll(tx: Executor, subject: SubjectDef, ids: readonly string[]): Promise<RecordItem[]> {
  const unique = [...new Set(ids)];
  const found = await findRecords(tx, subject, unique, true);
  if (found.length !== unique.length) throw notFound('errors.record.notFoundIds', [{ field: 'ids', messageKey: 'errors.record.notFoundIds' }]);
  return found;
}

/**
 * POST …/records/bulk-update: the same values on every record of `ids`, all or nothing: every
 * record must exist (404 naming `ids`), the values are validated once (400 naming `values.<key>`;
 * a unique field cannot take one value on several records: 409 VALUE_TAKEN). One version per
 * changed record; one audit entry `record.bulk_update` with the count.
 * @returns how many records changed (`changed: false` when none).
 */
export async function bulkUpdateRecords(
  db: Database,
  actor: RecordActor,
  slug: string,
  key: string,
  input: RecordBulkUpdate,
): Promise<WriteResult<{ count: number }>> {
  const { app, subject } = await requireSubject(db, actor.user, slug, key, 'write', actor.cache);
  return guarded(subject, () =>
    db.transaction(async (tx) => {
      const records = await lockAll(tx, subject, input.ids);
      const values = await validateValues(
        { db: tx, applicationId: app.id, recordIds: records.map((r) => r.id), cache: actor.cache },
        subject,
        input.values,
        'update',
      );
      let count = 0;
      for (const current of records) if (await applyChange(tx, subject, current, values, 'update', actor.user)) count += 1;
      if (count === 0) return { data: { count }, changed: false };
      await actor.audit.record(tx, {
        action: 'record.bulk_update',
        targetType: 'subject',
        targetId: subject.id,
        after: values,
        details: auditDetails(slug, subject, { count, ids: records.map((r) => r.id) }),
      });
      return { data: { count }, changed: true };
    }),
  );
}

/**
 * POST …/records/bulk-delete: every record of `ids` to the recycle bin, all or nothing (404 naming
 * `ids` when one is missing); one audit entry `record.bulk_delete` with the count.
 */
export async function bulkDeleteRecords(db: Database, actor: RecordActor, slug: string, key: string, input: RecordBulkDelete): Promise<{ count: number }> {
  const { subject } = await requireSubject(db, actor.user, slug, key, 'write', actor.cache);
  return db.transaction(async (tx) => {
    const records = await lockAll(tx, subject, input.ids);
    for (const current of records) await softDelete(tx, subject, slug, current, actor.user);
    await actor.audit.record(tx, {
      action: 'record.bulk_delete',
      targetType: 'subject',
      targetId: subject.id,
      details: auditDetails(slug, subject, { count: records.length, ids: records.map((r) => r.id) }),
    });
    return { count: records.length };
  });
}

/** GET …/records/:id/versions: the record's versions, newest first, one page. @throws 404. */
export async function listRecordVersions(
  db: Database,
  user: CurrentUser,
  slug: string,
  key: string,
  id: string,
  query: { current: number; pageSize: number },
  cache?: ReadCache,
): Promise<{ items: RecordVersion[]; total: number }> {
  const { subject } = await requireSubject(db, user, slug, key, 'read', cache);
  if (!(await findRecord(db, subject, id))) throw recordNotFound();
  const { rows, total } = await listVersionRows(db, id, query.pageSize, (query.current - 1) * query.pageSize);
  return { items: rows.map(toRecordVersion), total };
}

/**
 * POST …/records/:id/versions/:version/restore: the values of version `version` (its snapshot) as
 * a new version (action 'restore'), when `current` is the record's version. Only fields that still
 * exist and are written by people are restored (computed ones are recomputed); fields added after
 * that version keep their value. The values pass `validateValues` like any update (a value the
 * field no longer accepts is a 400 naming it). Audited `record.restore_version`.
 * @throws 404 (record, or errors.record.versionNotFound); 409 STALE_VERSION; 400; 409 VALUE_TAKEN.
 */
export async function restoreRecordVersion(
  db: Database,
  actor: RecordActor,
  slug: string,
  key: string,
  id: string,
  version: number,
  current: number,
): Promise<WriteResult<RecordDetail>> {
  const { app, subject } = await requireSubject(db, actor.user, slug, key, 'write', actor.cache);
  return guarded(subject, () =>
    db.transaction(async (tx) => {
      const record = await lockCurrent(tx, subject, id, current);
      const old = await findVersion(tx, id, version);
      if (!old) throw notFound('errors.record.versionNotFound');
      const snapshot = (old.snapshot ?? {}) as Record<string, unknown>;
      const raw: Record<string, unknown> = {};
      for (const f of subject.fields) if (!isComputed(f.type) && f.key in snapshot) raw[f.key] = snapshot[f.key];
      const values = await validateValues({ db: tx, applicationId: app.id, recordIds: [id], cache: actor.cache }, subject, raw, 'update');
      const result = await applyChange(tx, subject, record, values, 'restore', actor.user);
      if (!result) return { data: await detailOf(tx, subject, record, actor.cache), changed: false };
      await actor.audit.record(tx, {
        action: 'record.restore_version',
        targetType: 'record',
        targetId: id,
        ...auditChange(result.changes),
        details: auditDetails(slug, subject, { restored: version, version: result.after.version }),
      });
      return { data: await detailOf(tx, subject, result.after, actor.cache, result.warnings), changed: true };
    }),
  );
}

/**
 * GET /api/v1/records/:id: where a record lives (application, subject), for administrators and
 * members of its application. The subject is found through the record's history.
 * @throws 404 errors.recordNotFound (unknown, deleted, or its subject/application gone); 403 errors.notMember.
 */
export async function locateRecord(db: Database, user: CurrentUser, id: string, cache?: ReadCache): Promise<RecordLocation> {
  const subjectId = await subjectIdOfRecord(db, id);
  const subject = subjectId ? await loadSubjectDef(db, { id: subjectId }, cache) : undefined;
  if (!subject) throw recordNotFound();
  const [appRow] = await db.select().from(applications).where(eq(applications.id, subject.applicationId)).limit(1);
  if (!appRow) throw recordNotFound();
  await requireOpenableApplication(db, user, appRow.slug);
  if (!(await findRecord(db, subject, id))) throw recordNotFound();
  return {
    application: appRow.slug,
    applicationName: appRow.name,
    subject: subject.key,
    subjectId: subject.id,
    subjectName: subject.name,
    recordId: id,
  };
}

/**
 * Recomputes formula `field` (as defined now, in `subject`) for every record of the subject, live
 * and deleted, in batches of `batchSize` by id, writing only the values that change. No version or
 * audit entry per record: the caller (a formula change in the subjects module) audits its own change.
 * @returns how many records changed.
 */
export async function recomputeFormulaField(tx: Executor, subject: SubjectDef, field: FieldDef, batchSize = 500): Promise<number> {
  if (field.type !== 'formula' || !field.column) return 0;
  let last: string | null = null;
  let changed = 0;
  const pace = formulaPacer();
  for (;;) {
    const rows = await selectRecordRows(tx, subject, {
      where: last ? sql`${columnOf('r', 'id')} > ${last}::uuid` : sql`true`,
      orderBy: sql`${columnOf('r', 'id')}`,
      limit: batchSize,
    });
    if (rows.length === 0) break;
    for (const item of await rowsToItems(tx, subject, rows)) {
      const value = evaluateFormulaField(field, item.values as Record<string, FieldValue>);
      await pace();
      if (sameValue(item.values[field.key] as FieldValue, value)) continue;
      await tx.execute(sql`update ${tableOf(subject)} set ${sql.raw(ident(field.column))} = ${sqlValue(field, value)} where id = ${item.id}::uuid`);
      changed += 1;
    }
    last = rows[rows.length - 1].id;
    if (rows.length < batchSize) break;
  }
  return changed;
}
