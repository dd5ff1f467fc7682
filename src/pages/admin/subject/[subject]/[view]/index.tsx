/**
 * /admin/subject/:subject/:view (Views): a subject's view shown in the console, read-only,
 * as its type renders it, with the way to edit it (`/admin/view/:view`) or open it in the
 * workspace. A view that is not of this subject renders 404 in place.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Button, Tag } from 'antd';
import React from 'react';
import { history, Link, useIntl, useParams } from 'umi';
import ExceptionResult from '../../../../../components/ExceptionResult';
import ViewRenderer from '../../../../../components/views/ViewRenderer';
import { useViewWithSubject } from '../../../../../components/views/useView';
import { ApiError } from '../../../../../services/api-error';

export default function SubjectViewPage() {
  const { subject: subjectId = '', view: id = '' } = useParams<{ subject: string; view: string }>();
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const { view, subject, error, loading } = useViewWithSubject(id);
  if (error || (view.data && view.data.subjectId !== subjectId)) {
    const status = error instanceof ApiError ? error.status : 404;
    return <ExceptionResult code={status === 403 ? 403 : 404} />;
  }
  const v = view.data;
  return (
    <PageContainer
      loading={loading}
      title={v?.name}
      onBack={() => history.push(`/admin/subject/${subjectId}`)}
      tags={v && [<Tag key="s" color="cyan">{v.subjectName}</Tag>, <Tag key="t">{t(`views.type.${v.type}`)}</Tag>]}
      extra={
        v && [
          <Link key="edit" to={`/admin/view/${v.id}`}>
            <Button type="primary">{t('views.edit')}</Button>
          </Link>,
          <Link key="ws" to={`/${v.application}/view/${v.id}`}>
            <Button>{t('views.openWorkspace')}</Button>
          </Link>,
        ]
      }
    >
      {v && subject.data && <ViewRenderer app={v.application} subject={subject.data} config={v.config} canEdit={false} height={Math.max(320, window.innerHeight - 300)} />}
    </PageContainer>
  );
}
