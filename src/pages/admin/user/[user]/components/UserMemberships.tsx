/**
 * The user page's memberships tab (docs/product.md "Roles"): every application where the user has a
 * role, the effective role (the highest) and where it comes from (their own membership, or a
 * group's grant); add a direct membership (application + role) or remove the direct one
 * (group grants are changed on the group's page).
 */
import { Button, message, Popconfirm, Select, Space, Table, Tag } from 'antd';
import React, { useState } from 'react';
import { Link, useIntl } from 'umi';
import { APP_ROLES, type AppRole } from '../../../../../../contracts/constants';
import type { UserMembership } from '../../../../../../contracts';
import { addMember } from '../../../../../services/applications';
import { removeApplicationMember } from '../../../../../services/users';
import { ApplicationSelect } from '../../../group/components/pickers';
import RoleTag from './RoleTag';

export default function UserMemberships({
  userId,
  email,
  memberships,
  onChanged,
}: {
  userId: string;
  email: string;
  memberships: UserMembership[];
  onChanged: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string>) => intl.formatMessage({ id }, v);
  const [slug, setSlug] = useState<string>();
  const [role, setRole] = useState<AppRole>('viewer');
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
        <ApplicationSelect bySlug value={slug} onChange={setSlug} testId="user-add-membership-app" />
        <Select<AppRole>
          value={role}
          onChange={setRole}
          style={{ width: 140 }}
          options={APP_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
        />
        <Button
          type="primary"
          disabled={!slug}
          onClick={() => run(() => addMember(slug!, { email, role }).then(() => setSlug(undefined)), t('people.membership.saved'))}
        >
          {t('people.membership.add')}
        </Button>
      </Space>
      <Table<UserMembership>
        rowKey="applicationId"
        dataSource={memberships}
        pagination={false}
        locale={{ emptyText: t('people.membership.empty') }}
        data-testid="user-memberships"
        columns={[
          {
            title: t('people.application'),
            dataIndex: 'name',
            render: (_, m) => (
              <Link to={`/${m.slug}`}>
                {m.name} <Tag>/{m.slug}</Tag>
              </Link>
            ),
          },
          { title: t('people.membership.effective'), dataIndex: 'role', render: (_, m) => <RoleTag role={m.role} /> },
          {
            title: t('people.membership.source'),
            key: 'source',
            render: (_, m) => (
              <Space size={[0, 4]} wrap>
                {m.direct && <RoleTag role={m.direct} prefix={t('people.membership.direct')} />}
                {m.viaGroups.map((g) => (
                  <Link key={g.groupId} to={`/admin/group/${g.groupId}`}>
                    <RoleTag role={g.role} prefix={t('people.membership.viaGroup', { name: g.groupName })} />
                  </Link>
                ))}
              </Space>
            ),
          },
          {
            title: t('people.actions'),
            key: 'actions',
            render: (_, m) =>
              m.direct ? (
                <Popconfirm
                  title={t('people.membership.remove.confirm', { name: m.name })}
                  onConfirm={() => run(() => removeApplicationMember(m.slug, userId), t('people.membership.removed'))}
                >
                  <Button type="link" danger size="small">
                    {t('people.membership.remove')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </>
  );
}
