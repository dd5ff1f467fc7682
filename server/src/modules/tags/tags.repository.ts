/**
 * SQL of tags and taggings (docs/code-style.md "Server in layers": SQL lives in the repository). The
 * tag rows' list, reads and writes are the resource kit's (server/src/core/resource); reads leave out
 * deleted tags; a deleted tag's taggings stay in place (a restore brings them back).
 */
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { tagResource } from '../../../../contracts';
import { createResourceRepository } from '../../core/resource';
import type { Executor } from '../../db/client';
import { taggings, tags, type TagRow } from '../../db/schema';

/** A tag with the number of objects carrying it. */
export interface TagWithUsage {
  tag: TagRow;
  usage: number;
}

const usageSql = sql<number>`(select count(*)::int from ${taggings} where ${taggings.tagId} = ${tags.id})`;

/** The kit's repository of tags (contracts/tags.resource.ts), each row with its usage, sortable by it. */
export const tagRepository = createResourceRepository<typeof tags, { usage: number }>(tagResource, tags, {
  extras: { usage: usageSql },
  parseExtras: (raw) => ({ usage: Number(raw.usage) }),
  sortColumns: { usage: usageSql },
});

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
