/**
 * The saved record queries (GET /api/v1/record-queries): searched on the server (name and
 * description), paged, each with its subject and application; open one into the builder, rename
 * it, or delete it to the recycle bin after a confirmation.
 */
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebounce } from 'ahooks';
import { Button, Card, Flex, Input, List, message, Modal, Space, Tag, theme, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { SavedQuery } from '../../../../../contracts';
import { listSavedQueries, removeSavedQuery } from '../../../../services/recordQueries';
import SaveQueryModal from './SaveQueryModal';
import { keys } from '../../../../services/query-keys';

/** The react-query key prefix of the list (invalidated after a save, rename or delete). */
export const SAVED_QUERIES_KEY = keys('recordQueries').all;

const PAGE_SIZE = 10;

interface Props {
  activeId?: string;
  onOpen: (query: SavedQuery) => void;
  /** A query renamed or deleted (the builder updates or forgets it). */
  onChanged: (query: SavedQuery, deleted: boolean) => void;
}

export default function SavedQueries({ activeId, onOpen, onChanged }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const queryClient = useQueryClient();
  const { token } = theme.useToken();
  const [modal, contextHolder] = Modal.useModal();
  const [text, setText] = useState('');
  const q = useDebounce(text.trim(), { wait: 300 });
  const [current, setCurrent] = useState(1);
  const list = useQuery({
    queryKey: keys('recordQueries').list({ q, current }),
    queryFn: () => listSavedQueries({ q: q || undefined, current, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SAVED_QUERIES_KEY });

  const remove = (item: SavedQuery) =>
    modal.confirm({
      title: t('recordQuery.delete.title', { name: item.name }),
      content: t('recordQuery.delete.desc'),
      okText: t('recordQuery.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await removeSavedQuery(item.id);
        } catch (e) {
          message.error(e instanceof Error ? e.message : String(e));
          throw e;
        }
        message.success(t('recordQuery.deleted', { name: item.name }));
        onChanged(item, true);
        await refresh();
      },
    });

  return (
    <Card title={t('recordQuery.saved.title')} size="small" data-testid="saved-queries">
      {contextHolder}
      <Input.Search
        allowClear
        placeholder={t('recordQuery.saved.search')}
        aria-label={t('recordQuery.saved.search')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setCurrent(1);
        }}
        style={{ marginBottom: 8 }}
        data-testid="saved-queries-search"
      />
      <List<SavedQuery>
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.data ?? []}
        locale={{ emptyText: t(q ? 'recordQuery.saved.noMatch' : 'recordQuery.saved.empty') }}
        pagination={
          (list.data?.total ?? 0) > PAGE_SIZE && {
            current,
            pageSize: PAGE_SIZE,
            total: list.data?.total,
            size: 'small',
            simple: true,
            onChange: setCurrent,
          }
        }
        renderItem={(item) => (
          <List.Item
            data-testid={`saved-query-${item.name}`}
            style={{ display: 'block', paddingInline: 8, ...(item.id === activeId ? { background: token.controlItemBgActive } : {}) }}
          >
            <Flex justify="space-between" align="center" gap={4}>
              <Typography.Link strong ellipsis onClick={() => onOpen(item)} style={{ minWidth: 0 }} data-testid={`open-query-${item.name}`}>
                {item.name}
              </Typography.Link>
              <Space size={0} style={{ flex: 'none' }}>
                <Tooltip title={t('recordQuery.rename')}>
                  <span>
                    <SaveQueryModal
                      query={item}
                      onDone={(saved) => {
                        onChanged(saved, false);
                        void refresh();
                      }}
                      trigger={
                        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('recordQuery.rename')} data-testid={`rename-query-${item.name}`} />
                      }
                    />
                  </span>
                </Tooltip>
                <Tooltip title={t('recordQuery.delete')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('recordQuery.delete')}
                    onClick={() => remove(item)}
                    data-testid={`delete-query-${item.name}`}
                  />
                </Tooltip>
              </Space>
            </Flex>
            <Space size={4} wrap>
              <Tag style={{ marginInlineEnd: 0 }}>{item.subjectName}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {item.application} · {dayjs(item.updatedAt).format('YYYY-MM-DD HH:mm')}
              </Typography.Text>
            </Space>
            {item.description && (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: item.description }} style={{ margin: '4px 0 0', fontSize: 12 }}>
                {item.description}
              </Typography.Paragraph>
            )}
          </List.Item>
        )}
      />
    </Card>
  );
}
