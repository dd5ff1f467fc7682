/**
 * A template's renders (newest first): when, format, template version, state, the completeness
 * check (complete, or how many things were missing, listed on hover) and the stored document (a
 * download of that version). Re-reads every 2 s while a render is queued or running.
 */
import { useQuery } from '@tanstack/react-query';
import { Empty, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import type { ReportRender } from '../../../contracts';
import { useT } from '../useT';
import { documentContentUrl, listRenders } from './api';

const STATE_COLORS: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };

/** The renders table of template `id`; `refresh` (a counter) re-reads it after a new render; `compact` (the editor's narrow column) leaves out the version and record count. */
export default function TemplateRenders({ id, refresh = 0, compact = false }: { id: string; refresh?: number; compact?: boolean }) {
  const t = useT();
  const [current, setCurrent] = useState(1);
  const query = useQuery({
    queryKey: ['report-templates', 'renders', id, current, refresh],
    queryFn: () => listRenders(id, { current, pageSize: 10 }),
    refetchInterval: (q) => (q.state.data?.data.some((r) => r.state === 'queued' || r.state === 'running') ? 2000 : false),
  });
  return (
    <Table<ReportRender>
      data-testid="template-renders"
      rowKey="id"
      size="small"
      scroll={{ x: 'max-content' }}
      loading={query.isLoading}
      dataSource={query.data?.data ?? []}
      pagination={{ current, pageSize: 10, total: query.data?.total ?? 0, onChange: setCurrent }}
      locale={{ emptyText: <Empty description={t('reportTemplates.renders.empty')} /> }}
      columns={[
        { title: t('reportTemplates.renders.at'), dataIndex: 'createdAt', render: (v: string) => dayjs(v).format(compact ? 'MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm:ss') },
        { title: t('reportTemplates.renders.format'), dataIndex: 'format', render: (v: string) => <Tag>{v.toUpperCase()}</Tag> },
        ...(compact
          ? []
          : [
              { title: t('reportTemplates.col.version'), dataIndex: 'templateVersion', render: (v: number) => `v${v}` },
              { title: t('reportTemplates.renders.records'), dataIndex: 'recordIds', render: (v: string[] | null) => v?.length ?? '—' },
            ]),
        {
          title: t('reportTemplates.renders.state'),
          dataIndex: 'state',
          render: (v: string, r) => (
            <Space>
              <Tag color={STATE_COLORS[v]} data-testid={`render-state-${r.format}`}>
                {t(`reportTemplates.renders.state.${v}`)}
              </Tag>
              {r.error ? <Typography.Text type="danger">{r.error}</Typography.Text> : null}
            </Space>
          ),
        },
        {
          title: t('reportTemplates.missing.title'),
          dataIndex: 'complete',
          render: (v: boolean | null, r) =>
            v === null ? (
              '—'
            ) : v ? (
              <Tag color="green">{t('reportTemplates.renders.complete')}</Tag>
            ) : (
              <Tooltip title={r.missing.map((m) => m.field).join(', ')}>
                <Tag color="orange">{t('reportTemplates.missing.count', { n: r.missing.length })}</Tag>
              </Tooltip>
            ),
        },
        {
          title: t('reportTemplates.renders.document'),
          dataIndex: 'documentId',
          render: (v: string | null, r) =>
            v && r.documentVersion ? (
              <a href={documentContentUrl(v, r.documentVersion)} data-testid={`render-document-${r.format}`} target="_blank" rel="noreferrer">
                {t('reportTemplates.renders.download', { version: r.documentVersion })}
              </a>
            ) : (
              '—'
            ),
        },
      ]}
    />
  );
}
