/**
 * /:app/process_monitor/:processId/:application: the processes of the engagement `:processId` of
 * the application `:application`, seen from the workspace `:app` (docs/engagements-monitor.md
 * "Routes"). A link from one application can point at an engagement of another the user belongs to:
 * the monitor is read from `:application` (the server checks membership there: 403 otherwise, 404
 * for no such application, no Audit module or no such engagement), record links open in
 * `:application`, and a notice offers to open it in its own workspace. With `:application` equal to
 * `:app` it is the engagement's page itself.
 */
import React from 'react';
import { useParams } from 'umi';
import MonitorEngagementView from '../../../../../components/audit/MonitorEngagementView';
import { useWorkspace } from '../../../useWorkspace';

export default function ProcessMonitorInApplicationPage() {
  const { processId = '', application = '' } = useParams<{ processId: string; application: string }>();
  const { app } = useWorkspace();
  return <MonitorEngagementView app={app.slug} owner={application} engagementId={processId} testId="process-monitor-app" />;
}
