/**
 * The header's notices bell (unread badge in the header bell): an antd Badge with the
 * caller's unread count, polled every 60 s (react-query `refetchInterval`) and refetched when the
 * window regains focus; clicking opens a popover with the latest unread notices. The popover's
 * content (NoticeBellPanel: list, reader, "mark all read") is a lazy chunk, loaded on first open, so
 * the layout carries only the badge and the count query.
 */
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Popover, Spin } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import { getUnreadCount } from '../services/notices';
import { keys } from '../services/query-keys';

const NoticeBellPanel = React.lazy(() => import('./NoticeBellPanel'));

/** How often the unread count is polled, in milliseconds (every 60 s). */
export const UNREAD_POLL_MS = 60_000;

/**
 * Where "view all" leads: the workspace's notice center in a workspace; in the console, the notice
 * screen for an administrator, else the notice center of the user's last application (or nowhere).
 */
export function noticeCenterPath(opts: { currentApp?: string; isAdmin: boolean; lastApp?: string | null }): string | undefined {
  if (opts.currentApp) return `/${opts.currentApp}/noticeCenter`;
  if (opts.isAdmin) return '/admin/notice';
  return opts.lastApp ? `/${opts.lastApp}/noticeCenter` : undefined;
}

export default function NoticeBell(props: { currentApp?: string; isAdmin: boolean; lastApp?: string | null }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { data: count = 0 } = useQuery({
    queryKey: keys('notices').action('unreadCount'),
    queryFn: getUnreadCount,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={intl.formatMessage({ id: 'notices.bell.title' })}
      content={
        open ? (
          <React.Suspense fallback={<Spin size="small" />}>
            <NoticeBellPanel centerPath={noticeCenterPath(props)} onNavigate={() => setOpen(false)} />
          </React.Suspense>
        ) : null
      }
    >
      <Button type="text" aria-label={intl.formatMessage({ id: 'notices.bell.aria' }, { count })} data-testid="notice-bell" data-count={count}>
        <Badge count={count} size="small" overflowCount={99} data-testid="notice-bell-badge">
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
