/**
 * Tags and categories of a record (records carry tags and categories): the full new set,
 * through the tags and categories modules' `setTags` / `setCategories` (target type 'record',
 * target id the record id). Editors, owners and administrators of the record's application;
 * audited `record.tag` / `record.categorize` with the names before and after.
 */
import { z } from 'zod';
import type { Category, CurrentUser, Tag } from '../../../../contracts';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import type { ReadCache } from '../../lib/read-cache';
import { sameIds, type AuditWriter } from '../../core/audit.writer';
import { RECORD_TARGET_TYPE } from '../../core/record-extras';
import { categoriesOf, setCategories } from '../categories/categories.service';
import { requireRecord } from '../subjects/record-access';
import { setTags, tagsOf } from '../tags/tags.service';


/** Where a record lives: application slug, subject key, record id. */
export interface RecordRef {
  slug: string;
  key: string;
  recordId: string;
}

const uuid = z.uuid();
/** 400 naming `field` when an id is not even an id (the modules' own check covers unknown ones). */
function requireIds(ids: string[], field: 'tagIds' | 'categoryIds'): void {
  if (ids.every((id) => uuid.safeParse(id).success)) return;
  throw new HttpError(400, 'VALIDATION_FAILED', 'errors.validation', [
    { field, messageKey: field === 'tagIds' ? 'errors.tag.unknown' : 'errors.category.unknown' },
  ]);
}

/**
 * PUT …/records/:id/tags: replaces the record's tags. @returns its tags now, by name.
 * @throws 400 naming `tagIds` (unknown or deleted tag), 403 (viewers), 404 (record unknown).
 */
export async function setRecordTags(db: Database, user: CurrentUser, ref: RecordRef, tagIds: string[], audit: AuditWriter, cache?: ReadCache): Promise<Tag[]> {
  requireIds(tagIds, 'tagIds');
  const { subject } = await requireRecord(db, user, ref.slug, ref.key, ref.recordId, 'write', cache);
  return db.transaction(async (tx) => {
    const target = { targetType: RECORD_TARGET_TYPE, targetId: ref.recordId };
    const current = await tagsOf(tx, target);
    if (sameIds(current.map((t) => t.id), tagIds)) {
      audit.unchanged();
      return current;
    }
    const { before, after } = await setTags(tx, target, tagIds);
    await audit.record(tx, {
      action: 'record.tag',
      targetType: RECORD_TARGET_TYPE,
      targetId: ref.recordId,
      before: { tags: before.map((t) => t.name) },
      after: { tags: after.map((t) => t.name) },
      details: { application: ref.slug, subject: ref.key, subjectId: subject.id },
    });
    return after;
  });
}

/**
 * PUT …/records/:id/categories: replaces the record's categories. @returns its categories now.
 * @throws 400 naming `categoryIds`, 403 (viewers), 404 (record unknown).
 */
export async function setRecordCategories(
  db: Database,
  user: CurrentUser,
  ref: RecordRef,
  categoryIds: string[],
  audit: AuditWriter,
  cache?: ReadCache,
): Promise<Category[]> {
  requireIds(categoryIds, 'categoryIds');
  const { subject } = await requireRecord(db, user, ref.slug, ref.key, ref.recordId, 'write', cache);
  return db.transaction(async (tx) => {
    const target = { targetType: RECORD_TARGET_TYPE, targetId: ref.recordId };
    const current = await categoriesOf(tx, target);
    if (sameIds(current.map((c) => c.id), categoryIds)) {
      audit.unchanged();
      return current;
    }
    const { before, after } = await setCategories(tx, target, categoryIds);
    await audit.record(tx, {
      action: 'record.categorize',
      targetType: RECORD_TARGET_TYPE,
      targetId: ref.recordId,
      before: { categories: before.map((c) => c.name) },
      after: { categories: after.map((c) => c.name) },
      details: { application: ref.slug, subject: ref.key, subjectId: subject.id },
    });
    return after;
  });
}
