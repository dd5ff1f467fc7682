/**
 * A saved query's kept versions (GET …/queries/:id/versions, newest first): who saved each and
 * when; "restore" (after a confirmation) makes that version current again as a new version
 * (POST …/versions/:version/restore) and hands the restored query back to the page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, List, message, Modal, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type { ModuleSavedQuery, SavedQueryVersion } from '../../../contracts';
import { keys } from '../../services/query-keys';
import { listQueryVersions, restoreQueryVersion } from '../../services/queries';
import { useT } from '../useT';
import { SAVED_KEY } from './SavedQueriesPanel';

interface Props {
  app: string;
  query: ModuleSavedQuery | null;
  onClose: () => void;
  onRestored: (q: ModuleSavedQuery) => void;
}

export default function VersionsDrawer({ app, query, onClose, onRestored }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const versions = useQuery({
    queryKey: keys('recordQueries').action('versions', app, query?.id, query?.version),
    queryFn: () => listQueryVersions(app, query?.id ?? ''),
    enabled: !!query,
  });
  const restore = (v: SavedQueryVersion) =>
    modal.confirm({
      title: t('queries.versions.restoreTitle', { version: v.version }),
      content: t('queries.versions.restoreDesc'),
      okText: t('queries.versions.restore'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        if (!query) return;
        try {
          const restored = await restoreQueryVersion(app, query.id, v.version);
          message.success(t('queries.versions.restored', { version: v.version }));
          await queryClient.invalidateQueries({ queryKey: SAVED_KEY });
          onRestored(restored);
        } catch (e) {
          message.error(e instanceof Error ? e.message : String(e));
          throw e;
        }
      },
    });
  return (
    <Drawer open={!!query} onClose={onClose} width={440} title={t('queries.versions.title', { name: query?.name ?? '' })} data-testid="qb-versions-drawer">
      {holder}
      <List<SavedQueryVersion>
        loading={versions.isLoading}
        dataSource={versions.data ?? []}
        locale={{ emptyText: t('queries.versions.empty') }}
        renderItem={(v) => (
          <List.Item
            data-testid={`qb-version-${v.version}`}
            actions={
              query?.canEdit && v.version !== query.version
                ? [
                    <Button key="restore" size="small" onClick={() => restore(v)} data-testid={`qb-restore-${v.version}`}>
                      {t('queries.versions.restore')}
                    </Button>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <>
                  <Tag>v{v.version}</Tag>
                  {v.name}
                  {v.version === query?.version && <Tag color="green" style={{ marginInlineStart: 8 }}>{t('queries.versions.current')}</Tag>}
                </>
              }
              description={
                <Typography.Text type="secondary">
                  {v.createdByName ?? ''} · {dayjs(v.createdAt).format('YYYY-MM-DD HH:mm:ss')}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
