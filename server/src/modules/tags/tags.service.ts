/**
 * Tags: administrators create, rename, recolour and delete tags (to the recycle
 * bin) through the resource kit; names are unique case-insensitively among live tags (partial
 * unique index `tags_name_key`; a clash is a 409 naming 'name'). Tagging: `assignTags` replaces an object's set of tags.
 * The tagging endpoints are for administrators; later modules tag their own objects inside their
 * own routes (with their own permission checks) through `setTags` / `tagsOf`.
 */
import { tagResource, type Tag, type TagAssign, type Target } from '../../../../contracts';
import { createResourceService } from '../../core/resource';
import type { Database, Executor } from '../../db/client';
import type { TagRow } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { sameIds, type AuditWriter } from '../../core/audit.writer';
import { liveTagIds, replaceTaggings, tagRepository, tagsOfTarget, type TagWithUsage } from './tags.repository';

/**
 * list/create/update/remove of tags (the resource kit's: name unique case-insensitively, 409 naming
 * 'name'; audited tag.create/update/delete; the recycle bin's restore/purge of type `tag`).
 */
export const tagService = createResourceService<TagRow, { usage: number }, Tag>(tagResource, tagRepository, {
  recycleDetails: async (tx, row) => ({ color: row.color, usage: (await tagRepository.find(tx, row.id))?.extras.usage ?? 0 }),
});

/** A row and its usage as contracts' `Tag`. */
export function toTag(r: TagWithUsage): Tag {
  return tagService.toRead({ row: r.tag, extras: { usage: r.usage } });
}

/** The live tags of an object, by name. */
export async function tagsOf(db: Executor, target: Target): Promise<Tag[]> {
  return (await tagsOfTarget(db, target.targetType, target.targetId)).map(toTag);
}

/**
 * Replaces the live tags of an object with `tagIds` (duplicates ignored), inside the caller's
 * transaction, without auditing: for later modules that tag their own objects in their own
 * audited change. @returns the tags before and after.
 * @throws HttpError 400 naming 'tagIds' when one is unknown or deleted.
 */
export async function setTags(tx: Executor, target: Target, tagIds: string[]): Promise<{ before: Tag[]; after: Tag[] }> {
  const ids = [...new Set(tagIds)];
  if ((await liveTagIds(tx, ids)).length !== ids.length) {
    throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [{ field: 'tagIds', messageKey: 'errors.tag.unknown' }]);
  }
  const before = await tagsOf(tx, target);
  await replaceTaggings(tx, target.targetType, target.targetId, ids);
  return { before, after: await tagsOf(tx, target) };
}

/**
 * PUT /tags/assign: replaces an object's tags, audited `tag.assign` (target: the object;
 * before/after: the tag names). @returns the object's tags. @throws 400 naming 'tagIds'.
 */
export async function assignTags(db: Database, input: TagAssign, audit: AuditWriter): Promise<Tag[]> {
  return db.transaction(async (tx) => {
    const target = { targetType: input.targetType, targetId: input.targetId };
    const current = await tagsOf(tx, target);
    if (sameIds(current.map((t) => t.id), input.tagIds)) {
      audit.unchanged();
      return current;
    }
    const { before, after } = await setTags(tx, target, input.tagIds);
    await audit.record(tx, {
      action: 'tag.assign',
      targetType: input.targetType,
      targetId: input.targetId,
      before: { tags: before.map((t) => t.name) },
      after: { tags: after.map((t) => t.name) },
    });
    return after;
  });
}
