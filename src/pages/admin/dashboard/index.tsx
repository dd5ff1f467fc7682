/**
 * /admin, the console dashboard (docs/product.md "Platform"): what exists
 * (applications, live users and groups, active sessions, the recycle bin, live records — an
 * estimate, marked ≈, once a subject holds more than 10,000), the server's health (database engine and size, version, uptime), the newest audit
 * entries, quick links, the latest applications with links into their workspaces, and forms to
 * create applications and users. Its data comes from the server loader (docs/routes-and-loading.md "Route data") through the
 * route-data layer.
 */
import { PageContainer, StatisticCard } from '@ant-design/pro-components';
import { Alert, Button, Card, Col, List, Row, Space, Tag } from 'antd';
import React from 'react';
import { history, useIntl } from 'umi';
import RouteDataResult from '../../../components/RouteDataResult';
import { useRouteData } from '../../../loaders';
import { humanizeMs } from '../../../utils/time';
import CreateApplicationForm from './components/CreateApplicationForm';
import CreateUserForm from './components/CreateUserForm';
import QuickLinks from './components/QuickLinks';
import RecentAudit from './components/RecentAudit';

/** "12.3 MB": bytes in binary units, one decimal. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

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
              <StatisticCard statistic={{ title: t('dashboard.groups'), value: summary.groups.total }} />
              <StatisticCard statistic={{ title: t('dashboard.sessions'), value: summary.sessions.active }} />
              <StatisticCard
                statistic={{
                  title: t('dashboard.records'),
                  value: summary.records.total ?? '—',
                  prefix: summary.records.estimated ? '≈' : undefined,
                  description: summary.records.estimated ? t('dashboard.records.estimated') : undefined,
                }}
              />
              <StatisticCard statistic={{ title: t('dashboard.recycle'), value: summary.recycle.total }} />
            </StatisticCard.Group>
            <Row gutter={16} style={{ marginBottom: 16 }}>
              <Col xs={24} lg={14}>
                <RecentAudit entries={summary.recentAudit} />
              </Col>
              <Col xs={24} lg={10}>
                <Card title={t('dashboard.health')} size="small" style={{ marginBottom: 16 }} data-testid="system-health">
                  <Space direction="vertical" size={4}>
                    <span>
                      {t('dashboard.engine')}: <strong>{summary.health.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}</strong>
                    </span>
                    <span>
                      {t('dashboard.dbSize')}: <strong>{formatBytes(summary.health.databaseBytes)}</strong>
                    </span>
                    <span>
                      {t('dashboard.version')}: <strong>{summary.health.version}</strong>
                    </span>
                    <span>
                      {t('dashboard.uptime')}: <strong>{humanizeMs(summary.health.uptimeMs, intl.locale)}</strong>
                    </span>
                  </Space>
                </Card>
                <QuickLinks />
              </Col>
            </Row>
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
