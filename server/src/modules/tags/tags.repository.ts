/**
 * SQL of tags and taggings (docs/code-style.md "Server in layers": SQL lives in the repository). Reads leave out deleted tags;
 * a deleted tag's taggings stay in place (a restore brings them back).
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { taggings, tags, type TagRow } from '../../db/schema';

/** A tag with the number of objects carrying it. */
export interface TagWithUsage {
  tag: TagRow;
  usage: number;
}

const usageSql = sql<number>`(select count(*)::int from ${taggings} where ${taggings.tagId} = ${tags.id})`;

/** One page of live tags; `pattern` ILIKE on the name; `sort` name|usage|createdAt:asc|desc (default name:asc). */
export async function listTags(
  db: Executor,
  opts: { pattern?: string; sort?: string; limit: number; offset: number },
): Promise<{ rows: TagWithUsage[]; total: number }> {
  const where: SQL | undefined = and(isNull(tags.deletedAt), opts.pattern ? ilike(tags.name, opts.pattern) : undefined);
  const [field, dir] = (opts.sort ?? 'name:asc').split(':');
  const column = field === 'usage' ? usageSql : field === 'createdAt' ? tags.createdAt : sql`lower(${tags.name})`;
  const rows = await db
    .select({ tag: tags, usage: usageSql })
    .from(tags)
    .where(where)
    .orderBy(dir === 'desc' ? desc(column) : asc(column), asc(tags.name), asc(tags.id))
    .limit(opts.limit)
    .offset(opts.offset);
  const [{ n }] = await db.select({ n: count() }).from(tags).where(where);
  return { rows, total: n };
}

/** The tag `id` with its usage, or undefined (deleted ones too when `withDeleted`). */
export async function findTag(db: Executor, id: string, withDeleted = false): Promise<TagWithUsage | undefined> {
  const [row] = await db
    .select({ tag: tags, usage: usageSql })
    .from(tags)
    .where(and(eq(tags.id, id), withDeleted ? undefined : isNull(tags.deletedAt)))
    .limit(1);
  return row;
}

/** Locks a tag's row until the transaction ends (deleted ones too when `withDeleted`). */
export async function lockTag(db: Executor, id: string, withDeleted = false): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), withDeleted ? undefined : isNull(tags.deletedAt)))
    .for('update');
  return row;
}

/** Inserts a tag. @throws 23505 when a live tag has the name (any case). */
export async function insertTag(db: Executor, values: { name: string; color: string }): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row;
}

/** Renames/recolours a tag. @throws 23505 on a name clash. */
export async function updateTag(db: Executor, id: string, changes: { name?: string; color?: string }): Promise<TagRow> {
  const [row] = await db.update(tags).set({ ...changes, updatedAt: new Date() }).where(eq(tags.id, id)).returning();
  return row;
}

/** Sets or clears a tag's soft-delete mark. */
export async function markTagDeleted(db: Executor, id: string, by: string | null, deleted: boolean): Promise<void> {
  await db
    .update(tags)
    .set(deleted ? { deletedAt: new Date(), deletedBy: by } : { deletedAt: null, deletedBy: null })
    .where(eq(tags.id, id));
}

/** True when a live tag other than `exceptId` has `name` (case-insensitive). */
export async function tagNameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(sql`lower(${tags.name}) = lower(${name})`, isNull(tags.deletedAt), exceptId ? sql`${tags.id} <> ${exceptId}` : undefined))
    .limit(1);
  return Boolean(row);
}

/** Hard-deletes a tag (its taggings cascade). */
export async function purgeTag(db: Executor, id: string): Promise<void> {
  await db.delete(tags).where(eq(tags.id, id));
}

/** The ids among `ids` naming live tags. */
export async function liveTagIds(db: Executor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: tags.id }).from(tags).where(and(inArray(tags.id, ids), isNull(tags.deletedAt)));
  return rows.map((r) => r.id);
}

/** The live tags on a target, by name, with their usage. */
export async function tagsOfTarget(db: Executor, targetType: string, targetId: string): Promise<TagWithUsage[]> {
  return db
    .select({ tag: tags, usage: usageSql })
    .from(taggings)
    .innerJoin(tags, eq(tags.id, taggings.tagId))
    .where(and(eq(taggings.targetType, targetType), eq(taggings.targetId, targetId), isNull(tags.deletedAt)))
    .orderBy(sql`lower(${tags.name})`, asc(tags.id));
}

/**
 * Makes `tagIds` (live tags) the target's set of live tags: removes the taggings of other live
 * tags, adds the missing ones. Taggings of deleted tags are left alone (a restore brings them back).
 */
export async function replaceTaggings(db: Executor, targetType: string, targetId: string, tagIds: string[]): Promise<void> {
  const live = db.select({ id: tags.id }).from(tags).where(isNull(tags.deletedAt));
  await db
    .delete(taggings)
    .where(
      and(
        eq(taggings.targetType, targetType),
        eq(taggings.targetId, targetId),
        inArray(taggings.tagId, live),
        tagIds.length ? notInArray(taggings.tagId, tagIds) : undefined,
      ),
    );
  if (tagIds.length) {
    await db
      .insert(taggings)
      .values(tagIds.map((tagId) => ({ tagId, targetType, targetId })))
      .onConflictDoNothing();
  }
}

/** Removes every tagging of a target (when the target itself is purged). */
export async function deleteTaggingsOf(db: Executor, targetType: string, targetId: string): Promise<void> {
  await db.delete(taggings).where(and(eq(taggings.targetType, targetType), eq(taggings.targetId, targetId)));
}
