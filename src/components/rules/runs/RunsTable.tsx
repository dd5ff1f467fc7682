/**
 * The application's validation runs, newest first (paged on the server): subject, state (a
 * progress bar while running), score, rules run (a set's version or the enabled rules), counts,
 * who and when; "Details" opens the run; editors may cancel an active run (after a confirmation).
 * Read again every 2 s while a run on the page is active.
 */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, message } from 'antd';
import dayjs from 'dayjs';
import React, { useEffect, useRef, useState } from 'react';

import type { RuleRun } from '../../../../contracts';
import { toApiError } from '../../../services/api-error';
import { cancelRun, listRuns } from './api';
import { RunState, ScoreTag } from './bits';
import { useT } from '../../useT';

export default function RunsTable({
  app,
  refresh,
  canRun,
  onOpen,
  onChanged,
}: {
  app: string;
  refresh: number;
  canRun: boolean;
  onOpen: (id: string) => void;
  onChanged: () => void;
}) {
  const t = useT();
  const action = useRef<ActionType>();
  const [active, setActive] = useState(false);
  useEffect(() => void action.current?.reload(), [refresh]);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => void action.current?.reload(), 2000);
    return () => clearInterval(timer);
  }, [active]);
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !active) onChanged();
    wasActive.current = active;
  }, [active, onChanged]);
  return (
    <ProTable<RuleRun>
      rowKey="id"
      actionRef={action}
      headerTitle={t('ruleRuns.runs.title')}
      search={false}
      options={{ reload: true, density: false, setting: false }}
      data-testid="rule-runs-table"
      pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      locale={{ emptyText: t('ruleRuns.runs.empty') }}
      request={async (params) => {
        const page = await listRuns({ application: app, current: params.current, pageSize: params.pageSize });
        setActive(page.data.some((r) => r.state === 'queued' || r.state === 'running'));
        return { data: page.data, total: page.total, success: true };
      }}
      columns={[
        { title: t('ruleRuns.col.subject'), dataIndex: 'subjectName' },
        { title: t('ruleRuns.col.state'), dataIndex: 'state', render: (_, r) => <RunState run={r} /> },
        { title: t('ruleRuns.col.score'), dataIndex: 'score', render: (_, r) => <ScoreTag score={r.score} /> },
        {
          title: t('ruleRuns.col.version'),
          dataIndex: 'ruleSetVersion',
          render: (_, r) => (r.ruleSetName ? t('ruleRuns.setVersion', { name: r.ruleSetName, version: r.ruleSetVersion ?? 0 }) : t('ruleRuns.enabledRules')),
        },
        { title: t('ruleRuns.col.records'), dataIndex: 'records', align: 'right' },
        { title: t('ruleRuns.col.failing'), dataIndex: 'failingRecords', align: 'right' },
        { title: t('ruleRuns.col.createdAt'), dataIndex: 'createdAt', render: (_, r) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm:ss') },
        { title: t('ruleRuns.col.by'), dataIndex: 'createdLabel', ellipsis: true },
        {
          title: t('ruleRuns.col.actions'),
          valueType: 'option',
          width: 160,
          render: (_, r) => (
            <Space size={0} wrap>
              <Button type="link" size="small" data-testid="rule-run-open" onClick={() => onOpen(r.id)}>
                {t('ruleRuns.runs.open')}
              </Button>
              {canRun && (r.state === 'queued' || r.state === 'running') && (
                <Popconfirm
                  title={t('ruleRuns.cancel.confirm')}
                  onConfirm={() =>
                    cancelRun(r.id).then(
                      () => {
                        message.success(t('ruleRuns.cancel.done'));
                        void action.current?.reload();
                      },
                      (e: unknown) => void message.error(toApiError(e).message),
                    )
                  }
                >
                  <Button type="link" size="small" danger data-testid="rule-run-cancel">
                    {t('ruleRuns.cancel.button')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
