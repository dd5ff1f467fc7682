/**
 * /audit_report?app=<slug>&id=<reportId>: the printable page of one audit report
 * (components/audit/ReportPrintable.tsx). A top-level route: no side menu or workspace chrome (the
 * runtime layout keeps only its header, which the print style sheet hides). Signed-out visitors are
 * sent to sign in (app.tsx); a missing or malformed `app`/`id` is 404 without asking the server; the
 * server's 403 (not a member) and 404 (no such application, module or report) show in place.
 */
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import React from 'react';
import { useSearchParams } from 'umi';
import ExceptionResult from '../../components/ExceptionResult';
import ReportPrintable from '../../components/audit/ReportPrintable';
import { ApiError } from '../../services/api-error';
import { getReport } from '../../services/audit-reports';
import { isUuid } from '../../services/ids';

const SLUG = /^[A-Za-z0-9_-]{1,64}$/;

export default function AuditReportPrintPage() {
  const [params] = useSearchParams();
  const app = params.get('app') ?? '';
  const id = params.get('id') ?? '';
  const wellFormed = SLUG.test(app) && isUuid(id);
  const query = useQuery({
    queryKey: ['audit-reports', 'detail', app, id],
    queryFn: ({ signal }) => getReport(app, id, signal),
    enabled: wellFormed,
    retry: false,
    // a render in progress: read again until it is done
    refetchInterval: (q) => (q.state.data && ['queued', 'running'].includes(q.state.data.renderState ?? '') ? 3000 : false),
  });
  if (!wellFormed) return <ExceptionResult code={404} />;
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 500;
    return <ExceptionResult code={status === 403 ? 403 : status === 404 || status === 400 ? 404 : 500} />;
  }
  if (!query.data) return <Spin style={{ display: 'block', margin: '20vh auto' }} />;
  return <ReportPrintable app={app} report={query.data} />;
}
