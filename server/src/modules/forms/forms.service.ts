/**
 * Dynamic forms (contracts/forms.ts): CRUD of designed forms of a subject
 * and its default form. Access: reading needs membership of the form's application (or being an
 * administrator); creating, changing and deleting need its owner or an administrator
 * (subject-def.ts `manage`). A layout is checked against the subject's live fields before it is
 * saved (unknown or computed placed field, condition on an unknown field, a default value the
 * field refuses → 400 naming `layout.sections.<i>.fields.<j>.…`). At most one default form per
 * subject: making one the default clears the mark of the others in the same transaction (a
 * partial unique index is the final guard). Deleting goes to the recycle bin (type 'form');
 * create/update/delete are audited `form.*`.
 */
import type { CurrentUser, DynamicForm, DynamicFormCreate, DynamicFormListQuery, DynamicFormUpdate, FormLayout } from '../../../../contracts';
import { formLayoutSchema, layoutFieldRefs } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { HttpError, notFound, type FieldErrorKey } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import type { ReadCache } from '../../lib/read-cache';
import { requireOpenableApplication } from '../applications/applications.service';
import { changedKeys, type AuditWriter } from '../../core/audit.writer';
import { isComputed, normalizeValue, ValueError } from '../subjects/values';
import { moveToRecycleBin } from '../../core/recycle.registry';
import { requireSubject, type SubjectDef } from '../subjects/subject-def';
import {
  clearDefault,
  findDefaultForm,
  findForm,
  insertForm,
  listForms as listRows,
  lockForm,
  markFormDeleted,
  updateForm as updateRow,
  type FormWithSubject,
} from './forms.repository';

export const formNotFound = () => notFound('errors.form.notFound');

/** A row as contracts' DynamicForm (the layout read back through the schema: defaults filled). */
export function toDynamicForm(r: FormWithSubject): DynamicForm {
  return {
    id: r.form.id,
    subjectId: r.form.subjectId,
    subjectKey: r.subjectKey,
    subjectName: r.subjectName,
    application: r.application,
    name: r.form.name,
    description: r.form.description,
    isDefault: r.form.isDefault,
    layout: formLayoutSchema.parse(r.form.layout),
    createdBy: r.form.createdBy,
    createdAt: r.form.createdAt.toISOString(),
    updatedAt: r.form.updatedAt.toISOString(),
  };
}

/** The layout of a new form left without one: one untitled section with every writable field in order. */
export function defaultLayout(subject: SubjectDef): FormLayout {
  return { sections: [{ title: '', fields: subject.fields.filter((f) => !isComputed(f.type)).map((f) => ({ key: f.key })) }] };
}

/**
 * Checks `layout` against `subject`'s live fields: every placed field exists and is writable, every
 * condition names a field of the subject, every default value is a value of its field.
 * @throws HttpError 400 VALIDATION_FAILED, one detail per problem, named `layout.<path>` with `{key}`.
 */
export function checkLayout(subject: SubjectDef, layout: FormLayout): void {
  const byKey = new Map(subject.fields.map((f) => [f.key, f]));
  const issues: FieldErrorKey[] = [];
  for (const ref of layoutFieldRefs(layout)) {
    const field = byKey.get(ref.key);
    const name = ['layout', ...ref.path].join('.');
    if (!field) issues.push({ field: name, messageKey: 'errors.form.unknownField', params: { key: ref.key } });
    else if (ref.path.at(-1) === 'key' && isComputed(field.type)) issues.push({ field: name, messageKey: 'errors.form.computedField', params: { key: ref.key } });
  }
  layout.sections.forEach((s, si) =>
    s.fields.forEach((f, fi) => {
      const field = byKey.get(f.key);
      if (!field || isComputed(field.type) || f.defaultValue === undefined || f.defaultValue === null) return;
      try {
        normalizeValue(field, f.defaultValue);
      } catch (e) {
        if (!(e instanceof ValueError)) throw e;
        issues.push({ field: `layout.sections.${si}.fields.${fi}.defaultValue`, messageKey: e.messageKey, ...(e.params ? { params: e.params } : {}) });
      }
    }),
  );
  if (issues.length > 0) throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', issues);
}

/** One page of the forms `user` may read (administrators: all; others: their applications'), most recently changed first. */
export async function listForms(db: Executor, user: CurrentUser, query: DynamicFormListQuery): Promise<{ items: DynamicForm[]; total: number }> {
  const { rows, total } = await listRows(db, {
    pattern: likePattern(query.q),
    application: query.application,
    subjectId: query.subjectId,
    memberOf: user.isAdmin ? undefined : user.id,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toDynamicForm), total };
}

/** The form `id` and its subject, if `user` may `need` it. @throws 404 errors.form.notFound; 403. */
async function requireForm(db: Executor, user: CurrentUser, id: string, need: 'read' | 'manage', cache?: ReadCache) {
  const found = await findForm(db, id);
  if (!found) throw formNotFound();
  if (need === 'read') await requireOpenableApplication(db, user, found.application);
  const { subject } = await requireSubject(db, user, found.application, found.subjectKey, need, cache);
  return { found, subject };
}

/** GET /forms/:id: the form, for a member of its application. @throws 404; 403 errors.notMember. */
export async function getForm(db: Executor, user: CurrentUser, id: string, cache?: ReadCache): Promise<DynamicForm> {
  return toDynamicForm((await requireForm(db, user, id, 'read', cache)).found);
}

/** The default form of subject `key` of application `slug`, or null; for members. @throws 404/403 from requireSubject. */
export async function getDefaultForm(db: Executor, user: CurrentUser, slug: string, key: string, cache?: ReadCache): Promise<DynamicForm | null> {
  const { subject } = await requireSubject(db, user, slug, key, 'read', cache);
  const found = await findDefaultForm(db, subject.id);
  return found ? toDynamicForm(found) : null;
}

/** What the audit keeps of a form. */
const auditView = (r: FormWithSubject) => ({ name: r.form.name, description: r.form.description, isDefault: r.form.isDefault, layout: r.form.layout });

/**
 * A system model's default form (modules/engagements model-defaults.ts) of `subject`, written in the
 * caller's transaction: checked like any layout, marked the subject's default unless the subject
 * already has one (an owner's own default stays). The model remembers which it made, so a form its
 * owner deleted is not made again. @returns the form's id. @throws HttpError 400 naming `layout.*`.
 */
export async function insertDefaultForm(
  tx: Executor,
  subject: SubjectDef,
  input: { name: string; description: string; layout: FormLayout },
  createdBy: string,
): Promise<string> {
  checkLayout(subject, input.layout);
  const taken = await findDefaultForm(tx, subject.id);
  return insertForm(tx, { subjectId: subject.id, name: input.name, description: input.description || null, isDefault: !taken, layout: input.layout, createdBy });
}

/**
 * POST /forms: a form of `input.subjectKey` (owner or administrator), audited `form.create`.
 * @throws 400 naming `layout.*`; 404 application/subject; 403.
 */
export async function createForm(db: Database, user: CurrentUser, input: DynamicFormCreate, audit: AuditWriter, cache?: ReadCache): Promise<DynamicForm> {
  const { subject } = await requireSubject(db, user, input.application, input.subjectKey, 'manage', cache);
  const layout = input.layout ?? defaultLayout(subject);
  checkLayout(subject, layout);
  return db.transaction(async (tx) => {
    if (input.isDefault) await clearDefault(tx, subject.id);
    const id = await insertForm(tx, {
      subjectId: subject.id,
      name: input.name,
      description: input.description || null,
      isDefault: input.isDefault ?? false,
      layout,
      createdBy: user.id,
    });
    const created = (await findForm(tx, id))!;
    await audit.record(tx, {
      action: 'form.create',
      targetType: 'form',
      targetId: id,
      after: auditView(created),
      details: { application: input.application, subject: subject.key },
    });
    return toDynamicForm(created);
  });
}

/**
 * PATCH /forms/:id (owner or administrator): name, description, layout and/or `isDefault`
 * (true clears the subject's other default), audited `form.update`. @throws 404; 403; 400 `layout.*`.
 */
export async function updateForm(
  db: Database,
  user: CurrentUser,
  id: string,
  input: DynamicFormUpdate,
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<DynamicForm> {
  const { subject } = await requireForm(db, user, id, 'manage', cache);
  if (input.layout) checkLayout(subject, input.layout);
  return db.transaction(async (tx) => {
    const before = await findForm(tx, id);
    if (!before || !(await lockForm(tx, id))) throw formNotFound();
    const changes = {
      name: input.name,
      description: input.description === undefined ? undefined : input.description || null,
      isDefault: input.isDefault,
      layout: input.layout,
    };
    if (changedKeys(before.form, changes).length === 0) {
      audit.unchanged();
      return toDynamicForm(before);
    }
    if (input.isDefault) await clearDefault(tx, subject.id, id);
    await updateRow(tx, id, changes);
    const after = (await findForm(tx, id))!;
    await audit.record(tx, {
      action: 'form.update',
      targetType: 'form',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
      details: { application: after.application, subject: after.subjectKey },
    });
    return toDynamicForm(after);
  });
}

/** DELETE /forms/:id (owner or administrator): to the recycle bin, audited `form.delete`. @throws 404; 403. */
export async function deleteForm(db: Database, user: CurrentUser, id: string, audit: AuditWriter, cache?: ReadCache): Promise<void> {
  await requireForm(db, user, id, 'manage', cache);
  await db.transaction(async (tx) => {
    const found = await findForm(tx, id);
    if (!found || !(await lockForm(tx, id))) throw formNotFound();
    await markFormDeleted(tx, id, user.id, true);
    await moveToRecycleBin(tx, {
      type: 'form',
      id,
      label: found.form.name,
      actorId: user.id,
      actorLabel: user.email,
      details: { application: found.application, subject: found.subjectName },
    });
    await audit.record(tx, {
      action: 'form.delete',
      targetType: 'form',
      targetId: id,
      before: auditView(found),
      details: { application: found.application, subject: found.subjectKey },
    });
  });
}
