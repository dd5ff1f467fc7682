/**
 * The import history table (issue 7): batches newest first, paged on the server, with status,
 * counts, who and when, the error report and "Undo import". `app` limits it to one application
 * (GET /applications/:slug/imports), else every application (administrators, GET /imports).
 */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { Button, Space, Tag } from 'antd';
import React, { useEffect, useRef } from 'react';
import { useIntl } from 'umi';
import type { ImportBatch } from '../../../contracts';
import { importErrorReportUrl, listImports } from '../../services/imports';
import { download } from '../../utils/download';
import UndoImportButton, { countsOf } from './UndoImportButton';

const COLORS: Record<ImportBatch['status'], string> = {
  uploaded: 'default',
  validated: 'blue',
  running: 'processing',
  done: 'green',
  undoing: 'processing',
  failed: 'red',
  undone: 'orange',
};

/** `canUndo`: false for viewers (no undo, no error report: both need editor rights). */
export default function ImportHistory({ app, refresh, canUndo = true }: { app?: string; refresh?: number; canUndo?: boolean }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const action = useRef<ActionType>();
  useEffect(() => void action.current?.reload(), [refresh]);
  return (
    <ProTable<ImportBatch>
      rowKey="id"
      actionRef={action}
      headerTitle={t('imports.history.title')}
      search={false}
      size="small"
      options={{ reload: true, density: false, setting: false }}
      pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      request={async (params) => {
        const page = await listImports({ app, current: params.current, pageSize: params.pageSize });
        return { data: page.data, total: page.total, success: true };
      }}
      data-testid="import-history"
      columns={[
        { title: t('imports.history.file'), dataIndex: 'fileName', ellipsis: true },
        ...(app ? [] : [{ title: t('imports.history.application'), dataIndex: 'application' }]),
        { title: t('imports.history.subject'), dataIndex: 'subjectName' },
        {
          title: t('imports.history.status'),
          dataIndex: 'status',
          render: (_, b) => <Tag color={COLORS[b.status]}>{t(`imports.status.${b.status}`)}</Tag>,
        },
        {
          title: t('imports.history.counts'),
          render: (_, b) =>
            b.status === 'done' || b.status === 'undoing' || b.status === 'undone'
              ? t('imports.result.counts', countsOf(b))
              : `${t('imports.check.total')} ${b.total} · ${t('imports.check.invalid')} ${b.invalid}`,
        },
        { title: t('imports.history.by'), dataIndex: 'createdByLabel' },
        { title: t('imports.history.at'), dataIndex: 'createdAt', render: (_, b) => dayjs(b.createdAt).format('YYYY-MM-DD HH:mm') },
        {
          title: t('imports.history.actions'),
          render: (_, b) => (
            <Space size={4}>
              {canUndo && b.invalid > 0 && (
                <Button size="small" type="link" onClick={() => download(importErrorReportUrl(b.id))}>
                  {t('imports.result.report')}
                </Button>
              )}
              {canUndo && b.status === 'done' && <UndoImportButton size="small" batch={b} onDone={() => void action.current?.reload()} />}
            </Space>
          ),
        },
      ]}
    />
  );
}
