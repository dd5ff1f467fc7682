/**
 * Warns before unsaved changes are lost: the browser's own prompt on reload/close (beforeunload),
 * and a confirmation before an in-app navigation (umi's history.block, history v5), which goes on
 * only when confirmed.
 */
import { Modal } from 'antd';
import { useEffect } from 'react';
import { history } from 'umi';

export function useUnsavedWarning(dirty: boolean, text: { title: string; content: string; ok: string; cancel: string }) {
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const unblock = history.block((tx) => {
      Modal.confirm({
        title: text.title,
        content: text.content,
        okText: text.ok,
        cancelText: text.cancel,
        okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
        onOk: () => {
          unblock();
          tx.retry();
        },
      });
    });
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      unblock();
    };
  }, [dirty, text.title, text.content, text.ok, text.cancel]);
}
