/**
 * SQL of subjects and fields (docs/code-style.md "Server in layers": SQL lives in the repository). Reads leave out objects in
 * the recycle bin unless asked. The subjects' own record tables are touched through ddl.ts (schema)
 * and the SQL builders of value-sql.ts / type-change.ts (data).
 */
import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { RECORD_TOTAL_EXACT_LIMIT } from '../../../../contracts';
import { rowsOf, type Executor } from '../../db/client';
import { applications, fields, recycleBin, subjects, type FieldRow, type SubjectRow } from '../../db/schema';
import { ident } from './ddl';
import { liveRowsOfTable } from './live-rows';

/** A subject row with what lists show beside it. */
export interface SubjectListRow {
  subject: SubjectRow;
  applicationSlug: string;
  applicationName: string;
  fieldCount: number;
  displayFieldKey: string | null;
}

const fieldCountSql = sql<number>`(select count(*)::int from ${fields} fc where fc.subject_id = ${subjects.id} and fc.deleted_at is null)`;
const displayKeySql = sql<
  string | null
>`(select fd.key from ${fields} fd where fd.id = ${subjects.displayFieldId} and fd.deleted_at is null)`;

const listColumns = {
  subject: subjects,
  applicationSlug: applications.slug,
  applicationName: applications.name,
  fieldCount: fieldCountSql,
  displayFieldKey: displayKeySql,
};

/**
 * One page of live subjects (ordered by application slug, then name): of one application
 * (`applicationId`) or of all; `pattern` ILIKE on key or name; `applicationSlug` filters by slug.
 */
export async function listSubjects(
  db: Executor,
  opts: { applicationId?: string; applicationSlug?: string; pattern?: string; limit: number; offset: number },
): Promise<{ rows: SubjectListRow[]; total: number }> {
  const where: SQL | undefined = and(
    isNull(subjects.deletedAt),
    opts.applicationId ? eq(subjects.applicationId, opts.applicationId) : undefined,
    opts.applicationSlug ? eq(applications.slug, opts.applicationSlug) : undefined,
    opts.pattern ? or(ilike(subjects.key, opts.pattern), ilike(subjects.name, opts.pattern)) : undefined,
  );
  const rows = await db
    .select(listColumns)
    .from(subjects)
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(where)
    .orderBy(asc(applications.slug), asc(sql`lower(${subjects.name})`), asc(subjects.key))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db
    .select({ n: count() })
    .from(subjects)
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(where);
  return { rows, total: n };
}

/** The subject `id` with its list columns, or undefined (deleted ones too when `withDeleted`). */
export async function findSubjectListRow(db: Executor, id: string, withDeleted = false): Promise<SubjectListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(subjects)
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(and(eq(subjects.id, id), withDeleted ? undefined : isNull(subjects.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Locks a subject's row until the transaction ends: every schema change of a subject (its fields
 * included) takes this lock first, so two changes of one subject run one after the other.
 */
export async function lockSubject(db: Executor, id: string, withDeleted = false): Promise<SubjectRow | undefined> {
  const [row] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.id, id), withDeleted ? undefined : isNull(subjects.deletedAt)))
    .for('update');
  return row;
}

/** Inserts a subject row (its table is made by ddl.createSubjectTable). @throws 23505 on a live key clash. */
export async function insertSubject(
  db: Executor,
  values: {
    id: string;
    applicationId: string;
    key: string;
    name: string;
    icon: string | null;
    description: string | null;
    tableName: string;
    createdBy: string;
  },
): Promise<SubjectRow> {
  const [row] = await db.insert(subjects).values(values).returning();
  return row;
}

/** Changes a subject's name, icon, description or display field (and `updated_at`). */
export async function updateSubjectRow(
  db: Executor,
  id: string,
  changes: { name?: string; icon?: string | null; description?: string | null; displayFieldId?: string | null },
): Promise<SubjectRow> {
  const [row] = await db
    .update(subjects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(subjects.id, id))
    .returning();
  return row;
}

/** Moves `updated_at` of a subject (its fields changed). */
export async function touchSubject(db: Executor, id: string): Promise<void> {
  await db.update(subjects).set({ updatedAt: new Date() }).where(eq(subjects.id, id));
}

/** Sets or clears a subject's soft-delete mark. */
export async function markSubjectDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(subjects)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(subjects.id, id));
}

/** True when a live subject of the application other than `exceptId` has `key`. */
export async function subjectKeyInUse(db: Executor, applicationId: string, key: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      and(
        eq(subjects.applicationId, applicationId),
        eq(subjects.key, key),
        isNull(subjects.deletedAt),
        exceptId ? ne(subjects.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when `id` is a live subject of the application. */
export async function isLiveSubjectOf(db: Executor, applicationId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.id, id), eq(subjects.applicationId, applicationId), isNull(subjects.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** Deletes a subject's row for good (fields, versions, comments, links… go by cascade). */
export async function deleteSubjectRow(db: Executor, id: string): Promise<void> {
  await db.delete(subjects).where(eq(subjects.id, id));
}

/**
 * Live relation fields of OTHER live subjects whose target is `subjectId`, as "Subject.Field" names
 * (what keeps a subject from being deleted).
 */
export async function relationsInto(db: Executor, subjectId: string): Promise<string[]> {
  const rows = await db
    .select({ subject: subjects.name, field: fields.name })
    .from(fields)
    .innerJoin(subjects, eq(subjects.id, fields.subjectId))
    .where(
      and(
        eq(fields.type, 'relation'),
        sql`${fields.options}->>'targetSubjectId' = ${subjectId}`,
        isNull(fields.deletedAt),
        isNull(subjects.deletedAt),
        ne(subjects.id, subjectId),
      ),
    )
    .orderBy(asc(subjects.name), asc(fields.name));
  return rows.map((r) => `${r.subject}.${r.field}`);
}

/** Every field row of a subject, deleted ones included. */
export async function allFieldRows(db: Executor, subjectId: string): Promise<FieldRow[]> {
  return db.select().from(fields).where(eq(fields.subjectId, subjectId));
}

/** The field `id` (deleted ones too when `withDeleted`), locked until the transaction ends. */
export async function lockField(db: Executor, id: string, withDeleted = false): Promise<FieldRow | undefined> {
  const [row] = await db
    .select()
    .from(fields)
    .where(and(eq(fields.id, id), withDeleted ? undefined : isNull(fields.deletedAt)))
    .for('update');
  return row;
}

/** True when a live field of the subject other than `exceptId` has `key`. */
export async function fieldKeyInUse(db: Executor, subjectId: string, key: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: fields.id })
    .from(fields)
    .where(
      and(
        eq(fields.subjectId, subjectId),
        eq(fields.key, key),
        isNull(fields.deletedAt),
        exceptId ? ne(fields.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The column values of a new field row. */
export type FieldInsert = typeof fields.$inferInsert;

/** Inserts a field row. @throws 23505 on a live key clash. */
export async function insertField(db: Executor, values: FieldInsert): Promise<FieldRow> {
  const [row] = await db.insert(fields).values(values).returning();
  return row;
}

/** Changes a field row (and its `updated_at`). */
export async function updateFieldRow(db: Executor, id: string, changes: Partial<FieldInsert>): Promise<FieldRow> {
  const [row] = await db
    .update(fields)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(fields.id, id))
    .returning();
  return row;
}

/** Sets or clears a field's soft-delete mark. */
export async function markFieldDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(fields)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(fields.id, id));
}

/** Deletes a field row for good (its record links go by cascade). */
export async function deleteFieldRow(db: Executor, id: string): Promise<void> {
  await db.delete(fields).where(eq(fields.id, id));
}

/** The next free position at the end of a subject's fields (deleted ones counted, so a restore lands in place). */
export async function nextFieldPosition(db: Executor, subjectId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${fields.position})` })
    .from(fields)
    .where(eq(fields.subjectId, subjectId));
  return row.max === null ? 0 : Number(row.max) + 1;
}

/** Sets the positions of fields: `ids[i]` gets position `i`. */
export async function setFieldPositions(db: Executor, ids: readonly string[]): Promise<void> {
  for (const [i, id] of ids.entries()) await db.update(fields).set({ position: i }).where(eq(fields.id, id));
}

/** Removes the recycle bin rows of `type` for `ids` (fields of a purged subject). */
export async function removeBinRows(db: Executor, type: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(recycleBin).where(and(eq(recycleBin.type, type), inArray(recycleBin.targetId, [...ids])));
}

/**
 * Live records of each subject table (live-rows.ts): exact up to RECORD_TOTAL_EXACT_LIMIT, beyond it PostgreSQL's
 * statistics (`pg_class.reltuples`, which counts recycled records too), never below the limit + 1.
 * @returns subject id → count.
 */
export async function recordCounts(
  db: Executor,
  tables: readonly { id: string; tableName: string }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (tables.length === 0) return out;
  const cap = RECORD_TOTAL_EXACT_LIMIT + 1;
  const parts = tables.map(
    (t) =>
      sql`select ${t.id}::text as id, (select count(*) from (select 1 from ${sql.raw(ident(t.tableName))} where ${liveRowsOfTable()} limit ${cap}) s)::int as n`,
  );
  const rows = rowsOf<{ id: string; n: number }>(await db.execute(sql.join(parts, sql` union all `)));
  const over: { id: string; tableName: string }[] = [];
  for (const r of rows) {
    out.set(r.id, Number(r.n));
    if (Number(r.n) >= cap) over.push(tables.find((t) => t.id === r.id)!);
  }
  for (const t of over) {
    const [est] = rowsOf<{ n: number | string | null }>(
      await db.execute(sql`select reltuples::bigint as n from pg_class where oid = to_regclass(${t.tableName})`),
    );
    out.set(t.id, Math.max(cap, Number(est?.n ?? 0)));
  }
  return out;
}

/**
 * Records of one subject table not in the recycle bin (exact), rows staged by a running import
 * included: the "a new required field needs a default" rule must cover them too.
 */
export async function liveRecordCount(db: Executor, tableName: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${sql.raw(ident(tableName))} where deleted_at is null`),
  );
  return Number(row.n);
}

/** A live field's stored validation pattern, with where it lives (live application and subject). */
export interface StoredPatternRow {
  application: string;
  subject: string;
  field: string;
  pattern: string;
}

/** Every live field of a live subject of a live application that has a validation pattern, by application, subject, field. */
export async function storedPatterns(db: Executor): Promise<StoredPatternRow[]> {
  return db
    .select({
      application: applications.slug,
      subject: subjects.key,
      field: fields.key,
      pattern: sql<string>`${fields.validation} ->> 'pattern'`,
    })
    .from(fields)
    .innerJoin(subjects, eq(subjects.id, fields.subjectId))
    .innerJoin(applications, eq(applications.id, subjects.applicationId))
    .where(
      and(
        isNull(fields.deletedAt),
        isNull(subjects.deletedAt),
        isNull(applications.deletedAt),
        sql`coalesce(${fields.validation} ->> 'pattern', '') <> ''`,
      ),
    )
    .orderBy(asc(applications.slug), asc(subjects.key), asc(fields.key));
}

/**
 * Every subject of the application (live or deleted) with its table and its auto-number fields'
 * ids (their sequences live outside the table): what a purge must drop.
 */
export async function subjectStorageOf(db: Executor, applicationId: string): Promise<{ tableName: string; autoNumberFieldIds: string[] }[]> {
  const rows = await db
    .select({ id: subjects.id, tableName: subjects.tableName })
    .from(subjects)
    .where(eq(subjects.applicationId, applicationId));
  if (rows.length === 0) return [];
  const autos = await db
    .select({ subjectId: fields.subjectId, id: fields.id })
    .from(fields)
    .where(and(inArray(fields.subjectId, rows.map((r) => r.id)), eq(fields.type, 'autoNumber')));
  return rows.map((r) => ({ tableName: r.tableName, autoNumberFieldIds: autos.filter((a) => a.subjectId === r.id).map((a) => a.id) }));
}
