/**
 * An engagement's findings (the finding subject's records of the engagement): title, severity,
 * status, due date (red when overdue: not closed and past due), owner; each row's actions from
 * GET …/findings/:id/actions (start remediation, request re-test) → POST …/findings/:id/transition.
 * "Raise finding" opens an empty RaiseFindingModal.
 */
import { ProCard } from '@ant-design/pro-components';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import React, { useState } from 'react';
import type { ApplicationDetail } from '../../../contracts';
import type { RecordItem } from '../../../contracts/records';
import { getFindingActions, transitionFinding } from '../../services/audit-flow';
import { auditKeys } from '../../services/audit-model';
import { useT } from '../useT';
import { engagementFilter, idOf, isOverdue, textOf } from './actions';
import GuardedActions from './GuardedActions';
import { useAuditRecords, useRefreshAudit, useValueLabel } from './hooks';
import { SEVERITY_COLORS } from './ProgressPanel';
import RaiseFindingModal from './RaiseFindingModal';

const STATUS_COLORS: Record<string, string> = { open: 'red', remediation: 'orange', retest: 'blue', closed: 'green' };

/** One finding's guarded actions (fetched per row). */
function FindingActions({ app, id }: { app: string; id: string }) {
  const refresh = useRefreshAudit();
  const actions = useQuery({
    queryKey: auditKeys.action('findingActions', app, id),
    queryFn: ({ signal }) => getFindingActions(app, id, signal),
    retry: false,
  });
  if (actions.isError) return <Typography.Text type="danger">{actions.error.message}</Typography.Text>;
  return (
    <GuardedActions
      size="small"
      options={actions.data?.actions}
      testIdPrefix="finding-action"
      onRun={async (action, comment) => {
        await transitionFinding(app, id, action, comment);
        await refresh();
      }}
    />
  );
}

export interface FindingsTableProps {
  app: ApplicationDetail;
  engagementId: string;
  subject: string;
  canEdit: boolean;
}

export default function FindingsTable({ app, engagementId, subject, canEdit }: FindingsTableProps) {
  const t = useT();
  const label = useValueLabel();
  const [raising, setRaising] = useState(false);
  const list = useAuditRecords(app.slug, subject, engagementFilter(engagementId));
  const labels = list.data?.labels ?? {};
  return (
    <ProCard
      title={t('auditProcess.finding.title')}
      bordered
      extra={
        canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => setRaising(true)} data-testid="finding-new">
            {t('auditProcess.finding.raise')}
          </Button>
        )
      }
    >
      {list.isError && <Alert type="error" showIcon message={list.error.message} />}
      <Table<RecordItem>
        rowKey="id"
        size="small"
        data-testid="findings-table"
        loading={list.isPending}
        dataSource={list.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: t('auditProcess.finding.empty') }}
        columns={[
          { title: t('auditProcess.finding.name'), key: 'title', render: (_, r) => textOf(r.values.title) },
          {
            title: t('auditProcess.finding.severity'),
            key: 'severity',
            render: (_, r) => <Tag color={SEVERITY_COLORS[textOf(r.values.severity)]}>{label(r.values.severity)}</Tag>,
          },
          {
            title: t('auditProcess.col.status'),
            key: 'status',
            render: (_, r) => (
              <Tag color={STATUS_COLORS[textOf(r.values.status)]} data-testid="finding-status">
                {label(r.values.status)}
              </Tag>
            ),
          },
          {
            title: t('auditProcess.finding.due'),
            key: 'due',
            render: (_, r) => {
              const due = textOf(r.values.due_date);
              if (!due) return '—';
              return isOverdue(due, r.values.status) ? (
                <Typography.Text type="danger" strong data-testid="finding-overdue">
                  {due} ({t('auditProcess.finding.overdue')})
                </Typography.Text>
              ) : (
                due
              );
            },
          },
          {
            title: t('auditProcess.finding.owner'),
            key: 'owner',
            render: (_, r) => {
              const id = idOf(r.values.owner);
              return id ? (labels[id] ?? id) : '—';
            },
          },
          ...(canEdit
            ? [{ title: t('auditProcess.col.actions'), key: 'actions', render: (_: unknown, r: RecordItem) => <FindingActions app={app.slug} id={r.id} /> }]
            : []),
        ]}
      />
      <RaiseFindingModal app={app} engagementId={engagementId} initial={null} open={raising} onClose={() => setRaising(false)} />
    </ProCard>
  );
}
