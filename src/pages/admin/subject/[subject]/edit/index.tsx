/**
 * /admin/subject/:subject/edit (Subjects and fields, docs/product.md "Data core"), `:subject` = the
 * subject's id: finds the subject's application and key (GET /api/v1/subjects/:id), then mounts
 * the schema editor (src/components/subject/SchemaEditor.tsx). An unknown id renders the 404.
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import React from 'react';
import { history, useIntl, useParams } from 'umi';
import ExceptionResult from '../../../../../components/ExceptionResult';
import SchemaEditor from '../../../../../components/subject/SchemaEditor';
import { SubjectIcon } from '../../../../../components/subject/icons';
import { ApiError } from '../../../../../services/api-error';
import { getSubjectById } from '../../../../../services/subjects';
import { keys } from '../../../../../services/query-keys';

export default function SubjectEditPage() {
  const { subject: id = '' } = useParams<{ subject: string }>();
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: key }, values);
  const query = useQuery({ queryKey: keys('subjects').action('byId', id), queryFn: ({ signal }) => getSubjectById(id, signal) });

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  const s = query.data;
  return (
    <PageContainer
      loading={query.isLoading}
      title={
        s && (
          <Space>
            <SubjectIcon icon={s.icon} />
            {t('subject.editTitle', { name: s.name })}
          </Space>
        )
      }
      tags={s && <Tag color="cyan">{s.applicationName}</Tag>}
      onBack={() => history.push(`/admin/subject/${id}`)}
      extra={
        s && (
          <Button onClick={() => history.push(`/${s.application}/${s.key}`)} data-testid="open-records">
            {t('subject.openRecords')}
          </Button>
        )
      }
    >
      {s && <SchemaEditor app={s.application} subject={s.key} />}
    </PageContainer>
  );
}
