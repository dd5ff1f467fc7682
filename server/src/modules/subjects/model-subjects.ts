/**
 * System models' subjects (docs/engagements.md "The model"): what a model (the audit domain,
 * modules/engagements) needs of the subject engine to make and upgrade its subjects inside the
 * caller's transaction: a subject tagged `subjects.model`, and fields marked locked (the model's)
 * or managed (set only by the model's actions). Everything goes through the engine's own checks
 * (field-rules.ts) and DDL (ddl.ts), so a model subject is a subject like any other; an owner's own
 * fields on it are never touched.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fields, subjects } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { createSubjectTable, tableNameOf } from './ddl';
import { checkFieldDraft, type FieldDraft } from './field-rules';
import { insertFieldWithColumn } from './fields.service';
import { loadSubjectDef, type SubjectDef } from './subject-def';
import { insertSubject, isLiveSubjectOf, subjectKeyInUse, updateSubjectRow } from './subjects.repository';

/** A model's subject: its tag, the key it is made with, its name and icon. */
export interface ModelSubjectSpec {
  model: string;
  key: string;
  name: string;
  icon: string;
  description: string;
}

/** A model's field: a draft (field-rules.ts) plus whether it is managed. Model fields are always locked. */
export interface ModelFieldSpec extends FieldDraft {
  managed: boolean;
}

/**
 * The live subject tagged `spec.model` of the application, made when missing (its key is
 * `spec.key`, or `spec.key_2`… when an owner's subject has it).
 * @returns its definition and whether it was made now.
 */
export async function ensureModelSubject(
  tx: Executor,
  applicationId: string,
  spec: ModelSubjectSpec,
  actorId: string,
): Promise<{ def: SubjectDef; created: boolean }> {
  const [found] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.applicationId, applicationId), eq(subjects.model, spec.model), isNull(subjects.deletedAt)))
    .limit(1);
  if (found) return { def: (await loadSubjectDef(tx, { id: found.id }))!, created: false };
  let key = spec.key;
  for (let n = 2; await subjectKeyInUse(tx, applicationId, key); n += 1) key = `${spec.key.slice(0, 36)}_${n}`;
  const id = randomUUID();
  const tableName = tableNameOf(id);
  await insertSubject(tx, { id, applicationId, key, name: spec.name, icon: spec.icon, description: spec.description, tableName, createdBy: actorId });
  await tx.update(subjects).set({ model: spec.model }).where(eq(subjects.id, id));
  await createSubjectTable(tx, tableName);
  return { def: (await loadSubjectDef(tx, { id }))!, created: true };
}

/**
 * Makes the model field `spec` on `def` when it has none of that key, or brings an existing one in
 * line: locks it, sets `managed`, and adds the select choices the model has and it lacks (never
 * removing one). An existing field of the key with another type is an owner's field in the way:
 * refused (409 FIELD_LOCKED naming the key), nothing changes.
 * @returns 'added' | 'updated' | 'kept'.
 */
export async function ensureModelField(tx: Executor, def: SubjectDef, spec: ModelFieldSpec, position: number): Promise<'added' | 'updated' | 'kept'> {
  const existing = def.fields.find((f) => f.key === spec.key);
  if (!existing) {
    const draft = await checkFieldDraft(
      { others: def.fields, isSubjectOfApplication: (id) => isLiveSubjectOf(tx, def.applicationId, id), prefix: `${def.key}.` },
      spec,
    );
    const made = await insertFieldWithColumn(tx, { id: def.id, tableName: def.tableName }, draft, position, true);
    await tx.update(fields).set({ locked: true, managed: spec.managed }).where(eq(fields.id, made.id));
    return 'added';
  }
  if (existing.type !== spec.type)
    throw new HttpError(409, 'FIELD_LOCKED', 'errors.field.locked', [{ field: `${def.key}.${spec.key}`, messageKey: 'errors.field.locked' }]);
  const changes: Partial<typeof fields.$inferInsert> = {};
  if (!existing.locked) changes.locked = true;
  if (existing.managed !== spec.managed) changes.managed = spec.managed;
  if (spec.options.choices) {
    const have = new Set((existing.options.choices ?? []).map((c) => c.label));
    const missing = spec.options.choices.filter((c) => !have.has(c.label));
    if (missing.length > 0) changes.options = { ...existing.options, choices: [...(existing.options.choices ?? []), ...missing] };
  }
  if (Object.keys(changes).length === 0) return 'kept';
  await tx
    .update(fields)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(fields.id, existing.id));
  return 'updated';
}

/** Sets the display field of a model subject to its field `key` when it has none. */
export async function ensureDisplayField(tx: Executor, def: SubjectDef, key: string): Promise<void> {
  if (def.displayFieldId) return;
  const field = def.fields.find((f) => f.key === key);
  if (field) await updateSubjectRow(tx, def.id, { displayFieldId: field.id });
}

/** The live subject tagged `model` of an application, or undefined. */
export async function findModelSubject(tx: Executor, applicationId: string, model: string): Promise<SubjectDef | undefined> {
  const [found] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.applicationId, applicationId), eq(subjects.model, model), isNull(subjects.deletedAt)))
    .limit(1);
  return found ? loadSubjectDef(tx, { id: found.id }) : undefined;
}
