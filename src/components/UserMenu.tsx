/** Header user menu: the personal center (every signed-in user), the console link for an administrator, and sign-out. */
import { DashboardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Dropdown } from 'antd';
import React from 'react';
import { history, useIntl, useModel } from 'umi';
import { logout } from '../services/auth';

export default function UserMenu({ children }: { children: React.ReactNode }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { initialState, setInitialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin ?? false;

  const signOut = async () => {
    await logout().catch(() => undefined);
    queryClient.clear();
    await setInitialState({ currentUser: null });
    history.replace('/login');
  };

  const items = [
    { key: 'person', icon: <UserOutlined />, label: intl.formatMessage({ id: 'header.person' }) },
    ...(isAdmin ? [{ key: 'console', icon: <DashboardOutlined />, label: intl.formatMessage({ id: 'header.console' }) }] : []),
    { key: 'logout', icon: <LogoutOutlined />, label: intl.formatMessage({ id: 'header.logout' }), danger: true },
  ];

  return (
    <Dropdown
      menu={{
        items,
        onClick: ({ key }) => (key === 'logout' ? void signOut() : history.push(key === 'person' ? '/admin/person' : '/admin')),
      }}
    >
      <span data-testid="user-menu" style={{ cursor: 'pointer' }}>
        {children}
      </span>
    </Dropdown>
  );
}
