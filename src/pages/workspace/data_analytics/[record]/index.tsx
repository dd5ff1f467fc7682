/**
 * `/:app/data_analytics/:record` (docs/queries.md "Dashboards"): one dashboard (`record` = its id)
 * with its cards, shared filters, auto-refresh and full screen (DashboardView); 404 when it is
 * unknown or private to someone else.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Button, Result, Skeleton } from 'antd';
import React from 'react';
import { Link, useParams } from 'umi';
import DashboardView from '../../../../components/dashboards/DashboardView';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { useDashboard } from '../../../../services/dashboards';
import { useWorkspace } from '../../useWorkspace';

export default function DashboardPage() {
  const t = useT();
  const { app } = useWorkspace();
  const { record = '' } = useParams<{ record: string }>();
  const dashboard = useDashboard(app.slug, record);
  const listHref = `/${app.slug}/data_analytics`;
  return (
    <div data-testid="dashboard-page">
      <PageContainer
        title={dashboard.data?.name ?? t('dashboards.title')}
        subTitle={dashboard.data?.description ?? undefined}
        breadcrumb={{
          items: [
            { title: <Link to={`/${app.slug}`}>{app.name}</Link> },
            { title: <Link to={listHref}>{t('dashboards.title')}</Link> },
            { title: dashboard.data?.name ?? '…' },
          ],
        }}
      >
        {dashboard.isPending ? (
          <Skeleton active />
        ) : dashboard.isError ? (
          <Result
            status={toApiError(dashboard.error).status === 404 ? '404' : 'error'}
            title={toApiError(dashboard.error).message}
            extra={
              <Link to={listHref}>
                <Button>{t('dashboards.back')}</Button>
              </Link>
            }
          />
        ) : (
          <DashboardView slug={app.slug} appId={app.id} dashboard={dashboard.data} />
        )}
      </PageContainer>
    </div>
  );
}
