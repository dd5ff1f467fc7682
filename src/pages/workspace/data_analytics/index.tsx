/**
 * `/:app/data_analytics` (docs/queries.md "Dashboards"): the application's dashboards the caller
 * sees, with "New dashboard" for editors and above; a dashboard opens at
 * `/:app/data_analytics/:record` (the dashboard's id).
 */
import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import { Link, useModel, useNavigate } from 'umi';
import { appAccess } from '../../../access';
import DashboardList from '../../../components/dashboards/DashboardList';
import { useT } from '../../../components/useT';
import { useWorkspace } from '../useWorkspace';

export default function DataAnalyticsPage() {
  const t = useT();
  const navigate = useNavigate();
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const { canEditRecords } = appAccess(app.myRole, initialState?.currentUser?.isAdmin === true);
  return (
    <div data-testid="data-analytics-page">
      <PageContainer
        title={t('dashboards.title')}
        subTitle={t('dashboards.subTitle')}
        breadcrumb={{ items: [{ title: <Link to={`/${app.slug}`}>{app.name}</Link> }, { title: t('dashboards.title') }] }}
      >
        <DashboardList
          slug={app.slug}
          canCreate={canEditRecords}
          onOpen={(d) => navigate(`/${app.slug}/data_analytics/${d.id}`)}
        />
      </PageContainer>
    </div>
  );
}
