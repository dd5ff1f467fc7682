/**
 * `/{app}/noticeCenter` (docs/routes-and-loading.md "Route table": Notice center): the notices the signed-in member may
 * read — this application's, everyone's, their groups' and their personal messages (other
 * applications' notices are left out) — newest first, server-paged, with an unread dot; "Unread"
 * narrows to unread ones; opening one shows it and marks it read; "Mark all read" clears them.
 */
import { CheckOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, List, message, Segmented, Space, Tag, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { MyNotice } from '../../../../contracts';
import NoticeBellReader from '../../../components/NoticeBellReader';
import { listMyNotices, markAllNoticesRead } from '../../../services/notices';
import { useWorkspace } from '../useWorkspace';
import { keys } from '../../../services/query-keys';

const PAGE_SIZE = 20;

export default function NoticeCenter() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { app } = useWorkspace();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<'all' | 'unread'>('all');
  const [current, setCurrent] = useState(1);
  const [reading, setReading] = useState<MyNotice | null>(null);
  const params = { app: app.slug, current, pageSize: PAGE_SIZE, unread: filter === 'unread' };
  const query = useQuery({ queryKey: keys('notices').action('mine', params), queryFn: () => listMyNotices(params) });

  const markAll = async () => {
    const count = await markAllNoticesRead();
    message.success(t('notices.center.markedAll', { count }));
    await queryClient.invalidateQueries({ queryKey: keys('notices').all });
  };

  return (
    <Card
      title={t('menu.workspace.noticeCenter')}
      extra={
        <Space>
          <Segmented
            value={filter}
            onChange={(v) => {
              setFilter(v as 'all' | 'unread');
              setCurrent(1);
            }}
            options={[
              { value: 'all', label: t('notices.center.all') },
              { value: 'unread', label: t('notices.center.unread') },
            ]}
          />
          <Button icon={<CheckOutlined />} onClick={() => void markAll()} data-testid="notice-center-mark-all">
            {t('notices.center.markAllRead')}
          </Button>
        </Space>
      }
    >
      <List<MyNotice>
        data-testid="notice-center-list"
        loading={query.isPending}
        dataSource={query.data?.data ?? []}
        locale={{ emptyText: t('notices.center.empty') }}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          onChange: setCurrent,
          hideOnSinglePage: true,
        }}
        renderItem={(n) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => setReading(n)}
            data-testid="notice-center-item"
            data-read={n.read ? 'true' : 'false'}
            actions={[<Typography.Text key="at" type="secondary">{new Date(n.publishedAt).toLocaleString(intl.locale)}</Typography.Text>]}
          >
            <List.Item.Meta
              avatar={<Badge status={n.read ? 'default' : 'processing'} title={t(n.read ? 'notices.center.read' : 'notices.center.unreadDot')} />}
              title={
                <Space size={6}>
                  <Typography.Text strong={!n.read}>{n.title}</Typography.Text>
                  <Tag color={n.kind === 'message' ? 'purple' : 'blue'}>{t(`notices.kind.${n.kind}`)}</Tag>
                  {n.application && <Tag>{n.application.name}</Tag>}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      <NoticeBellReader notice={reading} onClose={() => setReading(null)} />
    </Card>
  );
}
