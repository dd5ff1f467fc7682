/**
 * /admin/group (Groups, docs/product.md "Platform"): every live group in a ProTable with server-side
 * paging, sorting (name, members, created) and search; create and edit in a modal; delete to the
 * recycle bin (confirmed; members and grants come back with a restore).
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, message, Modal } from 'antd';
import React, { useRef } from 'react';
import { history, Link, useIntl } from 'umi';
import type { Group } from '../../../../contracts';
import { listGroups, removeGroup } from '../../../services/groups';
import { sortParam } from '../../../services/users';
import GroupFormModal from './components/GroupFormModal';

export default function GroupsPage() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const action = useRef<ActionType>();
  const reload = () => void action.current?.reload();
  const [modal, modalHolder] = Modal.useModal();

  const confirmDelete = (g: Group) =>
    modal.confirm({
      title: t('people.group.delete.confirm', { name: g.name }),
      content: t('people.group.delete.desc'),
      okText: t('people.delete'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeGroup(g.id);
          message.success(t('people.group.deleted', { name: g.name }));
          reload();
        } catch (e) {
          message.error(e instanceof Error ? e.message : String(e));
        }
      },
    });

  const columns: ProColumns<Group>[] = [
    { title: t('people.search.keyword'), dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: t('people.search.groupPlaceholder') } },
    {
      title: t('common.name'),
      dataIndex: 'name',
      sorter: true,
      search: false,
      render: (_, g) => (
        <Link to={`/admin/group/${g.id}`} data-testid="group-link">
          {g.name}
        </Link>
      ),
    },
    { title: t('people.group.description'), dataIndex: 'description', search: false, ellipsis: true },
    { title: t('people.group.members'), dataIndex: 'memberCount', sorter: true, search: false, width: 120 },
    { title: t('people.group.grants'), dataIndex: 'grantCount', search: false, width: 140 },
    { title: t('common.createdAt'), dataIndex: 'createdAt', valueType: 'dateTime', sorter: true, search: false, responsive: ['md'] },
    {
      title: t('people.actions'),
      valueType: 'option',
      key: 'option',
      render: (_, g) => [
        <GroupFormModal key="edit" group={g} onDone={reload} trigger={<Button type="link" size="small">{t('people.edit')}</Button>} />,
        <Button key="delete" type="link" size="small" danger onClick={() => confirmDelete(g)}>
          {t('people.delete')}
        </Button>,
      ],
    },
  ];

  return (
    <PageContainer title={t('people.groups')} subTitle={t('people.groups.desc')}>
      {modalHolder}
      <ProTable<Group>
        rowKey="id"
        actionRef={action}
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={{ density: false, setting: false, reload: true }}
        locale={{ emptyText: t('people.groups.empty') }}
        request={async (params, sort) => {
          const res = await listGroups({ current: params.current, pageSize: params.pageSize, q: params.q || undefined, sort: sortParam(sort) });
          return { data: res.data, total: res.total, success: true };
        }}
        toolBarRender={() => [
          <GroupFormModal
            key="create"
            onDone={(id) => history.push(`/admin/group/${id}`)}
            trigger={
              <Button type="primary" icon={<PlusOutlined />} data-testid="create-group">
                {t('people.group.create')}
              </Button>
            }
          />,
        ]}
      />
    </PageContainer>
  );
}
