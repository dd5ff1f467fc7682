/**
 * The recycle bin's handler of notices (type 'notice'; core/recycle.registry.ts),
 * registered when this file loads (notices.routes.ts imports it). A deleted notice keeps its reads,
 * so restoring brings it back with who had read it; purging deletes it and, by cascade, its reads.
 */
import { notFound } from '../../lib/http-error';
import { registerRecyclable, type Recyclable } from '../../core/recycle.registry';
import { purgeNotice, restoreNotice } from './notices.repository';

export const noticeRecyclable: Recyclable = {
  type: 'notice',
  /** @throws HttpError 404 (errors.noticeNotFound) when no deleted notice has this id. */
  async restore(tx, id) {
    if (!(await restoreNotice(tx, id))) throw notFound('errors.noticeNotFound');
  },
  async purge(tx, id) {
    await purgeNotice(tx, id);
  },
};

registerRecyclable(noticeRecyclable);
