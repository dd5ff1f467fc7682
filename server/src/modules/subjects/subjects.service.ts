/**
 * Subjects (docs/product.md "Data core"): entity types of an application,
 * each a real table with one typed column per field (README.md "Storage"). Members read them; the
 * application's owners and administrators create, change and delete them (to the recycle bin).
 * Administrators also list and open every application's subjects (`/admin/subject`).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  DISPLAY_FIELD_TYPES,
  type CurrentUser,
  type Subject,
  type SubjectDetail,
  type SubjectListQuery,
  type SubjectUpdate,
  type subjectCreateSchema,
} from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { ReadCache } from '../../lib/read-cache';
import { requireOpenableApplication } from '../applications/applications.service';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { createSubjectTable, tableNameOf } from './ddl';
import { checkFieldDraft, invalid, type FieldDraft } from './field-rules';
import { draftOf, fieldSummary, insertFieldWithColumn, manageSubject, toField } from './fields.service';
import {
  findSubjectListRow,
  insertSubject,
  isLiveSubjectOf,
  listSubjects as listSubjectRows,
  markSubjectDeleted,
  recordCounts,
  relationsInto,
  subjectKeyInUse,
  updateSubjectRow,
  type SubjectListRow,
} from './subjects.repository';
import { allows, keyTaken, loadSubjectDef, requireSubject, type SubjectDef } from './subject-def';

/** A parsed POST …/subjects body. */
export type SubjectCreateInput = z.infer<typeof subjectCreateSchema>;

/** A list row as contracts' `Subject`. */
function toSubject(r: SubjectListRow, recordCount: number): Subject {
  return {
    id: r.subject.id,
    applicationId: r.subject.applicationId,
    application: r.applicationSlug,
    applicationName: r.applicationName,
    key: r.subject.key,
    name: r.subject.name,
    icon: r.subject.icon,
    description: r.subject.description,
    displayField: r.displayFieldKey,
    fieldCount: r.fieldCount,
    recordCount,
    ...(r.subject.model ? { model: r.subject.model } : {}),
    createdAt: r.subject.createdAt.toISOString(),
    updatedAt: r.subject.updatedAt.toISOString(),
  };
}

async function withCounts(db: Executor, rows: SubjectListRow[]): Promise<Subject[]> {
  const counts = await recordCounts(
    db,
    rows.map((r) => ({ id: r.subject.id, tableName: r.subject.tableName })),
  );
  return rows.map((r) => toSubject(r, counts.get(r.subject.id) ?? 0));
}

/** A definition (and its application's slug and name) as contracts' `SubjectDetail`. */
async function detailOf(db: Executor, def: SubjectDef, application: { slug: string; name: string }): Promise<SubjectDetail> {
  const counts = await recordCounts(db, [{ id: def.id, tableName: def.tableName }]);
  const display = def.fields.find((f) => f.id === def.displayFieldId);
  return {
    id: def.id,
    applicationId: def.applicationId,
    application: application.slug,
    applicationName: application.name,
    key: def.key,
    name: def.name,
    icon: def.icon,
    description: def.description,
    displayField: display?.key ?? null,
    fieldCount: def.fields.length,
    recordCount: counts.get(def.id) ?? 0,
    ...(def.model ? { model: def.model } : {}),
    createdAt: def.createdAt.toISOString(),
    updatedAt: def.updatedAt.toISOString(),
    fields: def.fields.map(toField),
  };
}

/**
 * GET /applications/:slug/subjects: one page of the application's live subjects (by name; `q` on
 * key or name) with field and record counts (exact up to 10,000, estimated beyond).
 * @throws HttpError 404 unknown application; 403 not a member.
 */
export async function listApplicationSubjects(
  db: Database,
  user: CurrentUser,
  slug: string,
  query: SubjectListQuery,
): Promise<{ items: Subject[]; total: number }> {
  const { app } = await requireOpenableApplication(db, user, slug);
  const { rows, total } = await listSubjectRows(db, {
    applicationId: app.id,
    pattern: likePattern(query.q),
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: await withCounts(db, rows), total };
}

/** GET /subjects (administrators): every application's live subjects, `application` = a slug filter. */
export async function listAllSubjects(db: Database, query: SubjectListQuery): Promise<{ items: Subject[]; total: number }> {
  const { rows, total } = await listSubjectRows(db, {
    applicationSlug: query.application,
    pattern: likePattern(query.q),
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: await withCounts(db, rows), total };
}

/** GET /applications/:slug/subjects/:key: the subject with its fields in order (members). @throws 404; 403. */
export async function getSubject(
  db: Database,
  user: CurrentUser,
  slug: string,
  key: string,
  cache?: ReadCache,
): Promise<SubjectDetail> {
  const { app, subject } = await requireSubject(db, user, slug, key, 'read', cache);
  return detailOf(db, subject, app);
}

/** GET /subjects/:id (administrators): the subject with its fields, by id. @throws 404. */
export async function getSubjectById(db: Database, id: string, cache?: ReadCache): Promise<SubjectDetail> {
  const def = await loadSubjectDef(db, { id }, cache);
  const row = def ? await findSubjectListRow(db, id) : undefined;
  if (!def || !row) throw notFound('errors.subjectNotFound');
  return detailOf(db, def, { slug: row.applicationSlug, name: row.applicationName });
}

/** The id of the display field `key` among `fields`, or a 400 naming 'displayField'. */
function displayFieldIdOf(fields: readonly { id: string; key: string; type: string }[], key: string): string {
  const f = fields.find((x) => x.key === key);
  if (!f || !(DISPLAY_FIELD_TYPES as readonly string[]).includes(f.type))
    throw invalid('displayField', 'errors.subject.displayField');
  return f.id;
}

/**
 * POST /applications/:slug/subjects (owners and administrators): the subject's row, its table and
 * each field's column and indexes, in ONE transaction; audited `subject.create`.
 * @throws HttpError 400 naming the input at fault (`fields.N.…` for a field, 'displayField');
 *   404 application; 403; 409 KEY_TAKEN naming 'key' when a live subject of the application has it.
 */
export async function createSubject(
  db: Database,
  user: CurrentUser,
  slug: string,
  input: SubjectCreateInput,
  audit: AuditWriter,
): Promise<SubjectDetail> {
  try {
    return await db.transaction(async (tx) => {
      const { app, role } = await requireOpenableApplication(tx, user, slug);
      if (!allows(user, role, 'manage')) throw forbidden();
      if (await subjectKeyInUse(tx, app.id, input.key)) throw keyTaken('key');
      const keys = input.fields.map((f) => f.key);
      keys.forEach((k, i) => {
        if (keys.indexOf(k) !== i) throw invalid(`fields.${i}.key`, 'errors.field.keyDuplicate', { key: k });
      });
      const drafts: FieldDraft[] = [];
      for (const [i, f] of input.fields.entries()) {
        const others = input.fields.filter((_, j) => j !== i).map((o) => ({ key: o.key, type: o.type, options: o.options }));
        drafts.push(
          await checkFieldDraft(
            { others, isSubjectOfApplication: (id) => isLiveSubjectOf(tx, app.id, id), prefix: `fields.${i}.` },
            draftOf(f),
          ),
        );
      }
      if (input.displayField)
        displayFieldIdOf(
          drafts.map((d, i) => ({ id: String(i), key: d.key, type: d.type })),
          input.displayField,
        );

      const id = randomUUID();
      const tableName = tableNameOf(id);
      await insertSubject(tx, {
        id,
        applicationId: app.id,
        key: input.key,
        name: input.name,
        icon: input.icon ? input.icon : null,
        description: input.description ? input.description : null,
        tableName,
        createdBy: user.id,
      });
      await createSubjectTable(tx, tableName);
      const made = [];
      for (const [i, d] of drafts.entries()) made.push(await insertFieldWithColumn(tx, { id, tableName }, d, i, true));
      if (input.displayField) await updateSubjectRow(tx, id, { displayFieldId: displayFieldIdOf(made, input.displayField) });
      const def = (await loadSubjectDef(tx, { id }))!;
      await audit.record(tx, {
        action: 'subject.create',
        targetType: 'subject',
        targetId: id,
        after: {
          application: app.slug,
          key: def.key,
          name: def.name,
          icon: def.icon,
          description: def.description,
          displayField: input.displayField ?? null,
          fields: def.fields.map(fieldSummary),
        },
      });
      return detailOf(tx, def, app);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw keyTaken('key');
    throw err;
  }
}

/**
 * PATCH /applications/:slug/subjects/:key (owners and administrators): name, icon, description,
 * display field (a field key of a DISPLAY_FIELD_TYPES type, or null); audited `subject.update`.
 * @throws HttpError 400 naming 'displayField'; 404; 403.
 */
export async function updateSubject(
  db: Database,
  user: CurrentUser,
  slug: string,
  key: string,
  input: SubjectUpdate,
  audit: AuditWriter,
): Promise<SubjectDetail> {
  return db.transaction(async (tx) => {
    const { app, def } = await manageSubject(tx, user, slug, key);
    const displayFieldId =
      input.displayField === undefined
        ? undefined
        : input.displayField === null
          ? null
          : displayFieldIdOf(def.fields, input.displayField);
    const summary = (d: SubjectDef) => ({
      name: d.name,
      icon: d.icon,
      description: d.description,
      displayField: d.fields.find((f) => f.id === d.displayFieldId)?.key ?? null,
    });
    const changes = {
      name: input.name,
      icon: input.icon === undefined ? undefined : input.icon || null,
      description: input.description === undefined ? undefined : input.description || null,
      displayFieldId,
    };
    if (changedKeys(def, changes).length === 0) {
      audit.unchanged();
      return detailOf(tx, def, app);
    }
    await updateSubjectRow(tx, def.id, changes);
    const after = (await loadSubjectDef(tx, { id: def.id }))!;
    await audit.record(tx, {
      action: 'subject.update',
      targetType: 'subject',
      targetId: def.id,
      before: summary(def),
      after: summary(after),
    });
    return detailOf(tx, after, app);
  });
}

/**
 * DELETE /applications/:slug/subjects/:key (owners and administrators): to the recycle bin (type
 * 'subject'; the table and its records stay until the bin purges it); audited `subject.delete`.
 * @throws HttpError 404; 403; 409 CONFLICT (errors.subject.inUse naming them) while relation fields
 *   of other live subjects point to it.
 */
export async function deleteSubject(
  db: Database,
  user: CurrentUser,
  slug: string,
  key: string,
  audit: AuditWriter,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { app, def } = await manageSubject(tx, user, slug, key);
    if (def.model) throw new HttpError(409, 'SUBJECT_LOCKED', 'errors.subject.model', undefined, { params: { model: def.model } });
    const inUse = await relationsInto(tx, def.id);
    if (inUse.length > 0)
      throw new HttpError(409, 'CONFLICT', 'errors.subject.inUse', undefined, { params: { names: inUse.join(', ') } });
    const counts = await recordCounts(tx, [{ id: def.id, tableName: def.tableName }]);
    await markSubjectDeleted(tx, def.id, user.id, true);
    await moveToRecycleBin(tx, {
      type: 'subject',
      id: def.id,
      label: `${app.name} · ${def.name}`,
      actorId: user.id,
      actorLabel: user.email,
      details: { application: app.slug, key: def.key, fields: def.fields.length, records: counts.get(def.id) ?? 0 },
    });
    await audit.record(tx, {
      action: 'subject.delete',
      targetType: 'subject',
      targetId: def.id,
      before: { application: app.slug, key: def.key, name: def.name, fields: def.fields.map((f) => f.key) },
    });
  });
}
