/**
 * `/:app/data_analytics/:record` (docs/queries.md "Dashboards"): one dashboard (`record` = its id)
 * with its cards, shared filters, auto-refresh and full screen (DashboardView); 404 in place when
 * it is unknown or private to someone else (a malformed id: without asking the server).
 */
import { PageContainer } from '@ant-design/pro-components';
import { Button, Result, Skeleton } from 'antd';
import React from 'react';
import { Link, useParams } from 'umi';
import DashboardView from '../../../../components/dashboards/DashboardView';
import ExceptionResult from '../../../../components/ExceptionResult';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { useDashboard } from '../../../../services/dashboards';
import { isUuid } from '../../../../services/ids';
import { useWorkspace } from '../../useWorkspace';

export default function DashboardPage() {
  const t = useT();
  const { app } = useWorkspace();
  const { record = '' } = useParams<{ record: string }>();
  const valid = isUuid(record);
  const dashboard = useDashboard(app.slug, valid ? record : '');
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
        {!valid || (dashboard.isError && [400, 404].includes(toApiError(dashboard.error).status)) ? (
          <ExceptionResult
            code={404}
            extra={
              <Link to={listHref}>
                <Button>{t('dashboards.back')}</Button>
              </Link>
            }
          />
        ) : dashboard.isPending ? (
          <Skeleton active />
        ) : dashboard.isError ? (
          <Result status="error" title={toApiError(dashboard.error).message} />
        ) : (
          <DashboardView slug={app.slug} appId={app.id} dashboard={dashboard.data} />
        )}
      </PageContainer>
    </div>
  );
}
