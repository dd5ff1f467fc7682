/**
 * A record's history (GET …/records/:id/versions, newest first, 20 at a time with "older
 * versions"): an antd Timeline of who did what when, each version's field-level changes
 * (before → after) with a "compare" link per field to `/compare_record_field`, and — for editors —
 * "restore this version" (confirmed) which saves that version's values as a new version.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Skeleton, Space, Tag, Timeline, Typography, message } from 'antd';
import React from 'react';
import { Link, useIntl } from 'umi';
import type { RecordItem, RecordVersion, SubjectDetail } from '../../../../contracts';
import { toApiError } from '../../../services/api-error';
import { listRecordVersions, restoreRecordVersion } from '../../../services/records';
import { formatDatetime } from '../../fields';
import ChangeList from './ChangeList';
import { keys } from '../../../services/query-keys';

const PAGE = 20;
const COLORS: Record<RecordVersion['action'], string> = { create: 'green', update: 'blue', delete: 'red', restore: 'purple' };

/** The compare page's address for one field of one record. */
export function compareHref(app: string, subject: string, record: string, field: string): string {
  const p = new URLSearchParams({ app, subject, record, field });
  return `/compare_record_field?${p.toString()}`;
}

export default function RecordHistory({
  app,
  subject,
  record,
  canEdit,
  onRestored,
}: {
  app: string;
  subject: SubjectDetail;
  record: RecordItem;
  canEdit: boolean;
  onRestored: () => Promise<unknown>;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [modal, contextHolder] = Modal.useModal();
  const query = useInfiniteQuery({
    queryKey: keys('records').action('history', app, subject.key, record.id, record.version),
    queryFn: ({ pageParam }) => listRecordVersions(app, subject.key, record.id, { current: pageParam, pageSize: PAGE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current * last.pageSize < last.total ? last.current + 1 : undefined),
  });

  const restore = async (v: RecordVersion) => {
    const ok = await modal.confirm({
      title: t('records.history.restore'),
      content: t('records.history.restore.confirm', { version: v.version }),
      okButtonProps: { 'data-testid': 'restore-confirm' },
    });
    if (!ok) return;
    try {
      await restoreRecordVersion(app, subject.key, record.id, v.version, record.version);
      message.success(t('records.history.restored', { version: v.version }));
      await onRestored();
    } catch (e) {
      message.error(toApiError(e).message);
    }
  };

  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Typography.Text type="danger">{query.error.message}</Typography.Text>;
  const versions = query.data.pages.flatMap((p) => p.data);
  if (versions.length === 0) return <Empty description={t('records.history.empty')} />;

  return (
    <div data-testid="record-history">
      {contextHolder}
      <Timeline
        items={versions.map((v) => ({
          key: v.version,
          color: COLORS[v.action],
          children: (
            <div data-testid={`version-${v.version}`}>
              <Space wrap size={8} style={{ marginBottom: 4 }}>
                <Typography.Text strong>{t('records.history.version', { version: v.version })}</Typography.Text>
                <Tag color={COLORS[v.action]}>{t(`records.history.action.${v.action}`)}</Tag>
                {v.version === record.version && <Tag color="gold">{t('records.history.current')}</Tag>}
                <Typography.Text type="secondary">
                  {v.actorLabel ?? t('records.history.system')} · {formatDatetime(v.at, true)}
                </Typography.Text>
                {canEdit && v.version !== record.version && v.action !== 'delete' && (
                  <Button
                    size="small"
                    icon={<HistoryOutlined />}
                    onClick={() => void restore(v)}
                    data-testid={`restore-${v.version}`}
                  >
                    {t('records.history.restore')}
                  </Button>
                )}
              </Space>
              <ChangeList
                fields={subject.fields}
                changes={v.changes}
                created={v.action === 'create'}
                extra={(key) =>
                  subject.fields.some((f) => f.key === key) ? (
                    <Link to={compareHref(app, subject.key, record.id, key)} data-testid={`compare-${v.version}-${key}`}>
                      {t('records.history.compare')}
                    </Link>
                  ) : null
                }
              />
            </div>
          ),
        }))}
      />
      {query.hasNextPage && (
        <Button loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {t('records.history.more')}
        </Button>
      )}
    </div>
  );
}
