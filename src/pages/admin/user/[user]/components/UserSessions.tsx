/**
 * The user page's sessions tab: the user's active sessions (signed in, last seen, expires, IP,
 * browser) with "revoke" (confirmed) to sign one out.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, message, Popconfirm, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { useIntl } from 'umi';
import type { UserSession } from '../../../../../../contracts';
import { listUserSessions, revokeUserSession } from '../../../../../services/users';
import { keys } from '../../../../../services/query-keys';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

export default function UserSessions({ userId }: { userId: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const query = useQuery({ queryKey: keys('users').action('sessions', userId), queryFn: () => listUserSessions(userId) });
  const revoke = async (s: UserSession) => {
    try {
      await revokeUserSession(userId, s.id);
      message.success(t('people.session.revoked'));
      void query.refetch();
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Table<UserSession>
      rowKey="id"
      loading={query.isLoading}
      dataSource={query.data ?? []}
      pagination={false}
      locale={{ emptyText: t('people.session.empty') }}
      columns={[
        { title: t('people.session.createdAt'), dataIndex: 'createdAt', render: when },
        { title: t('people.session.lastSeenAt'), dataIndex: 'lastSeenAt', render: when },
        { title: t('people.session.expiresAt'), dataIndex: 'expiresAt', render: when },
        { title: 'IP', dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
        {
          title: t('people.session.userAgent'),
          dataIndex: 'userAgent',
          render: (ua: string | null) => <Typography.Text ellipsis={{ tooltip: ua }} style={{ maxWidth: 280 }}>{ua ?? '—'}</Typography.Text>,
        },
        {
          title: t('people.actions'),
          key: 'revoke',
          render: (_, s) => (
            <Popconfirm title={t('people.session.revoke.confirm')} onConfirm={() => revoke(s)}>
              <Button type="link" danger size="small">
                {t('people.session.revoke')}
              </Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}
