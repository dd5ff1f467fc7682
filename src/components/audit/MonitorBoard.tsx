/**
 * The process monitor's board (docs/engagements-monitor.md): the totals of each bucket, a tab per
 * bucket (running, queued, failed) with its tasks and trigger runs, one pager for both lists of the
 * tab, and a refresh every MONITOR_REFRESH_MS while the page is visible (react-query polling; a
 * switch turns it off). `app` is the application whose monitor is read (the API's slug); `linkApp`
 * the workspace the record links open in. `onError` lets the page replace the board with a 403/404.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Pagination, Row, Space, Statistic, Switch, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useEffect, useId, useState } from 'react';
import type { AuditMonitor } from '../../../contracts';
import { MONITOR_BUCKETS, type MonitorBucket } from '../../../contracts/audit-monitor.constants';
import { getMonitor, MONITOR_REFRESH_MS, monitorKey } from '../../services/audit-monitor';
import { ApiError } from '../../services/api-error';
import { useT } from '../useT';
import { MonitorRunTable, MonitorTaskTable } from './MonitorTables';

export interface MonitorBoardProps {
  app: string;
  linkApp?: string;
  engagementId?: string;
  /** Called with the server's status when the read fails with 403 or 404 (the page shows the result). */
  onRefused?: (status: 403 | 404) => void;
  /** Called with each answer (the page shows the engagement's title from it). */
  onData?: (data: AuditMonitor) => void;
}

const PAGE_SIZE = 10;

export default function MonitorBoard({ app, linkApp, engagementId, onRefused, onData }: MonitorBoardProps) {
  const t = useT();
  const switchId = useId();
  const [bucket, setBucket] = useState<MonitorBucket>('running');
  const [current, setCurrent] = useState(1);
  const [auto, setAuto] = useState(true);
  const params = { engagementId, state: bucket, current, pageSize: PAGE_SIZE };
  const query = useQuery({
    queryKey: monitorKey(app, params),
    queryFn: ({ signal }) => getMonitor(app, params, signal),
    refetchInterval: auto ? MONITOR_REFRESH_MS : false,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const status = query.error instanceof ApiError ? query.error.status : 0;
  useEffect(() => {
    if (status === 403 || status === 404) onRefused?.(status);
  }, [status, onRefused]);
  useEffect(() => {
    if (query.data) onData?.(query.data);
  }, [query.data, onData]);

  const data = query.data;
  const totals = data?.totals;
  const tabTotal = totals ? Math.max(totals.tasks[bucket], totals.triggerRuns[bucket]) : 0;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="monitor-board">
      {query.error && status !== 403 && status !== 404 ? (
        <Alert type="error" showIcon message={t('auditMonitor.loadFailed')} description={(query.error as Error).message} />
      ) : null}
      <Row gutter={[16, 16]}>
        {MONITOR_BUCKETS.map((b) => (
          <Col key={b} xs={12} md={8}>
            <Card size="small">
              <Space size="large">
                <Statistic
                  title={t('auditMonitor.stat.tasks', { bucket: t(`auditMonitor.bucket.${b}`) })}
                  value={totals?.tasks[b] ?? '—'}
                  valueStyle={b === 'failed' && totals?.tasks.failed ? { color: '#cf1322' } : undefined}
                />
                <Statistic
                  title={t('auditMonitor.stat.runs', { bucket: t(`auditMonitor.bucket.${b}`) })}
                  value={totals?.triggerRuns[b] ?? '—'}
                  valueStyle={b === 'failed' && totals?.triggerRuns.failed ? { color: '#cf1322' } : undefined}
                />
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
      <Card
        size="small"
        title={
          <Tabs
            activeKey={bucket}
            onChange={(key) => {
              setBucket(key as MonitorBucket);
              setCurrent(1);
            }}
            items={MONITOR_BUCKETS.map((b) => ({
              key: b,
              label: `${t(`auditMonitor.bucket.${b}`)} (${totals ? totals.tasks[b] + totals.triggerRuns[b] : 0})`,
            }))}
          />
        }
        extra={
          <Space>
            <Switch id={switchId} size="small" checked={auto} onChange={setAuto} />
            <label htmlFor={switchId}>{t('auditMonitor.autoRefresh', { s: MONITOR_REFRESH_MS / 1000 })}</label>
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('auditMonitor.refresh')}
            </Button>
          </Space>
        }
      >
        <Typography.Title level={5}>{t('auditMonitor.tasks')}</Typography.Title>
        <MonitorTaskTable items={data?.[bucket] ?? []} loading={query.isLoading} />
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('auditMonitor.triggerRuns')}
        </Typography.Title>
        <MonitorRunTable app={linkApp ?? app} items={data?.triggerRuns[bucket] ?? []} loading={query.isLoading} />
        <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary" data-testid="monitor-read-at">
            {data ? t('auditMonitor.updatedAt', { time: dayjs(data.at).format('HH:mm:ss') }) : ''}
          </Typography.Text>
          <Pagination
            size="small"
            aria-label={t('auditMonitor.pager')}
            current={current}
            pageSize={PAGE_SIZE}
            total={tabTotal}
            onChange={setCurrent}
            hideOnSinglePage
          />
        </Space>
      </Card>
    </Space>
  );
}
