/**
 * The recycle bin's handler of tags: restore clears the soft-delete mark (409 naming 'name' when a
 * live tag took the name meanwhile) and its taggings, which stayed, show again; purge deletes the
 * tag and, by cascade, its taggings. Registered on import (tags.routes.ts).
 */
import { notFound } from '../../lib/http-error';
import { registerRecyclable } from '../../core/recycle.registry';
import { lockTag, markTagDeleted, purgeTag, tagNameTaken } from './tags.repository';
import { tagNameTaken as nameTakenError } from './tags.service';

registerRecyclable({
  type: 'tag',
  async restore(tx, id) {
    const row = await lockTag(tx, id, true);
    if (!row) throw notFound('errors.tag.notFound');
    if (await tagNameTaken(tx, row.name, id)) throw nameTakenError();
    await markTagDeleted(tx, id, null, false);
  },
  async purge(tx, id) {
    await purgeTag(tx, id);
  },
});
