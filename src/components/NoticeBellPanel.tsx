/**
 * The bell popover's content (lazy, NoticeBell.tsx): the latest 5 unread notices (any application),
 * each opening in the reader (which marks it read), "mark all read", and a link to the notice center.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, List, Space, Spin, Tag, Typography } from 'antd';
import React, { useState } from 'react';
import { history, useIntl } from 'umi';
import type { MyNotice } from '../../contracts';
import { listMyNotices, markAllNoticesRead } from '../services/notices';
import NoticeBellReader from './NoticeBellReader';
import { keys } from '../services/query-keys';

/** How many unread notices the popover lists. */
const LATEST = 5;

export default function NoticeBellPanel({ centerPath, onNavigate }: { centerPath?: string; onNavigate: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [reading, setReading] = useState<MyNotice | null>(null);
  const query = useQuery({
    queryKey: keys('notices').action('bell'),
    queryFn: () => listMyNotices({ unread: true, pageSize: LATEST }),
  });
  const items = query.data?.data ?? [];
  const markAll = async () => {
    await markAllNoticesRead();
    await queryClient.invalidateQueries({ queryKey: keys('notices').all });
  };
  return (
    <div style={{ width: 340 }} data-testid="notice-bell-panel">
      {query.isPending ? (
        <Spin size="small" />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage({ id: 'notices.bell.empty' })} />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(n) => (
            <List.Item style={{ cursor: 'pointer' }} onClick={() => setReading(n)} data-testid="notice-bell-item">
              <List.Item.Meta
                title={
                  <Space size={4}>
                    <Tag color={n.kind === 'message' ? 'purple' : 'blue'}>{intl.formatMessage({ id: `notices.kind.${n.kind}` })}</Tag>
                    <Typography.Text ellipsis style={{ maxWidth: 230 }}>
                      {n.title}
                    </Typography.Text>
                  </Space>
                }
                description={new Date(n.publishedAt).toLocaleString(intl.locale)}
              />
            </List.Item>
          )}
        />
      )}
      <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 8 }}>
        <Button size="small" onClick={() => void markAll()} disabled={items.length === 0} data-testid="notice-bell-mark-all">
          {intl.formatMessage({ id: 'notices.bell.markAllRead' })}
        </Button>
        {centerPath && (
          <Button
            size="small"
            type="link"
            onClick={() => {
              onNavigate();
              history.push(centerPath);
            }}
            data-testid="notice-bell-view-all"
          >
            {intl.formatMessage({ id: 'notices.bell.viewAll' })}
          </Button>
        )}
      </Space>
      <NoticeBellReader notice={reading} onClose={() => setReading(null)} />
    </div>
  );
}
