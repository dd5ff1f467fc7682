/**
 * The recycle bin's handler of categories: restore puts the category back as the last child of
 * its parent (409 naming 'parentId' while the parent is deleted, 409 naming 'name' when a live
 * sibling took the name); its categorizations, which stayed, show again. Purge deletes it and, by
 * cascade, its (deleted) descendants and every categorization, and removes the descendants' own
 * bin rows. Registered on import (categories.routes.ts).
 */
import { HttpError, notFound } from '../../lib/http-error';
import { registerRecyclable, removeFromRecycleBin } from '../../core/recycle.registry';
import { findCategory, liveChildren, lockTree, markCategoryDeleted, purgeCategory, siblingNameTaken, subtreeIds, updateCategory } from './categories.repository';
import { nameTaken } from './categories.service';

registerRecyclable({
  type: 'category',
  async restore(tx, id) {
    await lockTree(tx);
    const row = await findCategory(tx, id, true);
    if (!row) throw notFound('errors.category.notFound');
    if (row.parentId && !(await findCategory(tx, row.parentId))) {
      throw new HttpError(409, 'CONFLICT', 'errors.category.parentDeleted', [{ field: 'parentId', messageKey: 'errors.category.parentDeleted' }]);
    }
    if (await siblingNameTaken(tx, row.parentId, row.name, id)) throw nameTaken();
    const siblings = await liveChildren(tx, row.parentId);
    await markCategoryDeleted(tx, id, null, false);
    await updateCategory(tx, id, { position: siblings.length });
  },
  async purge(tx, id) {
    await lockTree(tx);
    for (const descendant of await subtreeIds(tx, id)) {
      if (descendant !== id) await removeFromRecycleBin(tx, 'category', descendant);
    }
    await purgeCategory(tx, id);
  },
});
