/**
 * Pieces the trigger and action pages share: a run's state tag, a run's step log, the runs table
 * (one trigger's history, or every trigger's dead letters, with Replay). Action configurations are
 * edited with src/components/triggers/ActionConfigForm. `useT` (the translation hook) is
 * ConfigPickers', re-exported for the pages.
 */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, message, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useRef } from 'react';
import { Link } from 'umi';
import type { TriggerRun, TriggerRunState, TriggerStepLog } from '../../../../../contracts';
import { TRIGGER_RUN_STATES } from '../../../../../contracts/triggers.constants';
import { useT } from '../../../../components/triggers/ConfigPickers';
import { toApiError } from '../../../../services/api-error';
import { listRuns, replayRun } from '../../../../services/triggers';

export { useT };

const STATE_COLORS: Record<TriggerRunState, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'warning',
  dead: 'error',
};
const STEP_COLORS: Record<string, string> = { ok: 'success', skipped: 'default', error: 'error' };

export function RunStateTag({ run }: { run: TriggerRun }) {
  const t = useT();
  return (
    <Space size={4}>
      <Tag color={STATE_COLORS[run.state]} data-testid="run-state">
        {t(`triggers.state.${run.state}`)}
      </Tag>
      {run.test ? <Tag>{t('triggers.runs.test')}</Tag> : null}
    </Space>
  );
}

const json = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

/** Each step of a run: type, status, ms, output or error. */
export function StepLog({ steps }: { steps: TriggerStepLog[] }) {
  const t = useT();
  return (
    <Table<TriggerStepLog>
      size="small"
      rowKey="index"
      pagination={false}
      dataSource={steps}
      data-testid="run-steps"
      columns={[
        { title: '#', dataIndex: 'index', width: 50, render: (i: number) => i + 1 },
        { title: t('triggers.step.type'), dataIndex: 'type', width: 140 },
        {
          title: t('triggers.runs.col.state'),
          dataIndex: 'status',
          width: 100,
          render: (s: string) => <Tag color={STEP_COLORS[s]}>{t(`triggers.stepStatus.${s}`)}</Tag>,
        },
        { title: t('triggers.runs.col.ms'), dataIndex: 'ms', width: 90 },
        {
          title: t('triggers.runs.steps'),
          render: (_, s) => (
            <pre style={{ margin: 0, maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }} data-testid="run-step-output">
              {s.error ?? s.reason ?? json(s.output)}
            </pre>
          ),
        },
      ]}
    />
  );
}

/** Runs of one trigger (`triggerId`), or every trigger's runs in `state` (the dead letters). */
export function RunsTable({ triggerId, state }: { triggerId?: string; state?: TriggerRunState }) {
  const t = useT();
  const action = useRef<ActionType>();
  const replay = async (id: string) => {
    try {
      await replayRun(id);
      message.success(t('triggers.runs.replayed'));
      action.current?.reload();
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  const columns: ProColumns<TriggerRun>[] = [
    {
      title: t('triggers.runs.col.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: Object.fromEntries(TRIGGER_RUN_STATES.map((s) => [s, { text: t(`triggers.state.${s}`) }])),
      render: (_, row) => <RunStateTag run={row} />,
      hideInSearch: !!state,
    },
    ...(triggerId
      ? []
      : [
          {
            title: t('triggers.runs.col.trigger'),
            dataIndex: 'triggerId',
            hideInSearch: true,
            render: (_: unknown, row: TriggerRun) => (
              <Link to={`/admin/trigger/${row.triggerId}`}>{row.triggerId.slice(0, 8)}</Link>
            ),
          } as ProColumns<TriggerRun>,
        ]),
    {
      title: t('triggers.runs.col.created'),
      dataIndex: 'createdAt',
      hideInSearch: true,
      render: (_, row) => dayjs(row.createdAt).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: t('triggers.runs.col.depth'), dataIndex: 'depth', hideInSearch: true, width: 70 },
    { title: t('triggers.runs.col.attempts'), dataIndex: 'attempts', hideInSearch: true, width: 90 },
    { title: t('triggers.runs.col.ms'), dataIndex: 'ms', hideInSearch: true, width: 100 },
    { title: t('triggers.runs.col.error'), dataIndex: 'error', hideInSearch: true, ellipsis: true },
    {
      title: '',
      valueType: 'option',
      width: 100,
      render: (_, row) =>
        row.state === 'dead'
          ? [
              <Button key="replay" size="small" onClick={() => void replay(row.id)} data-testid="run-replay">
                {t('triggers.runs.replay')}
              </Button>,
            ]
          : [],
    },
  ];
  return (
    <div data-testid="runs-table">
      <ProTable<TriggerRun>
        rowKey="id"
        actionRef={action}
        columns={columns}
        search={state ? false : { labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: false }}
        polling={(rows: readonly TriggerRun[]) => (rows.some((r) => r.state === 'queued' || r.state === 'running') ? 2000 : 0)}
        request={async (params) =>
          listRuns(triggerId, {
            current: Number(params.current) || 1,
            pageSize: Number(params.pageSize) || 20,
            state: (state ?? params.state) as TriggerRunState | undefined,
          })
        }
        pagination={{ defaultPageSize: 20 }}
        expandable={{
          expandedRowRender: (row) => (
            <Space direction="vertical" style={{ width: '100%' }}>
              <StepLog steps={row.steps} />
              <Typography.Text type="secondary">{t('triggers.runs.event')}</Typography.Text>
              <pre style={{ margin: 0, maxHeight: 200, overflow: 'auto' }}>{json(row.event)}</pre>
            </Space>
          ),
        }}
      />
    </div>
  );
}
