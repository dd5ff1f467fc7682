/**
 * An engagement's progress (GET …/engagements/:id/progress): procedures done of total, open
 * findings by severity (and overdue), workpapers by status, open review notes, hours spent
 * against the budget (decimal hours).
 */
import { ProCard } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Alert, Progress, Skeleton, Space, Tag, Typography } from 'antd';
import React from 'react';
import { FINDING_SEVERITIES, WORKPAPER_STATUSES } from '../../../contracts/engagements.constants';
import { getEngagementProgress } from '../../services/audit-flow';
import { auditKeys } from '../../services/audit-model';
import { useT } from '../useT';
import { donePercent } from './actions';
import { useValueLabel } from './hooks';

/** Tag colours of finding severities. */
export const SEVERITY_COLORS: Record<string, string> = { critical: 'magenta', high: 'red', medium: 'orange', low: 'blue' };

export default function ProgressPanel({ app, engagementId }: { app: string; engagementId: string }) {
  const t = useT();
  const label = useValueLabel();
  const progress = useQuery({
    queryKey: auditKeys.action('engagementProgress', app, engagementId),
    queryFn: ({ signal }) => getEngagementProgress(app, engagementId, signal),
    retry: false,
  });
  if (progress.isPending) return <Skeleton active />;
  if (progress.isError) return <Alert type="error" showIcon message={progress.error.message} />;
  const p = progress.data;
  const hoursPercent = p.hours.budget ? Math.min(100, Math.round((p.hours.spent / p.hours.budget) * 100)) : 0;
  return (
    <ProCard title={t('auditProcess.progress.title')} bordered gutter={16} wrap data-testid="engagement-progress">
      <ProCard colSpan={{ xs: 24, md: 6 }}>
        <Typography.Text type="secondary">{t('auditProcess.progress.procedures')}</Typography.Text>
        <div data-testid="progress-procedures">
          {p.procedures.done} / {p.procedures.total}
        </div>
        <Progress percent={donePercent(p.procedures.done, p.procedures.total)} aria-label={t('auditProcess.progress.procedures')} />
      </ProCard>
      <ProCard colSpan={{ xs: 24, md: 6 }}>
        <Typography.Text type="secondary">
          {t('auditProcess.progress.findingsOpen', { open: p.findings.open, overdue: p.findings.overdue })}
        </Typography.Text>
        <div style={{ marginTop: 8 }}>
          <Space wrap size={[4, 4]} data-testid="progress-findings">
            {FINDING_SEVERITIES.map((s) => (
              <Tag key={s} color={SEVERITY_COLORS[s]}>
                {label(s)}: {p.findings.bySeverity[s] ?? 0}
              </Tag>
            ))}
          </Space>
        </div>
      </ProCard>
      <ProCard colSpan={{ xs: 24, md: 6 }}>
        <Typography.Text type="secondary">{t('auditProcess.progress.workpapers', { total: p.workpapers.total })}</Typography.Text>
        <div style={{ marginTop: 8 }}>
          <Space wrap size={[4, 4]}>
            {WORKPAPER_STATUSES.filter((s) => (p.workpapers.byStatus[s] ?? 0) > 0).map((s) => (
              <Tag key={s}>
                {label(s)}: {p.workpapers.byStatus[s]}
              </Tag>
            ))}
          </Space>
        </div>
        <div style={{ marginTop: 8 }} data-testid="progress-review-notes">
          <Typography.Text strong={p.reviewNotes.open > 0}>
            {t('auditProcess.progress.reviewNotes')}: {p.reviewNotes.open}
          </Typography.Text>
        </div>
      </ProCard>
      <ProCard colSpan={{ xs: 24, md: 6 }}>
        <Typography.Text type="secondary">{t('auditProcess.progress.hours')}</Typography.Text>
        <div>
          {p.hours.spent} / {p.hours.budget ?? '—'} h
        </div>
        {p.hours.budget ? (
          <Progress
            percent={hoursPercent}
            status={p.hours.spent > p.hours.budget ? 'exception' : 'normal'}
            aria-label={t('auditProcess.progress.hours')}
          />
        ) : null}
      </ProCard>
    </ProCard>
  );
}
