/**
 * The recycle bin's handler of saved record queries: restore clears the soft-delete mark (names
 * need not be unique, so nothing can clash); purge deletes the row. Registered on import
 * (record-queries.routes.ts).
 */
import { registerRecyclable } from '../../core/recycle.registry';
import { lockSavedQuery, markSavedQueryDeleted, purgeSavedQuery } from './record-queries.repository';
import { queryNotFound } from './record-queries.service';

registerRecyclable({
  type: 'query',
  async restore(tx, id) {
    if (!(await lockSavedQuery(tx, id, true))) throw queryNotFound();
    await markSavedQueryDeleted(tx, id, null, false);
  },
  async purge(tx, id) {
    await purgeSavedQuery(tx, id);
  },
});
