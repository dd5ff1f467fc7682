/**
 * One run in a drawer: its summary (state, score, version, counts, the longest chunk), per rule the
 * passed and failed records, the failing records paged (each linked to its record page, its
 * message in the interface language), CSV/XLSX export, and the subject's score trend. While the run
 * is active it is read again every 1.5 s.
 */
import { useQuery } from '@tanstack/react-query';
import { ProTable } from '@ant-design/pro-components';
import { Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import React from 'react';
import { Link } from 'umi';
import type { RuleRun, RuleRunFailure, RuleRunResultItem } from '../../../../contracts';
import { download } from '../../../utils/download';
import { failuresExportUrl, getRun, getTrend, listFailures } from './api';
import { RunState, ScoreTag, SeverityTag } from './bits';
import TrendChart from './TrendChart';
import { useT } from '../../useT';

export default function RunDetail({ app, runId, onClose }: { app: string; runId: string | null; onClose: () => void }) {
  const t = useT();
  const run = useQuery({
    queryKey: ['rule-runs', 'detail', runId],
    queryFn: () => getRun(runId!),
    enabled: !!runId,
    refetchInterval: (q) => (q.state.data && (q.state.data.state === 'running' || q.state.data.state === 'queued') ? 1500 : false),
  });
  const r: RuleRun | undefined = run.data;
  const trend = useQuery({ queryKey: ['rule-runs', 'trend', app, r?.subject, r?.state], queryFn: () => getTrend(app, r!.subject), enabled: !!r });
  return (
    <Drawer open={!!runId} onClose={onClose} width={900} title={t('ruleRuns.detail.title')} destroyOnHidden data-testid="rule-run-detail">
      {r && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={t('ruleRuns.col.subject')}>{r.subjectName}</Descriptions.Item>
            <Descriptions.Item label={t('ruleRuns.col.state')}>
              <RunState run={r} />
            </Descriptions.Item>
            <Descriptions.Item label={t('ruleRuns.col.score')}>
              <ScoreTag score={r.score} />
            </Descriptions.Item>
            <Descriptions.Item label={t('ruleRuns.col.version')}>
              {r.ruleSetName ? t('ruleRuns.setVersion', { name: r.ruleSetName, version: r.ruleSetVersion ?? 0 }) : t('ruleRuns.enabledRules')}
            </Descriptions.Item>
            <Descriptions.Item label={t('ruleRuns.col.records')}>{r.records}</Descriptions.Item>
            <Descriptions.Item label={t('ruleRuns.col.failing')}>
              <span data-testid="rule-run-failing">{r.failingRecords}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('ruleRuns.col.longestChunk')}>{t('ruleRuns.ms', { n: r.longestChunkMs })}</Descriptions.Item>
            <Descriptions.Item label={t('ruleRuns.col.by')}>{r.createdLabel}</Descriptions.Item>
            <Descriptions.Item label={t('ruleRuns.col.error')}>{r.error ?? '—'}</Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>{t('ruleRuns.detail.perRule')}</Typography.Title>
            <Table<RuleRunResultItem>
              size="small"
              rowKey="ruleId"
              pagination={false}
              dataSource={r.results}
              locale={{ emptyText: t('ruleRuns.detail.noRules') }}
              data-testid="rule-run-results"
              columns={[
                { title: t('ruleRuns.col.rule'), dataIndex: 'name' },
                { title: t('ruleRuns.col.severity'), dataIndex: 'severity', render: (_, x) => <SeverityTag severity={x.severity} /> },
                { title: t('ruleRuns.col.passed'), dataIndex: 'passed', align: 'right' },
                {
                  title: t('ruleRuns.col.failed'),
                  dataIndex: 'failed',
                  align: 'right',
                  render: (_, x) => (x.failed > 0 ? <Typography.Text type="danger">{x.failed}</Typography.Text> : 0),
                },
                { title: t('ruleRuns.col.ms'), dataIndex: 'ms', align: 'right', render: (_, x) => t('ruleRuns.ms', { n: x.ms }) },
              ]}
            />
          </div>

          <ProTable<RuleRunFailure>
            key={`${r.id}:${r.state}`}
            rowKey={(f) => `${f.recordId}:${f.ruleId}`}
            headerTitle={t('ruleRuns.detail.failures')}
            search={false}
            options={false}
            size="small"
            data-testid="rule-run-failures"
            pagination={{ defaultPageSize: 20, showSizeChanger: true }}
            locale={{ emptyText: t('ruleRuns.detail.noFailures') }}
            toolBarRender={() => [
              <Button key="csv" size="small" data-testid="rule-run-export-csv" onClick={() => download(failuresExportUrl(r.id, 'csv'))}>
                {t('ruleRuns.export.csv')}
              </Button>,
              <Button key="xlsx" size="small" data-testid="rule-run-export-xlsx" onClick={() => download(failuresExportUrl(r.id, 'xlsx'))}>
                {t('ruleRuns.export.xlsx')}
              </Button>,
            ]}
            request={async (params) => {
              const page = await listFailures(r.id, { current: params.current, pageSize: params.pageSize });
              return { data: page.data, total: page.total, success: true };
            }}
            columns={[
              {
                title: t('ruleRuns.col.record'),
                dataIndex: 'recordLabel',
                render: (_, f) => (
                  <Link to={`/${app}/${r.subject}/${f.recordId}`} data-testid="rule-run-failure-record">
                    {f.recordLabel}
                  </Link>
                ),
              },
              { title: t('ruleRuns.col.rule'), dataIndex: 'ruleName' },
              { title: t('ruleRuns.col.severity'), dataIndex: 'severity', render: (_, f) => <SeverityTag severity={f.severity} /> },
              { title: t('ruleRuns.col.value'), dataIndex: 'value', render: (_, f) => f.value ?? '—' },
              { title: t('ruleRuns.col.message'), dataIndex: 'message' },
            ]}
          />

          <div>
            <Typography.Title level={5}>{t('ruleRuns.trend.title')}</Typography.Title>
            <TrendChart points={trend.data ?? []} />
            {r.ruleSetVersion !== null && <Tag>{t('ruleRuns.setVersion', { name: r.ruleSetName ?? '', version: r.ruleSetVersion })}</Tag>}
          </div>
        </Space>
      )}
    </Drawer>
  );
}
