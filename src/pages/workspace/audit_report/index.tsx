/**
 * /:app/audit_report: the application's audit reports (components/audit/ReportsTable.tsx;
 * docs/engagements-papers.md): the paged list, "New report" for editors and owners, and per report its
 * printable page, "Render again" and the review actions.
 */
import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import ReportsTable from '../../../components/audit/ReportsTable';
import { useT } from '../../../components/useT';
import { useWorkspace } from '../useWorkspace';

export default function AuditReportsPage() {
  const t = useT();
  const { app } = useWorkspace();
  const canWrite = app.myRole === null || app.myRole === 'editor' || app.myRole === 'owner';
  return (
    <div data-testid="audit-reports">
      <PageContainer title={t('auditReports.title')} content={t('auditReports.subtitle')}>
        <ReportsTable app={app.slug} canWrite={canWrite} />
      </PageContainer>
    </div>
  );
}
