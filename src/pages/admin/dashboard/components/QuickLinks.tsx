/** The console dashboard's quick links: users, groups, audit log, recycle bin, system settings, applications. */
import { AppstoreOutlined, AuditOutlined, DeleteOutlined, SettingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import React from 'react';
import { history, useIntl } from 'umi';

const LINKS = [
  { path: '/admin/user', label: 'menu.admin.user', icon: <UserOutlined /> },
  { path: '/admin/group', label: 'menu.admin.group', icon: <TeamOutlined /> },
  { path: '/admin/audit', label: 'menu.admin.audit', icon: <AuditOutlined /> },
  { path: '/admin/recycle', label: 'menu.admin.recycle', icon: <DeleteOutlined /> },
  { path: '/admin/system', label: 'menu.admin.system', icon: <SettingOutlined /> },
  { path: '/admin/application', label: 'menu.admin.application', icon: <AppstoreOutlined /> },
];

export default function QuickLinks() {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage({ id: 'dashboard.quickLinks' })} size="small" data-testid="quick-links">
      <Space wrap>
        {LINKS.map((l) => (
          <Button key={l.path} icon={l.icon} onClick={() => history.push(l.path)}>
            {intl.formatMessage({ id: l.label })}
          </Button>
        ))}
      </Space>
    </Card>
  );
}
