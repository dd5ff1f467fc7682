/**
 * /:app/report_template/:templateId: the report template editor of the application
 * (components/report-templates/TemplateEditor.tsx, docs/report-templates.md). Viewers see it read
 * only (and preview); editors, owners and administrators save. 404 for a template of another
 * application or none.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Spin, Tag } from 'antd';
import React from 'react';
import { history, useParams } from 'umi';
import ExceptionResult from '../../../../components/ExceptionResult';
import { isUuid } from '../../../../services/ids';
import { getTemplate } from '../../../../components/report-templates/api';
import TemplateEditor from '../../../../components/report-templates/TemplateEditor';
import { useT } from '../../../../components/useT';
import { ApiError } from '../../../../services/api-error';
import { useWorkspace } from '../../useWorkspace';

export default function TemplateEditorPage() {
  const { templateId = '' } = useParams<{ templateId: string }>();
  const { app } = useWorkspace();
  const t = useT();
  const queryClient = useQueryClient();
  const key = ['report-templates', 'detail', templateId];
  const wellFormed = isUuid(templateId);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => getTemplate(templateId, signal), retry: false, enabled: wellFormed });
  if (!wellFormed) return <ExceptionResult code={404} />;
  if (query.error || (query.data && query.data.application !== app.slug)) {
    const status = query.error instanceof ApiError ? query.error.status : 404;
    return <ExceptionResult code={status === 403 ? 403 : status >= 500 ? 500 : 404} />;
  }
  if (!query.data)
    return (
      <PageContainer title={t('reportTemplates.title')}>
        <Spin />
      </PageContainer>
    );
  const tpl = query.data;
  const canWrite = app.myRole === null || app.myRole === 'editor' || app.myRole === 'owner';
  return (
    <PageContainer
      title={tpl.name}
      subTitle={tpl.subjectName ? <Tag>{tpl.subjectName}</Tag> : null}
      onBack={() => history.back()}
    >
      <TemplateEditor app={app.slug} tpl={tpl} canWrite={canWrite} onSaved={(saved) => queryClient.setQueryData(key, saved)} />
    </PageContainer>
  );
}
