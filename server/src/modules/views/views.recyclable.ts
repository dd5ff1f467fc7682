/**
 * The recycle bin's handler of views: restore clears the soft-delete mark (its share links were
 * kept, so they answer again unless revoked or expired); purge deletes the row and, by cascade, its
 * share links. Registered on import (views.routes.ts).
 */
import { registerRecyclable } from '../../core/recycle.registry';
import { lockView, markViewDeleted, purgeView } from './views.repository';
import { viewNotFound } from './views.service';

registerRecyclable({
  type: 'view',
  async restore(tx, id) {
    if (!(await lockView(tx, id, true))) throw viewNotFound();
    await markViewDeleted(tx, id, null, false);
  },
  async purge(tx, id) {
    await purgeView(tx, id);
  },
});
