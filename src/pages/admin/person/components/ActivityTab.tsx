/** Personal center, "Activity": the user's own audit entries, newest first, server-side paging (GET /auth/me/activity). */
import { ProTable } from '@ant-design/pro-components';
import type { ProColumns } from '@ant-design/pro-components';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { useIntl } from 'umi';
import type { AuditEntry } from '../../../../../contracts';
import { listActivity } from '../../../../services/account';

export default function ActivityTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const columns: ProColumns<AuditEntry>[] = [
    { title: t('person.activity.at'), dataIndex: 'at', width: 170, render: (_, r) => dayjs(r.at).format('YYYY-MM-DD HH:mm:ss') },
    { title: t('person.activity.action'), dataIndex: 'action', render: (_, r) => <Typography.Text code>{r.action}</Typography.Text> },
    {
      title: t('person.activity.target'),
      dataIndex: 'targetType',
      render: (_, r) => (r.targetType ? `${r.targetType}${r.targetId ? ` · ${r.targetId.slice(0, 8)}` : ''}` : '—'),
    },
    { title: t('person.activity.ip'), dataIndex: 'ip', render: (_, r) => r.ip ?? '—' },
  ];
  return (
    <ProTable<AuditEntry>
      rowKey="id"
      columns={columns}
      search={false}
      options={{ reload: true, density: false, setting: false }}
      cardProps={{ bodyStyle: { padding: 0 } }}
      pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      locale={{ emptyText: t('person.activity.empty') }}
      request={async ({ current, pageSize }) => listActivity({ current, pageSize })}
    />
  );
}
