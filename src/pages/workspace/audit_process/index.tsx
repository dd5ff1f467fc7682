/**
 * /:app/audit_process (docs/routes.txt, docs/engagements.md, docs/engagements-flow.md, docs/engagements-papers.md): the auditor's
 * engagement workspace. Pick an engagement (kept in the address as `?engagement=<id>`; an open
 * workpaper as `?workpaper=<id>`), or create one; then its phases and the actions allowed now,
 * its progress, and its procedures, findings and workpapers (components/audit). Members read;
 * editors act (the server checks every gate again). An application without the Audit module
 * shows that in place.
 */
import { PageContainer, ProCard } from '@ant-design/pro-components';
import { Alert, Descriptions, Empty, Result, Skeleton, Space, Tabs } from 'antd';
import React from 'react';
import { Link, useModel, useSearchParams } from 'umi';
import { appAccess } from '../../../access';
import { idOf, textOf } from '../../../components/audit/actions';
import EngagementPicker, { EngagementCreate, engagementName } from '../../../components/audit/EngagementPicker';
import FindingsTable from '../../../components/audit/FindingsTable';
import { useAuditRecords } from '../../../components/audit/hooks';
import PhasePanel from '../../../components/audit/PhasePanel';
import ProceduresTable from '../../../components/audit/ProceduresTable';
import ProgressPanel from '../../../components/audit/ProgressPanel';
import WorkpapersTable from '../../../components/audit/WorkpapersTable';
import ExceptionResult from '../../../components/ExceptionResult';
import { useT } from '../../../components/useT';
import { useAuditModel } from '../../../services/audit-model';
import { isUuid } from '../../../services/ids';
import { useWorkspace } from '../useWorkspace';

const ALL = { op: 'and' as const, items: [] };

export default function AuditProcessPage() {
  const t = useT();
  const { app } = useWorkspace();
  const { initialState } = useModel('@@initialState');
  const isAdmin = initialState?.currentUser?.isAdmin === true;
  const me = initialState?.currentUser?.id ?? null;
  const { canEditRecords, canManageApp } = appAccess(app.myRole, isAdmin);
  const enabled = app.modules.includes('audit');
  const model = useAuditModel(app.slug, enabled);
  const [search, setSearch] = useSearchParams();
  const param = search.get('engagement');
  const engagementId = param && isUuid(param) ? param : null;
  const subjects = model.data?.subjects;
  const engagements = useAuditRecords(app.slug, subjects?.engagement.key, ALL, 'createdAt:desc');
  const engagement = (engagements.data?.data ?? []).find((r) => r.id === engagementId) ?? null;
  const labels = engagements.data?.labels ?? {};

  const pick = (id: string) => {
    const next = new URLSearchParams(search);
    next.set('engagement', id);
    next.delete('workpaper');
    setSearch(next);
  };

  const root = (children: React.ReactNode, extra?: React.ReactNode) => (
    <PageContainer title={t('auditProcess.title')} subTitle={t('auditProcess.subtitle')}>
      <div data-testid="audit-process">
        {extra && <div style={{ marginBottom: 16 }}>{extra}</div>}
        {children}
      </div>
    </PageContainer>
  );

  const moduleOff = !enabled || model.moduleOff;
  if (moduleOff)
    return root(
      <Result
        status="info"
        title={t('auditProcess.moduleOff')}
        subTitle={t('auditProcess.moduleOffHint')}
        extra={canManageApp ? <Link to={`/${app.slug}/settings`}>{t('auditProcess.moduleOffSettings')}</Link> : null}
      />,
    );
  if (model.isError) return root(<Alert type="error" showIcon message={model.error.message} />);
  if (!subjects || engagements.isPending) return root(<Skeleton active />);

  const engagementSubject = subjects.engagement.key;
  const create = canEditRecords ? <EngagementCreate app={app.slug} members={app.members} subject={engagementSubject} onCreated={pick} /> : null;
  const extra = (
    <Space wrap>
      <EngagementPicker page={engagements.data} loading={engagements.isFetching} value={engagement ? engagementId : null} onChange={pick} />
      {create}
    </Space>
  );

  if (engagements.isError) return root(<Alert type="error" showIcon message={engagements.error.message} />, extra);
  if ((engagements.data?.data ?? []).length === 0)
    return root(
      <ProCard bordered>
        <Empty description={t('auditProcess.engagement.none')} data-testid="engagement-empty">
          {create}
        </Empty>
      </ProCard>,
    );
  if (param && !engagement) return root(<ExceptionResult code={404} />, extra);
  if (!engagement)
    return root(
      <ProCard bordered>
        <Empty description={t('auditProcess.engagement.choose')} />
      </ProCard>,
      extra,
    );

  const v = engagement.values;
  const tab = search.get('tab') ?? (search.get('workpaper') ? 'workpapers' : 'procedures');
  const person = (value: unknown) => {
    const id = idOf(value);
    return id ? (labels[id] ?? id) : '—';
  };
  return root(
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="engagement-workspace" data-engagement={engagement.id}>
      <ProCard
        bordered
        title={engagementName(v)}
        extra={<Link to={`/${app.slug}/${engagementSubject}/${engagement.id}`}>{t('auditProcess.engagement.openRecord')}</Link>}
      >
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label={t('auditProcess.engagement.client')}>{textOf(v.client) || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('auditProcess.engagement.period')}>
            {textOf(v.period_start) || '…'} – {textOf(v.period_end) || '…'}
          </Descriptions.Item>
          <Descriptions.Item label={t('auditProcess.engagement.budget')}>{textOf(v.budget_hours) || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('auditProcess.engagement.lead')}>{person(v.lead)}</Descriptions.Item>
          <Descriptions.Item label={t('auditProcess.engagement.reviewer')}>{person(v.reviewer)}</Descriptions.Item>
        </Descriptions>
      </ProCard>
      <PhasePanel app={app.slug} engagementId={engagement.id} phase={textOf(v.phase) || null} canEdit={canEditRecords} />
      <ProgressPanel app={app.slug} engagementId={engagement.id} />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(search);
          next.set('tab', key);
          setSearch(next);
        }}
        items={[
          {
            key: 'procedures',
            label: t('auditProcess.procedure.title'),
            children: (
              <ProceduresTable
                app={app}
                engagementId={engagement.id}
                subjects={{ procedure: subjects.procedure.key, finding: subjects.finding.key }}
                canEdit={canEditRecords}
              />
            ),
          },
          {
            key: 'findings',
            label: t('auditProcess.finding.title'),
            children: <FindingsTable app={app} engagementId={engagement.id} subject={subjects.finding.key} canEdit={canEditRecords} />,
          },
          {
            key: 'workpapers',
            label: t('auditProcess.workpaper.title'),
            children: (
              <WorkpapersTable
                app={app}
                engagementId={engagement.id}
                subjects={{ workpaper: subjects.workpaper.key, procedure: subjects.procedure.key, review_note: subjects.review_note.key }}
                canEdit={canEditRecords}
                isOwner={canManageApp}
                currentUserId={me}
              />
            ),
          },
        ]}
      />
    </Space>,
    extra,
  );
}
