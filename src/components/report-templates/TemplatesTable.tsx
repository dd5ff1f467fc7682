/**
 * The console's table of report templates (`/admin/template`, docs/report-templates.md): every
 * application's templates by application (the first column; filter by application slug and by
 * name), their subject, version and Word template; links to the detail and to the editor; delete
 * after a confirmation (to the recycle bin).
 */
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Empty, message, Popconfirm, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useRef } from 'react';
import { Link } from 'umi';
import type { ReportTemplate } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { useT } from '../useT';
import { listAllTemplates, removeTemplate } from './api';

/** The console's templates table. */
export default function TemplatesTable() {
  const t = useT();
  const action = useRef<ActionType>();
  const remove = async (row: ReportTemplate) => {
    try {
      await removeTemplate(row.id);
      message.success(t('reportTemplates.deleted'));
      action.current?.reload();
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  const columns: ProColumns<ReportTemplate>[] = [
    {
      title: t('reportTemplates.col.application'),
      dataIndex: 'application',
      render: (_, row) => `${row.applicationName} (${row.application})`,
    },
    {
      title: t('reportTemplates.col.name'),
      dataIndex: 'q',
      render: (_, row) => (
        <Link to={`/admin/template/${row.id}`} data-testid="template-link">
          {row.name}
        </Link>
      ),
    },
    { title: t('reportTemplates.col.subject'), dataIndex: 'subjectName', hideInSearch: true },
    { title: t('reportTemplates.col.version'), dataIndex: 'version', hideInSearch: true, render: (_, row) => <Tag color="blue">v{row.version}</Tag> },
    {
      title: t('reportTemplates.col.docx'),
      dataIndex: 'docxFileName',
      hideInSearch: true,
      render: (_, row) => row.docxFileName ?? '—',
    },
    {
      title: t('reportTemplates.col.updatedAt'),
      dataIndex: 'updatedAt',
      hideInSearch: true,
      render: (_, row) => dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('reportTemplates.col.actions'),
      valueType: 'option',
      width: 170,
      render: (_, row) => [
        <Space key="actions">
          <Link to={`/${row.application}/report_template/${row.id}`}>{t('reportTemplates.open')}</Link>
          <Popconfirm
            title={t('reportTemplates.delete.confirm', { name: row.name })}
            description={t('reportTemplates.delete.desc')}
            onConfirm={() => remove(row)}
          >
            <Typography.Link type="danger" data-testid={`template-delete-${row.name}`}>
              {t('reportTemplates.delete')}
            </Typography.Link>
          </Popconfirm>
        </Space>,
      ],
    },
  ];
  return (
    <div data-testid="templates-table">
      <ProTable<ReportTemplate>
        rowKey="id"
        actionRef={action}
        columns={columns}
        request={async (params) => {
          const p = params as Record<string, string | number | undefined>;
          const res = await listAllTemplates({
            current: Number(p.current) || 1,
            pageSize: Number(p.pageSize) || 20,
            application: p.application ? String(p.application) : undefined,
            q: p.q ? String(p.q) : undefined,
          });
          // by application, then the newest first within it (the page is the server's)
          const data = [...res.data].sort((a, b) => a.application.localeCompare(b.application));
          return { ...res, data };
        }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{ emptyText: <Empty description={t('reportTemplates.empty')} /> }}
      />
    </div>
  );
}
