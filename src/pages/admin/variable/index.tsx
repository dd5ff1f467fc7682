/**
 * /admin/variable (docs/routes-and-loading.md "Screen names": variable management; Variables): every variable in a
 * ProTable with server-side paging, sorting (key, type, updated) and filters (search, type,
 * scope); secrets show as ••••; new variable in a modal; delete asks first and goes to the recycle bin.
 */
import { PageContainer, ProTable, type ActionType } from '@ant-design/pro-components';
import { message } from 'antd';
import React, { useRef } from 'react';
import { history, useIntl } from 'umi';
import type { Variable, VariableType } from '../../../../contracts';
import { deleteVariable, listVariables, toSortParam } from '../../../services/variables';
import CreateVariableForm from './components/CreateVariableForm';
import { useApplicationOptions } from './components/useApplicationOptions';
import { variableColumns } from './columns';

export default function VariableList() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const apps = useApplicationOptions();
  const remove = async (v: Variable) => {
    await deleteVariable(v.id);
    message.success(t('catalog.deleted'));
    void action.current?.reload();
  };
  return (
    <PageContainer title={t('variable.title')}>
      <div data-testid="variable-table">
        <ProTable<Variable, { q?: string; type?: VariableType; scope?: string }>
          rowKey="id"
          actionRef={action}
          columns={variableColumns(t, apps, (v) => void remove(v))}
          request={(params, sort) =>
            listVariables({
              current: params.current,
              pageSize: params.pageSize,
              q: params.q || undefined,
              type: params.type,
              scope: params.scope,
              sort: toSortParam(sort),
            })
          }
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          search={{ labelWidth: 'auto' }}
          toolBarRender={() => [<CreateVariableForm key="new" onCreated={(v) => history.push(`/admin/variable/${v.id}`)} />]}
        />
      </div>
    </PageContainer>
  );
}
