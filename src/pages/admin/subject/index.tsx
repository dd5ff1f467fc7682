/**
 * /admin/subject (Subjects and fields, docs/product.md "Data core"): every application's subjects in a
 * ProTable with server paging, search (key or name) and the application filter (also taken from
 * `?application=slug`); a new subject in a modal (then its schema editor opens); delete asks first
 * and goes to the recycle bin. Administrators only (route access canAdmin).
 */
import { PageContainer, ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import React, { useRef } from 'react';
import { history, Link, useIntl, useSearchParams } from 'umi';
import type { Subject } from '../../../../contracts';
import { listSubjects } from '../../../services/subjects';
import { subjectColumns } from './columns';
import CreateSubjectModal from '../../../components/subject/CreateSubjectModal';
import { useApplicationSlugs } from '../../../components/subject/useApplicationSlugs';
import { useSubjectActions } from './components/useSubjectActions';

export default function SubjectsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const [searchParams] = useSearchParams();
  const application = searchParams.get('application') || undefined;
  const apps = useApplicationSlugs();
  const { remove, contextHolder } = useSubjectActions(() => void action.current?.reload());

  const rowActions = (s: Subject) => [
    <Link key="edit" to={`/admin/subject/${s.id}/edit`} data-testid={`edit-schema-${s.key}`}>
      {t('subject.editSchema')}
    </Link>,
    <Link key="records" to={`/${s.application}/${s.key}`}>
      {t('subject.openRecords')}
    </Link>,
    <Button
      key="delete"
      type="link"
      size="small"
      danger
      style={{ padding: 0 }}
      onClick={() => remove(s)}
      data-testid={`delete-subject-${s.key}`}
    >
      {t('subject.delete')}
    </Button>,
  ];

  return (
    <PageContainer title={t('subject.title')} subTitle={t('subject.desc')}>
      {contextHolder}
      <div data-testid="subjects-table">
        <ProTable<Subject, { q?: string; application?: string }>
          rowKey="id"
          actionRef={action}
          columns={subjectColumns(t, apps, application, rowActions)}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          options={{ density: false, setting: false, reload: true }}
          locale={{ emptyText: t('subject.empty') }}
          request={(params) =>
            listSubjects({
              current: params.current,
              pageSize: params.pageSize,
              q: params.q || undefined,
              application: params.application || undefined,
            })
          }
          toolBarRender={() => [
            <CreateSubjectModal
              key="create"
              application={application}
              onCreated={(s) => history.push(`/admin/subject/${s.id}/edit`)}
            />,
          ]}
        />
      </div>
    </PageContainer>
  );
}
