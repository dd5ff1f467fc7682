/**
 * /:app/process_monitor: the application's process monitor (docs/engagements-monitor.md) — its
 * tasks (report renders, imports, the tasks carrying trigger runs) and its triggers' runs that are
 * running, queued or failed, refreshed every few seconds and paged per tab; a picker opens one
 * engagement's processes (/:app/process_monitor/:engagementId).
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useDebounce } from 'ahooks';
import { Select, Space } from 'antd';
import React, { useId, useState } from 'react';
import { history } from 'umi';
import ExceptionResult from '../../../components/ExceptionResult';
import MonitorBoard from '../../../components/audit/MonitorBoard';
import { useT } from '../../../components/useT';
import { getAuditModel } from '../../../services/audit-monitor';
import { listRecords } from '../../../services/records';
import { useWorkspace } from '../useWorkspace';

export default function ProcessMonitorPage() {
  const t = useT();
  const { app } = useWorkspace();
  const pickId = useId();
  const [refused, setRefused] = useState<403 | 404 | null>(null);
  const [search, setSearch] = useState('');
  const q = useDebounce(search, { wait: 300 });
  const model = useQuery({ queryKey: ['audit-model', app.slug], queryFn: ({ signal }) => getAuditModel(app.slug, signal), retry: false });
  const engagementKey = model.data?.subjects.engagement.key;
  const engagements = useQuery({
    queryKey: ['audit-monitor', 'engagements', app.slug, engagementKey, q],
    queryFn: ({ signal }) => listRecords(app.slug, engagementKey!, { pageSize: 50, q: q || undefined }, signal),
    enabled: Boolean(engagementKey),
  });
  if (refused) return <ExceptionResult code={refused} />;
  return (
    <div data-testid="process-monitor">
      <PageContainer
        title={t('auditMonitor.title')}
        content={t('auditMonitor.subtitle')}
        extra={
          <Space>
            <label htmlFor={pickId}>{t('auditMonitor.pickEngagement')}</label>
            <Select
              id={pickId}
              style={{ minWidth: 280 }}
              showSearch
              filterOption={false}
              onSearch={setSearch}
              allowClear
              loading={engagements.isFetching}
              placeholder={t('auditMonitor.pickEngagement.placeholder')}
              options={(engagements.data?.data ?? []).map((r) => ({
                value: r.id,
                label: [r.values.code, r.values.title].filter(Boolean).join(' · ') || r.id,
              }))}
              onChange={(id?: string) => id && history.push(`/${encodeURIComponent(app.slug)}/process_monitor/${id}`)}
            />
          </Space>
        }
      >
        <MonitorBoard app={app.slug} onRefused={setRefused} />
      </PageContainer>
    </div>
  );
}
