/**
 * The recycle bin's handler of variables (core/recycle.registry.ts): restore clears the
 * soft-delete mark (409 naming 'key' when a live variable took the key in its scope meanwhile);
 * purge deletes the row and its tags and categories. Registered on import (variables.routes.ts).
 */
import { and, eq } from 'drizzle-orm';
import { categorizations, taggings, variables } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { registerRecyclable } from '../../core/recycle.registry';
import { deleteVariable, markVariableDeleted } from './variables.repository';
import { keyTaken, restoreClashes } from './variables.service';

registerRecyclable({
  type: 'variable',
  async restore(tx, id) {
    const [row] = await tx.select().from(variables).where(eq(variables.id, id)).for('update');
    if (!row) throw notFound('errors.variable.notFound');
    if (await restoreClashes(tx, row)) throw keyTaken();
    await markVariableDeleted(tx, id, null, false);
  },
  async purge(tx, id) {
    await tx.delete(taggings).where(and(eq(taggings.targetType, 'variable'), eq(taggings.targetId, id)));
    await tx.delete(categorizations).where(and(eq(categorizations.targetType, 'variable'), eq(categorizations.targetId, id)));
    await deleteVariable(tx, id);
  },
});
