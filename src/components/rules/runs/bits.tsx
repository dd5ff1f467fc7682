/** Small shared pieces of the runs screens: a run's state (a progress bar while it runs), a score, a severity, an incident's state. */
import { Progress, Space, Tag } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { IncidentState, RuleRun, RuleSeverity } from '../../../../contracts';

const RUN_COLORS: Record<RuleRun['state'], string> = { queued: 'default', running: 'processing', done: 'green', failed: 'red', cancelled: 'orange' };

/** The run's state; while queued or running, a progress bar of records checked. */
export function RunState({ run }: { run: RuleRun }) {
  const intl = useIntl();
  const tag = (
    <Tag color={RUN_COLORS[run.state]} data-testid="rule-run-state">
      {intl.formatMessage({ id: `ruleRuns.state.${run.state}` })}
    </Tag>
  );
  if (run.state !== 'running' && run.state !== 'queued') return tag;
  const percent = run.progressTotal ? Math.floor((run.progressDone / run.progressTotal) * 100) : 0;
  return (
    <Space size={4}>
      {tag}
      <Progress percent={percent} size="small" style={{ width: 120 }} aria-label={intl.formatMessage({ id: 'ruleRuns.progress' }, { done: run.progressDone, total: run.progressTotal ?? '?' })} />
    </Space>
  );
}

/** The colour of a score: green ≥ 95, gold ≥ 80, red below. */
export const scoreColor = (score: number) => (score >= 95 ? '#52c41a' : score >= 80 ? '#faad14' : '#ff4d4f');

export function ScoreTag({ score }: { score: number | null }) {
  if (score === null) return <span>—</span>;
  return (
    <Tag color={scoreColor(score)} data-testid="rule-run-score">
      {score.toFixed(2)}
    </Tag>
  );
}

export function SeverityTag({ severity }: { severity: RuleSeverity }) {
  const intl = useIntl();
  return <Tag color={severity === 'blocking' ? 'red' : 'gold'}>{intl.formatMessage({ id: `ruleRuns.severity.${severity}` })}</Tag>;
}

const INCIDENT_COLORS: Record<IncidentState, string> = { open: 'red', acknowledged: 'blue', resolved: 'green', waived: 'default' };

export function IncidentStateTag({ state }: { state: IncidentState }) {
  const intl = useIntl();
  return (
    <Tag color={INCIDENT_COLORS[state]} data-testid="incident-state">
      {intl.formatMessage({ id: `ruleRuns.incident.state.${state}` })}
    </Tag>
  );
}
