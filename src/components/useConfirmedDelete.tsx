/**
 * A delete asked first: a danger confirmation (title, description, OK label), then `run`; success
 * and failure are reported as messages (a failure's own message, e.g. the server's 409). Uses antd's
 * hooks, not the static methods, so the holders render inside the ConfigProvider (CSP nonce,
 * theme, locale). Render the returned `contextHolder` once.
 */
import { message as antMessage, Modal } from 'antd';
import React from 'react';

export interface ConfirmedDelete {
  title: string;
  content: string;
  okText: string;
  /** The message shown once `run` has succeeded. */
  success: string;
  run: () => Promise<void>;
  /** After a successful `run` (reload a list, leave a detail page). */
  onDone?: () => void;
  /** `data-testid` of the OK button. */
  okTestId?: string;
}

export function useConfirmedDelete() {
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antMessage.useMessage();

  const confirmDelete = (d: ConfirmedDelete) =>
    modal.confirm({
      title: d.title,
      content: d.content,
      okText: d.okText,
      okButtonProps: { danger: true, ...(d.okTestId ? { 'data-testid': d.okTestId } : {}) },
      onOk: async () => {
        try {
          await d.run();
          message.success(d.success);
          d.onDone?.();
        } catch (e) {
          message.error(e instanceof Error ? e.message : String(e));
        }
      },
    });

  const contextHolder = (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
  return { confirmDelete, contextHolder };
}
