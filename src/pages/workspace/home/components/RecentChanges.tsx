/**
 * The workspace home's ten newest record changes: what happened (created, updated, deleted,
 * restored), to which record of which subject (its display value, else its id), by whom and when;
 * each opens `/{app}/{subject}/{record}`. Empty: says where records come from.
 */
import { Card, Empty, List, Tag, Typography } from 'antd';
import React from 'react';
import { Link, useIntl } from 'umi';
import type { WorkspaceChange } from '../../../../../contracts/route-data';

const ACTION_COLORS: Record<WorkspaceChange['action'], string> = { create: 'green', update: 'blue', delete: 'red', restore: 'gold' };

export default function RecentChanges({ slug, changes, hasSubjects }: { slug: string; changes: WorkspaceChange[]; hasSubjects: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card title={t('wsHome.changes')} style={{ marginBottom: 16 }} data-testid="home-changes">
      {changes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(hasSubjects ? 'wsHome.changes.empty' : 'wsHome.changes.noSubjects')} />
      ) : (
        <List<WorkspaceChange>
          size="small"
          dataSource={changes}
          renderItem={(c) => (
            <List.Item extra={<Typography.Text type="secondary">{new Date(c.at).toLocaleString(intl.locale)}</Typography.Text>}>
              <Tag color={ACTION_COLORS[c.action]}>{t(`wsHome.changes.action.${c.action}`)}</Tag>
              <Typography.Text type="secondary">{c.subjectName} · </Typography.Text>
              <Link to={`/${slug}/${c.subjectKey}/${c.recordId}`}>{c.title ?? c.recordId.slice(0, 8)}</Link>
              <Typography.Text type="secondary"> · {c.actorLabel ?? '—'}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
