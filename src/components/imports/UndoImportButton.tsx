/**
 * "Undo import": asks for confirmation, listing the records edited since the import
 * (GET /imports/:id/edited); they are left alone unless the user ticks "undo them too". While the
 * undo runs (chunk by chunk on the server, imports.undo.ts) a progress bar follows the batch's
 * `processed` rows, read every second.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, List, Modal, Progress, Space, Typography, message } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { ImportBatch, ImportUndoResult } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { getImport, importEditedRows, undoImport } from '../../services/imports';
import { keys } from '../../services/query-keys';

/** The counts of a batch as message values. */
export const countsOf = (b: ImportBatch) => ({ inserted: b.inserted, updated: b.updated, unchanged: b.unchanged, skipped: b.skipped });

export default function UndoImportButton({ batch, onDone, size }: { batch: ImportBatch; onDone: (r: ImportUndoResult) => void; size?: 'small' }) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  const [modal, holder] = Modal.useModal();
  const [busy, setBusy] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const progress = useQuery({
    queryKey: keys('imports').action('undo', batch.id),
    queryFn: () => getImport(batch.id),
    enabled: undoing,
    refetchInterval: 1000,
  });
  const start = async () => {
    setBusy(true);
    try {
      const edited = await importEditedRows(batch.id);
      let includeEdited = false;
      const ok = await modal.confirm({
        title: t('imports.undo.title'),
        width: 560,
        okButtonProps: { danger: true, 'data-testid': 'undo-confirm' } as never,
        content: (
          <>
            <Typography.Paragraph>{t('imports.undo.content')}</Typography.Paragraph>
            {edited.length > 0 && (
              <div data-testid="undo-edited">
                <Typography.Paragraph type="warning">{t('imports.undo.edited')}</Typography.Paragraph>
                <List
                  size="small"
                  bordered
                  style={{ maxHeight: 200, overflow: 'auto', marginBottom: 8 }}
                  dataSource={edited}
                  renderItem={(r) => (
                    <List.Item>
                      #{r.rowNumber} {r.label} {r.editedBy ? `· ${r.editedBy}` : ''}
                    </List.Item>
                  )}
                />
                <Checkbox onChange={(e) => (includeEdited = e.target.checked)} data-testid="undo-include-edited">
                  {t('imports.undo.includeEdited')}
                </Checkbox>
              </div>
            )}
          </>
        ),
      });
      if (!ok) return;
      setUndoing(true);
      const result = await undoImport(batch.id, includeEdited);
      message.success(t('imports.result.undone', { deleted: result.deleted, restored: result.restored }));
      if (result.leftAlone.length > 0) message.warning(t('imports.result.leftAlone', { n: result.leftAlone.length }));
      onDone(result);
    } catch (e) {
      message.error(toApiError(e).message);
    } finally {
      setUndoing(false);
      setBusy(false);
    }
  };
  const b = progress.data;
  return (
    <>
      {holder}
      <Space direction="vertical" size={2}>
        <Button danger size={size} loading={busy} onClick={() => void start()} data-testid="import-undo">
          {t('imports.result.undo')}
        </Button>
        {undoing && b?.status === 'undoing' && (
          <Progress
            data-testid="import-undo-progress"
            size="small"
            style={{ width: 120, margin: 0 }}
            status="active"
            percent={b.total ? Math.min(99, Math.round((100 * b.processed) / b.total)) : 0}
          />
        )}
      </Space>
    </>
  );
}
