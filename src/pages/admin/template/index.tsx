/**
 * /admin/template: every application's report templates, by application (docs/report-templates.md).
 * New templates are made in an application (`/:app/report_template/create`), where their subject is.
 */
import { PageContainer } from '@ant-design/pro-components';
import React from 'react';
import TemplatesTable from '../../../components/report-templates/TemplatesTable';
import { useT } from '../../../components/useT';

export default function TemplatesPage() {
  const t = useT();
  return (
    <PageContainer title={t('reportTemplates.title')} subTitle={t('reportTemplates.subtitle')}>
      <TemplatesTable />
    </PageContainer>
  );
}
