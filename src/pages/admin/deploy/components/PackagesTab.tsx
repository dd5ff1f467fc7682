/**
 * The packages tab of /admin/deploy: every package kept, newest first (exported here or uploaded;
 * its application, when and by whom it was exported, its signer, whether it is applied, when and by
 * whom it was uploaded), with "Open" (the import wizard on it: diff, remap, dry run, apply),
 * "Roll back" (an applied package: its deployment, RollbackButton), download and delete (a package
 * not applied, after a confirmation); below, the deployments (each apply and rollback).
 */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Space, Typography, message } from 'antd';
import dayjs from 'dayjs';
import React, { useRef } from 'react';
import type { DeployDeployment, DeployPackage } from '../../../../../contracts';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { deletePackage, downloadPackage, listDeployments, listPackages } from '../../../../services/deploy';
import { keys } from '../../../../services/query-keys';
import { KindCounts } from './DiffView';
import { DeploymentStateTag, Fingerprint, PackageStateTag, SignatureTag, WhenWho } from './labels';
import RollbackButton from './RollbackButton';

/** How many recent deployments are read to find an applied package's deployment. */
const RECENT_DEPLOYMENTS = 100;

export default function PackagesTab({ onOpen }: { onOpen: (packageId: string) => void }) {
  const t = useT();
  const packagesRef = useRef<ActionType>();
  const deploymentsRef = useRef<ActionType>();
  const recent = useQuery({
    queryKey: keys('deploy').list({ deployments: true, pageSize: RECENT_DEPLOYMENTS }),
    queryFn: () => listDeployments({ pageSize: RECENT_DEPLOYMENTS }),
  });
  const reload = () => {
    void packagesRef.current?.reload();
    void deploymentsRef.current?.reload();
    void recent.refetch();
  };
  /** The live deployment of an applied package (the newest applied one of it). */
  const deploymentOf = (p: DeployPackage): DeployDeployment | undefined =>
    recent.data?.data.find((d) => d.packageId === p.id && d.state === 'applied');
  /** The package's newest deployment (applied or rolled back): when and by whom its state was reached. */
  const lastDeploymentOf = (p: DeployPackage): DeployDeployment | undefined =>
    recent.data?.data.find((d) => d.packageId === p.id);
  const remove = (p: DeployPackage) =>
    deletePackage(p.id).then(
      () => {
        void message.success(t('deploy.packages.deleted', { name: p.fileName }));
        reload();
      },
      (e: unknown) => void message.error(toApiError(e).message),
    );
  const download = (p: DeployPackage) => downloadPackage(p).catch((e: unknown) => void message.error(toApiError(e).message));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ProTable<DeployPackage>
        rowKey="id"
        actionRef={packagesRef}
        headerTitle={t('deploy.packages.title')}
        search={false}
        size="small"
        tableLayout="fixed"
        options={{ reload: true, density: false, setting: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: t('deploy.packages.empty') }}
        request={async (params) => {
          const page = await listPackages({ current: params.current, pageSize: params.pageSize });
          return { data: page.data, total: page.total, success: true };
        }}
        scroll={{ x: 820 }}
        data-testid="deploy-packages"
        columns={[
          {
            title: t('deploy.package.file'),
            dataIndex: 'fileName',
            render: (_, p) => (
              <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
                <Typography.Text ellipsis={{ tooltip: p.fileName }}>{p.fileName}</Typography.Text>
                <Typography.Text type="secondary">
                  {p.application.name} ({p.application.slug})
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('deploy.packages.exportedBy', {
                    at: dayjs(p.exportedAt).format('YYYY-MM-DD HH:mm'),
                    by: p.exportedBy ?? '—',
                  })}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('deploy.package.signer'),
            width: 180,
            render: (_, p) => (
              <Space direction="vertical" size={2}>
                <SignatureTag state={p.signature} />
                {p.signerFingerprint && <Fingerprint value={p.signerFingerprint} short />}
              </Space>
            ),
          },
          {
            title: t('deploy.package.state'),
            dataIndex: 'state',
            width: 170,
            render: (_, p) => {
              const last = lastDeploymentOf(p);
              return (
                <Space direction="vertical" size={2}>
                  <PackageStateTag state={p.state} />
                  {last && p.state === 'applied' && <WhenWho at={last.appliedAt} by={last.appliedBy} />}
                  {last && p.state === 'rolled_back' && <WhenWho at={last.rolledBackAt} by={last.rolledBackBy} />}
                </Space>
              );
            },
          },
          { title: t('deploy.package.uploaded'), width: 160, render: (_, p) => <WhenWho at={p.createdAt} by={p.createdBy} /> },
          {
            title: t('deploy.packages.actions'),
            width: 150,
            render: (_, p) => {
              const deployment = p.state === 'applied' ? deploymentOf(p) : undefined;
              return (
                <Space size={[4, 4]} wrap>
                  <Button
                    size="small"
                    type="link"
                    style={{ paddingInline: 0 }}
                    onClick={() => onOpen(p.id)}
                    data-testid="deploy-package-open"
                  >
                    {t('deploy.packages.open')}
                  </Button>
                  {deployment && <RollbackButton deployment={deployment} onDone={reload} />}
                  <Button
                    size="small"
                    type="link"
                    style={{ paddingInline: 0 }}
                    onClick={() => void download(p)}
                    data-testid="deploy-package-download"
                  >
                    {t('deploy.packages.download')}
                  </Button>
                  {p.state !== 'applied' && (
                    <Popconfirm
                      title={t('deploy.packages.deleteTitle')}
                      description={t('deploy.packages.deleteContent', { name: p.fileName })}
                      okText={t('deploy.packages.delete')}
                      okButtonProps={{ danger: true, 'data-testid': 'deploy-package-delete-confirm' } as never}
                      onConfirm={() => remove(p)}
                    >
                      <Button size="small" type="link" danger style={{ paddingInline: 0 }} data-testid="deploy-package-delete">
                        {t('deploy.packages.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
      <ProTable<DeployDeployment>
        rowKey="id"
        actionRef={deploymentsRef}
        headerTitle={t('deploy.deployments.title')}
        tooltip={t('deploy.deployments.hint')}
        search={false}
        size="small"
        tableLayout="fixed"
        options={{ reload: true, density: false, setting: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        locale={{ emptyText: t('deploy.deployments.empty') }}
        request={async (params) => {
          const page = await listDeployments({ current: params.current, pageSize: params.pageSize });
          return { data: page.data, total: page.total, success: true };
        }}
        scroll={{ x: 820 }}
        data-testid="deploy-deployments"
        columns={[
          {
            title: t('deploy.package.application'),
            render: (_, d) => (
              <span>
                {d.application.name} <Typography.Text type="secondary">({d.application.slug})</Typography.Text>
              </span>
            ),
          },
          {
            title: t('deploy.deployments.changes'),
            render: (_, d) => <KindCounts added={d.added} changed={d.changed} removed={d.removed} />,
          },
          {
            title: t('deploy.package.state'),
            dataIndex: 'state',
            width: 110,
            render: (_, d) => <DeploymentStateTag state={d.state} />,
          },
          { title: t('deploy.deployments.applied'), width: 160, render: (_, d) => <WhenWho at={d.appliedAt} by={d.appliedBy} /> },
          {
            title: t('deploy.deployments.rolledBack'),
            width: 160,
            render: (_, d) => <WhenWho at={d.rolledBackAt} by={d.rolledBackBy} />,
          },
          {
            title: t('deploy.packages.actions'),
            width: 140,
            render: (_, d) => <RollbackButton deployment={d} onDone={reload} />,
          },
        ]}
      />
    </Space>
  );
}
