/**
 * /admin/action, the action library (docs/triggers.md "Action types"): configured actions that
 * trigger steps use, a ProTable on server paging filtered by type, application (`global`) and name;
 * "New action" opens the editor.
 */
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { history, Link } from 'umi';
import type { Action } from '../../../../contracts';
import { listActions, listActionTypes } from '../../../services/triggers';
import { useT } from '../trigger/components/TriggerBits';

export default function ActionsPage() {
  const t = useT();
  const types = useQuery({ queryKey: ['actions', 'types'], queryFn: listActionTypes });
  const columns: ProColumns<Action>[] = [
    {
      title: t('actions.col.name'),
      dataIndex: 'q',
      render: (_, row) => (
        <Link to={`/admin/action/${row.id}`} data-testid="action-link">
          {row.name}
        </Link>
      ),
    },
    {
      title: t('actions.col.type'),
      dataIndex: 'type',
      valueType: 'select',
      fieldProps: { options: (types.data ?? []).map((x) => ({ value: x.type, label: x.type })) },
    },
    { title: t('actions.col.application'), dataIndex: 'application', render: (_, row) => row.application ?? t('actions.global') },
    {
      title: t('triggers.col.updatedAt'),
      dataIndex: 'updatedAt',
      hideInSearch: true,
      render: (_, row) => dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <PageContainer title={t('actions.title')} subTitle={t('actions.subtitle')}>
      <div data-testid="actions-table">
        <ProTable<Action>
          rowKey="id"
          columns={columns}
          request={async (params) => {
            const p = params as Record<string, string | number | undefined>;
            return listActions({
              current: Number(p.current) || 1,
              pageSize: Number(p.pageSize) || 20,
              type: p.type ? String(p.type) : undefined,
              application: p.application ? String(p.application) : undefined,
              q: p.q ? String(p.q) : undefined,
            });
          }}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          toolBarRender={() => [
            <Button key="new" type="primary" onClick={() => history.push('/admin/action/new')} data-testid="action-new">
              {t('actions.new')}
            </Button>,
          ]}
        />
      </div>
    </PageContainer>
  );
}
