/**
 * An engagement's phases (docs/engagements.md "Engagement states": scope → validate → fieldwork →
 * awaiting approval → follow-up → closed) as Steps, the actions possible now (GET
 * …/engagements/:id/actions → POST …/transition with a comment) and the transitions history
 * (GET …/transitions, newest first).
 */
import { ProCard } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Space, Steps, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { ENGAGEMENT_PHASES } from '../../../contracts/engagements.constants';
import { getEngagementActions, listEngagementTransitions, transitionEngagement } from '../../services/audit-flow';
import { auditKeys } from '../../services/audit-model';
import { useT } from '../useT';
import { phaseIndex } from './actions';
import GuardedActions from './GuardedActions';
import { useRefreshAudit, useValueLabel } from './hooks';

export interface PhasePanelProps {
  app: string;
  engagementId: string;
  /** The phase of the engagement's record (until the actions answer). */
  phase: string | null;
  canEdit: boolean;
}

export default function PhasePanel({ app, engagementId, phase, canEdit }: PhasePanelProps) {
  const t = useT();
  const label = useValueLabel();
  const refresh = useRefreshAudit();
  const actions = useQuery({
    queryKey: auditKeys.action('engagementActions', app, engagementId),
    queryFn: ({ signal }) => getEngagementActions(app, engagementId, signal),
    retry: false,
  });
  const history = useQuery({
    queryKey: auditKeys.action('engagementTransitions', app, engagementId),
    queryFn: ({ signal }) => listEngagementTransitions(app, engagementId, signal),
    retry: false,
  });
  const current = actions.data?.phase ?? phase;
  const index = phaseIndex(current);
  return (
    <ProCard title={t('auditProcess.phase.title')} bordered data-testid="engagement-phase" data-phase={current ?? ''}>
      <Steps
        size="small"
        current={index < 0 ? 0 : index}
        status={current === 'closed' ? 'finish' : 'process'}
        items={ENGAGEMENT_PHASES.map((p) => ({ title: label(p) }))}
        style={{ marginBottom: 16 }}
      />
      {actions.isError && <Alert type="error" showIcon message={actions.error.message} style={{ marginBottom: 12 }} />}
      {canEdit && (
        <GuardedActions
          options={actions.data?.actions}
          testIdPrefix="engagement-action"
          onRun={async (action, comment) => {
            await transitionEngagement(app, engagementId, action, comment);
            await refresh();
          }}
        />
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('auditProcess.phase.history')}
      </Typography.Title>
      {history.isError ? (
        <Alert type="error" showIcon message={history.error.message} />
      ) : (history.data ?? []).length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditProcess.phase.noHistory')} />
      ) : (
        <Timeline
          data-testid="engagement-history"
          items={(history.data ?? []).map((tr) => ({
            key: tr.id,
            children: (
              <Space direction="vertical" size={0}>
                <span>
                  <b>{t(`auditProcess.action.${tr.action}`)}</b> · {tr.from ? label(tr.from) : '—'} → {label(tr.to)}
                </span>
                <Typography.Text type="secondary">
                  {tr.actorLabel} · {dayjs(tr.at).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
                {tr.comment && <Typography.Text>{tr.comment}</Typography.Text>}
              </Space>
            ),
          }))}
        />
      )}
    </ProCard>
  );
}
