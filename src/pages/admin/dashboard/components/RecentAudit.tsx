/** The console dashboard's newest audit entries (who, action, when), linking to /admin/audit. */
import { Card, List, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { Link, useIntl } from 'umi';
import type { ConsoleSummary } from '../../../../../contracts/route-data';

export default function RecentAudit({ entries }: { entries: ConsoleSummary['recentAudit'] }) {
  const intl = useIntl();
  return (
    <Card
      title={intl.formatMessage({ id: 'dashboard.recentAudit' })}
      size="small"
      extra={<Link to="/admin/audit">{intl.formatMessage({ id: 'dashboard.recentAudit.all' })}</Link>}
      data-testid="recent-audit"
    >
      <List
        size="small"
        dataSource={entries}
        locale={{ emptyText: intl.formatMessage({ id: 'dashboard.recentAudit.empty' }) }}
        renderItem={(e) => (
          <List.Item extra={<Typography.Text type="secondary">{dayjs(e.at).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>}>
            <Space size={8} wrap>
              <Typography.Text type="secondary">#{e.seq}</Typography.Text>
              <Typography.Text>{e.actorLabel}</Typography.Text>
              <Typography.Text code>{e.action}</Typography.Text>
              {e.targetType && <Typography.Text type="secondary">{e.targetType}</Typography.Text>}
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
