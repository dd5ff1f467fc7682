/** The clients linked to an application (GET /clients?applicationId=…), paged, each linking to its page. */
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import React, { useState } from 'react';
import { Link, useIntl } from 'umi';
import type { Client } from '../../../../../../contracts';
import { listClients } from '../../../../../services/clients';
import { keys } from '../../../../../services/query-keys';

export default function LinkedClients({ applicationId }: { applicationId: string }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [current, setCurrent] = useState(1);
  const query = useQuery({
    queryKey: keys('clients').list({ applicationId, current }),
    queryFn: () => listClients({ applicationId, current, pageSize: 10 }),
  });
  return (
    <Table<Client>
      rowKey="id"
      size="small"
      loading={query.isLoading}
      dataSource={query.data?.data ?? []}
      pagination={{ current, pageSize: 10, total: query.data?.total ?? 0, onChange: setCurrent, hideOnSinglePage: true }}
      locale={{ emptyText: t('applications.clients.empty') }}
      columns={[
        { title: t('clients.code'), dataIndex: 'code', render: (_, c) => <Link to={`/admin/client/${c.id}`}>{c.code}</Link> },
        { title: t('common.name'), dataIndex: 'name' },
        { title: t('clients.industry'), dataIndex: 'industry', render: (v: string | null) => v ?? '—' },
        {
          title: t('clients.status'),
          dataIndex: 'status',
          render: (s: Client['status']) => <Tag color={s === 'active' ? 'green' : 'default'}>{t(`clients.status.${s}`)}</Tag>,
        },
      ]}
    />
  );
}
