/**
 * /admin/tag (docs/routes-and-loading.md "Screen names": tag management): tags with colour swatches and usage in a
 * ProTable (server-side paging, search, sort by name, usage or creation); create and edit in a
 * modal; delete asks first and goes to the recycle bin (its taggings come back with a restore).
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, message, Popconfirm, Space, Tag as AntTag, Typography } from 'antd';
import React, { useRef } from 'react';
import { useIntl } from 'umi';
import type { Tag } from '../../../../contracts';
import { deleteTag, listTags } from '../../../services/tags';
import { toSortParam } from '../../../services/variables';
import TagForm from './components/TagForm';

export default function TagList() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const reload = () => void action.current?.reload();
  const remove = async (tag: Tag) => {
    await deleteTag(tag.id);
    message.success(t('catalog.deleted'));
    reload();
  };
  const columns: ProColumns<Tag>[] = [
    { title: t('common.search'), dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: t('tag.search') } },
    {
      title: t('tag.name'),
      dataIndex: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      search: false,
      render: (_, tag) => <AntTag color={tag.color}>{tag.name}</AntTag>,
    },
    {
      title: t('tag.color'),
      dataIndex: 'color',
      search: false,
      render: (_, tag) => (
        <Space>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 16,
              height: 16,
              borderRadius: 4,
              background: tag.color,
              border: '1px solid rgba(0,0,0,0.15)',
              verticalAlign: 'middle',
            }}
          />
          <Typography.Text code>{tag.color}</Typography.Text>
        </Space>
      ),
    },
    { title: t('catalog.usage'), dataIndex: 'usage', sorter: true, search: false, width: 120 },
    { title: t('common.createdAt'), dataIndex: 'createdAt', valueType: 'dateTime', sorter: true, search: false, width: 170 },
    {
      title: t('catalog.actions'),
      valueType: 'option',
      width: 140,
      render: (_, tag) => [
        <TagForm
          key="edit"
          tag={tag}
          onSaved={reload}
          trigger={<a data-testid={`edit-tag-${tag.name}`}>{t('catalog.edit')}</a>}
        />,
        <Popconfirm key="delete" title={t('catalog.deleteConfirm', { name: tag.name })} onConfirm={() => void remove(tag)}>
          <a style={{ color: '#ff4d4f' }}>{t('catalog.delete')}</a>
        </Popconfirm>,
      ],
    },
  ];
  return (
    <PageContainer title={t('tag.title')}>
      <ProTable<Tag, { q?: string }>
        rowKey="id"
        actionRef={action}
        columns={columns}
        request={(params, sort) =>
          listTags({ current: params.current, pageSize: params.pageSize, q: params.q || undefined, sort: toSortParam(sort) })
        }
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [
          <TagForm
            key="new"
            onSaved={reload}
            trigger={
              <Button type="primary" icon={<PlusOutlined />} data-testid="create-tag">
                {t('tag.new')}
              </Button>
            }
          />,
        ]}
      />
    </PageContainer>
  );
}
