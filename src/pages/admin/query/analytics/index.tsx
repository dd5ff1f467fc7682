/**
 * `/admin/query/analytics` (administrators; docs/queries.md "Dashboards"): pick an application
 * (`?app=<slug>`), list its dashboards (every one, private ones included) and open one inline
 * (`?dashboard=<id>`) to view or edit it as on `/:app/data_analytics/:record`.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Select, Skeleton, Space, Typography } from 'antd';
import React from 'react';
import { useSearchParams } from 'umi';
import DashboardList from '../../../../components/dashboards/DashboardList';
import DashboardView from '../../../../components/dashboards/DashboardView';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { listApplications } from '../../../../services/applications';
import { useDashboard } from '../../../../services/dashboards';
import { keys } from '../../../../services/query-keys';

/** One dashboard of `slug`, with a way back to the list. */
function OpenDashboard({ slug, appId, id, onBack }: { slug: string; appId: string; id: string; onBack: () => void }) {
  const t = useT();
  const dashboard = useDashboard(slug, id);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="dashboard-back">
          {t('dashboards.back')}
        </Button>
        {dashboard.data && (
          <Typography.Title level={4} style={{ margin: 0 }}>
            {dashboard.data.name}
          </Typography.Title>
        )}
      </Space>
      {dashboard.isPending ? (
        <Skeleton active />
      ) : dashboard.isError ? (
        <Result status="error" title={toApiError(dashboard.error).message} />
      ) : (
        <DashboardView slug={slug} appId={appId} dashboard={dashboard.data} />
      )}
    </Space>
  );
}

export default function AdminDashboardsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const slug = params.get('app') ?? '';
  const open = params.get('dashboard') ?? '';
  const apps = useQuery({
    queryKey: keys('applications').list({ current: 1, pageSize: 100 }),
    queryFn: () => listApplications({ current: 1, pageSize: 100 }),
  });
  const app = apps.data?.data.find((a) => a.slug === slug);
  const go = (next: { app?: string; dashboard?: string }) => {
    const p = new URLSearchParams();
    if (next.app) p.set('app', next.app);
    if (next.dashboard) p.set('dashboard', next.dashboard);
    setParams(p);
  };
  return (
    <div data-testid="admin-dashboards-page">
      <PageContainer title={t('dashboards.admin.title')} subTitle={t('dashboards.admin.subTitle')}>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card size="small">
            <Space wrap>
              <Typography.Text>{t('dashboards.admin.application')}</Typography.Text>
              <Select
                data-testid="dashboards-app-picker"
                aria-label={t('dashboards.admin.application')}
                showSearch
                optionFilterProp="label"
                style={{ width: 280 }}
                loading={apps.isPending}
                value={slug || undefined}
                placeholder={t('dashboards.admin.pick')}
                options={(apps.data?.data ?? []).map((a) => ({ value: a.slug, label: `${a.name} (${a.slug})` }))}
                onChange={(v: string) => go({ app: v })}
              />
            </Space>
          </Card>
          <Card>
            {!app ? (
              <Empty description={t('dashboards.admin.pickHint')} />
            ) : open ? (
              <OpenDashboard slug={app.slug} appId={app.id} id={open} onBack={() => go({ app: app.slug })} />
            ) : (
              <DashboardList slug={app.slug} canCreate onOpen={(d) => go({ app: app.slug, dashboard: d.id })} />
            )}
          </Card>
        </Space>
      </PageContainer>
    </div>
  );
}
