/**
 * The guarded actions of an engagement, finding or workpaper (GET …/actions, docs/engagements-flow.md, docs/engagements-papers.md):
 * allowed ones as buttons, blocked ones disabled with the failing gates in a tooltip (actions.ts
 * `actionButtons`). Each asks for a comment in a modal (required for reject) and runs `onRun`;
 * a refusal (409 TRANSITION_REFUSED) shows the server's message and keeps the modal open.
 */
import { Button, Form, Input, Modal, Space, Tooltip, message } from 'antd';
import React, { useState } from 'react';
import type { ActionOption } from '../../services/audit-flow';
import { useT } from '../useT';
import { actionButtons, commentRequired } from './actions';
import { useValueLabel } from './hooks';

export interface GuardedActionsProps {
  /** The options of GET …/actions (undefined while loading). */
  options: readonly ActionOption[] | undefined;
  /** Runs the action with the comment ('' when none); rejects with the server's error. */
  onRun: (action: string, comment: string) => Promise<unknown>;
  /** Prefix of the buttons' test ids (`<prefix>-<action>`). */
  testIdPrefix: string;
  size?: 'small' | 'middle';
  disabled?: boolean;
}

export default function GuardedActions({ options, onRun, testIdPrefix, size = 'middle', disabled }: GuardedActionsProps) {
  const t = useT();
  const label = useValueLabel();
  const [open, setOpen] = useState<{ action: string; to: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ comment?: string }>();
  const buttons = actionButtons(options ?? []);

  const submit = async () => {
    if (!open) return;
    const { comment } = await form.validateFields();
    setBusy(true);
    try {
      await onRun(open.action, comment?.trim() ?? '');
      message.success(t('auditProcess.action.done', { action: t(`auditProcess.action.${open.action}`) }));
      setOpen(null);
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Space wrap size={[8, 8]}>
        {buttons.map((b) => {
          const button = (
            <Button
              key={b.action}
              size={size}
              type={b.primary ? 'primary' : 'default'}
              danger={b.danger}
              disabled={b.disabled || disabled}
              data-testid={`${testIdPrefix}-${b.action}`}
              onClick={() => setOpen({ action: b.action, to: b.to })}
            >
              {t(`auditProcess.action.${b.action}`)}
            </Button>
          );
          return b.tooltip ? (
            <Tooltip key={b.action} trigger={['hover', 'focus']} title={<span style={{ whiteSpace: 'pre-line' }}>{b.tooltip}</span>}>
              {/* a disabled button fires no pointer events and takes no focus: the span carries the tooltip, on hover and on keyboard focus */}
              <span tabIndex={0} data-testid={`${testIdPrefix}-${b.action}-blocked`}>
                {button}
              </span>
            </Tooltip>
          ) : (
            button
          );
        })}
      </Space>
      <Modal
        open={!!open}
        title={open ? t('auditProcess.action.confirmTitle', { action: t(`auditProcess.action.${open.action}`), to: label(open.to) }) : ''}
        okText={open ? t(`auditProcess.action.${open.action}`) : ''}
        okButtonProps={{ danger: open?.action === 'reject', 'data-testid': `${testIdPrefix}-confirm` } as never}
        confirmLoading={busy}
        onOk={() => void submit()}
        onCancel={() => setOpen(null)}
        destroyOnClose
      >
        <Form name={`${testIdPrefix}-form`} form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="comment"
            label={t('auditProcess.action.comment')}
            rules={open && commentRequired(open.action) ? [{ required: true, whitespace: true, message: t('auditProcess.action.commentRequired') }] : []}
          >
            <Input.TextArea rows={3} maxLength={4000} data-testid={`${testIdPrefix}-comment`} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
