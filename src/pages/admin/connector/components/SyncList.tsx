/**
 * A connector's syncs: name, source table → subject (its records open in the workspace), how it
 * writes (mode, key, full or incremental, what happens to rows gone from the source), its schedule
 * (cron, time zone, the next run the server computed) and its latest run; "Run now" starts a run
 * as a task (the history below follows it), edit, delete (asked first: the sync and its run history
 * go; the records it wrote stay). Each sync's run history shows under it.
 */
import { ArrowRightOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Space, Table, Tag, Typography, message } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import { Link } from 'umi';
import type { Connector, ConnectorSync } from '../../../../../contracts';
import { useConfirmedDelete } from '../../../../components/useConfirmedDelete';
import { useT } from '../../../../components/useT';
import { toApiError } from '../../../../services/api-error';
import { listSyncs, removeSync, startRun } from '../../../../services/connectors';
import { keys } from '../../../../services/query-keys';
import { runActive } from '../logic';
import RunHistory, { RUN_POLL_MS } from './RunHistory';
import RunStatus from './RunStatus';

export default function SyncList({ connector, onEdit }: { connector: Connector; onEdit: (s: ConnectorSync) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const { confirmDelete, contextHolder } = useConfirmedDelete();
  const [refresh, setRefresh] = useState<Record<string, number>>({});
  const [starting, setStarting] = useState<string | null>(null);
  const syncs = useQuery({
    queryKey: keys('connectors').action('syncs', connector.id),
    queryFn: () => listSyncs({ connector: connector.id, pageSize: 100 }),
    refetchInterval: (q) => ((q.state.data?.data ?? []).some((s) => runActive(s.lastRun)) ? RUN_POLL_MS : false),
  });
  // every sync's run history shows open; one the user closed stays closed
  const [closed, setClosed] = useState<Set<string>>(new Set());
  const bump = (id: string) => setRefresh((r) => ({ ...r, [id]: (r[id] ?? 0) + 1 }));

  const run = async (s: ConnectorSync) => {
    setStarting(s.id);
    try {
      await startRun(s.id);
      message.success(t('connectors.run.started', { name: s.name }));
      bump(s.id);
      setClosed((c) => new Set([...c].filter((id) => id !== s.id)));
      void syncs.refetch();
    } catch (e) {
      message.error(toApiError(e).message);
    } finally {
      setStarting(null);
    }
  };
  const remove = (s: ConnectorSync) =>
    confirmDelete({
      title: t('connectors.sync.delete.title', { name: s.name }),
      content: t('connectors.sync.delete.content'),
      okText: t('connectors.delete'),
      success: t('connectors.sync.delete.done', { name: s.name }),
      okTestId: 'confirm-delete-sync',
      run: async () => {
        try {
          await removeSync(s.id);
        } catch (e) {
          throw toApiError(e);
        }
      },
      onDone: () => void queryClient.invalidateQueries({ queryKey: keys('connectors').all }),
    });

  const data = syncs.data?.data ?? [];
  return (
    <>
      {contextHolder}
      <Table<ConnectorSync>
        rowKey="id"
        size="middle"
        loading={syncs.isLoading}
        dataSource={data}
        pagination={false}
        data-testid="syncs-table"
        locale={{ emptyText: <Empty description={t('connectors.sync.empty')} data-testid="syncs-empty" /> }}
        expandable={{
          expandedRowRender: (s) => <RunHistory syncId={s.id} refresh={refresh[s.id] ?? 0} />,
          expandedRowKeys: (syncs.data?.data ?? []).map((s) => s.id).filter((id) => !closed.has(id)),
          onExpand: (open, s) =>
            setClosed((c) => {
              const next = new Set(c);
              if (open) next.delete(s.id);
              else next.add(s.id);
              return next;
            }),
        }}
        columns={[
          { title: t('connectors.sync.name'), dataIndex: 'name', render: (v: string, s) => <span data-testid={`sync-row-${s.name}`}>{v}</span> },
          {
            title: t('connectors.sync.target'),
            render: (_, s) => (
              <Space direction="vertical" size={0}>
                {/* a MySQL connector's one schema is its database: the table alone says it */}
                <Typography.Text code>{s.schema && s.schema !== connector.config.database ? `${s.schema}.${s.table}` : s.table}</Typography.Text>
                <span>
                  {/* an icon, not text: the link stands alone in its line (axe link-in-text-block) */}
                  <ArrowRightOutlined aria-hidden /> <Link to={`/${s.application}/${s.subject}`}>{s.subjectName}</Link>
                </span>
              </Space>
            ),
          },
          {
            title: t('connectors.sync.how'),
            render: (_, s) => (
              <Space size={[4, 4]} wrap style={{ maxWidth: 260 }}>
                <Tag>{t(`connectors.sync.mode.${s.mode}`)}</Tag>
                <Tag>{t(`connectors.sync.strategy.${s.strategy}`)}</Tag>
                {s.strategy === 'incremental' && s.cursorColumn && <Tag>{t('connectors.sync.cursorTag', { column: s.cursorColumn })}</Tag>}
                {s.onMissing === 'recycle' && <Tag color="orange">{t('connectors.sync.onMissing.recycle')}</Tag>}
                {s.keyFields.length > 0 && <Tag>{t('connectors.sync.keyTag', { keys: s.keyFields.join(', ') })}</Tag>}
              </Space>
            ),
          },
          {
            title: t('connectors.sync.schedule'),
            render: (_, s) =>
              s.cron ? (
                <Space direction="vertical" size={0}>
                  <Typography.Text code>{s.cron}</Typography.Text>
                  <Typography.Text type="secondary">
                    {s.enabled && s.nextRuns[0]
                      ? t('connectors.sync.nextRun', { at: dayjs(s.nextRuns[0]).format('YYYY-MM-DD HH:mm'), zone: s.timezone })
                      : t('connectors.sync.paused')}
                  </Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('connectors.sync.byHand')}</Typography.Text>
              ),
          },
          { title: t('connectors.col.lastRun'), render: (_, s) => <RunStatus run={s.lastRun} withTime /> },
          {
            title: t('connectors.col.actions'),
            render: (_, s) => (
              <Space wrap>
                <Button
                  type="primary"
                  size="small"
                  loading={starting === s.id}
                  disabled={runActive(s.lastRun)}
                  onClick={() => void run(s)}
                  data-testid={`run-now-${s.name}`}
                >
                  {t('connectors.run.now')}
                </Button>
                <Button size="small" onClick={() => onEdit(s)}>
                  {t('connectors.edit')}
                </Button>
                <Button size="small" danger onClick={() => remove(s)}>
                  {t('connectors.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
