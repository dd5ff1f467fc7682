/**
 * The confirmation before a document goes to the recycle bin (the files table's delete and the
 * document detail's): names the document, deletes it on OK (DELETE /documents/:id), then says so
 * and calls `onDeleted`; a refusal is shown as the server's message.
 */
import { Modal, message } from 'antd';
import { toApiError } from '../../services/api-error';
import type { useT } from '../useT';
import { removeDocument } from './api';

/** Opens the confirmation for document `doc` (its id and name); `t` is the page's translation. */
export function confirmDeleteDocument(t: ReturnType<typeof useT>, doc: { id: string; name: string }, onDeleted?: () => void): void {
  Modal.confirm({
    title: t('documents.delete.confirm', { name: doc.name }),
    content: t('documents.delete.desc'),
    okText: t('documents.delete'),
    okButtonProps: { danger: true },
    cancelText: t('documents.cancel'),
    onOk: async () => {
      try {
        await removeDocument(doc.id);
        message.success(t('documents.deleted'));
        onDeleted?.();
      } catch (e) {
        message.error(toApiError(e).message);
      }
    },
  });
}
