/**
 * Tags: administrators create, rename, recolour and delete tags (to the recycle
 * bin); names are unique case-insensitively among live tags (partial unique index `tags_name_key`;
 * a clash is a 409 naming 'name'). Tagging: `assignTags` replaces an object's set of tags.
 * The tagging endpoints are for administrators; later modules tag their own objects inside their
 * own routes (with their own permission checks) through `setTags` / `tagsOf`.
 */
import type { CurrentUser, Tag, TagAssign, TagCreate, TagListQuery, TagUpdate, Target } from '../../../../contracts';
import type { Database, Executor } from '../../db/client';
import { HttpError, notFound } from '../../lib/http-error';
import { likePattern, offsetOf } from '../../lib/paging';
import { isUniqueViolation } from '../../lib/pg-errors';
import { changedKeys, sameIds, type AuditWriter } from '../../core/audit.writer';
import { moveToRecycleBin } from '../../core/recycle.registry';
import {
  findTag,
  insertTag,
  listTags as listTagRows,
  liveTagIds,
  lockTag,
  markTagDeleted,
  replaceTaggings,
  tagsOfTarget,
  updateTag as updateTagRow,
  type TagWithUsage,
} from './tags.repository';

/** The 409 of a taken tag name: CONFLICT naming 'name'. */
export const tagNameTaken = () =>
  new HttpError(409, 'CONFLICT', 'errors.tag.nameTaken', [{ field: 'name', messageKey: 'errors.tag.nameTaken' }]);
const tagNotFound = () => notFound('errors.tag.notFound');

/** A row as contracts' `Tag`. */
export function toTag(r: TagWithUsage): Tag {
  return {
    id: r.tag.id,
    name: r.tag.name,
    color: r.tag.color,
    usage: r.usage,
    createdAt: r.tag.createdAt.toISOString(),
    updatedAt: r.tag.updatedAt.toISOString(),
  };
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw tagNameTaken();
    throw err;
  }
}

/** One page of live tags with usage (q, sort). */
export async function listTags(db: Executor, query: TagListQuery): Promise<{ items: Tag[]; total: number }> {
  const { rows, total } = await listTagRows(db, {
    pattern: likePattern(query.q),
    sort: query.sort,
    limit: query.pageSize,
    offset: offsetOf(query),
  });
  return { items: rows.map(toTag), total };
}

/** Creates a tag (colour stored lower-case), audited `tag.create`. @throws 409 naming 'name'. */
export async function createTag(db: Database, input: TagCreate, audit: AuditWriter): Promise<Tag> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const row = await insertTag(tx, { name: input.name, color: input.color.toLowerCase() });
      await audit.record(tx, { action: 'tag.create', targetType: 'tag', targetId: row.id, after: { name: row.name, color: row.color } });
      return toTag({ tag: row, usage: 0 });
    }),
  );
}

/** Renames and/or recolours a tag, audited `tag.update`. @throws 404; 409 naming 'name'. */
export async function updateTag(db: Database, id: string, input: TagUpdate, audit: AuditWriter): Promise<Tag> {
  return uniqueName(() =>
    db.transaction(async (tx) => {
      const before = await lockTag(tx, id);
      if (!before) throw tagNotFound();
      const changes = { name: input.name, color: input.color?.toLowerCase() };
      if (changedKeys(before, changes).length === 0) {
        audit.unchanged();
        return toTag((await findTag(tx, id))!);
      }
      const after = await updateTagRow(tx, id, changes);
      await audit.record(tx, {
        action: 'tag.update',
        targetType: 'tag',
        targetId: id,
        before: { name: before.name, color: before.color },
        after: { name: after.name, color: after.color },
      });
      const found = await findTag(tx, id);
      return toTag(found!);
    }),
  );
}

/**
 * Moves a tag to the recycle bin, audited `tag.delete`; its taggings stay (hidden while it is
 * deleted), so a restore brings them back. @throws 404.
 */
export async function deleteTag(db: Database, user: CurrentUser, id: string, audit: AuditWriter): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await findTag(tx, id);
    if (!found || !(await lockTag(tx, id))) throw tagNotFound();
    await markTagDeleted(tx, id, user.id, true);
    await moveToRecycleBin(tx, {
      type: 'tag',
      id,
      label: found.tag.name,
      actorId: user.id,
      actorLabel: user.email,
      details: { color: found.tag.color, usage: found.usage },
    });
    await audit.record(tx, {
      action: 'tag.delete',
      targetType: 'tag',
      targetId: id,
      before: { name: found.tag.name, color: found.tag.color, usage: found.usage },
    });
  });
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
