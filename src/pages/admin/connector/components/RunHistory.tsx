/**
 * A sync's runs, newest first (server paging): when, who or what started it (by hand, the
 * schedule), its status, its counts (read, inserted, updated, unchanged, recycled, failed), why it
 * failed (a failed run wrote nothing), its task (/admin/task/:id, the progress and log) and, for a
 * run with row errors, a drawer listing them (row, column, field, value, message: the first 100
 * the server keeps). Refreshed every second while a run is queued or running, with the task's
 * progress beside it.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import { Link } from 'umi';
import type { ConnectorRun } from '../../../../../contracts';
import RouteDataResult from '../../../../components/RouteDataResult';
import { useT } from '../../../../components/useT';
import { getRun, listRuns } from '../../../../services/connectors';
import { getTask } from '../../../../services/tasks';
import { keys } from '../../../../services/query-keys';
import { TaskProgress } from '../../task/components/TaskBits';
import { runActive } from '../logic';
import RunStatus from './RunStatus';

/** Milliseconds between two reads while a run is going. */
export const RUN_POLL_MS = 1000;

/** The counts a run shows, in order. */
const COUNTS = ['read', 'inserted', 'updated', 'unchanged', 'recycled', 'failed'] as const;

/** The live progress of a run's task. */
function RunProgress({ taskId }: { taskId: string }) {
  const task = useQuery({ queryKey: keys('connectors').action('task', taskId), queryFn: () => getTask(taskId), refetchInterval: RUN_POLL_MS });
  return task.data ? <TaskProgress task={task.data} /> : null;
}

/** The row errors of one run. */
function RunErrors({ runId, onClose }: { runId: string; onClose: () => void }) {
  const t = useT();
  const run = useQuery({ queryKey: keys('connectors').action('run', runId), queryFn: () => getRun(runId) });
  return (
    <Drawer open onClose={onClose} width={760} title={t('connectors.run.errorsTitle')} data-testid="run-errors">
      <RouteDataResult query={run}>
        {(r) => (
          <Space direction="vertical" style={{ width: '100%' }}>
            {r.error && <Typography.Text type="danger">{r.error}</Typography.Text>}
            {r.failed > r.errors.length && <Typography.Text type="secondary">{t('connectors.run.errorsKept', { n: r.errors.length, total: r.failed })}</Typography.Text>}
            <Table
              size="small"
              rowKey={(e) => `${e.row}-${e.column ?? ''}-${e.field ?? ''}`}
              dataSource={r.errors}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: t('connectors.run.noErrors') }}
              columns={[
                { title: t('connectors.run.row'), dataIndex: 'row', width: 70 },
                { title: t('connectors.browse.column'), dataIndex: 'column', render: (v: string | null) => v ?? '–' },
                { title: t('connectors.sync.field'), dataIndex: 'field', render: (v: string | null) => v ?? '–' },
                { title: t('connectors.run.value'), dataIndex: 'value', render: (v: string | null) => (v === null ? '–' : <Typography.Text code>{v}</Typography.Text>) },
                { title: t('connectors.run.message'), dataIndex: 'message' },
              ]}
            />
          </Space>
        )}
      </RouteDataResult>
    </Drawer>
  );
}

export default function RunHistory({ syncId, refresh }: { syncId: string; refresh: number }) {
  const t = useT();
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const [errorsOf, setErrorsOf] = useState<string | null>(null);
  const runs = useQuery({
    queryKey: keys('connectors').action('runs', syncId, page, refresh),
    queryFn: () => listRuns(syncId, page),
    refetchInterval: (q) => ((q.state.data?.data ?? []).some(runActive) ? RUN_POLL_MS : false),
  });
  return (
    <>
      <Table<ConnectorRun>
        size="small"
        rowKey="id"
        loading={runs.isLoading}
        dataSource={runs.data?.data ?? []}
        data-testid={`runs-${syncId}`}
        locale={{ emptyText: t('connectors.run.none') }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: runs.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        columns={[
          { title: t('connectors.run.startedAt'), dataIndex: 'createdAt', render: (v: string) => dayjs(v).format('MM-DD HH:mm:ss') },
          { title: t('connectors.run.trigger'), dataIndex: 'trigger', render: (v: string) => t(`connectors.run.trigger.${v}`) },
          {
            title: t('connectors.run.status'),
            render: (_, r) => (
              <Space direction="vertical" size={2}>
                <RunStatus run={r} />
                {runActive(r) && r.taskId && <RunProgress taskId={r.taskId} />}
                {r.error && (
                  <Typography.Text type="danger" style={{ maxWidth: 320, display: 'inline-block' }} data-testid="run-error">
                    {r.error}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          ...COUNTS.map((c) => ({
            title: t(`connectors.run.count.${c}`),
            dataIndex: c,
            align: 'right' as const,
            render: (v: number) => <span data-testid={`run-${c}`}>{v}</span>,
          })),
          {
            title: t('connectors.col.actions'),
            render: (_, r) => (
              <Space>
                {r.failed > 0 || r.error ? (
                  <Button size="small" onClick={() => setErrorsOf(r.id)} data-testid="run-show-errors">
                    {t('connectors.run.showErrors')}
                  </Button>
                ) : null}
                {r.taskId && <Link to={`/admin/task/${r.taskId}`}>{t('connectors.run.task')}</Link>}
              </Space>
            ),
          },
        ]}
      />
      {errorsOf && <RunErrors runId={errorsOf} onClose={() => setErrorsOf(null)} />}
    </>
  );
}
