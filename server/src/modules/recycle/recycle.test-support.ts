/**
 * A Recyclable for tests only (not a test file; imported by recycle.route-specs.ts and the tests):
 * type `test-tag` over the real `tags` table, so the bin's restore, purge and retention run for
 * real without the tag module (another helper writes the real `tag` handler). Restoring clears
 * the tag's deleted_at (its taggings were kept); purging deletes the row (taggings cascade).
 * Registered when this file is imported.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { taggings, tags } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-error';
import { moveToRecycleBin, registerRecyclable } from '../../core/recycle.registry';

export const TEST_TAG_TYPE = 'test-tag';

registerRecyclable({
  type: TEST_TAG_TYPE,
  async restore(tx, id) {
    const [row] = await tx.select().from(tags).where(and(eq(tags.id, id), isNotNull(tags.deletedAt)));
    if (!row) throw notFound();
    const [clash] = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(isNull(tags.deletedAt), sql`lower(${tags.name}) = lower(${row.name})`));
    if (clash) throw new HttpError(409, 'CONFLICT', 'errors.recycleConflict', [{ field: 'id', messageKey: 'errors.recycleConflict' }], { params: { label: row.name } });
    await tx.update(tags).set({ deletedAt: null, deletedBy: null }).where(eq(tags.id, id));
  },
  async purge(tx, id) {
    await tx.delete(tags).where(eq(tags.id, id));
  },
});

/**
 * Creates a tag `name` tagged on `targets` (`user:<id>`-style pairs), then soft-deletes it into the
 * bin as `actor`, as a module would. @returns the tag's id.
 */
export async function binnedTestTag(
  db: Database,
  name: string,
  opts: { targets?: { type: string; id: string }[]; actor?: { id: string | null; label: string | null }; deletedAt?: Date } = {},
): Promise<string> {
  return db.transaction(async (tx) => {
    const [tag] = await tx.insert(tags).values({ name, color: '#1677ff' }).returning({ id: tags.id });
    for (const t of opts.targets ?? []) await tx.insert(taggings).values({ tagId: tag.id, targetType: t.type, targetId: t.id });
    await softDeleteTestTag(tx, tag.id, name, opts.actor ?? { id: null, label: 'test' }, opts.deletedAt);
    return tag.id;
  });
}

/** Soft-deletes tag `id` and adds its bin row (same transaction), dated `at` (default now). */
export async function softDeleteTestTag(
  tx: Executor,
  id: string,
  label: string,
  actor: { id: string | null; label: string | null },
  at: Date = new Date(),
): Promise<void> {
  await tx.update(tags).set({ deletedAt: at, deletedBy: actor.id }).where(eq(tags.id, id));
  await moveToRecycleBin(tx, { type: TEST_TAG_TYPE, id, label, actorId: actor.id, actorLabel: actor.label });
  // moveToRecycleBin stamps now(); back-date the bin row for retention tests
  await tx.execute(sql`update recycle_bin set deleted_at = ${at.toISOString()}::timestamptz where type = ${TEST_TAG_TYPE} and target_id = ${id}`);
}
