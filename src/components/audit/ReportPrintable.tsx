/**
 * The printable page of one audit report (/audit_report?app=&id=; GET …/audit/reports/:id): its
 * title, engagement, review status, format and latest render, its sign-offs, its findings, and the
 * rendered output — the HTML in a sandboxed iframe (`srcdoc`, no scripts; sized to its content so
 * the whole report prints), a PDF in an iframe with its download link, a DOCX as a download link.
 * "Print" calls window.print(); the print style sheet hides the buttons and the layout's header.
 */
import { PrinterOutlined, DownloadOutlined, ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useCallback, useRef } from 'react';
import { Link } from 'umi';
import { cspNonce } from '../../csp';
import type { AuditReportDetail } from '../../services/audit-reports';
import { useT } from '../useT';
import { ReportRenderState, ReportStatus } from './ReportBits';

/** Hides what must not print: the buttons (`.report-no-print`) and the layout's chrome. */
const PRINT_CSS = `
@media print {
  .report-no-print, .ant-layout-header, .ant-pro-layout-header, .ant-pro-global-header, .ant-pro-layout-bg-list { display: none !important; }
  .ant-pro-layout .ant-pro-layout-content, .ant-layout { padding: 0 !important; margin: 0 !important; background: #fff !important; }
  .report-printable .ant-card { border: none !important; box-shadow: none !important; }
  .report-printable iframe { border: none !important; }
}`;

/**
 * The report's HTML with the page's CSP nonce on its `<style>` elements: a srcdoc frame inherits the
 * page's Content-Security-Policy, which admits only style elements carrying the nonce (src/csp.tsx).
 * The frame runs no script (sandbox), so the report's own CSS is all the nonce lets in.
 */
function withNonce(html: string): string {
  return cspNonce ? html.replace(/<style(?![^>]*\bnonce=)(\s[^>]*)?>/gi, (_m, attrs: string | undefined) => `<style nonce="${cspNonce}"${attrs ?? ''}>`) : html;
}

export default function ReportPrintable({ app, report }: { app: string; report: AuditReportDetail }) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  // same origin without scripts: the page may read the document's height, the report may run nothing
  const fit = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (frame.current && doc?.documentElement) frame.current.style.height = `${doc.documentElement.scrollHeight + 24}px`;
  }, []);
  const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');
  return (
    <div className="report-printable" data-testid="audit-report-print" style={{ maxWidth: 1000, margin: '0 auto', padding: 16 }}>
      <style>{PRINT_CSS}</style>
      <Space className="report-no-print" style={{ marginBottom: 16 }} wrap>
        <Link to={`/${encodeURIComponent(app)}/audit_report`}>
          <ArrowLeftOutlined /> {t('auditReports.back')}
        </Link>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="report-print">
          {t('auditReports.print')}
        </Button>
        {report.downloadUrl ? (
          <Button icon={<DownloadOutlined />} href={report.downloadUrl}>
            {t('auditReports.download', { format: report.format.toUpperCase() })}
          </Button>
        ) : null}
      </Space>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {report.title}
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
          <Descriptions.Item label={t('auditReports.col.engagement')}>{report.engagementTitle ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('auditReports.col.status')}>
            <ReportStatus status={report.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('auditReports.col.format')}>{report.format.toUpperCase()}</Descriptions.Item>
          <Descriptions.Item label={t('auditReports.col.render')}>
            <ReportRenderState state={report.renderState} />
          </Descriptions.Item>
          <Descriptions.Item label={t('auditReports.col.updated')}>{when(report.updatedAt)}</Descriptions.Item>
        </Descriptions>
        <Typography.Title level={4} style={{ marginTop: 16 }}>
          {t('auditReports.signoffs')}
        </Typography.Title>
        {report.signoffs.length === 0 ? (
          <Typography.Text type="secondary">{t('auditReports.signoffs.none')}</Typography.Text>
        ) : (
          <List
            size="small"
            data-testid="report-signoffs"
            dataSource={report.signoffs}
            renderItem={(s) => (
              <List.Item>
                {t('auditReports.signoff.line', {
                  role: t(`auditReports.signoff.${s.role}`),
                  user: s.userLabel,
                  at: when(s.at),
                  version: s.recordVersion,
                })}
                {s.comment ? <Typography.Text type="secondary"> — {s.comment}</Typography.Text> : null}
              </List.Item>
            )}
          />
        )}
        {report.findings.length > 0 ? (
          <>
            <Typography.Title level={4} style={{ marginTop: 16 }}>
              {t('auditReports.findings')}
            </Typography.Title>
            <List
              size="small"
              dataSource={report.findings}
              renderItem={(f) => (
                <List.Item>
                  <Space>
                    {f.title}
                    {f.severity ? <Tag>{t(`engagements.value.${f.severity}`)}</Tag> : null}
                    {f.status ? <Tag>{t(`engagements.value.${f.status}`)}</Tag> : null}
                  </Space>
                </List.Item>
              )}
            />
          </>
        ) : null}
      </Card>
      <div style={{ marginTop: 16 }}>
        {report.html ? (
          <iframe
            ref={frame}
            title={t('auditReports.frame')}
            sandbox="allow-same-origin"
            srcDoc={withNonce(report.html)}
            onLoad={fit}
            data-testid="report-frame"
            style={{ width: '100%', minHeight: 480, border: '1px solid #f0f0f0', background: '#fff' }}
          />
        ) : report.format === 'pdf' && report.downloadUrl ? (
          <iframe title={t('auditReports.frame')} src={report.downloadUrl} style={{ width: '100%', height: '80vh', border: 'none' }} />
        ) : (
          <Card>
            <Empty description={report.downloadUrl ? t('auditReports.download', { format: report.format.toUpperCase() }) : t('auditReports.notRendered')} />
          </Card>
        )}
      </div>
    </div>
  );
}
