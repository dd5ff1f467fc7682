/**
 * The import history table: batches newest first, paged on the server, with status,
 * counts, who and when, the error report, "Undo import" (a batch that ran) and "Remove" (a batch
 * never run: uploaded, checked or failed, after a confirmation; such batches also expire after
 * IMPORT_ABANDONED_DAYS days, said under the table). The table's layout is fixed (the actions column 200 px,
 * its buttons wrap), so two actions never overflow the table. `app` limits it to one application
 * (GET /applications/:slug/imports), else every application (administrators, GET /imports).
 * Administrators (access `canAdmin`, src/access.ts) also get a link to the batch's latest run or
 * undo task (`taskId`, /admin/task/:task: its progress and log); others never see it, as they
 * cannot open /admin.
 */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { Button, Popconfirm, Space, Tag, Typography, message } from 'antd';
import React, { useEffect, useRef } from 'react';
import { Link, useAccess, useIntl } from 'umi';
import type { ImportBatch } from '../../../contracts';
import { IMPORT_ABANDONED_DAYS } from '../../../contracts/constants';
import { toApiError } from '../../services/api-error';
import { deleteImport, importErrorReportUrl, listImports } from '../../services/imports';
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

/** The statuses of a batch that never ran: it can be removed. */
const REMOVABLE: ReadonlySet<ImportBatch['status']> = new Set(['uploaded', 'validated', 'failed']);

/** A link to the batch's task (`batch.taskId`) for administrators; nothing for others or a batch without one. */
export function ImportTaskLink({ batch }: { batch: Pick<ImportBatch, 'taskId'> }) {
  const intl = useIntl();
  const { canAdmin } = useAccess();
  if (!canAdmin || !batch.taskId) return null;
  return (
    <Link to={`/admin/task/${batch.taskId}`} data-testid="import-task-link">
      {intl.formatMessage({ id: 'imports.task.link' })}
    </Link>
  );
}

/** `canUndo`: false for viewers (no undo, no removal, no error report: they need editor rights). */
export default function ImportHistory({ app, refresh, canUndo = true }: { app?: string; refresh?: number; canUndo?: boolean }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const action = useRef<ActionType>();
  useEffect(() => void action.current?.reload(), [refresh]);
  return (
    <>
      <ProTable<ImportBatch>
        rowKey="id"
        actionRef={action}
        headerTitle={t('imports.history.title')}
        search={false}
        size="small"
        tableLayout="fixed"
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
            width: 100,
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
          { title: t('imports.history.at'), dataIndex: 'createdAt', width: 150, render: (_, b) => dayjs(b.createdAt).format('YYYY-MM-DD HH:mm') },
          {
            title: t('imports.history.actions'),
            width: 200,
            render: (_, b) => (
              <Space size={[4, 4]} wrap>
                <ImportTaskLink batch={b} />
                {canUndo && b.invalid > 0 && (
                  <Button size="small" type="link" style={{ paddingInline: 0 }} onClick={() => download(importErrorReportUrl(b.id))}>
                    {t('imports.result.report')}
                  </Button>
                )}
                {canUndo && b.status === 'done' && <UndoImportButton size="small" batch={b} onDone={() => void action.current?.reload()} />}
                {canUndo && REMOVABLE.has(b.status) && (
                  <Popconfirm
                    title={t('imports.remove.title')}
                    description={t('imports.remove.content', { name: b.fileName })}
                    okText={t('imports.remove.ok')}
                    okButtonProps={{ danger: true, 'data-testid': 'import-remove-confirm' } as never}
                    onConfirm={() =>
                      deleteImport(b.id).then(
                        () => {
                          message.success(t('imports.remove.done', { name: b.fileName }));
                          void action.current?.reload();
                        },
                        (e: unknown) => void message.error(toApiError(e).message),
                      )
                    }
                  >
                    <Button size="small" type="link" danger style={{ paddingInline: 0 }} data-testid="import-remove">
                      {t('imports.remove.button')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary" data-testid="import-history-expiry">
        {t('imports.history.expiry', { days: IMPORT_ABANDONED_DAYS })}
      </Typography.Text>
    </>
  );
}
