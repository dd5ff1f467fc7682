/**
 * SQL of variables (docs/code-style.md "Server in layers": SQL lives in the repository). Every read leaves out soft-deleted
 * rows unless it says otherwise.
 */
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, variables, type VariableRow } from '../../db/schema';

/** A variable row with its application's slug and name (null for a global one). */
export interface VariableListRow {
  variable: VariableRow;
  applicationSlug: string | null;
  applicationName: string | null;
}

const SORT_COLUMNS = {
  key: variables.key,
  type: variables.type,
  createdAt: variables.createdAt,
  updatedAt: variables.updatedAt,
} as const;

/**
 * One page of live variables. `pattern` ILIKE on key or description; `scope` 'global' or an
 * application id; `sort` `field:asc|desc` over SORT_COLUMNS (default key:asc, then scope).
 */
export async function listVariables(
  db: Executor,
  opts: { pattern?: string; scope?: string; type?: VariableRow['type']; sort?: string; limit: number; offset: number },
): Promise<{ rows: VariableListRow[]; total: number }> {
  const where: SQL | undefined = and(
    isNull(variables.deletedAt),
    opts.pattern ? or(ilike(variables.key, opts.pattern), ilike(variables.description, opts.pattern)) : undefined,
    opts.scope === 'global' ? isNull(variables.applicationId) : opts.scope ? eq(variables.applicationId, opts.scope) : undefined,
    opts.type ? eq(variables.type, opts.type) : undefined,
  );
  const [field, dir] = (opts.sort ?? 'key:asc').split(':') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
  const column = SORT_COLUMNS[field] ?? variables.key;
  const rows = await db
    .select({ variable: variables, applicationSlug: applications.slug, applicationName: applications.name })
    .from(variables)
    .leftJoin(applications, eq(applications.id, variables.applicationId))
    .where(where)
    .orderBy(dir === 'desc' ? desc(column) : asc(column), asc(variables.key), asc(variables.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(variables).where(where);
  return { rows, total: n };
}

/** The variable `id` with its application, or undefined (also for a deleted one unless `withDeleted`). */
export async function findVariable(db: Executor, id: string, withDeleted = false): Promise<VariableListRow | undefined> {
  const [row] = await db
    .select({ variable: variables, applicationSlug: applications.slug, applicationName: applications.name })
    .from(variables)
    .leftJoin(applications, eq(applications.id, variables.applicationId))
    .where(and(eq(variables.id, id), withDeleted ? undefined : isNull(variables.deletedAt)))
    .limit(1);
  return row;
}

/** Locks the variable's row until the transaction ends; undefined when missing or deleted. */
export async function lockVariable(db: Executor, id: string): Promise<VariableRow | undefined> {
  const [row] = await db
    .select()
    .from(variables)
    .where(and(eq(variables.id, id), isNull(variables.deletedAt)))
    .for('update');
  return row;
}

/** Inserts a variable. @throws a unique violation (23505) when the key is taken in its scope. */
export async function insertVariable(db: Executor, values: typeof variables.$inferInsert): Promise<VariableRow> {
  const [row] = await db.insert(variables).values(values).returning();
  return row;
}

/** Updates a variable (and updated_at). @throws 23505 when the new key/scope is taken. */
export async function updateVariable(
  db: Executor,
  id: string,
  changes: Partial<Pick<VariableRow, 'key' | 'type' | 'applicationId' | 'value' | 'secret' | 'description'>>,
): Promise<VariableRow> {
  const [row] = await db
    .update(variables)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(variables.id, id))
    .returning();
  return row;
}

/** Sets or clears the soft-delete mark of a variable. */
export async function markVariableDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(variables)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(variables.id, id));
}

/** True when a live variable other than `exceptId` has `key` in the scope `applicationId` (null = global). */
export async function keyTaken(db: Executor, key: string, applicationId: string | null, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: variables.id })
    .from(variables)
    .where(
      and(
        eq(variables.key, key),
        applicationId ? eq(variables.applicationId, applicationId) : isNull(variables.applicationId),
        isNull(variables.deletedAt),
        exceptId ? sql`${variables.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The live variable `key` of application `applicationId` if there is one, else the global one;
 * undefined when neither exists.
 */
export async function resolveVariable(db: Executor, key: string, applicationId?: string | null): Promise<VariableRow | undefined> {
  const rows = await db
    .select()
    .from(variables)
    .where(
      and(
        eq(variables.key, key),
        isNull(variables.deletedAt),
        applicationId ? or(isNull(variables.applicationId), eq(variables.applicationId, applicationId)) : isNull(variables.applicationId),
      ),
    );
  return rows.find((r) => r.applicationId !== null) ?? rows[0];
}

/** Hard-deletes a variable (the bin's purge). */
export async function deleteVariable(db: Executor, id: string): Promise<void> {
  await db.delete(variables).where(eq(variables.id, id));
}

/** True when the application exists and is not in the recycle bin. */
export async function applicationExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, id), isNull(applications.deletedAt)))
    .limit(1);
  return Boolean(row);
}
