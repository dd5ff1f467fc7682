/**
 * The workspace home's newest notices (those the caller may read here: everyone's, their groups',
 * their own and this application's), unread ones marked; the notice center `/{app}/noticeCenter`
 * has them all. Empty: says so.
 */
import { Badge, Card, Empty, List, Typography } from 'antd';
import React from 'react';
import { Link, useIntl } from 'umi';
import type { WorkspaceSummary } from '../../../../../contracts/route-data';

export default function WorkspaceNotices({ slug, notices }: { slug: string; notices: WorkspaceSummary['notices'] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Card
      title={
        <span>
          {t('wsHome.notices')} <Badge count={notices.unread} size="small" />
        </span>
      }
      extra={<Link to={`/${slug}/noticeCenter`}>{t('wsHome.notices.all', { n: notices.total })}</Link>}
      style={{ marginBottom: 16 }}
      data-testid="home-notices"
    >
      {notices.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsHome.notices.empty')} />
      ) : (
        <List
          size="small"
          dataSource={notices.items}
          renderItem={(n) => (
            <List.Item extra={<Typography.Text type="secondary">{new Date(n.publishedAt).toLocaleDateString(intl.locale)}</Typography.Text>}>
              <Badge dot={!n.read} offset={[4, 0]}>
                <Link to={`/${slug}/noticeCenter`}>{n.title}</Link>
              </Badge>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
