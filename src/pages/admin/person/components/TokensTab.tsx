/**
 * Personal center, "API tokens": the user's personal API tokens (server-side paging) with their
 * scope and expiry, a form to create one (name; scope read-only or read-write, read-only by
 * default; lifetime 7–365 days, 90 by default: every token expires) whose token is shown once in a
 * dialog with a copy button, and revocation after a confirmation (the token rules: "created, shown once,
 * hashed at rest, revocable, last used"). A password change revokes them all (server).
 */
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { ModalForm, ProFormRadio, ProFormSelect, ProFormText, ProTable } from '@ant-design/pro-components';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { Alert, Button, Form, message, Modal, Popconfirm, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useRef, useState } from 'react';
import { useIntl } from 'umi';
import type { ApiToken, ApiTokenCreate, ApiTokenScope } from '../../../../../contracts';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, API_TOKEN_SCOPES } from '../../../../../contracts/constants';
import { submitForm } from '../../../../services/api-error';
import { createToken, listTokens, revokeToken } from '../../../../services/account';

const STATUS_COLOR: Record<ApiToken['status'], string> = { active: 'green', expired: 'orange', revoked: 'default' };
const SCOPE_COLOR: Record<ApiTokenScope, string> = { 'read-only': 'blue', 'read-write': 'volcano' };
const when = (iso: string | null, never: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : never);
/** The lifetimes offered (days), up to the server's maximum. */
const LIFETIMES = [7, 30, API_TOKEN_DEFAULT_DAYS, 180, API_TOKEN_MAX_DAYS];

/** The create form's values: the token's name, scope and lifetime in days. */
interface NewToken {
  name: string;
  scope: ApiTokenScope;
  days: number;
}

export default function TokensTab() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const actionRef = useRef<ActionType>(null);
  const [form] = Form.useForm<NewToken>();
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);

  const columns: ProColumns<ApiToken>[] = [
    { title: t('person.tokens.name'), dataIndex: 'name' },
    { title: t('person.tokens.prefix'), dataIndex: 'prefix', render: (_, r) => <Typography.Text code>{r.prefix}…</Typography.Text> },
    {
      title: t('person.tokens.scope'),
      dataIndex: 'scope',
      render: (_, r) => <Tag color={SCOPE_COLOR[r.scope]}>{t(`person.tokens.scope.${r.scope}`)}</Tag>,
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', render: (_, r) => when(r.createdAt, '') },
    { title: t('person.tokens.lastUsed'), dataIndex: 'lastUsedAt', render: (_, r) => when(r.lastUsedAt, '—') },
    { title: t('person.tokens.expiresAt'), dataIndex: 'expiresAt', render: (_, r) => when(r.expiresAt, '—') },
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
          <ModalForm<NewToken> name="tokensTab"
            key="new"
            title={t('person.tokens.new')}
            form={form}
            width={480}
            initialValues={{ scope: 'read-only', days: API_TOKEN_DEFAULT_DAYS }}
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
                  scope: values.scope,
                  expiresAt: dayjs().add(values.days, 'day').toISOString(),
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
            <ProFormRadio.Group
              name="scope"
              label={t('person.tokens.scope')}
              extra={t('person.tokens.scopeHelp')}
              options={API_TOKEN_SCOPES.map((scope) => ({ value: scope, label: t(`person.tokens.scope.${scope}`) }))}
            />
            <ProFormSelect
              name="days"
              label={t('person.tokens.lifetime')}
              extra={t('person.tokens.expiresHelp', { max: API_TOKEN_MAX_DAYS })}
              allowClear={false}
              options={LIFETIMES.map((days) => ({ value: days, label: t('person.tokens.days', { n: days }) }))}
              rules={[{ required: true, message: t('common.required') }]}
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
