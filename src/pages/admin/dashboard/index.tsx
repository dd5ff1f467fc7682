/**
 * /admin, the console dashboard (PRODUCT.md "Platform"): what exists (applications, users), the
 * server's health (database engine, version, uptime), the applications with links into their
 * workspaces, and forms to create the first application and users.
 */
import { PageContainer, StatisticCard } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, List, Space, Tag } from 'antd';
import React from 'react';
import { history, useIntl } from 'umi';
import { listApplications } from '../../../services/applications';
import { getHealth } from '../../../services/health';
import { listUsers } from '../../../services/users';
import { humanizeMs } from '../../../utils/time';
import CreateApplicationForm from './components/CreateApplicationForm';
import CreateUserForm from './components/CreateUserForm';

/** Applications listed on the dashboard (the application screen pages through the rest). */
const DASHBOARD_APPS = 10;

export default function ConsoleDashboard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const apps = useQuery({
    queryKey: ['applications', 'dashboard'],
    queryFn: () => listApplications({ pageSize: DASHBOARD_APPS }),
  });
  const users = useQuery({ queryKey: ['users', 'count'], queryFn: () => listUsers({ pageSize: 1 }) });
  const health = useQuery({ queryKey: ['health'], queryFn: getHealth });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['applications'] });
  const noApps = apps.data?.total === 0;

  return (
    <PageContainer
      title={t('dashboard.title')}
      extra={[<CreateUserForm key="u" onCreated={() => void queryClient.invalidateQueries({ queryKey: ['users'] })} />]}
    >
      <StatisticCard.Group direction="row" style={{ marginBottom: 16 }}>
        <StatisticCard
          loading={apps.isLoading}
          statistic={{ title: t('dashboard.applications'), value: apps.data?.total ?? 0 }}
        />
        <StatisticCard loading={users.isLoading} statistic={{ title: t('dashboard.users'), value: users.data?.total ?? 0 }} />
        <StatisticCard
          loading={health.isLoading}
          statistic={{ title: t('dashboard.engine'), value: health.data?.engine === 'postgres' ? 'PostgreSQL' : 'PGlite' }}
        />
        <StatisticCard
          loading={health.isLoading}
          statistic={{
            title: t('dashboard.version'),
            value: health.data?.version ?? '',
            description: health.data ? `${t('dashboard.uptime')} ${humanizeMs(health.data.uptimeMs, intl.locale)}` : undefined,
          }}
        />
      </StatisticCard.Group>
      <Card
        title={t('dashboard.appList')}
        extra={
          <CreateApplicationForm
            primary={noApps}
            onCreated={(slug) => {
              void refresh();
              history.push(`/${slug}`);
            }}
          />
        }
      >
        {noApps && (
          <Alert
            type="info"
            showIcon
            message={t('dashboard.createApp.firstHint')}
            style={{ marginBottom: 16 }}
            data-testid="first-app-hint"
          />
        )}
        <List
          loading={apps.isLoading}
          dataSource={apps.data?.data ?? []}
          locale={{ emptyText: t('header.noApps') }}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button key="open" type="link" onClick={() => history.push(`/${a.slug}`)}>
                  {t('dashboard.open')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={a.name}
                description={
                  <Space>
                    <Tag>/{a.slug}</Tag>
                    <span>{t('dashboard.members', { count: a.memberCount })}</span>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </PageContainer>
  );
}
