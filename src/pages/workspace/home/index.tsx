/**
 * `/{app}` workspace home (SPEC.md §2 "home dashboard"), first form: the application's name,
 * description, the caller's role and the members. Subjects, recent records and notices join it
 * with the data core. An administrator or owner adds members here.
 */
import { Alert, Card, Descriptions, Table, Tag } from 'antd';
import React from 'react';
import { useIntl, useModel } from 'umi';
import type { Member } from '../../../../contracts';
import { useWorkspace } from '../useWorkspace';
import AddMemberForm from './components/AddMemberForm';

const ROLE_COLORS: Record<Member['role'], string> = { owner: 'gold', editor: 'blue', viewer: 'default' };

export default function WorkspaceHome() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { app, refresh } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const canManage = initialState?.currentUser?.isAdmin || app.myRole === 'owner';

  return (
    <div style={{ padding: 24 }}>
      <Card style={{ marginBottom: 16 }}>
        <h1 data-testid="workspace-title" style={{ marginTop: 0 }}>
          {app.name}
        </h1>
        <Descriptions column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('app.slug')}>/{app.slug}</Descriptions.Item>
          <Descriptions.Item label={t('workspace.myRole')}>
            {app.myRole ? <Tag color={ROLE_COLORS[app.myRole]}>{t(`role.${app.myRole}`)}</Tag> : t('workspace.adminNotMember')}
          </Descriptions.Item>
          <Descriptions.Item label={t('common.createdAt')}>
            {new Date(app.createdAt).toLocaleDateString(intl.locale)}
          </Descriptions.Item>
          {app.description && <Descriptions.Item label={t('app.description')}>{app.description}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card
        title={`${t('workspace.members')} (${app.members.length})`}
        extra={canManage ? <AddMemberForm slug={app.slug} onAdded={() => void refresh()} /> : null}
        style={{ marginBottom: 16 }}
      >
        <Table<Member>
          rowKey="userId"
          dataSource={app.members}
          pagination={app.members.length > 20 ? { pageSize: 20 } : false}
          columns={[
            { title: t('common.name'), dataIndex: 'name' },
            { title: t('common.email'), dataIndex: 'email' },
            {
              title: t('common.role'),
              dataIndex: 'role',
              render: (r: Member['role']) => <Tag color={ROLE_COLORS[r]}>{t(`role.${r}`)}</Tag>,
            },
          ]}
          data-testid="members-table"
        />
      </Card>
      <Alert type="info" showIcon message={t('workspace.modulesPending')} />
    </div>
  );
}
