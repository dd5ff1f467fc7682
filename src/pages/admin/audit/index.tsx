/**
 * /admin/audit, the audit log: every entry with who, when, action, target,
 * IP and user agent; server-side paging and the filters (user text, action or action prefix,
 * target type and id, time range); a drawer with the entry and its before/after as a field-level
 * diff; export of the filtered set as CSV or XLSX; "Verify chain". Read only: entries cannot be
 * edited or deleted (there is no API for it).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { PageContainer, ProTable } from '@ant-design/pro-components';
import { Button, Tooltip } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { useIntl } from 'umi';
import { AUDIT_EXPORT_MAX_ROWS } from '../../../../contracts/constants';
import type { AuditEntry, AuditExportFormat, AuditFilter, AuditVerify } from '../../../../contracts';
import { auditExportUrl, listAudit } from '../../../services/audit';
import { auditColumns } from './columns';
import AuditEntryDrawer from './components/AuditEntryDrawer';
import { VerifyChainButton, VerifyChainResult } from './components/VerifyChain';

const FILTER_KEYS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** The filters of ProTable's params (empty values left out). */
function filterOf(params: Record<string, unknown>): AuditFilter {
  const out: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params[key];
    if (typeof value === 'string' && value.trim() !== '') out[key] = value.trim();
  }
  return out as AuditFilter;
}

/** Starts a download of `url` (the server answers with Content-Disposition: attachment). */
function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

export default function AuditLogPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [verified, setVerified] = useState<AuditVerify | Error | null>(null);
  const filter = useRef<AuditFilter>({});
  const columns = useMemo(() => auditColumns(intl, setOpen), [intl]);
  const exportButton = (format: AuditExportFormat) => (
    <Tooltip key={format} title={t('audit.export.hint', { max: AUDIT_EXPORT_MAX_ROWS.toLocaleString(intl.locale) })}>
      <Button
        icon={<DownloadOutlined />}
        onClick={() => download(auditExportUrl(format, filter.current))}
        data-testid={`audit-export-${format}`}
      >
        {t(`audit.export.${format}`)}
      </Button>
    </Tooltip>
  );

  return (
    <PageContainer title={t('audit.title')}>
      <div data-testid="audit-log">
        {verified && <VerifyChainResult result={verified} onClose={() => setVerified(null)} />}
        <ProTable<AuditEntry>
          rowKey="id"
          columns={columns}
          size="small"
          search={{ labelWidth: 'auto', defaultCollapsed: false }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          scroll={{ x: 1100 }}
          options={{ density: false, setting: true, reload: true }}
          toolBarRender={() => [
            exportButton('csv'),
            exportButton('xlsx'),
            <VerifyChainButton key="verify" onResult={setVerified} />,
          ]}
          request={async (params) => {
            filter.current = filterOf(params);
            const res = await listAudit({ current: params.current, pageSize: params.pageSize, ...filter.current });
            return { data: res.data, total: res.total, success: true };
          }}
        />
        <AuditEntryDrawer entry={open} onClose={() => setOpen(null)} />
      </div>
    </PageContainer>
  );
}
