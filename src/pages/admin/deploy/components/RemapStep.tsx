/**
 * The import wizard's remapping step: each variable the package carries can be mapped to a variable
 * of this installation (by key; the server's suggestion — the same key — is proposed) instead of
 * being created from the package; a secret's value never travels, so an unmapped secret is created
 * without a value and says so. Each user the package's objects name (owners, by e-mail) can be
 * mapped to a user here; unmapped, the same e-mail is used, else the applying administrator owns
 * the object. Each select is named by its row ("Target of API_URL").
 */
import { Alert, Space, Table, Tag, Typography } from 'antd';
import React from 'react';
import type { DeployApply, DeployDiff, Variable } from '../../../../../contracts';
import { useT } from '../../../../components/useT';
import { listUsers } from '../../../../services/users';
import { variablesApi } from '../../../../services/variables';
import RemoteSelect from '../../group/components/RemoteSelect';
import { setMapped } from './logic';

type Maps = Required<DeployApply>;

/** Variables of this installation whose key or description holds `q`, one option per key (global and the applications' alike). */
async function variableOptions(q: string) {
  const page = await variablesApi.list({ q: q || undefined, pageSize: 50, sort: 'key:asc' });
  const byKey = new Map<string, string[]>();
  for (const v of page.data as unknown as Variable[]) byKey.set(v.key, [...(byKey.get(v.key) ?? []), v.applicationName ?? '']);
  return [...byKey].map(([key, scopes]) => ({
    value: key,
    label: `${key}${scopes.some(Boolean) ? ` (${scopes.filter(Boolean).join(', ')})` : ''}`,
  }));
}

/** Users of this installation matching `q`, by e-mail. */
async function userOptions(q: string) {
  const page = await listUsers({ q: q || undefined, pageSize: 20 });
  return page.data.map((u) => ({ value: u.email, label: `${u.name} <${u.email}>` }));
}

export default function RemapStep({ diff, maps, onChange }: { diff: DeployDiff; maps: Maps; onChange: (maps: Maps) => void }) {
  const t = useT();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="deploy-remap">
      <div>
        <Typography.Title level={5}>{t('deploy.remap.variables')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('deploy.remap.variablesHint')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={diff.variables}
          locale={{ emptyText: t('deploy.remap.noVariables') }}
          data-testid="deploy-remap-variables"
          columns={[
            {
              title: t('deploy.remap.packageVariable'),
              dataIndex: 'key',
              render: (_, v) => (
                <Space size={4} wrap>
                  <Typography.Text code>{v.key}</Typography.Text>
                  {v.secret && <Tag color="orange">{t('deploy.remap.secret')}</Tag>}
                </Space>
              ),
            },
            { title: t('deploy.remap.type'), dataIndex: 'type', width: 120 },
            {
              title: t('deploy.remap.target'),
              width: 360,
              render: (_, v) => (
                <Space direction="vertical" size={2} style={{ width: '100%' }}>
                  <RemoteSelect
                    id={`deploy-var-${v.key}`}
                    fetch={variableOptions}
                    value={maps.variableMap[v.key]}
                    onChange={(value) => onChange({ ...maps, variableMap: setMapped(maps.variableMap, v.key, value) })}
                    placeholder={t('deploy.remap.createFromPackage')}
                    style={{ width: '100%' }}
                    testId={`deploy-var-${v.key}`}
                    ariaLabel={t('deploy.remap.targetOf', { name: v.key })}
                  />
                  {v.secret && !maps.variableMap[v.key] && (
                    <Typography.Text type="warning">{t('deploy.remap.secretEmpty')}</Typography.Text>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </div>
      <div>
        <Typography.Title level={5}>{t('deploy.remap.users')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('deploy.remap.usersHint')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey="email"
          pagination={false}
          dataSource={diff.users}
          locale={{ emptyText: t('deploy.remap.noUsers') }}
          data-testid="deploy-remap-users"
          columns={[
            {
              title: t('deploy.remap.packageUser'),
              dataIndex: 'email',
              render: (_, u) => (u.name ? `${u.name} <${u.email}>` : u.email),
            },
            {
              title: t('deploy.remap.target'),
              width: 360,
              render: (_, u) => (
                <RemoteSelect
                  id={`deploy-user-${u.email}`}
                  fetch={userOptions}
                  value={maps.userMap[u.email]}
                  onChange={(value) => onChange({ ...maps, userMap: setMapped(maps.userMap, u.email, value) })}
                  placeholder={t('deploy.remap.sameOrMe')}
                  style={{ width: '100%' }}
                  testId={`deploy-user-${u.email}`}
                  ariaLabel={t('deploy.remap.targetOf', { name: u.email })}
                />
              ),
            },
          ]}
        />
      </div>
      {diff.variables.some((v) => v.secret) && <Alert type="info" showIcon message={t('deploy.remap.secretsNote')} />}
    </Space>
  );
}
