/**
 * The recycle bin's handlers of documents and folders (core/recycle.registry.ts), registered on
 * import (documents.routes.ts). Purging a document is refused (409, nothing changes) while it is
 * under legal hold (the message gives the reason) or within its folder's retention (the message
 * gives the date it ends); the retention run of the bin (recycle.service.ts purgeExpired) skips it
 * then. A folder's purge is refused while documents of it are still in the bin. Restore clears the
 * soft-delete mark (a document whose folder went comes back at the root; a folder whose name was
 * taken meanwhile is refused with 409).
 */
import { HttpError } from '../../lib/http-error';
import { registerRecyclable } from '../../core/recycle.registry';
import { documentNotFound, folderNotFound, retentionOf } from './documents.service';
import {
  deletedDocumentsIn,
  findFolder,
  folderNameTaken,
  lockDocument,
  lockFolder,
  markFolderDeleted,
  purgeDocumentRow,
  purgeFolderRow,
  updateDocumentRow,
} from './documents.repository';

registerRecyclable({
  type: 'document',
  async restore(tx, id) {
    const doc = await lockDocument(tx, id);
    if (!doc || !doc.deletedAt) throw documentNotFound();
    const folder = doc.folderId ? await findFolder(tx, doc.folderId) : undefined;
    await updateDocumentRow(tx, id, { deletedAt: null, deletedBy: null, ...(doc.folderId && !folder ? { folderId: null } : {}) });
  },
  async purge(tx, id) {
    const doc = await lockDocument(tx, id);
    if (!doc) throw documentNotFound();
    if (doc.legalHold) {
      throw new HttpError(409, 'CONFLICT', 'errors.documentOnHold', undefined, { params: { reason: doc.legalHoldReason ?? '' } });
    }
    const { retainUntil } = await retentionOf(tx, doc);
    if (retainUntil && retainUntil.getTime() > Date.now()) {
      throw new HttpError(409, 'CONFLICT', 'errors.documentRetained', undefined, { params: { until: retainUntil.toISOString().slice(0, 10) } });
    }
    await purgeDocumentRow(tx, id);
  },
});

registerRecyclable({
  type: 'document_folder',
  async restore(tx, id) {
    const folder = await lockFolder(tx, id);
    if (!folder || !folder.deletedAt) throw folderNotFound();
    if (await folderNameTaken(tx, folder.applicationId, folder.parentId, folder.name, id)) {
      throw new HttpError(409, 'CONFLICT', 'errors.documentFolderNameTaken');
    }
    await markFolderDeleted(tx, id, null, false);
  },
  async purge(tx, id) {
    const folder = await lockFolder(tx, id);
    if (!folder) throw folderNotFound();
    const waiting = await deletedDocumentsIn(tx, id);
    if (waiting > 0) throw new HttpError(409, 'CONFLICT', 'errors.documentFolderHasDeleted', undefined, { params: { n: waiting } });
    await purgeFolderRow(tx, id);
  },
});
