/**
 * SQL of dynamic forms (docs/code-style.md "Server in layers": SQL lives in the repository). Reads leave out deleted forms and
 * the forms of a subject or application in the recycle bin (they come back with it).
 */
import { and, count, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, dynamicForms, subjects, type DynamicFormRow } from '../../db/schema';
import { effectiveRoleSql } from '../../core/effective-role';

/** A form with its subject's key and name and its application's slug. */
export interface FormWithSubject {
  form: DynamicFormRow;
  subjectKey: string;
  subjectName: string;
  application: string;
}

const selection = { form: dynamicForms, subjectKey: subjects.key, subjectName: subjects.name, application: applications.slug };

const visible = and(isNull(dynamicForms.deletedAt), isNull(subjects.deletedAt), isNull(applications.deletedAt));

/**
 * One page of live forms, most recently changed first; `pattern` ILIKE on the name, `application`
 * (slug) and `subjectId` exact; `memberOf` (a user id) keeps the applications that user belongs to.
 */
export async function listForms(
  db: Executor,
  opts: { pattern?: string; application?: string; subjectId?: string; memberOf?: string; limit: number; offset: number },
): Promise<{ rows: FormWithSubject[]; total: number }> {
  const where: SQL | undefined = and(
    visible,
    opts.pattern ? ilike(dynamicForms.name, opts.pattern) : undefined,
    opts.application ? eq(applications.slug, opts.application) : undefined,
    opts.subjectId ? eq(dynamicForms.subjectId, opts.subjectId) : undefined,
    opts.memberOf ? sql`${effectiveRoleSql(sql.raw('"applications"."id"'), sql`${opts.memberOf}::uuid`)} is not null` : undefined,
  );
  const base = () =>
    db
      .select(selection)
      .from(dynamicForms)
      .innerJoin(subjects, eq(subjects.id, dynamicForms.subjectId))
      .innerJoin(applications, eq(applications.id, subjects.applicationId))
      .where(where);
  const rows = await base().orderBy(desc(dynamicForms.updatedAt), desc(dynamicForms.id)).limit(opts.limit).offset(opts.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(dynamicForms)
    .innerJoin(subjects, eq(subjects.id, dynamicForms.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(where);
  return { rows, total: n };
}

/** The live form `id` (its subject and application live too), or undefined. */
export async function findForm(db: Executor, id: string): Promise<FormWithSubject | undefined> {
  const [row] = await db
    .select(selection)
    .from(dynamicForms)
    .innerJoin(subjects, eq(subjects.id, dynamicForms.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(and(eq(dynamicForms.id, id), visible))
    .limit(1);
  return row;
}

/** The live default form of subject `subjectId`, or undefined. */
export async function findDefaultForm(db: Executor, subjectId: string): Promise<FormWithSubject | undefined> {
  const [row] = await db
    .select(selection)
    .from(dynamicForms)
    .innerJoin(subjects, eq(subjects.id, dynamicForms.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(and(eq(dynamicForms.subjectId, subjectId), eq(dynamicForms.isDefault, true), visible))
    .limit(1);
  return row;
}

/** Locks form `id` until the transaction ends (deleted ones too when `withDeleted`). */
export async function lockForm(db: Executor, id: string, withDeleted = false): Promise<DynamicFormRow | undefined> {
  const [row] = await db
    .select()
    .from(dynamicForms)
    .where(and(eq(dynamicForms.id, id), withDeleted ? undefined : isNull(dynamicForms.deletedAt)))
    .for('update');
  return row;
}

/** Inserts a form. @returns its id. */
export async function insertForm(
  db: Executor,
  values: { subjectId: string; name: string; description: string | null; isDefault: boolean; layout: unknown; createdBy: string },
): Promise<string> {
  const [row] = await db.insert(dynamicForms).values(values).returning({ id: dynamicForms.id });
  return row.id;
}

/** Changes a form's name, description, default mark and/or layout. */
export async function updateForm(
  db: Executor,
  id: string,
  changes: { name?: string; description?: string | null; isDefault?: boolean; layout?: unknown },
): Promise<void> {
  await db.update(dynamicForms).set({ ...changes, updatedAt: new Date() }).where(eq(dynamicForms.id, id));
}

/**
 * Clears the default mark of every live form of `subjectId` but `exceptId`. @returns the ids cleared.
 * (The partial unique index dynamic_forms_one_default_idx is the final guard.)
 */
export async function clearDefault(db: Executor, subjectId: string, exceptId?: string): Promise<string[]> {
  const rows = await db
    .update(dynamicForms)
    .set({ isDefault: false })
    .where(
      and(
        eq(dynamicForms.subjectId, subjectId),
        eq(dynamicForms.isDefault, true),
        isNull(dynamicForms.deletedAt),
        exceptId ? ne(dynamicForms.id, exceptId) : undefined,
      ),
    )
    .returning({ id: dynamicForms.id });
  return rows.map((r) => r.id);
}

/** True when subject `subjectId` has a live default form other than `exceptId`. */
export async function hasOtherDefault(db: Executor, subjectId: string, exceptId: string): Promise<boolean> {
  const rows = await db
    .select({ id: dynamicForms.id })
    .from(dynamicForms)
    .where(and(eq(dynamicForms.subjectId, subjectId), eq(dynamicForms.isDefault, true), isNull(dynamicForms.deletedAt), ne(dynamicForms.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Sets or clears a form's soft-delete mark (restoring as non-default when `clearDefault`). */
export async function markFormDeleted(db: Executor, id: string, by: string | null, deleted: boolean, clearDefaultMark = false): Promise<void> {
  await db
    .update(dynamicForms)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null, ...(clearDefaultMark ? { isDefault: false } : {}) })
    .where(eq(dynamicForms.id, id));
}

/** Hard-deletes a form (purge). */
export async function purgeForm(db: Executor, id: string): Promise<void> {
  await db.delete(dynamicForms).where(eq(dynamicForms.id, id));
}
