/**
 * ShareModal (share links): create a link to a view (optional expiry and password), shown
 * in full once right after creation with a copy button (the server keeps only the token's hash, so
 * it cannot be shown again), and the list of the view's links: prefix, created, expiry, uses,
 * revoked — with Revoke (confirmed). A link locked after too many wrong passwords shows "Locked"
 * (when, after how many) and an Unlock button, which opens it again, optionally with a new
 * password (UnlockShare). Passwords need SHARE_PASSWORD_MIN (8) characters, as the server checks.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, message as antMessage, DatePicker, Form, Input, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { ViewShare } from '../../../contracts';
import { SHARE_PASSWORD_MIN } from '../../../contracts/view-rows';
import { showFieldErrors } from '../../services/api-error';
import { createViewShare, listViewShares, revokeViewShare, shareUrl, unlockViewShare } from '../../services/views';
import { formatDatetime } from '../fields/format';
import { keys } from '../../services/query-keys';

export default function ShareModal({ app, viewId, open, onClose }: { app: string; viewId: string; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [message, messageHolder] = antMessage.useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<{ expiresAt?: Dayjs; password?: string }>();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unlocking, setUnlocking] = useState<ViewShare | null>(null);
  const key = keys('shares').list({ viewId });
  const shares = useQuery({ queryKey: key, queryFn: () => listViewShares(viewId), enabled: open });

  const create = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const made = await createViewShare(viewId, { expiresAt: v.expiresAt?.toISOString(), password: v.password || undefined });
      setLink(shareUrl(app, made.token));
      form.resetFields();
      await client.invalidateQueries({ queryKey: key });
    } catch (err) {
      showFieldErrors(form, err);
      message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (s: ViewShare) => {
    await revokeViewShare(viewId, s.id);
    message.success(t('views.share.revoked'));
    await client.invalidateQueries({ queryKey: key });
  };

  return (
    <Modal
      open={open}
      title={t('views.share.title')}
      onCancel={() => {
        setLink(null);
        onClose();
      }}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {messageHolder}
      {link && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('views.share.created')}
          description={
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Paragraph copyable={{ text: link }} code data-testid="share-link" style={{ wordBreak: 'break-all', marginBottom: 0 }}>
                {link}
              </Typography.Paragraph>
              <Typography.Text type="warning">{t('views.share.once')}</Typography.Text>
            </Space>
          }
        />
      )}
      <Form name="shareModal2" form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="expiresAt" label={t('views.share.expiresAt')}>
          <DatePicker showTime placeholder={t('views.share.never')} />
        </Form.Item>
        <Form.Item name="password" label={t('views.share.password')} rules={[{ min: SHARE_PASSWORD_MIN, message: t('views.share.passwordMin') }]}>
          <Input.Password placeholder={t('views.share.optional')} autoComplete="new-password" data-testid="share-password" />
        </Form.Item>
        <Button type="primary" loading={busy} onClick={() => void create()} data-testid="share-create">
          {t('views.share.create')}
        </Button>
      </Form>
      <Table<ViewShare>
        size="small"
        rowKey="id"
        loading={shares.isLoading}
        dataSource={shares.data ?? []}
        pagination={false}
        columns={[
          { title: t('views.share.prefix'), dataIndex: 'tokenPrefix', render: (p: string, s) => <Space><Typography.Text code>{p}…</Typography.Text>{s.hasPassword && <Tag>{t('views.share.password')}</Tag>}</Space> },
          { title: t('views.share.createdAt'), dataIndex: 'createdAt', render: (v: string) => formatDatetime(v) },
          { title: t('views.share.expiresAt'), dataIndex: 'expiresAt', render: (v: string | null) => (v ? formatDatetime(v) : t('views.share.never')) },
          { title: t('views.share.uses'), dataIndex: 'useCount' },
          {
            title: '',
            key: 'lock',
            render: (_, s) =>
              s.lockedAt ? (
                <Tooltip title={t('views.share.lockedHint', { at: formatDatetime(s.lockedAt), n: s.failedGuesses })}>
                  <Tag color="error" data-testid="share-locked">
                    {t('views.share.locked')}
                  </Tag>
                </Tooltip>
              ) : s.failedGuesses > 0 && !s.revokedAt ? (
                <Tag color="warning">{t('views.share.failedGuesses', { n: s.failedGuesses })}</Tag>
              ) : null,
          },
          {
            title: '',
            key: 'actions',
            render: (_, s) =>
              s.revokedAt ? (
                <Tag>{t('views.share.revokedAt', { at: formatDatetime(s.revokedAt) })}</Tag>
              ) : (
                <Space size={4}>
                  {s.lockedAt && (
                    <Button size="small" onClick={() => setUnlocking(s)} data-testid="share-unlock">
                      {t('views.share.unlock')}
                    </Button>
                  )}
                  <Popconfirm title={t('views.share.revokeConfirm')} onConfirm={() => revoke(s)}>
                    <Button size="small" danger data-testid="share-revoke">
                      {t('views.share.revoke')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      {unlocking && (
        <UnlockShare
          viewId={viewId}
          share={unlocking}
          onClose={() => setUnlocking(null)}
          onDone={async () => {
            setUnlocking(null);
            message.success(t('views.share.unlocked'));
            await client.invalidateQueries({ queryKey: key });
          }}
        />
      )}
    </Modal>
  );
}

/** The unlock dialog of a locked link: optional new password (SHARE_PASSWORD_MIN+), server field errors on the form. */
function UnlockShare({ viewId, share, onClose, onDone }: { viewId: string; share: ViewShare; onClose: () => void; onDone: () => Promise<void> }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [form] = Form.useForm<{ password?: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await unlockViewShare(viewId, share.id, { password: v.password || undefined });
      await onDone();
    } catch (err) {
      showFieldErrors(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('views.share.unlockTitle')} onCancel={onClose} onOk={() => void submit()} confirmLoading={busy} okText={t('views.share.unlock')} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('views.share.unlockHint')}</Typography.Paragraph>
      <Form name="shareModal" form={form} layout="vertical">
        <Form.Item name="password" label={t('views.share.newPassword')} extra={t('views.share.newPasswordHint')} rules={[{ min: SHARE_PASSWORD_MIN, message: t('views.share.passwordMin') }]}>
          <Input.Password autoComplete="new-password" data-testid="share-unlock-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
