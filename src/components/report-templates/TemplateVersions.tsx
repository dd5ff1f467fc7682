/** A template's frozen versions (newest first): version, who saved it, when, body length, Word template. */
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Empty, Tag } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type { ReportTemplateVersion } from '../../../contracts';
import { useT } from '../useT';
import { listVersions } from './api';

/** The versions table of template `id`; `version` (the current one) re-reads it when it changes. */
export default function TemplateVersions({ id, version }: { id: string; version: number }) {
  const t = useT();
  const columns: ProColumns<ReportTemplateVersion>[] = [
    { title: t('reportTemplates.versions.version'), dataIndex: 'version', render: (_, v) => <Tag color={v.version === version ? 'blue' : undefined}>v{v.version}</Tag> },
    { title: t('reportTemplates.versions.by'), dataIndex: 'createdByLabel' },
    { title: t('reportTemplates.versions.at'), dataIndex: 'createdAt', render: (_, v) => dayjs(v.createdAt).format('YYYY-MM-DD HH:mm:ss') },
    { title: t('reportTemplates.versions.bodyChars'), dataIndex: 'body', render: (_, v) => v.body.length },
    { title: t('reportTemplates.col.docx'), dataIndex: 'docxFileName', render: (_, v) => v.docxFileName ?? '—' },
  ];
  return (
    <div data-testid="template-versions">
      <ProTable<ReportTemplateVersion>
        rowKey="version"
        search={false}
        options={false}
        columns={columns}
        params={{ version }}
        request={async (params) => listVersions(id, { current: Number(params.current) || 1, pageSize: Number(params.pageSize) || 10 })}
        pagination={{ defaultPageSize: 10 }}
        locale={{ emptyText: <Empty description={t('reportTemplates.versions.empty')} /> }}
      />
    </div>
  );
}
