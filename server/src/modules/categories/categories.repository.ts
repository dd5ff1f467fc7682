/**
 * SQL of categories and categorizations (docs/code-style.md "Server in layers": SQL lives in the repository). Reads leave out
 * deleted categories; a deleted category's categorizations stay (a restore brings them back).
 */
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client';
import { categories, categorizations, type CategoryRow } from '../../db/schema';

/** A category with the number of objects directly in it. */
export interface CategoryWithUsage {
  category: CategoryRow;
  usage: number;
}

const usageSql = sql<number>`(select count(*)::int from ${categorizations} where ${categorizations.categoryId} = ${categories.id})`;

/**
 * Serialises changes of the tree's shape (moves, creates, deletes, restores) until the transaction
 * ends: a transaction-level advisory lock, so two concurrent moves cannot make a cycle together.
 */
export async function lockTree(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('assay.categories'))`);
}

/** Every live category with its usage, ordered by parent, position, name. */
export async function listLiveCategories(db: Executor): Promise<CategoryWithUsage[]> {
  return db
    .select({ category: categories, usage: usageSql })
    .from(categories)
    .where(isNull(categories.deletedAt))
    .orderBy(asc(categories.parentId), asc(categories.position), asc(categories.name), asc(categories.id));
}

/** The category `id` (deleted ones too when `withDeleted`), or undefined. */
export async function findCategory(db: Executor, id: string, withDeleted = false): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), withDeleted ? undefined : isNull(categories.deletedAt)))
    .limit(1);
  return row;
}

/** The live children of `parentId` (null = the roots), by position then name. */
export async function liveChildren(db: Executor, parentId: string | null): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId), isNull(categories.deletedAt)))
    .orderBy(asc(categories.position), asc(categories.name), asc(categories.id));
}

/** True when a live category other than `exceptId` under `parentId` has `name` (case-insensitive). */
export async function siblingNameTaken(db: Executor, parentId: string | null, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId),
        sql`lower(${categories.name}) = lower(${name})`,
        isNull(categories.deletedAt),
        exceptId ? sql`${categories.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Inserts a category. */
export async function insertCategory(
  db: Executor,
  values: { name: string; description: string | null; parentId: string | null; position: number },
): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row;
}

/** Updates a category's fields (and updated_at). */
export async function updateCategory(
  db: Executor,
  id: string,
  changes: Partial<Pick<CategoryRow, 'name' | 'description' | 'parentId' | 'position'>>,
): Promise<CategoryRow> {
  const [row] = await db.update(categories).set({ ...changes, updatedAt: new Date() }).where(eq(categories.id, id)).returning();
  return row;
}

/** Numbers the categories `ids` 0, 1, 2… in that order (only rows whose position changes are written). */
export async function renumber(db: Executor, rows: { id: string; position: number }[]): Promise<void> {
  for (const [index, row] of rows.entries()) {
    if (row.position !== index) await db.update(categories).set({ position: index }).where(eq(categories.id, row.id));
  }
}

/** Sets or clears a category's soft-delete mark. */
export async function markCategoryDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(categories)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(categories.id, id));
}

/** The ids of the category `id` and every descendant, deleted or not (for a purge). */
export async function subtreeIds(db: Executor, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive sub as (
      select id from categories where id = ${id}
      union all
      select c.id from categories c join sub on c.parent_id = sub.id
    )
    select id::text as id from sub`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** Hard-deletes a category (its descendants and categorizations cascade). */
export async function purgeCategory(db: Executor, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

/** The ids among `ids` naming live categories. */
export async function liveCategoryIds(db: Executor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, ids), isNull(categories.deletedAt)));
  return rows.map((r) => r.id);
}

/** The live categories of an object, by name. */
export async function categoriesOfTarget(db: Executor, targetType: string, targetId: string): Promise<CategoryWithUsage[]> {
  return db
    .select({ category: categories, usage: usageSql })
    .from(categorizations)
    .innerJoin(categories, eq(categories.id, categorizations.categoryId))
    .where(and(eq(categorizations.targetType, targetType), eq(categorizations.targetId, targetId), isNull(categories.deletedAt)))
    .orderBy(asc(categories.name), asc(categories.id));
}

/**
 * Makes `categoryIds` (live) the object's set of live categories; categorizations in deleted
 * categories are left alone (a restore brings them back).
 */
export async function replaceCategorizations(db: Executor, targetType: string, targetId: string, categoryIds: string[]): Promise<void> {
  const live = db.select({ id: categories.id }).from(categories).where(isNull(categories.deletedAt));
  await db
    .delete(categorizations)
    .where(
      and(
        eq(categorizations.targetType, targetType),
        eq(categorizations.targetId, targetId),
        inArray(categorizations.categoryId, live),
        categoryIds.length ? notInArray(categorizations.categoryId, categoryIds) : undefined,
      ),
    );
  if (categoryIds.length) {
    await db
      .insert(categorizations)
      .values(categoryIds.map((categoryId) => ({ categoryId, targetType, targetId })))
      .onConflictDoNothing();
  }
}
