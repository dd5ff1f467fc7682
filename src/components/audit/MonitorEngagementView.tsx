/**
 * One engagement's processes (/:app/process_monitor/:processId and …/:processId/:application,
 * docs/engagements-monitor.md): the monitor board narrowed to the engagement `engagementId` of the
 * application `owner` (the workspace's own application, or another one the user belongs to). A
 * malformed id shows 404 without asking the server; the server's 403/404 (not a member, Audit
 * module off, no such engagement in `owner`) show in place of the board.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Button, Tag } from 'antd';
import React, { useCallback, useState } from 'react';
import { history, Link } from 'umi';
import type { AuditMonitor } from '../../../contracts';
import { isUuid } from '../../services/ids';
import ExceptionResult from '../ExceptionResult';
import { useT } from '../useT';
import MonitorBoard from './MonitorBoard';

export interface MonitorEngagementViewProps {
  /** The workspace's application (the page's `:app`). */
  app: string;
  /** The application the engagement belongs to (`:application`, or `app`). */
  owner: string;
  engagementId: string;
  testId: string;
}

export default function MonitorEngagementView({ app, owner, engagementId, testId }: MonitorEngagementViewProps) {
  const t = useT();
  const [refused, setRefused] = useState<403 | 404 | null>(null);
  const [engagement, setEngagement] = useState<AuditMonitor['engagement'] | null>(null);
  const [records, setRecords] = useState(0);
  const onData = useCallback((d: AuditMonitor) => {
    setEngagement(d.engagement);
    setRecords(d.recordCount);
  }, []);
  if (!isUuid(engagementId) || !/^[A-Za-z0-9_-]{1,64}$/.test(owner)) return <ExceptionResult code={404} />;
  if (refused) return <ExceptionResult code={refused} />;
  const elsewhere = owner !== app;
  return (
    <div data-testid={testId}>
      <PageContainer
        title={engagement ? t('auditMonitor.engagementTitle', { title: engagement.title }) : t('auditMonitor.title')}
        subTitle={engagement?.code ? <Tag>{engagement.code}</Tag> : undefined}
        tags={engagement?.phase ? <Tag color="blue">{t(`auditMonitor.phase.${engagement.phase}`)}</Tag> : undefined}
        content={engagement ? t('auditMonitor.engagementSubtitle', { n: records }) : undefined}
        onBack={() => history.push(`/${encodeURIComponent(app)}/process_monitor`)}
        extra={[
          <Link key="all" to={`/${encodeURIComponent(app)}/process_monitor`}>
            {t('auditMonitor.back')}
          </Link>,
        ]}
      >
        {elsewhere ? (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            data-testid="monitor-other-app"
            message={t('auditMonitor.otherApp', { application: owner, app })}
            action={
              <Button size="small" onClick={() => history.push(`/${encodeURIComponent(owner)}/process_monitor/${engagementId}`)}>
                {t('auditMonitor.openInApp')}
              </Button>
            }
          />
        ) : null}
        <MonitorBoard app={owner} linkApp={owner} engagementId={engagementId} onRefused={setRefused} onData={onData} />
      </PageContainer>
    </div>
  );
}
