/**
 * The process monitor's two lists (contracts/audit-monitor.ts): tasks (kind, what they work on,
 * state, progress, attempts, who started them, when, the error) and trigger runs (trigger, event,
 * record, state, attempts, duration, the error). Times in the browser's zone (dayjs).
 */
import { Progress, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import React from 'react';
import { Link } from 'umi';
import type { MonitorTask, MonitorTriggerRun } from '../../../contracts';
import { useT } from '../useT';

const STATE_COLOR: Record<string, string> = { queued: 'default', running: 'processing', failed: 'error', dead: 'error', done: 'success', cancelled: 'warning' };

/** A task's or run's state as a coloured tag. */
export function MonitorState({ state }: { state: string }) {
  const t = useT();
  return <Tag color={STATE_COLOR[state] ?? 'default'}>{t(`auditMonitor.state.${state}`)}</Tag>;
}

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');

const ErrorText = ({ error }: { error: string | null }) =>
  error ? (
    <Typography.Text type="danger" ellipsis={{ tooltip: error }} style={{ maxWidth: 280 }}>
      {error}
    </Typography.Text>
  ) : (
    <>—</>
  );

/** The tasks of one bucket. */
export function MonitorTaskTable({ items, loading }: { items: MonitorTask[]; loading: boolean }) {
  const t = useT();
  const columns: ColumnsType<MonitorTask> = [
    {
      title: t('auditMonitor.col.kind'),
      dataIndex: 'kind',
      render: (_, r) => (
        <Tooltip title={r.id}>
          <Tag>{t(`auditMonitor.link.${r.link}`)}</Tag>
          <Typography.Text code>{r.kind}</Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('auditMonitor.col.about'), dataIndex: 'about' },
    { title: t('auditMonitor.col.state'), dataIndex: 'state', render: (_, r) => <MonitorState state={r.state} /> },
    {
      title: t('auditMonitor.col.progress'),
      dataIndex: 'progressDone',
      width: 180,
      render: (_, r) =>
        r.progressTotal ? (
          <Tooltip title={r.progressMessage ?? undefined}>
            <Progress
              percent={Math.round((100 * r.progressDone) / r.progressTotal)}
              size="small"
              status={r.state === 'failed' ? 'exception' : r.state === 'running' ? 'active' : 'normal'}
              aria-label={`${r.progressDone} / ${r.progressTotal}`}
            />
          </Tooltip>
        ) : (
          (r.progressMessage ?? '—')
        ),
    },
    {
      title: t('auditMonitor.col.attempts'),
      dataIndex: 'attempts',
      render: (_, r) => t('auditMonitor.attempts', { attempts: r.attempts, max: r.retryLimit + 1 }),
    },
    { title: t('auditMonitor.col.startedBy'), dataIndex: 'startedByLabel' },
    { title: t('auditMonitor.col.created'), dataIndex: 'createdAt', render: (_, r) => when(r.createdAt) },
    { title: t('auditMonitor.col.started'), dataIndex: 'startedAt', render: (_, r) => when(r.startedAt) },
    { title: t('auditMonitor.col.error'), dataIndex: 'error', render: (_, r) => <ErrorText error={r.error} /> },
  ];
  return (
    <Table<MonitorTask>
      data-testid="monitor-tasks"
      size="small"
      rowKey="id"
      loading={loading}
      columns={columns}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: t('auditMonitor.empty.tasks') }}
      scroll={{ x: 'max-content' }}
    />
  );
}

/** The trigger runs of one bucket; `app` is the slug their records open in. */
export function MonitorRunTable({ app, items, loading }: { app: string; items: MonitorTriggerRun[]; loading: boolean }) {
  const t = useT();
  const columns: ColumnsType<MonitorTriggerRun> = [
    { title: t('auditMonitor.col.trigger'), dataIndex: 'triggerName' },
    { title: t('auditMonitor.col.event'), dataIndex: 'eventKind', render: (_, r) => <Typography.Text code>{r.eventKind}</Typography.Text> },
    {
      title: t('auditMonitor.col.record'),
      dataIndex: 'recordId',
      render: (_, r) =>
        r.recordId && r.subject ? (
          <Link to={`/${encodeURIComponent(app)}/${encodeURIComponent(r.subject)}/${r.recordId}`}>{r.recordId.slice(0, 8)}</Link>
        ) : (
          '—'
        ),
    },
    { title: t('auditMonitor.col.state'), dataIndex: 'state', render: (_, r) => <MonitorState state={r.state} /> },
    { title: t('auditMonitor.col.attempts'), dataIndex: 'attempts' },
    { title: t('auditMonitor.col.ms'), dataIndex: 'ms', render: (_, r) => (r.ms == null ? '—' : t('auditMonitor.ms', { ms: r.ms })) },
    { title: t('auditMonitor.col.created'), dataIndex: 'createdAt', render: (_, r) => when(r.createdAt) },
    { title: t('auditMonitor.col.error'), dataIndex: 'error', render: (_, r) => <ErrorText error={r.error} /> },
  ];
  return (
    <Table<MonitorTriggerRun>
      data-testid="monitor-runs"
      size="small"
      rowKey="id"
      loading={loading}
      columns={columns}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: t('auditMonitor.empty.runs') }}
      scroll={{ x: 'max-content' }}
    />
  );
}
