/**
 * ShareModal (issue 7 share links): create a link to a view (optional expiry and password), shown
 * in full once right after creation with a copy button (the server keeps only the token's hash, so
 * it cannot be shown again), and the list of the view's links: prefix, created, expiry, uses,
 * revoked — with Revoke (confirmed).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, message as antMessage, DatePicker, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { ViewShare } from '../../../contracts';
import { showFieldErrors } from '../../services/api-error';
import { createViewShare, listViewShares, revokeViewShare, shareUrl } from '../../services/views';
import { formatDatetime } from '../fields/format';

export default function ShareModal({ app, viewId, open, onClose }: { app: string; viewId: string; open: boolean; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [message, messageHolder] = antMessage.useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<{ expiresAt?: Dayjs; password?: string }>();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = ['views', viewId, 'shares'];
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
      <Form form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="expiresAt" label={t('views.share.expiresAt')}>
          <DatePicker showTime placeholder={t('views.share.never')} />
        </Form.Item>
        <Form.Item name="password" label={t('views.share.password')} rules={[{ min: 4, message: t('views.share.passwordMin') }]}>
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
            key: 'actions',
            render: (_, s) =>
              s.revokedAt ? (
                <Tag>{t('views.share.revokedAt', { at: formatDatetime(s.revokedAt) })}</Tag>
              ) : (
                <Popconfirm title={t('views.share.revokeConfirm')} onConfirm={() => revoke(s)}>
                  <Button size="small" danger data-testid="share-revoke">
                    {t('views.share.revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Modal>
  );
}
