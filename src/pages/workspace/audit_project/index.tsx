/**
 * `/:app/audit_project` (docs/engagements-dashboard.md): the audit dashboard of the application —
 * engagements by phase, procedures done/remaining, findings by severity and by age, the most
 * overdue remediations, hours budgeted against spent per team member — from
 * GET …/audit/dashboard. `?engagement=<id>` narrows it to one engagement. Phases, severities and
 * buckets are shown through locale keys (`engagements.value.<code>`). antd Statistic/Progress (no
 * chart library in the app). When the Audit module is not enabled the page says so.
 */
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Col, Empty, Progress, Result, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import React from 'react';
import { Link, useIntl, useModel, useSearchParams } from 'umi';
import type { AuditDashboard, DashboardHours, OverdueRemediation } from '../../../../contracts';
import { ENGAGEMENT_PHASES, FINDING_SEVERITIES } from '../../../../contracts/engagements.constants';
import { appAccess } from '../../../access';
import AuditModuleState from '../../../components/audit/AuditModuleState';
import { toApiError } from '../../../services/api-error';
import { useAuditDashboard } from '../../../services/audit-dashboard';
import { isUuid } from '../../../services/ids';
import { useWorkspace } from '../useWorkspace';

const SEVERITY_COLOR: Record<string, string> = { critical: '#cf1322', high: '#fa541c', medium: '#faad14', low: '#1677ff' };
const AGE_COLOR = ['#52c41a', '#faad14', '#fa541c', '#cf1322'];

/** One labelled bar: `label`, the count, its share of `total`. */
function Bar({ label, n, total, color, testId }: { label: string; n: number; total: number; color?: string; testId: string }) {
  return (
    <div data-testid={testId} data-count={n} style={{ marginBottom: 8 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text>{label}</Typography.Text>
        <Typography.Text strong>{n}</Typography.Text>
      </Space>
      <Progress
        percent={total > 0 ? Math.round((n / total) * 100) : 0}
        showInfo={false}
        strokeColor={color}
        size="small"
        aria-label={`${label}: ${n}`}
      />
    </div>
  );
}

function Figures({ app, data }: { app: string; data: AuditDashboard }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const value = (code: string | null) =>
    code ? intl.formatMessage({ id: `engagements.value.${code}`, defaultMessage: code }) : '—';
  const { engagements, procedures, findings, overdueRemediations, hours } = data;
  const severityTotal = FINDING_SEVERITIES.reduce((s, k) => s + findings.bySeverity[k], 0);
  const ageTotal = findings.byAge.reduce((s, b) => s + b.n, 0);
  const overdueColumns = [
    { title: t('auditDashboard.overdue.title'), dataIndex: 'title', key: 'title' },
    {
      title: t('auditDashboard.overdue.severity'),
      dataIndex: 'severity',
      key: 'severity',
      render: (s: string | null) => <Tag color={s ? SEVERITY_COLOR[s] : undefined}>{value(s)}</Tag>,
    },
    { title: t('auditDashboard.overdue.dueDate'), dataIndex: 'dueDate', key: 'dueDate' },
    {
      title: t('auditDashboard.overdue.days'),
      dataIndex: 'daysOverdue',
      key: 'daysOverdue',
      align: 'right' as const,
      render: (d: number) => <Typography.Text type="danger">{d}</Typography.Text>,
    },
    { title: t('auditDashboard.overdue.owner'), dataIndex: 'ownerLabel', key: 'owner', render: (o: string | null) => o ?? '—' },
    {
      title: t('auditDashboard.overdue.engagement'),
      dataIndex: 'engagementTitle',
      key: 'engagement',
      render: (e: string | null) => e ?? '—',
    },
  ];
  const hoursColumns = [
    {
      title: t('auditDashboard.hours.member'),
      dataIndex: 'name',
      key: 'name',
      render: (n: string) => n || t('auditDashboard.unknownUser'),
    },
    { title: t('auditDashboard.hours.budgeted'), dataIndex: 'budgeted', key: 'budgeted', align: 'right' as const },
    { title: t('auditDashboard.hours.spent'), dataIndex: 'spent', key: 'spent', align: 'right' as const },
    {
      title: '%',
      key: 'bar',
      width: '40%',
      render: (_: unknown, h: DashboardHours) => (
        <Progress
          percent={h.budgeted > 0 ? Math.round((h.spent / h.budgeted) * 100) : h.spent > 0 ? 100 : 0}
          status={h.spent > h.budgeted ? 'exception' : 'normal'}
          format={() => t('auditDashboard.hours.value', { spent: h.spent, budgeted: h.budgeted })}
          aria-label={`${h.name}: ${t('auditDashboard.hours.value', { spent: h.spent, budgeted: h.budgeted })}`}
        />
      ),
    },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('auditDashboard.engagements.total')} value={engagements.total} data-testid="stat-engagements" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic
              title={t('auditDashboard.procedures.total')}
              value={procedures.done}
              suffix={`/ ${procedures.total}`}
              data-testid="stat-procedures"
            />
            <Typography.Text type="secondary" data-testid="stat-procedures-remaining">
              {t('auditDashboard.procedures.remaining')}: {procedures.remaining}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title={t('auditDashboard.findings.open')} value={findings.open} data-testid="stat-open-findings" />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic
              title={t('auditDashboard.overdue.count')}
              value={overdueRemediations.length}
              valueStyle={overdueRemediations.length > 0 ? { color: '#cf1322' } : undefined}
              data-testid="stat-overdue"
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={t('auditDashboard.byPhase')} data-testid="by-phase">
            {ENGAGEMENT_PHASES.map((p) => (
              <Bar key={p} label={value(p)} n={engagements.byPhase[p]} total={engagements.total} testId={`phase-${p}`} />
            ))}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('auditDashboard.procedures')} data-testid="procedures">
            <Space direction="vertical" align="center" style={{ width: '100%' }}>
              <Progress
                type="dashboard"
                percent={procedures.total > 0 ? Math.round((procedures.done / procedures.total) * 100) : 0}
                aria-label={`${t('auditDashboard.procedures.done')}: ${procedures.done} / ${procedures.total}`}
              />
              <Space size="large">
                <Statistic title={t('auditDashboard.procedures.done')} value={procedures.done} data-testid="procedures-done" />
                <Statistic
                  title={t('auditDashboard.procedures.remaining')}
                  value={procedures.remaining}
                  data-testid="procedures-remaining"
                />
              </Space>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('auditDashboard.findings.bySeverity')} data-testid="by-severity">
            {FINDING_SEVERITIES.map((s) => (
              <Bar
                key={s}
                label={value(s)}
                n={findings.bySeverity[s]}
                total={severityTotal}
                color={SEVERITY_COLOR[s]}
                testId={`severity-${s}`}
              />
            ))}
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card title={t('auditDashboard.findings.byAge')} data-testid="by-age">
            {findings.byAge.map((b, i) => (
              <Bar
                key={b.bucket}
                label={t('auditDashboard.findings.bucket', { bucket: b.bucket })}
                n={b.n}
                total={ageTotal}
                color={AGE_COLOR[i]}
                testId={`age-${b.bucket}`}
              />
            ))}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t('auditDashboard.overdue')} data-testid="overdue">
            <Table<OverdueRemediation>
              rowKey="id"
              size="small"
              pagination={false}
              columns={overdueColumns}
              dataSource={overdueRemediations}
              scroll={{ x: 'max-content' }}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditDashboard.overdue.none')} />,
              }}
            />
          </Card>
        </Col>
      </Row>
      <Card title={t('auditDashboard.hours')} data-testid="hours">
        <Table<DashboardHours>
          rowKey="userId"
          size="small"
          pagination={hours.length > 20 ? { pageSize: 20 } : false}
          columns={hoursColumns}
          dataSource={hours}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditDashboard.hours.none')} /> }}
        />
      </Card>
      {engagements.total === 0 && (
        <Empty description={t('auditDashboard.empty.desc')} data-testid="audit-dashboard-empty">
          <Link to={`/${app}/audit_project_table`}>{t('auditDashboard.list.title')}</Link>
        </Empty>
      )}
    </Space>
  );
}

/** The dashboard once the module is known to be enabled. */
function Dashboard({ app, engagementId }: { app: string; engagementId?: string }) {
  const intl = useIntl();
  const query = useAuditDashboard(app, engagementId);
  if (query.isPending)
    return (
      <div data-testid="audit-dashboard-loading">
        <Skeleton active />
      </div>
    );
  if (query.isError)
    return (
      <div data-testid="audit-dashboard-error">
        <Result
          status={toApiError(query.error).status === 404 ? '404' : 'error'}
          title={intl.formatMessage({ id: 'auditDashboard.error' })}
          subTitle={toApiError(query.error).message}
          extra={<Button onClick={() => void query.refetch()}>{intl.formatMessage({ id: 'auditDashboard.retry' })}</Button>}
        />
      </div>
    );
  return <Figures app={app} data={query.data} />;
}

export default function AuditProjectPage() {
  const intl = useIntl();
  const { app } = useWorkspace();
  const [params] = useSearchParams();
  const { initialState } = useModel('@@initialState');
  const { canManageApp } = appAccess(app.myRole, initialState?.currentUser?.isAdmin === true);
  const engagement = params.get('engagement') ?? undefined;
  // an id that is not a uuid names no engagement: the whole application's figures
  const engagementId = engagement && isUuid(engagement) ? engagement : undefined;
  return (
    <div data-testid="audit-project-page">
      <PageContainer
        title={intl.formatMessage({ id: 'auditDashboard.title' })}
        subTitle={intl.formatMessage({ id: 'auditDashboard.subTitle' })}
        breadcrumb={{
          items: [
            { title: <Link to={`/${app.slug}`}>{app.name}</Link> },
            { title: intl.formatMessage({ id: 'auditDashboard.title' }) },
          ],
        }}
        extra={<Link to={`/${app.slug}/audit_project_table`}>{intl.formatMessage({ id: 'auditDashboard.list.title' })}</Link>}
      >
        <AuditModuleState app={app.slug} enabled={app.modules.includes('audit')} canManage={canManageApp}>
          {() => <Dashboard app={app.slug} engagementId={engagementId} />}
        </AuditModuleState>
      </PageContainer>
    </div>
  );
}
