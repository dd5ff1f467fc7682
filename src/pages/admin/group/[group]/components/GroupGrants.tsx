/**
 * The group page's application roles (docs/product.md "Roles"): the role granted to the whole group in
 * each application — add (application picker + role), change the role in place, remove (confirmed).
 * Every member's effective role there is at least this one.
 */
import { Button, message, Popconfirm, Select, Space, Table, Tag } from 'antd';
import React, { useState } from 'react';
import { Link, useIntl } from 'umi';
import { APP_ROLES, type AppRole } from '../../../../../../contracts/constants';
import type { GroupGrant } from '../../../../../../contracts';
import { removeGroupGrant, setGroupGrant } from '../../../../../services/groups';
import { ApplicationSelect } from '../../components/pickers';

export default function GroupGrants({ groupId, grants, onChanged }: { groupId: string; grants: GroupGrant[]; onChanged: () => void }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const [applicationId, setApplicationId] = useState<string>();
  const [role, setRole] = useState<AppRole>('viewer');
  const roleOptions = APP_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }));
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
      <Space style={{ marginBottom: 16 }} wrap>
        <ApplicationSelect value={applicationId} onChange={setApplicationId} testId="group-grant-app" />
        <Select<AppRole> value={role} onChange={setRole} style={{ width: 140 }} options={roleOptions} data-testid="group-grant-role" />
        <Button
          type="primary"
          disabled={!applicationId}
          data-testid="group-grant-add"
          onClick={() => run(() => setGroupGrant(groupId, applicationId!, role).then(() => setApplicationId(undefined)), t('people.grant.saved'))}
        >
          {t('people.grant.add')}
        </Button>
      </Space>
      <Table<GroupGrant>
        rowKey="applicationId"
        dataSource={grants}
        pagination={false}
        locale={{ emptyText: t('people.grant.empty') }}
        data-testid="group-grants"
        columns={[
          {
            title: t('people.application'),
            dataIndex: 'name',
            render: (_, g) => (
              <Link to={`/${g.slug}`}>
                {g.name} <Tag>/{g.slug}</Tag>
              </Link>
            ),
          },
          {
            title: t('common.role'),
            dataIndex: 'role',
            render: (_, g) => (
              <Select<AppRole>
                value={g.role}
                style={{ width: 140 }}
                options={roleOptions}
                onChange={(r) => run(() => setGroupGrant(groupId, g.applicationId, r), t('people.grant.saved'))}
              />
            ),
          },
          {
            title: t('people.actions'),
            key: 'actions',
            render: (_, g) => (
              <Popconfirm
                title={t('people.grant.remove.confirm', { name: g.name })}
                onConfirm={() => run(() => removeGroupGrant(groupId, g.applicationId), t('people.grant.removed'))}
              >
                <Button type="link" danger size="small">
                  {t('people.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </>
  );
}
