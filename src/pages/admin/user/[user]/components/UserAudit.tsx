/**
 * The user page's audit trail: the audit-log entries where the user acted (newest first), paged
 * on the server.
 */
import { ProTable } from '@ant-design/pro-components';
import React from 'react';
import { useIntl } from 'umi';
import type { AuditEntry } from '../../../../../../contracts';
import { listUserAudit } from '../../../../../services/users';

export default function UserAudit({ userId }: { userId: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <ProTable<AuditEntry>
      rowKey="id"
      search={false}
      options={false}
      pagination={{ defaultPageSize: 10 }}
      locale={{ emptyText: t('people.audit.empty') }}
      request={async (params) => {
        const res = await listUserAudit(userId, { current: params.current, pageSize: params.pageSize });
        return { data: res.data, total: res.total, success: true };
      }}
      columns={[
        { title: t('people.audit.at'), dataIndex: 'at', valueType: 'dateTime' },
        { title: t('people.audit.action'), dataIndex: 'action', render: (_, e) => <code>{e.action}</code> },
        { title: t('people.audit.target'), dataIndex: 'targetType', render: (_, e) => (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—') },
        { title: 'IP', dataIndex: 'ip', render: (_, e) => e.ip ?? '—' },
      ]}
    />
  );
}
