/**
 * The group page's members: a ProTable paged and searched on the server, "add" with a user picker
 * that searches the users API, and "remove" (confirmed).
 */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, message, Popconfirm, Space, Tag } from 'antd';
import React, { useRef, useState } from 'react';
import { Link, useIntl } from 'umi';
import type { GroupMember } from '../../../../../../contracts';
import { addGroupMember, listGroupMembers, removeGroupMember } from '../../../../../services/groups';
import { UserSelect } from '../../components/pickers';

export default function GroupMembers({ groupId, onChanged }: { groupId: string; onChanged: () => void }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const action = useRef<ActionType>();
  const [userId, setUserId] = useState<string>();
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
      void action.current?.reload();
      onChanged();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <ProTable<GroupMember>
      rowKey="userId"
      actionRef={action}
      search={false}
      options={{ density: false, setting: false, reload: true, search: { name: 'q', placeholder: t('people.search.userPlaceholder'), allowClear: true } }}
      pagination={{ defaultPageSize: 10 }}
      locale={{ emptyText: t('people.group.noMembers') }}
      data-testid="group-members"
      headerTitle={
        <Space>
          <UserSelect value={userId} onChange={setUserId} style={{ minWidth: 280 }} testId="group-add-member-select" />
          <Button
            type="primary"
            disabled={!userId}
            data-testid="group-add-member"
            onClick={() => run(() => addGroupMember(groupId, userId!).then(() => setUserId(undefined)), t('people.group.memberAdded'))}
          >
            {t('people.group.addMember')}
          </Button>
        </Space>
      }
      request={async (params) => {
        const res = await listGroupMembers(groupId, { current: params.current, pageSize: params.pageSize, q: (params as { q?: string }).q || undefined });
        return { data: res.data, total: res.total, success: true };
      }}
      columns={[
        { title: t('common.name'), dataIndex: 'name', render: (_, m) => <Link to={`/admin/user/${m.userId}`}>{m.name}</Link> },
        { title: t('common.email'), dataIndex: 'email' },
        {
          title: t('people.user.status'),
          dataIndex: 'disabled',
          render: (_, m) => (m.disabled ? <Tag>{t('people.user.status.disabled')}</Tag> : <Tag color="green">{t('people.user.status.enabled')}</Tag>),
        },
        { title: t('people.group.addedAt'), dataIndex: 'addedAt', valueType: 'dateTime' },
        {
          title: t('people.actions'),
          valueType: 'option',
          render: (_, m) => (
            <Popconfirm
              title={t('people.group.removeMember.confirm', { name: m.name })}
              onConfirm={() => run(() => removeGroupMember(groupId, m.userId), t('people.group.memberRemoved'))}
            >
              <Button type="link" danger size="small">
                {t('people.remove')}
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}
