/**
 * /:app/data_validation_rule: the application's data quality (docs/rule-runs.md). Per subject its
 * score (the last run's weighted pass rate), open incidents and a Run button; the runs (progress
 * while running, cancel; a run's details: per rule, failing records, export, trend), the incidents
 * (acknowledge, waive, reopen) and the rules. Members read; editors run and acknowledge; owners and
 * administrators waive and reopen (the server checks the same).
 */
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Progress, Row, Space, Statistic, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useCallback, useState } from 'react';
import { useModel } from 'umi';
import { appAccess } from '../../../access';
import { getDataQuality } from '../../../components/rules/runs/api';
import { scoreColor } from '../../../components/rules/runs/bits';
import IncidentsTable from '../../../components/rules/runs/IncidentsTable';
import RulesList from '../../../components/rules/runs/RulesList';
import RunButton from '../../../components/rules/runs/RunButton';
import RunDetail from '../../../components/rules/runs/RunDetail';
import RunsTable from '../../../components/rules/runs/RunsTable';
import { useWorkspace } from '../useWorkspace';
import { useT } from '../../../components/useT';

export default function DataValidationPage() {
  const t = useT();
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const { canEditRecords, canManageApp } = appAccess(app.myRole, initialState?.currentUser?.isAdmin === true);
  const [refresh, setRefresh] = useState(0);
  const [openRun, setOpenRun] = useState<string | null>(null);
  const quality = useQuery({ queryKey: ['data-quality', app.slug, refresh], queryFn: () => getDataQuality(app.slug) });
  const subjects = (quality.data?.subjects ?? []).map((s) => ({ key: s.subject, name: s.subjectName }));
  const changed = useCallback(() => setRefresh((n) => n + 1), []);
  const started = (id: string) => {
    changed();
    setOpenRun(id);
  };
  return (
    <PageContainer
      title={t('ruleRuns.title')}
      subTitle={t('ruleRuns.subtitle')}
      extra={canEditRecords ? <RunButton app={app.slug} subjects={subjects} onStarted={(r) => started(r.id)} /> : undefined}
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card size="small" title={t('ruleRuns.scores.title')} loading={quality.isLoading} data-testid="data-quality">
          {subjects.length === 0 ? (
            <Empty description={t('ruleRuns.scores.noSubjects')} />
          ) : (
            <Row gutter={[16, 16]}>
              {(quality.data?.subjects ?? []).map((s) => (
                <Col key={s.subject} xs={24} sm={12} md={8} lg={6}>
                  <Card size="small" data-testid={`data-quality-${s.subject}`}>
                    <Space align="start">
                      {s.score === null ? (
                        <Progress type="circle" size={64} percent={0} format={() => '—'} aria-label={t('ruleRuns.scores.aria', { subject: s.subjectName, score: '—' })} />
                      ) : (
                        <Progress
                          type="circle"
                          size={64}
                          percent={s.score}
                          strokeColor={scoreColor(s.score)}
                          format={(p) => `${Math.floor(p ?? 0)}`}
                          aria-label={t('ruleRuns.scores.aria', { subject: s.subjectName, score: s.score.toFixed(2) })}
                        />
                      )}
                      <Space direction="vertical" size={0}>
                        <Typography.Text strong>{s.subjectName}</Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {s.at ? t('ruleRuns.scores.lastRun', { at: dayjs(s.at).format('YYYY-MM-DD HH:mm') }) : t('ruleRuns.scores.never')}
                        </Typography.Text>
                        <Statistic value={s.openIncidents} title={t('ruleRuns.scores.openIncidents')} valueStyle={{ fontSize: 16 }} />
                        {canEditRecords && <RunButton app={app.slug} subjects={subjects} defaultSubject={s.subject} size="small" onStarted={(r) => started(r.id)} />}
                      </Space>
                    </Space>
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </Card>
        <Tabs
          items={[
            { key: 'runs', label: t('ruleRuns.tab.runs'), children: <RunsTable app={app.slug} refresh={refresh} canRun={canEditRecords} onOpen={setOpenRun} onChanged={changed} /> },
            {
              key: 'incidents',
              label: t('ruleRuns.tab.incidents'),
              children: <IncidentsTable app={app.slug} refresh={refresh} canAcknowledge={canEditRecords} canWaive={canManageApp} />,
            },
            { key: 'rules', label: t('ruleRuns.tab.rules'), children: <RulesList app={app.slug} refresh={refresh} /> },
          ]}
        />
      </Space>
      <RunDetail app={app.slug} runId={openRun} onClose={() => setOpenRun(null)} />
    </PageContainer>
  );
}
