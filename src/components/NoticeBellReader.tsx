/**
 * Reads one notice in a modal (bell popover and notice center): title, kind, when, and the body —
 * HTML the server sanitised on save (server/src/modules/notices/notices.sanitize.ts: an allow-list
 * without scripts, handlers or styles), so it is rendered as HTML. Opening an unread notice marks
 * it read (one audited POST) and refreshes every notices query (the bell's count drops).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Tag, Typography } from 'antd';
import React, { useEffect } from 'react';
import { useIntl } from 'umi';
import type { MyNotice } from '../../contracts';
import { markNoticeRead } from '../services/notices';
import { keys } from '../services/query-keys';

/** The notice body: server-sanitised HTML (see the file's docstring). */
export function NoticeBody({ html }: { html: string }) {
  return <div className="assay-notice-body" data-testid="notice-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

export default function NoticeBellReader({ notice, onClose }: { notice: MyNotice | null; onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!notice || notice.read) return;
    markNoticeRead(notice.id)
      .then(() => queryClient.invalidateQueries({ queryKey: keys('notices').all }))
      .catch(() => undefined);
  }, [notice?.id]);
  return (
    <Modal
      open={notice !== null}
      onCancel={onClose}
      title={notice?.title}
      footer={<Button onClick={onClose} data-testid="notice-reader-close">{intl.formatMessage({ id: 'notices.close' })}</Button>}
      width={640}
      destroyOnHidden
    >
      {notice && (
        <div data-testid="notice-reader">
          <Space style={{ marginBottom: 12 }}>
            <Tag color={notice.kind === 'message' ? 'purple' : 'blue'}>{intl.formatMessage({ id: `notices.kind.${notice.kind}` })}</Tag>
            {notice.application && <Tag>{notice.application.name}</Tag>}
            <Typography.Text type="secondary">{new Date(notice.publishedAt).toLocaleString(intl.locale)}</Typography.Text>
          </Space>
          <NoticeBody html={notice.body} />
        </div>
      )}
    </Modal>
  );
}
