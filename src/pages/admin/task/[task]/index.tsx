/**
 * /admin/task/:task, one task (docs/tasks.md): its details (ProDescriptions), progress bar and
 * live logs, both followed over the server-sent event stream (GET /api/v1/tasks/:id/stream, which
 * ends once the task has finished); cancel (asking first) while it is queued or running, retry once
 * it failed or was cancelled. An unknown id shows the 404 result.
 */
import { PageContainer, ProDescriptions } from '@ant-design/pro-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, message, Popconfirm, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useEffect, useRef, useState } from 'react';
import { history, useIntl, useParams } from 'umi';
import type { Task, TaskLog } from '../../../../../contracts';
import ExceptionResult from '../../../../components/ExceptionResult';
import { ApiError, toApiError } from '../../../../services/api-error';
import { cancelTask, getTask, retryTask, taskStreamUrl } from '../../../../services/tasks';
import { TaskProgress, TaskStateTag, useKindLabel } from '../components/TaskBits';

/** The most log lines kept on screen (the oldest drop off). */
const MAX_LINES = 2000;
const LEVEL_COLORS: Record<string, string> = { debug: '#8c8c8c', info: '#1677ff', warn: '#d48806', error: '#cf1322' };
const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '–');

export default function TaskDetail() {
  const { task: id = '' } = useParams<{ task: string }>();
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const kindLabel = useKindLabel();
  const queryClient = useQueryClient();
  const key = ['tasks', 'detail', id];
  const query = useQuery({ queryKey: key, queryFn: () => getTask(id), retry: false });
  const [lines, setLines] = useState<TaskLog[]>([]);
  const [live, setLive] = useState(false);
  const [generation, setGeneration] = useState(0);
  const logBox = useRef<HTMLDivElement>(null);
  const loaded = Boolean(query.data);

  // the live stream: task changes and log lines; reopened after a retry (generation)
  useEffect(() => {
    if (!loaded || typeof EventSource === 'undefined') return undefined;
    let last = 0;
    setLines([]);
    const source = new EventSource(taskStreamUrl(id, last));
    setLive(true);
    source.addEventListener('task', (e) => queryClient.setQueryData(key, JSON.parse((e as MessageEvent).data) as Task));
    source.addEventListener('log', (e) => {
      const line = JSON.parse((e as MessageEvent).data) as TaskLog;
      last = line.id;
      setLines((old) => [...old, line].slice(-MAX_LINES));
    });
    const stop = () => {
      source.close();
      setLive(false);
    };
    source.addEventListener('end', stop);
    source.onerror = stop;
    return stop;
  }, [id, loaded, generation]);

  useEffect(() => {
    const box = logBox.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lines]);

  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 404 || status === 400 ? 404 : 500} />;
  }
  const task = query.data;
  if (!task) return <PageContainer loading />;

  const act = async (what: 'cancel' | 'retry') => {
    try {
      const updated = what === 'cancel' ? await cancelTask(task.id) : await retryTask(task.id);
      queryClient.setQueryData(key, updated);
      message.success(t(what === 'cancel' ? 'tasks.cancel.done' : 'tasks.retry.done'));
      if (what === 'retry') setGeneration((g) => g + 1);
    } catch (err) {
      message.error(toApiError(err).message);
      void query.refetch();
    }
  };

  const active = task.state === 'queued' || task.state === 'running';
  const extra = [
    active && !task.cancelRequested ? (
      <Popconfirm key="cancel" title={t('tasks.cancel.confirm')} onConfirm={() => act('cancel')}>
        <Button danger data-testid="cancel-task">
          {t('tasks.cancel')}
        </Button>
      </Popconfirm>
    ) : null,
    task.state === 'failed' || task.state === 'cancelled' ? (
      <Button key="retry" type="primary" data-testid="retry-task" onClick={() => act('retry')}>
        {t('tasks.retry')}
      </Button>
    ) : null,
  ];

  return (
    <PageContainer
      title={t('tasks.detailTitle', { kind: kindLabel(task.kind) })}
      onBack={() => history.push('/admin/task')}
      tags={<TaskStateTag task={task} />}
      extra={extra}
    >
      <div data-testid="task-detail">
        <Card style={{ marginBottom: 16 }}>
          <TaskProgress task={task} wide />
        </Card>
        <Card style={{ marginBottom: 16 }}>
          <ProDescriptions<Task> column={2} dataSource={task}>
            <ProDescriptions.Item label={t('tasks.col.kind')}>
              {kindLabel(task.kind)} <Typography.Text type="secondary">({task.kind})</Typography.Text>
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.state')}>
              <TaskStateTag task={task} />
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.startedBy')}>{task.startedByLabel}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.attempts')}>
              {t('tasks.attempts', { attempts: task.attempts, max: task.retryLimit + 1 })}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.createdAt')}>{when(task.createdAt)}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.startedAt')}>{when(task.startedAt)}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.finishedAt')}>{when(task.finishedAt)}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.timeout')}>
              {t('tasks.seconds', { n: task.timeoutSeconds })}
            </ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.priority')}>{task.priority}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.singletonKey')}>{task.singletonKey ?? '–'}</ProDescriptions.Item>
            <ProDescriptions.Item label={t('tasks.col.input')} span={2}>
              <Typography.Text code>{JSON.stringify(task.input)}</Typography.Text>
            </ProDescriptions.Item>
            {task.result !== null && task.result !== undefined ? (
              <ProDescriptions.Item label={t('tasks.col.result')} span={2}>
                <Typography.Text code>{JSON.stringify(task.result)}</Typography.Text>
              </ProDescriptions.Item>
            ) : null}
            {task.error ? (
              <ProDescriptions.Item label={t('tasks.col.error')} span={2}>
                <Typography.Text type="danger">{task.error}</Typography.Text>
              </ProDescriptions.Item>
            ) : null}
          </ProDescriptions>
        </Card>
        <Card title={t('tasks.logs')} extra={live ? <Badge status="processing" text={t('tasks.logs.live')} /> : null}>
          {lines.length === 0 ? (
            <Empty description={t('tasks.logs.empty')} />
          ) : (
            <div
              ref={logBox}
              data-testid="task-logs"
              style={{ maxHeight: 420, overflow: 'auto', fontFamily: 'monospace', fontSize: 12 }}
            >
              {lines.map((l) => (
                <div key={l.id}>
                  <span style={{ opacity: 0.65 }}>{dayjs(l.at).format('HH:mm:ss.SSS')}</span>{' '}
                  <span style={{ color: LEVEL_COLORS[l.level], fontWeight: 600 }}>{l.level.toUpperCase()}</span> {l.message}
                  {l.data !== null && l.data !== undefined ? (
                    <span style={{ opacity: 0.65 }}> {JSON.stringify(l.data)}</span>
                  ) : null}
                </div>
              ))}
            </div>
          )}
        </Card>
      </div>
    </PageContainer>
  );
}
