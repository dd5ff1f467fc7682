/**
 * An application's direct members (owners → editors → viewers): name, e-mail and role. A manager
 * (the owner or an administrator) adds members by e-mail, changes a role in place and removes a
 * member after a confirmation; the server keeps the last owner (409, shown as a message). Others
 * see the list read-only. Group grants are not listed here (the groups' pages show them).
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button, message, Popconfirm, Select, Table, Tag } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { ApplicationDetail, AppRole, Member } from '../../../contracts';
import { APP_ROLES } from '../../../contracts/constants';
import { addMember, removeMember } from '../../services/applications';
import AddMemberForm from './AddMemberForm';
import { ROLE_COLORS } from './roleColors';

export default function MembersPanel({
  app,
  canManage,
  onChanged,
}: {
  app: ApplicationDetail;
  canManage: boolean;
  /** Called after a change (re-read the application). */
  onChanged: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (userId: string, action: () => Promise<unknown>, done: string) => {
    setBusy(userId);
    try {
      await action();
      message.success(done);
      onChanged();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="app-members">
      {canManage && (
        <div style={{ marginBottom: 12 }}>
          <AddMemberForm slug={app.slug} onAdded={onChanged} />
        </div>
      )}
      <Table<Member>
        rowKey="userId"
        size="small"
        dataSource={app.members}
        pagination={app.members.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: t('applications.members.empty') }}
        columns={[
          { title: t('common.name'), dataIndex: 'name' },
          { title: t('common.email'), dataIndex: 'email' },
          {
            title: t('common.role'),
            dataIndex: 'role',
            width: 160,
            render: (role: AppRole, m) =>
              canManage ? (
                <Select<AppRole>
                  size="small"
                  value={role}
                  style={{ width: 120 }}
                  disabled={busy === m.userId}
                  aria-label={`${t('common.role')}: ${m.name}`}
                  data-testid={`member-role-${m.email}`}
                  options={APP_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))}
                  onChange={(next) =>
                    void run(m.userId, () => addMember(app.slug, { email: m.email, role: next }), t('applications.members.roleChanged', { name: m.name }))
                  }
                />
              ) : (
                <Tag color={ROLE_COLORS[role]}>{t(`role.${role}`)}</Tag>
              ),
          },
          ...(canManage
            ? [
                {
                  title: '',
                  key: 'remove',
                  width: 60,
                  render: (_: unknown, m: Member) => (
                    <Popconfirm
                      title={t('applications.members.removeConfirm', { name: m.name })}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => run(m.userId, () => removeMember(app.slug, m.userId), t('applications.members.removed', { name: m.name }))}
                    >
                      <Button
                        type="text"
                        danger
                        size="small"
                        icon={<DeleteOutlined />}
                        loading={busy === m.userId}
                        aria-label={t('applications.members.remove')}
                        data-testid={`member-remove-${m.email}`}
                      />
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
