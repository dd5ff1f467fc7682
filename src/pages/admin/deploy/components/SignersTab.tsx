/**
 * The trusted signers tab of /admin/deploy: the keys whose packages are accepted without a trust
 * step (added by "Trust this signer" in the import wizard), with their fingerprints and who trusted
 * them when; "Stop trusting" after a confirmation (packages they signed are then shown as from an
 * unknown signer). This installation's own key is always trusted and shown above the list.
 */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Card, Popconfirm, Space, Typography, message } from 'antd';
import React, { useRef } from 'react';
import type { DeploySigner } from '../../../../../contracts';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { listSigners, removeSigner } from '../../../../services/deploy';
import { InstallationKey } from './ExportPanel';
import { Fingerprint, WhenWho } from './labels';

export default function SignersTab() {
  const t = useT();
  const ref = useRef<ActionType>();
  const remove = (s: DeploySigner) =>
    removeSigner(s.id).then(
      () => {
        void message.success(t('deploy.signers.removed', { label: s.label }));
        void ref.current?.reload();
      },
      (e: unknown) => void message.error(toApiError(e).message),
    );
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title={t('deploy.signers.own')}>
        <InstallationKey />
      </Card>
      <ProTable<DeploySigner>
        rowKey="id"
        actionRef={ref}
        headerTitle={t('deploy.signers.title')}
        tooltip={t('deploy.signers.hint')}
        search={false}
        size="small"
        options={{ reload: true, density: false, setting: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: t('deploy.signers.empty') }}
        request={async (params) => {
          const page = await listSigners({ current: params.current, pageSize: params.pageSize });
          return { data: page.data, total: page.total, success: true };
        }}
        data-testid="deploy-signers"
        columns={[
          {
            title: t('deploy.signers.label'),
            dataIndex: 'label',
            render: (_, s) => <Typography.Text>{s.label}</Typography.Text>,
          },
          { title: t('deploy.key.fingerprint'), render: (_, s) => <Fingerprint value={s.fingerprint} /> },
          { title: t('deploy.signers.trustedAt'), width: 170, render: (_, s) => <WhenWho at={s.createdAt} by={s.createdBy} /> },
          {
            title: t('deploy.packages.actions'),
            width: 130,
            render: (_, s) => (
              <Popconfirm
                title={t('deploy.signers.removeTitle')}
                description={t('deploy.signers.removeContent', { label: s.label })}
                okText={t('deploy.signers.remove')}
                okButtonProps={{ danger: true, 'data-testid': 'deploy-signer-remove-confirm' } as never}
                onConfirm={() => remove(s)}
              >
                <Button size="small" type="link" danger style={{ paddingInline: 0 }} data-testid="deploy-signer-remove">
                  {t('deploy.signers.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Space>
  );
}
