/**
 * `/admin/notice` (Notices, docs/product.md "Platform"): every announcement and message, server-paged,
 * sorted and filtered (title search, kind, published), with audience, window, status and how many
 * users read it; create ("New announcement" → /admin/notice/new), edit, publish/unpublish, delete
 * to the recycle bin (asks first), and "Send message" to one user.
 */
import { PlusOutlined } from '@ant-design/icons';
import { PageContainer, ProTable, type ActionType } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { Button, message, Popconfirm } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import React, { useRef } from 'react';
import { history, useIntl } from 'umi';
import type { AdminNotice, NoticeListQuery } from '../../../../contracts';
import { listNotices, removeNotice, updateNotice, type NoticeListParams } from '../../../services/notices';
import { noticeColumns } from './columns';
import SendMessageForm from './components/SendMessageForm';
import { keys } from '../../../services/query-keys';

/** ProTable's request arguments → GET /notices params (explicit: paging, the one sort, filters). */
export function toNoticeParams(
  params: { current?: number; pageSize?: number; title?: string; kind?: string; published?: string },
  sort: Record<string, SortOrder>,
): NoticeListParams {
  const [field, order] = Object.entries(sort).find(([, o]) => o) ?? [];
  const sortKey = field && order ? (`${field}:${order === 'ascend' ? 'asc' : 'desc'}` as NoticeListQuery['sort']) : undefined;
  return {
    current: params.current,
    pageSize: params.pageSize,
    q: params.title || undefined,
    kind: params.kind as NoticeListQuery['kind'],
    published: params.published as NoticeListQuery['published'],
    sort: sortKey,
  };
}

export default function NoticeAdmin() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const queryClient = useQueryClient();
  /** Reloads the table and the caller's own notices (the bell: an administrator is in 'everyone' too). */
  const reload = () => {
    void action.current?.reload();
    void queryClient.invalidateQueries({ queryKey: keys('notices').all });
  };

  const togglePublished = async (n: AdminNotice) => {
    try {
      await updateNotice(n.id, { published: !n.published, updatedAt: n.updatedAt });
      message.success(t(n.published ? 'notices.admin.unpublished' : 'notices.admin.published'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
    reload();
  };
  const remove = async (n: AdminNotice) => {
    try {
      await removeNotice(n.id);
      message.success(t('notices.admin.deleted'));
    } catch (e) {
      message.error(e instanceof Error ? e.message : String(e));
    }
    reload();
  };

  const actions = (n: AdminNotice) => [
    <a key="edit" onClick={() => history.push(`/admin/notice/${n.id}`)}>
      {t(n.kind === 'announcement' ? 'notices.admin.edit' : 'notices.admin.view')}
    </a>,
    n.kind === 'announcement' && (
      <a key="publish" onClick={() => void togglePublished(n)} data-testid="notice-toggle-publish">
        {t(n.published ? 'notices.admin.unpublish' : 'notices.admin.publish')}
      </a>
    ),
    <Popconfirm
      key="delete"
      title={t('notices.admin.deleteConfirm', { title: n.title })}
      onConfirm={() => remove(n)}
      okButtonProps={{ danger: true }}
    >
      <a>{t('notices.admin.delete')}</a>
    </Popconfirm>,
  ].filter(Boolean) as React.ReactNode[];

  return (
    <PageContainer title={t('menu.admin.notice')}>
      <ProTable<AdminNotice>
        rowKey="id"
        actionRef={action}
        data-testid="notice-table"
        columns={noticeColumns(t, intl.locale, actions)}
        request={async (params, sort) => {
          const page = await listNotices(toNoticeParams(params, sort));
          return { data: page.data, total: page.total, success: true };
        }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        scroll={{ x: 1250 }}
        search={{ labelWidth: 'auto' }}
        toolBarRender={() => [
          <SendMessageForm key="send" onSent={reload} />,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => history.push('/admin/notice/new')} data-testid="notice-new">
            {t('notices.admin.new')}
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
