/**
 * /admin/recycle, the recycle bin: every soft-deleted object of every type
 * (type, name, who deleted it, when, how long ago), filter by type and search; restore (with its
 * relations) or purge for good, each asking first, one at a time or for the selected rows; the
 * retention setting on the same page. A refused restore (409: the name was taken meanwhile) shows
 * the server's message.
 */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Empty, message, Popconfirm, Space } from 'antd';
import dayjs from 'dayjs';
import React, { useRef } from 'react';
import { useIntl } from 'umi';
import { RECYCLABLE_TYPES } from '../../../../contracts/constants';
import type { RecycleEntry } from '../../../../contracts';
import { toApiError } from '../../../services/api-error';
import { listRecycle, purgeRecycled, restoreRecycled } from '../../../services/recycle';
import '../../../utils/time';
import RetentionForm from './components/RetentionForm';

const keyOf = (e: RecycleEntry) => `${e.type}:${e.targetId}`;

export default function RecycleBinPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const typeLabel = (type: string) => ((RECYCLABLE_TYPES as readonly string[]).includes(type) ? t(`recycle.type.${type}`) : type);

  const one = async (kind: 'restore' | 'purge', e: RecycleEntry) => {
    try {
      if (kind === 'restore') await restoreRecycled(e.type, e.targetId);
      else await purgeRecycled(e.type, e.targetId);
      message.success(t(kind === 'restore' ? 'recycle.restore.done' : 'recycle.purge.done', { label: e.label }));
    } catch (err) {
      message.error(toApiError(err).message);
    }
    action.current?.reload();
  };

  const bulk = async (kind: 'restore' | 'purge', rows: RecycleEntry[], clear: () => void) => {
    let ok = 0;
    const errors: string[] = [];
    for (const e of rows) {
      try {
        if (kind === 'restore') await restoreRecycled(e.type, e.targetId);
        else await purgeRecycled(e.type, e.targetId);
        ok += 1;
      } catch (err) {
        errors.push(`${e.label}: ${toApiError(err).message}`);
      }
    }
    const summary = t('recycle.bulk.done', { ok, failed: errors.length });
    if (errors.length) message.error([summary, ...errors].join(' · '));
    else message.success(summary);
    clear();
    action.current?.reload();
  };

  const columns: ProColumns<RecycleEntry>[] = [
    {
      title: t('recycle.col.type'),
      dataIndex: 'type',
      valueType: 'select',
      width: 110,
      valueEnum: Object.fromEntries(RECYCLABLE_TYPES.map((type) => [type, { text: t(`recycle.type.${type}`) }])),
      render: (_, e) => typeLabel(e.type),
    },
    {
      title: t('recycle.col.label'),
      dataIndex: 'q',
      render: (_, e) => e.label,
      fieldProps: { placeholder: t('recycle.search.placeholder') },
    },
    { title: t('recycle.col.deletedBy'), dataIndex: 'deletedByLabel', search: false, render: (_, e) => e.deletedByLabel ?? '—' },
    {
      title: t('recycle.col.deletedAt'),
      dataIndex: 'deletedAt',
      valueType: 'dateTime',
      sorter: true,
      defaultSortOrder: 'descend',
      search: false,
      width: 180,
    },
    {
      title: t('recycle.col.age'),
      dataIndex: 'age',
      search: false,
      width: 120,
      render: (_, e) =>
        dayjs(e.deletedAt)
          .locale(intl.locale === 'zh-CN' ? 'zh-cn' : 'en')
          .fromNow(true),
    },
    {
      title: '',
      valueType: 'option',
      width: 170,
      render: (_, e) => [
        <Popconfirm key="restore" title={t('recycle.restore.confirm', { label: e.label })} onConfirm={() => one('restore', e)}>
          <a>{t('recycle.restore')}</a>
        </Popconfirm>,
        <Popconfirm
          key="purge"
          title={t('recycle.purge.confirm', { label: e.label })}
          okButtonProps={{ danger: true }}
          onConfirm={() => one('purge', e)}
        >
          <a style={{ color: '#ff4d4f' }}>{t('recycle.purge')}</a>
        </Popconfirm>,
      ],
    },
  ];

  return (
    <PageContainer title={t('recycle.title')}>
      <div data-testid="recycle-bin">
        <RetentionForm />
        <ProTable<RecycleEntry>
          rowKey={keyOf}
          actionRef={action}
          columns={columns}
          size="small"
          search={{ labelWidth: 'auto' }}
          pagination={{ defaultPageSize: 20, showSizeChanger: true }}
          options={{ density: false, setting: false, reload: true }}
          rowSelection={{}}
          locale={{ emptyText: <Empty description={t('recycle.empty')} data-testid="recycle-empty" /> }}
          tableAlertRender={({ selectedRowKeys }) => t('recycle.bulk.selected', { count: selectedRowKeys.length })}
          tableAlertOptionRender={({ selectedRows, onCleanSelected }) => (
            <Space>
              <Popconfirm
                title={t('recycle.bulk.restore.confirm', { count: selectedRows.length })}
                onConfirm={() => bulk('restore', selectedRows, onCleanSelected)}
              >
                <Button size="small">{t('recycle.restore')}</Button>
              </Popconfirm>
              <Popconfirm
                title={t('recycle.bulk.purge.confirm', { count: selectedRows.length })}
                okButtonProps={{ danger: true }}
                onConfirm={() => bulk('purge', selectedRows, onCleanSelected)}
              >
                <Button size="small" danger>
                  {t('recycle.purge')}
                </Button>
              </Popconfirm>
            </Space>
          )}
          request={async (params, sort) => {
            const res = await listRecycle({
              current: params.current,
              pageSize: params.pageSize,
              type: params.type || undefined,
              q: params.q?.trim() || undefined,
              sort: sort.deletedAt === 'ascend' ? 'deletedAt:asc' : 'deletedAt:desc',
            });
            return { data: res.data, total: res.total, success: true };
          }}
        />
      </div>
    </PageContainer>
  );
}
