/**
 * /admin/view (Views): every saved view across applications and subjects in a ProTable
 * with server paging and search by name; each opens its editor (`/admin/view/:view`), the subject's
 * console view or the workspace view; delete asks first and moves the view to the recycle bin (its
 * share links stop working until it is restored).
 * Administrators only (route access canAdmin).
 */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Tag } from 'antd';
import React, { useRef } from 'react';
import { Link, useIntl } from 'umi';
import type { View } from '../../../../contracts';
import { formatDatetime } from '../../../components/fields/format';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import { listAllViews, removeView } from '../../../services/views';

export default function ViewsPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const { confirmDelete, contextHolder } = useConfirmedDelete();

  const columns: ProColumns<View>[] = [
    { title: t('views.search'), dataIndex: 'q', hideInTable: true },
    {
      title: t('views.name'),
      dataIndex: 'name',
      search: false,
      render: (_, v) => (
        <Link to={`/admin/view/${v.id}`} data-testid="view-link">
          {v.name}
        </Link>
      ),
    },
    { title: t('views.typeLabel'), dataIndex: 'type', search: false, render: (_, v) => <Tag>{t(`views.type.${v.type}`)}</Tag> },
    {
      title: t('views.subject'),
      dataIndex: 'subjectName',
      search: false,
      render: (_, v) => <Link to={`/admin/subject/${v.subjectId}`}>{v.subjectName}</Link>,
    },
    {
      title: t('views.application'),
      dataIndex: 'application',
      search: false,
      render: (_, v) => <Tag color="cyan">{v.application}</Tag>,
    },
    { title: t('views.updatedAt'), dataIndex: 'updatedAt', search: false, render: (_, v) => formatDatetime(v.updatedAt) },
    {
      title: t('views.actions'),
      valueType: 'option',
      render: (_, v) => [
        <Link key="console" to={`/admin/subject/${v.subjectId}/${v.id}`}>
          {t('views.openConsole')}
        </Link>,
        <Link key="workspace" to={`/${v.application}/view/${v.id}`}>
          {t('views.openWorkspace')}
        </Link>,
        <Button
          key="delete"
          type="link"
          danger
          size="small"
          style={{ padding: 0 }}
          data-testid={`delete-view-${v.id}`}
          onClick={() =>
            confirmDelete({
              title: t('views.deleteTitle', { name: v.name }),
              content: t('views.deleteDesc'),
              okText: t('views.delete'),
              success: t('views.deleted', { name: v.name }),
              run: () => removeView(v.id),
              onDone: () => void action.current?.reload(),
              okTestId: 'delete-view-ok',
            })
          }
        >
          {t('views.delete')}
        </Button>,
      ],
    },
  ];

  return (
    <PageContainer title={t('views.title')} subTitle={t('views.desc')}>
      {contextHolder}
      <div data-testid="views-table">
        <ProTable<View, { q?: string }>
          rowKey="id"
          actionRef={action}
          columns={columns}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          options={{ density: false, setting: false, reload: true }}
          locale={{ emptyText: t('views.none') }}
          request={(params) => listAllViews({ current: params.current, pageSize: params.pageSize, q: params.q || undefined })}
        />
      </div>
    </PageContainer>
  );
}
