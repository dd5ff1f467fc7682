/**
 * A subject's definition as the records module reads it: the subject, its table and its live fields
 * in order, each with the column that holds it. One loader for every module (subjects, records,
 * queries, later views, forms and import), so the mapping field → column lives in one place.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppRole, CurrentUser, FieldOptions, FieldType, FieldValidation } from '../../../../contracts';
import type { Executor } from '../../db/client';
import { applications, fields, importBatches, subjects, type FieldRow, type SubjectRow } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { isUuid } from '../../lib/uuid';
import { requireOpenableApplication } from '../applications/applications.service';
import { SYSTEM_COLUMN_OF } from './field-types';

export interface FieldDef {
  id: string;
  key: string;
  name: string;
  type: FieldType;
  /** The column holding the value: the field's own (`f_…`), a system one (`created_at`…), or null (many-relation). */
  column: string | null;
  position: number;
  required: boolean;
  unique: boolean;
  defaultValue: unknown;
  options: FieldOptions;
  validation: FieldValidation;
  helpText: string | null;
  /** A system model's field (docs/engagements.md "Locked fields"): key, type, choices and target fixed; never deleted. */
  locked: boolean;
  /** Set only by the model's guarded actions: record writes, imports and bulk edits refuse it. */
  managed: boolean;
}

export interface SubjectDef {
  id: string;
  applicationId: string;
  key: string;
  name: string;
  icon: string | null;
  description: string | null;
  tableName: string;
  displayFieldId: string | null;
  /** The system model object this subject is (`audit.engagement`…), or null for an owner's own subject. */
  model: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Live fields ordered by position. */
  fields: FieldDef[];
  /** Import batches of this subject now `running`: their staged rows are not shown (live-rows.ts). */
  pendingImports: string[];
}

/** A field row as a FieldDef. */
export function fieldDefOf(row: FieldRow): FieldDef {
  const type = row.type as FieldType;
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    type,
    column: SYSTEM_COLUMN_OF[type] ?? row.columnName,
    position: row.position,
    required: row.required,
    unique: row.isUnique,
    defaultValue: row.defaultValue ?? undefined,
    options: (row.options ?? {}) as FieldOptions,
    validation: (row.validation ?? {}) as FieldValidation,
    helpText: row.helpText,
    locked: row.locked,
    managed: row.managed,
  };
}

/** The definition of a subject row (in the recycle bin or not) with its live fields in order. */
export async function defOf(db: Executor, row: SubjectRow): Promise<SubjectDef> {
  // default_value is read as text and parsed here: Drizzle's jsonb column JSON.parses again what the
  // driver already parsed, so a default of the string '1.00' or 'true' would come back as 1 or true.
  const rows = (
    await db
      .select({ field: fields, defaultJson: sql<string | null>`${fields.defaultValue}::text` })
      .from(fields)
      .where(and(eq(fields.subjectId, row.id), isNull(fields.deletedAt)))
      .orderBy(asc(fields.position), asc(fields.createdAt))
  ).map((r) => ({ ...r.field, defaultValue: r.defaultJson === null ? null : (JSON.parse(r.defaultJson) as unknown) }));
  const pending = await db
    .select({ id: importBatches.id })
    .from(importBatches)
    .where(and(eq(importBatches.subjectId, row.id), eq(importBatches.status, 'running')));
  return {
    id: row.id,
    applicationId: row.applicationId,
    key: row.key,
    name: row.name,
    icon: row.icon,
    description: row.description,
    tableName: row.tableName,
    displayFieldId: row.displayFieldId,
    model: row.model,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    fields: rows.map(fieldDefOf),
    pendingImports: pending.map((p) => p.id),
  };
}

/**
 * The live subject `key` of application `applicationId`, or `{ id }` by id; undefined when none
 * (or in the recycle bin, or `id` is not a uuid). With `cache`, served from the read cache (namespace 'subject-def';
 * subjects and fields notify it on change, migration 0005; import_batches when a batch enters or
 * leaves `running`, migration 0009).
 */
export async function loadSubjectDef(
  db: Executor,
  where: { applicationId: string; key: string } | { id: string },
  cache?: ReadCache,
): Promise<SubjectDef | undefined> {
  // an id that is not a uuid names no subject (and must not reach `subjects.id = $1::uuid`)
  if ('id' in where && !isUuid(where.id)) return undefined;
  const load = async (): Promise<SubjectDef | null> => {
    const cond = 'id' in where ? eq(subjects.id, where.id) : and(eq(subjects.applicationId, where.applicationId), eq(subjects.key, where.key));
    const [row] = await db.select().from(subjects).where(and(cond, isNull(subjects.deletedAt))).limit(1);
    return row ? defOf(db, row) : null;
  };
  if (!cache) return (await load()) ?? undefined;
  const cacheKey = 'id' in where ? `id\u0000${where.id}` : `${where.applicationId}\u0000${where.key}`;
  return (await cache.namespace<SubjectDef | null>('subject-def').get(cacheKey, load)) ?? undefined;
}

/** What a caller needs to do with a subject's records or schema. */
export type SubjectNeed = 'read' | 'write' | 'manage';

const RANK: Record<AppRole, number> = { viewer: 1, editor: 2, owner: 3 };
const NEED_RANK: Record<SubjectNeed, number> = { read: 1, write: 2, manage: 3 };

/** True when `role` (or being an administrator) allows `need`: read = any member, write = editor+, manage = owner. */
export function allows(user: CurrentUser, role: AppRole | null, need: SubjectNeed): boolean {
  if (user.isAdmin) return true;
  return role !== null && RANK[role] >= NEED_RANK[need];
}

/**
 * The application `slug` and its subject `key`, if `user` may `need` them.
 * @throws HttpError 404 errors.applicationNotFound / errors.subjectNotFound; 403 errors.notMember
 *   (not a member) or errors.forbidden (a member whose role is too weak: viewers cannot write,
 *   editors cannot change the schema).
 */
export async function requireSubject(
  db: Executor,
  user: CurrentUser,
  slug: string,
  key: string,
  need: SubjectNeed,
  cache?: ReadCache,
): Promise<{ app: typeof applications.$inferSelect; role: AppRole | null; subject: SubjectDef }> {
  const { app, role } = await requireOpenableApplication(db, user, slug, cache);
  const subject = await loadSubjectDef(db, { applicationId: app.id, key }, cache);
  if (!subject) throw notFound('errors.subjectNotFound');
  if (!allows(user, role, need)) throw forbidden();
  return { app, role, subject };
}

/** 409 KEY_TAKEN naming `field` (a subject or field key already in use). */
export const keyTaken = (field = 'key') => new HttpError(409, 'KEY_TAKEN', 'errors.keyTaken', [{ field, messageKey: 'errors.keyTaken' }]);
