/**
 * Personal center, "API tokens": the user's personal API tokens (server-side paging), a form to
 * create one (name, optional expiry) whose token is shown once in a dialog with a copy button, and
 * revocation after a confirmation (issue 5: "created, shown once, hashed at rest, revocable, last used").
 */
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormDateTimePicker, ProFormText, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Alert, Button, Form, message, Modal, Popconfirm, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useRef, useState } from 'react';
import { useIntl } from 'umi';
import type { ApiToken, ApiTokenCreate } from '../../../../../contracts';
import { submitForm } from '../../../../services/api-error';
import { createToken, listTokens, revokeToken } from '../../../../services/account';

const STATUS_COLOR: Record<ApiToken['status'], string> = { active: 'green', expired: 'orange', revoked: 'default' };
const when = (iso: string | null, never: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : never);

export default function TokensTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const actionRef = useRef<ActionType>(null);
  const [form] = Form.useForm<{ name: string; expiresAt?: dayjs.Dayjs | string }>();
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);

  const columns: ProColumns<ApiToken>[] = [
    { title: t('person.tokens.name'), dataIndex: 'name' },
    { title: t('person.tokens.prefix'), dataIndex: 'prefix', render: (_, r) => <Typography.Text code>{r.prefix}…</Typography.Text> },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: (_, r) => when(r.createdAt, '') },
    { title: t('person.tokens.lastUsed'), dataIndex: 'lastUsedAt', render: (_, r) => when(r.lastUsedAt, '—') },
    { title: t('person.tokens.expiresAt'), dataIndex: 'expiresAt', render: (_, r) => when(r.expiresAt, t('person.tokens.never')) },
    {
      title: t('person.tokens.status'),
      dataIndex: 'status',
      render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{t(`person.tokens.status.${r.status}`)}</Tag>,
    },
    {
      title: '',
      valueType: 'option',
      render: (_, r) =>
        r.status === 'revoked'
          ? null
          : [
              <Popconfirm
                key="revoke"
                title={t('person.tokens.revokeConfirm', { name: r.name })}
                onConfirm={async () => {
                  await revokeToken(r.id);
                  message.success(t('person.tokens.revoked'));
                  actionRef.current?.reload();
                }}
              >
                <Button type="link" danger size="small" data-testid={`revoke-${r.name}`}>
                  {t('person.tokens.revoke')}
                </Button>
              </Popconfirm>,
            ],
    },
  ];

  return (
    <>
      <Alert type="info" showIcon icon={<KeyOutlined />} message={t('person.tokens.help')} style={{ marginBottom: 16 }} />
      <ProTable<ApiToken>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        search={false}
        options={false}
        cardProps={{ bodyStyle: { padding: 0 } }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: t('person.tokens.empty') }}
        request={async ({ current, pageSize }) => listTokens({ current, pageSize })}
        toolBarRender={() => [
          <ModalForm<{ name: string; expiresAt?: dayjs.Dayjs | string }>
            key="new"
            title={t('person.tokens.new')}
            form={form}
            width={480}
            modalProps={{ destroyOnHidden: true }}
            trigger={
              <Button type="primary" icon={<PlusOutlined />} data-testid="new-token">
                {t('person.tokens.new')}
              </Button>
            }
            onFinish={(values) =>
              submitForm(form, async () => {
                const input: ApiTokenCreate = {
                  name: values.name,
                  expiresAt: values.expiresAt ? dayjs(values.expiresAt).toISOString() : null,
                };
                const created = await createToken(input);
                setShown({ name: created.item.name, token: created.token });
                form.resetFields();
                actionRef.current?.reload();
              })
            }
          >
            <ProFormText
              name="name"
              label={t('person.tokens.name')}
              placeholder={t('person.tokens.namePlaceholder')}
              rules={[{ required: true, whitespace: true, message: t('common.required') }]}
              fieldProps={{ maxLength: 60 }}
            />
            <ProFormDateTimePicker
              name="expiresAt"
              label={t('person.tokens.expiresAt')}
              extra={t('person.tokens.expiresHelp')}
              fieldProps={{
                style: { width: '100%' },
                disabledDate: (d: dayjs.Dayjs) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(366, 'day')),
              }}
            />
          </ModalForm>,
        ]}
      />
      <Modal
        open={shown !== null}
        destroyOnHidden
        title={t('person.tokens.createdTitle')}
        closable={false}
        maskClosable={false}
        onOk={() => setShown(null)}
        okText={t('person.tokens.copied')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="warning" showIcon message={t('person.tokens.createdWarn')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph copyable={{ text: shown?.token ?? '' }} code data-testid="new-token-value" style={{ wordBreak: 'break-all' }}>
          {shown?.token}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
