/**
 * /admin, the console dashboard (PRODUCT.md "Platform"): what exists (applications, users,
 * active sessions), the server's health (database engine, version, uptime), the latest
 * applications with links into their workspaces, and forms to create applications and users.
 * Its data comes from the server loader (SPEC.md §7) through the route-data layer.
 */
import { PageContainer, StatisticCard } from '@ant-design/pro-components';
import { Alert, Button, Card, List, Space, Tag } from 'antd';
import React from 'react';
import { history, useIntl } from 'umi';
import RouteDataResult from '../../../components/RouteDataResult';
import { useRouteData } from '../../../loaders';
import { humanizeMs } from '../../../utils/time';
import CreateApplicationForm from './components/CreateApplicationForm';
import CreateUserForm from './components/CreateUserForm';

export default function ConsoleDashboard() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const query = useRouteData('/admin');
  const refresh = () => void query.refetch();

  return (
    <RouteDataResult query={query}>
      {(summary) => (
        <PageContainer title={t('dashboard.title')} extra={[<CreateUserForm key="u" onCreated={refresh} />]}>
          <div data-testid="console-dashboard">
            <StatisticCard.Group direction="row" style={{ marginBottom: 16 }}>
              <StatisticCard statistic={{ title: t('dashboard.applications'), value: summary.applications.total }} />
              <StatisticCard statistic={{ title: t('dashboard.users'), value: summary.users.total }} />
              <StatisticCard statistic={{ title: t('dashboard.sessions'), value: summary.sessions.active }} />
              <StatisticCard
                statistic={{
                  title: t('dashboard.engine'),
                  value: summary.health.engine === 'postgres' ? 'PostgreSQL' : 'PGlite',
                  description: `${t('dashboard.version')} ${summary.health.version} · ${t('dashboard.uptime')} ${humanizeMs(summary.health.uptimeMs, intl.locale)}`,
                }}
              />
            </StatisticCard.Group>
            <Card
              title={t('dashboard.appList')}
              extra={
                <CreateApplicationForm
                  primary={summary.applications.total === 0}
                  onCreated={(slug) => {
                    refresh();
                    history.push(`/${slug}`);
                  }}
                />
              }
            >
              {summary.applications.total === 0 && (
                <Alert type="info" showIcon message={t('dashboard.createApp.firstHint')} style={{ marginBottom: 16 }} data-testid="first-app-hint" />
              )}
              <List
                dataSource={summary.applications.items}
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
          </div>
        </PageContainer>
      )}
    </RouteDataResult>
  );
}
