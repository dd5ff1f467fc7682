/**
 * `/:app/audit_project_table` (docs/engagements-dashboard.md): the application's audit engagements
 * in the data core's records grid (filters, quick search, column settings, export, bulk edit) of
 * the engagement subject the audit model names (GET …/audit/model, never a fixed key). Editors get
 * "New engagement" (the grid's create drawer); each engagement's title opens its procedures,
 * `/:app/audit_process?engagement=<id>`. When the Audit module is not enabled the page says so
 * (owners get a link to the settings).
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import React, { useCallback } from 'react';
import { Link, useIntl, useModel } from 'umi';
import { appAccess } from '../../../access';
import AuditModuleState from '../../../components/audit/AuditModuleState';
import RecordGrid from '../../../components/records/RecordGrid';
import { toApiError } from '../../../services/api-error';
import { keys } from '../../../services/query-keys';
import { getSubject } from '../../../services/subjects';
import { useWorkspace } from '../useWorkspace';

/** The grid of the engagement subject `subjectKey`. */
function EngagementGrid({ app, subjectKey, canEdit }: { app: string; subjectKey: string; canEdit: boolean }) {
  const intl = useIntl();
  const subject = useQuery({
    queryKey: keys('subjects').detail(app, subjectKey),
    queryFn: ({ signal }) => getSubject(app, subjectKey, signal),
  });
  const processHref = useCallback((id: string) => `/${app}/audit_process?engagement=${encodeURIComponent(id)}`, [app]);
  if (subject.isPending) return <Skeleton active />;
  if (subject.isError)
    return (
      <Result
        status="error"
        title={intl.formatMessage({ id: 'auditDashboard.error' })}
        subTitle={toApiError(subject.error).message}
        extra={<Button onClick={() => void subject.refetch()}>{intl.formatMessage({ id: 'auditDashboard.retry' })}</Button>}
      />
    );
  return (
    <RecordGrid
      key={`${app}/${subjectKey}`}
      app={app}
      subject={subject.data}
      canEdit={canEdit}
      recordHref={processHref}
      createLabel={intl.formatMessage({ id: 'auditDashboard.list.new' })}
    />
  );
}

export default function AuditProjectTablePage() {
  const intl = useIntl();
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const { canEditRecords, canManageApp } = appAccess(app.myRole, initialState?.currentUser?.isAdmin === true);
  return (
    <div data-testid="audit-project-table-page">
      <PageContainer
        title={intl.formatMessage({ id: 'auditDashboard.list.title' })}
        subTitle={intl.formatMessage({ id: 'auditDashboard.list.subTitle' })}
        breadcrumb={{
          items: [
            { title: <Link to={`/${app.slug}`}>{app.name}</Link> },
            { title: intl.formatMessage({ id: 'auditDashboard.list.title' }) },
          ],
        }}
        extra={<Link to={`/${app.slug}/audit_project`}>{intl.formatMessage({ id: 'auditDashboard.list.dashboard' })}</Link>}
      >
        <AuditModuleState app={app.slug} enabled={app.modules.includes('audit')} canManage={canManageApp}>
          {(model) => <EngagementGrid app={app.slug} subjectKey={model.subjects.engagement.key} canEdit={canEditRecords} />}
        </AuditModuleState>
      </PageContainer>
    </div>
  );
}
