/**
 * The user page's groups tab: the groups the user is in (links to their pages), add the user to a
 * group (a group picker searching the server) and remove them from one (confirmed).
 */
import { Button, List, message, Popconfirm, Space } from 'antd';
import React, { useState } from 'react';
import { Link, useIntl } from 'umi';
import type { UserGroup } from '../../../../../../contracts';
import { addGroupMember, removeGroupMember } from '../../../../../services/groups';
import { GroupSelect } from '../../../group/components/pickers';

export default function UserGroups({ userId, groups, onChanged }: { userId: string; groups: UserGroup[]; onChanged: () => void }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const [groupId, setGroupId] = useState<string>();
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      message.success(done);
      onChanged();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <GroupSelect value={groupId} onChange={setGroupId} testId="user-add-group-select" />
        <Button
          type="primary"
          disabled={!groupId}
          data-testid="user-add-group"
          onClick={() => run(() => addGroupMember(groupId!, userId).then(() => setGroupId(undefined)), t('people.group.memberAdded'))}
        >
          {t('people.user.addToGroup')}
        </Button>
      </Space>
      <List
        bordered
        dataSource={groups}
        locale={{ emptyText: t('people.user.noGroups') }}
        renderItem={(g) => (
          <List.Item
            actions={[
              <Popconfirm
                key="remove"
                title={t('people.user.leaveGroup.confirm', { name: g.name })}
                onConfirm={() => run(() => removeGroupMember(g.id, userId), t('people.group.memberRemoved'))}
              >
                <Button type="link" danger size="small">
                  {t('people.remove')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <Link to={`/admin/group/${g.id}`}>{g.name}</Link>
          </List.Item>
        )}
      />
    </>
  );
}
