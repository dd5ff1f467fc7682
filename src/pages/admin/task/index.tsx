/**
 * /admin/task, the durable background tasks (docs/tasks.md): a ProTable on server paging, newest
 * first, filtered by state, kind, who started it and since when; the state and progress refresh
 * every 2 s while the page shows an active task. "Start a task" offers the kinds that may be started
 * by hand; a row opens the task's page.
 */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Dropdown, message } from 'antd';
import dayjs from 'dayjs';
import React, { useEffect, useRef, useState } from 'react';
import { history, Link, useIntl } from 'umi';
import type { Task, TaskKindInfo, TaskState } from '../../../../contracts';
import { TASK_STATES } from '../../../../contracts/tasks.constants';
import { toApiError } from '../../../services/api-error';
import { listTaskKinds, listTasks, startTask } from '../../../services/tasks';
import { TaskProgress, TaskStateTag, useKindLabel } from './components/TaskBits';

/** Milliseconds between two refreshes while an active task is shown. */
const POLL_MS = 2000;

export default function TasksPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const kindLabel = useKindLabel();
  const action = useRef<ActionType>();
  const [kinds, setKinds] = useState<TaskKindInfo[]>([]);
  useEffect(() => {
    listTaskKinds().then(setKinds, () => undefined);
  }, []);

  const start = async (kind: string) => {
    try {
      const { task, merged } = await startTask(kind);
      message.success(t(merged ? 'tasks.merged' : 'tasks.started'));
      history.push(`/admin/task/${task.id}`);
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };

  const columns: ProColumns<Task>[] = [
    {
      title: t('tasks.col.kind'),
      dataIndex: 'kind',
      valueType: 'select',
      fieldProps: { options: kinds.map((k) => ({ value: k.kind, label: kindLabel(k.kind) })), showSearch: true },
      render: (_, row) => (
        <Link to={`/admin/task/${row.id}`} data-testid="task-link">
          {kindLabel(row.kind)}
        </Link>
      ),
    },
    {
      title: t('tasks.col.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: Object.fromEntries(TASK_STATES.map((s) => [s, { text: t(`tasks.state.${s}`) }])),
      render: (_, row) => <TaskStateTag task={row} />,
    },
    {
      title: t('tasks.col.progress'),
      dataIndex: 'progressDone',
      hideInSearch: true,
      render: (_, row) => <TaskProgress task={row} />,
    },
    { title: t('tasks.col.startedBy'), dataIndex: 'startedByLabel', render: (_, row) => row.startedByLabel },
    { title: t('tasks.col.attempts'), dataIndex: 'attempts', hideInSearch: true, width: 90 },
    {
      title: t('tasks.col.createdAt'),
      dataIndex: 'createdAt',
      valueType: 'dateTime',
      hideInSearch: true,
      render: (_, row) => dayjs(row.createdAt).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: t('tasks.col.since'), dataIndex: 'since', valueType: 'dateTime', hideInTable: true },
    {
      title: t('tasks.col.finishedAt'),
      dataIndex: 'finishedAt',
      hideInSearch: true,
      render: (_, row) => (row.finishedAt ? dayjs(row.finishedAt).format('YYYY-MM-DD HH:mm:ss') : '–'),
    },
  ];

  const manual = kinds.filter((k) => k.manual);
  return (
    <PageContainer title={t('tasks.title')} subTitle={t('tasks.subtitle')}>
      <div data-testid="tasks-table">
        <ProTable<Task>
          rowKey="id"
          actionRef={action}
          columns={columns}
          polling={(rows: readonly Task[]) => (rows.some((r) => r.state === 'queued' || r.state === 'running') ? POLL_MS : 0)}
          request={async (params) => {
            const { current, pageSize, kind, state, startedByLabel, since } = params as Record<
              string,
              string | number | undefined
            >;
            return listTasks({
              current: Number(current) || 1,
              pageSize: Number(pageSize) || 20,
              kind: kind ? String(kind) : undefined,
              state: state ? (String(state) as TaskState) : undefined,
              startedBy: startedByLabel ? String(startedByLabel) : undefined,
              since: since ? dayjs(since).toISOString() : undefined,
            });
          }}
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          toolBarRender={() => [
            <Dropdown
              key="start"
              disabled={!manual.length}
              menu={{
                items: manual.map((k) => ({ key: k.kind, label: kindLabel(k.kind) })),
                onClick: ({ key }) => void start(key),
              }}
            >
              <Button type="primary" data-testid="start-task">
                {t('tasks.start')}
              </Button>
            </Dropdown>,
          ]}
        />
      </div>
    </PageContainer>
  );
}
