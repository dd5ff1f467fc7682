/**
 * /admin/user (Users, docs/product.md "Platform"): every live user in a ProTable with server-side
 * paging, sorting (name, e-mail, created), search (name or e-mail) and filters (role, status,
 * group); create and edit in a modal; disable/enable, reset password (shown once) and delete to
 * the recycle bin, each confirmed first. Administrators only (route access canAdmin).
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Dropdown } from 'antd';
import React, { useRef } from 'react';
import { useIntl, useModel } from 'umi';
import type { ManagedUser } from '../../../../contracts';
import { boolParam, listUsers, sortParam } from '../../../services/users';
import { userColumns } from './columns';
import UserFormModal from './components/UserFormModal';
import { useUserActions } from './components/useUserActions';

export default function UsersPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const action = useRef<ActionType>();
  const reload = () => void action.current?.reload();
  const { initialState } = useModel('@@initialState');
  const me = initialState?.currentUser?.id;
  const { toggleDisabled, resetPassword, remove, contextHolder } = useUserActions(reload);

  const rowActions = (u: ManagedUser) => [
    <UserFormModal key="edit" user={u} onDone={reload} trigger={<Button type="link" size="small">{t('people.edit')}</Button>} />,
    <Dropdown
      key="more"
      menu={{
        items: [
          { key: 'toggle', label: t(u.disabled ? 'people.user.enable' : 'people.user.disable'), disabled: u.id === me },
          { key: 'reset', label: t('people.user.reset') },
          { type: 'divider' },
          { key: 'delete', label: t('people.delete'), danger: true, disabled: u.id === me },
        ],
        onClick: ({ key }) => (key === 'toggle' ? toggleDisabled(u) : key === 'reset' ? resetPassword(u) : remove(u)),
      }}
    >
      <Button type="link" size="small" data-testid={`user-more-${u.email}`}>
        {t('people.more')}
      </Button>
    </Dropdown>,
  ];

  return (
    <PageContainer title={t('people.users')} subTitle={t('people.users.desc')}>
      {contextHolder}
      <ProTable<ManagedUser>
        rowKey="id"
        actionRef={action}
        columns={userColumns(intl, rowActions)}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={{ density: false, setting: false, reload: true }}
        locale={{ emptyText: t('people.users.empty') }}
        data-testid="users-table"
        request={async (params, sort) => {
          const res = await listUsers({
            current: params.current,
            pageSize: params.pageSize,
            q: params.q || undefined,
            sort: sortParam(sort),
            isAdmin: boolParam(params.isAdmin),
            disabled: boolParam(params.disabled),
            groupId: params.groupId || undefined,
          });
          return { data: res.data, total: res.total, success: true };
        }}
        toolBarRender={() => [
          <UserFormModal
            key="create"
            onDone={reload}
            trigger={
              <Button type="primary" icon={<PlusOutlined />} data-testid="create-user">
                {t('people.user.create')}
              </Button>
            }
          />,
        ]}
      />
    </PageContainer>
  );
}
