/**
 * Files attached to a record (not those in its attachment fields): the list with download links,
 * size and upload time; editors upload (AttachmentUpload with the record's id) and delete
 * (confirmed).
 */
import { DeleteOutlined, DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Modal, Space, Typography, message } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Attachment } from '../../../../contracts';
import { toApiError } from '../../../services/api-error';
import { attachmentUrl, listRecordAttachments, removeAttachment } from '../../../services/records';
import { AttachmentUpload, formatBytes, formatDatetime } from '../../fields';
import { keys } from '../../../services/query-keys';

export default function RecordAttachments({
  app,
  subjectKey,
  recordId,
  canEdit,
}: {
  app: string;
  subjectKey: string;
  recordId: string;
  canEdit: boolean;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const [modal, contextHolder] = Modal.useModal();
  const key = keys('records').action('attachments', app, subjectKey, recordId);
  const query = useQuery({ queryKey: key, queryFn: () => listRecordAttachments(app, subjectKey, recordId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const remove = async (a: Attachment) => {
    const ok = await modal.confirm({
      title: t('records.attachments.delete.confirm', { name: a.fileName }),
      okButtonProps: { danger: true, 'data-testid': 'attachment-delete-confirm' },
    });
    if (!ok) return;
    try {
      await removeAttachment(a.id);
      message.success(t('records.attachments.deleted'));
      await refresh();
    } catch (e) {
      message.error(toApiError(e).message);
    }
  };

  return (
    <div data-testid="record-attachments">
      {contextHolder}
      {canEdit && (
        <div style={{ marginBottom: 12 }}>
          <AttachmentUpload
            recordId={recordId}
            value={[]}
            onUploaded={(a) => {
              message.success(t('records.attachments.uploaded', { name: a.fileName }));
              void refresh();
            }}
            data-testid="attachment-upload"
          />
        </div>
      )}
      <List<Attachment>
        loading={query.isPending}
        dataSource={query.data?.data ?? []}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(canEdit ? 'records.attachments.empty' : 'records.attachments.emptyViewer')}
            />
          ),
        }}
        renderItem={(a) => (
          <List.Item
            data-testid="attachment"
            actions={[
              <Button key="dl" type="link" size="small" icon={<DownloadOutlined />} href={attachmentUrl(a.id)} target="_blank">
                {t('records.attachments.download')}
              </Button>,
              ...(canEdit
                ? [
                    <Button
                      key="del"
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => void remove(a)}
                      aria-label={t('records.delete')}
                      data-testid="attachment-delete"
                    />,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              avatar={<PaperClipOutlined />}
              title={
                <a href={attachmentUrl(a.id)} target="_blank" rel="noopener noreferrer">
                  {a.fileName}
                </a>
              }
              description={
                <Space size={12}>
                  <Typography.Text type="secondary">{formatBytes(a.size)}</Typography.Text>
                  <Typography.Text type="secondary">{formatDatetime(a.createdAt)}</Typography.Text>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </div>
  );
}
