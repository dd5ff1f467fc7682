/**
 * The application's audit reports (/:app/audit_report; GET …/audit/reports, paged): title,
 * engagement, review status, format, latest render, updated. Editors and owners get "New report"
 * and "Render again" (draft or rejected only, after a confirmation); every member opens the
 * printable page (/audit_report?app=&id=, a new tab) and the review actions (whose gates the server
 * checks). While a render is queued or running the list reads again every 5 s.
 */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Popconfirm, Space, message } from 'antd';
import dayjs from 'dayjs';
import React, { useRef, useState } from 'react';
import { Link } from 'umi';
import { listReports, printableReportPath, renderReport, type AuditReport } from '../../services/audit-reports';
import { useT } from '../useT';
import ReportCreateModal from './ReportCreateModal';
import { ReportRenderState, ReportStatus } from './ReportBits';
import ReportReviewModal from './ReportReviewModal';

export default function ReportsTable({ app, canWrite }: { app: string; canWrite: boolean }) {
  const t = useT();
  const action = useRef<ActionType>();
  const [reviewing, setReviewing] = useState<AuditReport | null>(null);
  const [rendering, setRendering] = useState(false);
  const reload = () => void action.current?.reload();
  const columns: ProColumns<AuditReport>[] = [
    {
      title: t('auditReports.col.title'),
      dataIndex: 'title',
      render: (_, r) => (
        <Link to={printableReportPath(app, r.id)} target="_blank">
          {r.title}
        </Link>
      ),
    },
    { title: t('auditReports.col.engagement'), dataIndex: 'engagementTitle', render: (_, r) => r.engagementTitle ?? '—' },
    { title: t('auditReports.col.status'), dataIndex: 'status', render: (_, r) => <ReportStatus status={r.status} /> },
    { title: t('auditReports.col.format'), dataIndex: 'format', render: (_, r) => r.format.toUpperCase() },
    { title: t('auditReports.col.render'), dataIndex: 'renderState', render: (_, r) => <ReportRenderState state={r.renderState} /> },
    { title: t('auditReports.col.updated'), dataIndex: 'updatedAt', render: (_, r) => dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm') },
    {
      title: t('auditReports.col.actions'),
      valueType: 'option',
      render: (_, r) => (
        <Space size="small" wrap>
          <Link to={printableReportPath(app, r.id)} target="_blank" data-testid="report-open">
            {t('auditReports.open')}
          </Link>
          {canWrite && (r.status === 'draft' || r.status === 'rejected') ? (
            <Popconfirm
              title={t('auditReports.render.confirm')}
              onConfirm={async () => {
                try {
                  await renderReport(app, r.id);
                  message.success(t('auditReports.rendered'));
                  reload();
                } catch (e) {
                  message.error(e instanceof Error ? e.message : String(e));
                }
              }}
            >
              <Button type="link" size="small">
                {t('auditReports.render')}
              </Button>
            </Popconfirm>
          ) : null}
          <Button type="link" size="small" onClick={() => setReviewing(r)}>
            {t('auditReports.review')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <ProTable<AuditReport>
        data-testid="audit-reports-table"
        rowKey="id"
        actionRef={action}
        columns={columns}
        search={false}
        options={{ density: false, setting: false, reload: true }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{ emptyText: t('auditReports.empty') }}
        polling={rendering ? 5000 : undefined}
        request={async (params) => {
          const page = await listReports(app, { current: params.current, pageSize: params.pageSize });
          setRendering(page.data.some((r) => r.renderState === 'queued' || r.renderState === 'running'));
          return page;
        }}
        toolBarRender={() => (canWrite ? [<ReportCreateModal key="new" app={app} onCreated={reload} />] : [])}
      />
      {reviewing ? (
        <ReportReviewModal
          app={app}
          report={reviewing}
          onClose={() => setReviewing(null)}
          onDone={() => {
            setReviewing(null);
            reload();
          }}
        />
      ) : null}
    </>
  );
}
