/**
 * /admin/form (Dynamic forms): every form across subjects in a ProTable with server
 * paging, search (name) and the application filter; "New form" picks application and subject and
 * opens the designer; delete asks first and goes to the recycle bin. Administrators (route access
 * canAdmin; the API also lets application owners manage their own forms).
 */
import { PageContainer, ProTable, type ActionType } from '@ant-design/pro-components';
import { Button } from 'antd';
import React, { useRef } from 'react';
import { history, Link, useIntl } from 'umi';
import type { DynamicForm } from '../../../../contracts';
import { useApplicationSlugs } from '../../../components/subject/useApplicationSlugs';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { listForms, removeForm } from '../../../services/forms';
import { formColumns } from './columns';
import CreateFormModal from './components/CreateFormModal';

export default function FormsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const apps = useApplicationSlugs();
  const { confirmDelete, contextHolder } = useConfirmedDelete();

  const remove = (f: DynamicForm) =>
    confirmDelete({
      title: t('forms.deleteConfirm', { name: f.name }),
      content: t('forms.deleteDesc'),
      okText: t('forms.delete'),
      okTestId: 'confirm-delete-form',
      success: t('forms.deleted', { name: f.name }),
      run: () => removeForm(f.id),
      onDone: () => void action.current?.reload(),
    });

  const rowActions = (f: DynamicForm) => [
    <Link key="design" to={`/admin/form/${f.id}`}>
      {t('forms.design')}
    </Link>,
    <Button key="delete" type="link" size="small" danger style={{ padding: 0 }} onClick={() => remove(f)} data-testid={`delete-form-${f.name}`}>
      {t('forms.delete')}
    </Button>,
  ];

  return (
    <PageContainer title={t('forms.title')} subTitle={t('forms.desc')}>
      {contextHolder}
      <div data-testid="forms-table">
        <ProTable<DynamicForm, { q?: string; application?: string }>
          rowKey="id"
          actionRef={action}
          columns={formColumns(t, apps, rowActions)}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          options={{ density: false, setting: false, reload: true }}
          locale={{ emptyText: t('forms.empty') }}
          request={(params) =>
            listForms({
              current: params.current,
              pageSize: params.pageSize,
              q: params.q || undefined,
              application: params.application || undefined,
            })
          }
          toolBarRender={() => [<CreateFormModal key="create" onCreated={(f) => history.push(`/admin/form/${f.id}`)} />]}
        />
      </div>
    </PageContainer>
  );
}
