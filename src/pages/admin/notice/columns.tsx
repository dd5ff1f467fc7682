/**
 * The console notice table's columns (ProTable): title (search), kind and published (filters),
 * audience, publish window (sortable by its start), status, read count, created (sortable).
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import React from 'react';
import { Link } from 'umi';
import type { AdminNotice, NoticeStatus } from '../../../../contracts';

type T = (id: string, values?: Record<string, string | number>) => string;

const STATUS_COLORS: Record<NoticeStatus, string> = { draft: 'default', scheduled: 'gold', live: 'green', expired: 'red' };

const when = (iso: string, locale: string) => new Date(iso).toLocaleString(locale);

/** The audience as tags: everyone / the groups / the application / the recipient. */
export function AudienceTags({ notice, t }: { notice: AdminNotice; t: T }) {
  const label = <Tag color="blue">{t(`notices.audience.${notice.audience}`)}</Tag>;
  const extra =
    notice.audience === 'groups'
      ? notice.groups.map((g) => <Tag key={g.id}>{g.name}</Tag>)
      : notice.audience === 'application' && notice.application
        ? [<Tag key="a">{notice.application.name}</Tag>]
        : notice.audience === 'user' && notice.recipient
          ? [<Tag key="u">{notice.recipient.name}</Tag>]
          : [];
  return (
    <Space size={2} wrap>
      {label}
      {extra}
    </Space>
  );
}

/** The window as "from – until" (an open end reads "Always" when both are open). */
export function windowText(n: Pick<AdminNotice, 'publishFrom' | 'publishUntil'>, t: T, locale: string): string {
  if (!n.publishFrom && !n.publishUntil) return t('notices.window.always');
  return `${n.publishFrom ? when(n.publishFrom, locale) : '…'} – ${n.publishUntil ? when(n.publishUntil, locale) : '…'}`;
}

export function noticeColumns(t: T, locale: string, actions: (n: AdminNotice) => React.ReactNode[]): ProColumns<AdminNotice>[] {
  return [
    {
      title: t('notices.field.title'),
      dataIndex: 'title',
      sorter: true,
      ellipsis: true,
      width: 240,
      render: (_, n) => <Link to={`/admin/notice/${n.id}`}>{n.title}</Link>,
    },
    {
      title: t('notices.field.kind'),
      dataIndex: 'kind',
      width: 100,
      valueEnum: { announcement: { text: t('notices.kind.announcement') }, message: { text: t('notices.kind.message') } },
      render: (_, n) => <Tag color={n.kind === 'message' ? 'purple' : 'blue'}>{t(`notices.kind.${n.kind}`)}</Tag>,
    },
    { title: t('notices.field.audience'), dataIndex: 'audience', search: false, width: 180, render: (_, n) => <AudienceTags notice={n} t={t} /> },
    {
      title: t('notices.field.window'),
      dataIndex: 'publishFrom',
      search: false,
      sorter: true,
      width: 200,
      render: (_, n) => <Typography.Text type="secondary">{windowText(n, t, locale)}</Typography.Text>,
    },
    {
      title: t('notices.field.status'),
      dataIndex: 'published',
      width: 100,
      valueEnum: { true: { text: t('notices.status.live') }, false: { text: t('notices.status.draft') } },
      render: (_, n) => (
        <Tag color={STATUS_COLORS[n.status]} data-testid="notice-status">
          {t(`notices.status.${n.status}`)}
        </Tag>
      ),
    },
    { title: t('notices.field.readCount'), dataIndex: 'readCount', search: false, width: 100, align: 'right' },
    {
      title: t('notices.field.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      width: 170,
      render: (_, n) => when(n.createdAt, locale),
    },
    { title: '', valueType: 'option', width: 160, fixed: 'right', render: (_, n) => actions(n) },
  ];
}
