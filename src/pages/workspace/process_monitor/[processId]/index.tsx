/**
 * /:app/process_monitor/:processId: the live processes of one engagement (`:processId` = the
 * engagement's record id) — trigger runs on the engagement and its procedures, findings,
 * workpapers and reports, and the tasks working for them (report renders). docs/engagements-monitor.md.
 */
import React from 'react';
import { useParams } from 'umi';
import MonitorEngagementView from '../../../../components/audit/MonitorEngagementView';
import { useWorkspace } from '../../useWorkspace';

export default function ProcessMonitorDetailPage() {
  const { processId = '' } = useParams<{ processId: string }>();
  const { app } = useWorkspace();
  return <MonitorEngagementView app={app.slug} owner={app.slug} engagementId={processId} testId="process-monitor-detail" />;
}
