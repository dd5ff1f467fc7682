/**
 * /admin/application (Applications, docs/product.md "Data core"): every live application in a ProTable
 * with server-side paging, sorting (name, slug, created) and search (slug or name); create (all
 * fields and the first members) and edit in a modal; open the workspace; delete to the recycle bin
 * after a confirmation. Administrators only (route access canAdmin).
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import React, { useRef } from 'react';
import { history, useIntl } from 'umi';
import type { Application } from '../../../../contracts';
import { listApplications } from '../../../services/applications';
import { sortParam } from '../../../services/users';
import { applicationColumns } from './columns';
import ApplicationFormModal from './components/ApplicationFormModal';
import { useApplicationActions } from './components/useApplicationActions';

export default function ApplicationsPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const action = useRef<ActionType>();
  const reload = () => void action.current?.reload();
  const { remove, contextHolder } = useApplicationActions(reload);

  const rowActions = (a: Application) => [
    <Button key="open" type="link" size="small" onClick={() => history.push(`/${a.slug}`)}>
      {t('applications.open')}
    </Button>,
    <ApplicationFormModal key="edit" app={a} onDone={reload} trigger={<Button type="link" size="small">{t('people.edit')}</Button>} />,
    <Button key="delete" type="link" size="small" danger onClick={() => remove(a)} data-testid={`app-delete-${a.slug}`}>
      {t('applications.delete')}
    </Button>,
  ];

  return (
    <PageContainer title={t('applications.title')} subTitle={t('applications.desc')}>
      {contextHolder}
      <div data-testid="applications-table">
        <ProTable<Application>
          rowKey="id"
          actionRef={action}
          columns={applicationColumns(intl, rowActions)}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          options={{ density: false, setting: false, reload: true }}
          locale={{ emptyText: t('applications.empty') }}
          request={async (params, sort) => {
            const res = await listApplications({
              current: params.current,
              pageSize: params.pageSize,
              q: typeof params.q === 'string' && params.q.trim() ? params.q.trim() : undefined,
              sort: sortParam(sort),
            });
            return { data: res.data, total: res.total, success: true };
          }}
          toolBarRender={() => [
            <ApplicationFormModal
              key="create"
              onDone={(slug) => history.push(`/admin/application/${slug}`)}
              trigger={
                <Button type="primary" icon={<PlusOutlined />} data-testid="application-create">
                  {t('applications.create')}
                </Button>
              }
            />,
          ]}
        />
      </div>
    </PageContainer>
  );
}
