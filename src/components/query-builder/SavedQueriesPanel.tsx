/**
 * The application's saved queries of both kinds (GET …/applications/:slug/queries): searched on
 * the server, "only mine", paged. An analytics query opens into the builder; a record query shows
 * the tag "Record query" and opens in /admin/record-query for administrators (others see it, not
 * open it). Versions and delete (to the recycle bin, after a confirmation) where `canEdit`.
 */
import { DeleteOutlined, HistoryOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebounce } from 'ahooks';
import { Button, Card, Flex, Input, List, message, Modal, Space, Switch, Tag, theme, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import { useAccess, useNavigate } from 'umi';
import type { ModuleSavedQuery } from '../../../contracts';
import { keys } from '../../services/query-keys';
import { listQueries, removeQuery } from '../../services/queries';
import { useT } from '../useT';

/** The key prefix of every saved-query list (the record queries' family: one table, both kinds). */
export const SAVED_KEY = keys('recordQueries').all;

const PAGE_SIZE = 10;

interface Props {
  app: string;
  activeId?: string;
  onOpen: (q: ModuleSavedQuery) => void;
  onVersions: (q: ModuleSavedQuery) => void;
  onDeleted: (q: ModuleSavedQuery) => void;
}

export default function SavedQueriesPanel({ app, activeId, onOpen, onVersions, onDeleted }: Props) {
  const t = useT();
  const { token } = theme.useToken();
  const access = useAccess();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [text, setText] = useState('');
  const q = useDebounce(text.trim(), { wait: 300 });
  const [mine, setMine] = useState(false);
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: keys('recordQueries').list({ module: 'queries', app, q, mine, current }),
    queryFn: () => listQueries(app, { q: q || undefined, mine, current, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });

  const open = (item: ModuleSavedQuery) => {
    if (item.kind === 'analytics') onOpen(item);
    else if (access.canAdmin) navigate(`/admin/record-query?query=${encodeURIComponent(item.id)}`);
  };
  const remove = (item: ModuleSavedQuery) =>
    modal.confirm({
      title: t('queries.delete.title', { name: item.name }),
      content: t('queries.delete.desc'),
      okText: t('queries.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await removeQuery(app, item.id);
        } catch (e) {
          message.error(e instanceof Error ? e.message : String(e));
          throw e;
        }
        message.success(t('queries.deleted', { name: item.name }));
        onDeleted(item);
        await queryClient.invalidateQueries({ queryKey: SAVED_KEY });
      },
    });

  return (
    <Card title={t('queries.saved.title')} size="small" data-testid="qb-saved">
      {holder}
      <Input.Search
        allowClear
        placeholder={t('queries.saved.search')}
        aria-label={t('queries.saved.search')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setCurrent(1);
        }}
        style={{ marginBottom: 8 }}
        data-testid="qb-saved-search"
      />
      <Space style={{ marginBottom: 8 }}>
        <Switch
          size="small"
          checked={mine}
          aria-label={t('queries.saved.mine')}
          onChange={(v) => {
            setMine(v);
            setCurrent(1);
          }}
          data-testid="qb-saved-mine"
        />
        <Typography.Text>{t('queries.saved.mine')}</Typography.Text>
      </Space>
      <List<ModuleSavedQuery>
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: t(q || mine ? 'queries.saved.noMatch' : 'queries.saved.empty') }}
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE && { current, pageSize: PAGE_SIZE, total: list.data?.total, size: 'small', simple: true, onChange: setCurrent }
        }
        renderItem={(item) => {
          const openable = item.kind === 'analytics' || access.canAdmin;
          return (
            <List.Item
              data-testid={`qb-saved-${item.name}`}
              style={{ display: 'block', paddingInline: 8, ...(item.id === activeId ? { background: token.controlItemBgActive } : {}) }}
            >
              <Flex justify="space-between" align="center" gap={4}>
                {openable ? (
                  <Typography.Link strong ellipsis onClick={() => open(item)} style={{ minWidth: 0 }} data-testid={`qb-open-${item.name}`}>
                    {item.name}
                  </Typography.Link>
                ) : (
                  <Tooltip title={t('queries.saved.recordsAdminOnly')}>
                    <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
                      {item.name}
                    </Typography.Text>
                  </Tooltip>
                )}
                {item.canEdit && (
                  <Space size={0} style={{ flex: 'none' }}>
                    {item.kind === 'analytics' && (
                      <Button
                        type="text"
                        size="small"
                        icon={<HistoryOutlined />}
                        aria-label={t('queries.versions')}
                        title={t('queries.versions')}
                        onClick={() => onVersions(item)}
                        data-testid={`qb-versions-${item.name}`}
                      />
                    )}
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('queries.delete')}
                      title={t('queries.delete')}
                      onClick={() => remove(item)}
                      data-testid={`qb-delete-${item.name}`}
                    />
                  </Space>
                )}
              </Flex>
              <Space size={4} wrap>
                {item.kind === 'records' && <Tag color="geekblue">{t('queries.kind.records')}</Tag>}
                <Tag style={{ marginInlineEnd: 0 }}>{item.subjectName}</Tag>
                <Tag color={item.visibility === 'private' ? 'default' : 'green'}>{t(`queries.visibility.${item.visibility}`)}</Tag>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {item.ownerName ?? ''} · {dayjs(item.updatedAt).format('YYYY-MM-DD HH:mm')}
                </Typography.Text>
              </Space>
              {item.description && (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: item.description }} style={{ margin: '4px 0 0', fontSize: 12 }}>
                  {item.description}
                </Typography.Paragraph>
              )}
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
