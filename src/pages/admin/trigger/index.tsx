/**
 * /admin/trigger, triggers (docs/triggers.md): a ProTable on server paging, newest first, filtered
 * by application, event, enabled and name; a switch enables or disables a trigger; "New trigger"
 * opens the editor. The second tab is the dead-letter list (every trigger's dead runs, each
 * replayable).
 */
import { PageContainer, ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, message, Switch, Tabs } from 'antd';
import dayjs from 'dayjs';
import React, { useRef } from 'react';
import { history, Link } from 'umi';
import type { Trigger } from '../../../../contracts';
import { TRIGGER_EVENT_KINDS } from '../../../../contracts/triggers.constants';
import { toApiError } from '../../../services/api-error';
import { listTriggers, setTriggerEnabled } from '../../../services/triggers';
import { RunsTable, useT } from './components/TriggerBits';

export default function TriggersPage() {
  const t = useT();
  const action = useRef<ActionType>();
  const toggle = async (row: Trigger, enabled: boolean) => {
    try {
      await setTriggerEnabled(row.id, enabled);
      action.current?.reload();
    } catch (err) {
      message.error(toApiError(err).message);
    }
  };
  const columns: ProColumns<Trigger>[] = [
    {
      title: t('triggers.col.name'),
      dataIndex: 'q',
      render: (_, row) => (
        <Link to={`/admin/trigger/${row.id}`} data-testid="trigger-link">
          {row.name}
        </Link>
      ),
    },
    { title: t('triggers.col.application'), dataIndex: 'application' },
    {
      title: t('triggers.col.event'),
      dataIndex: 'event',
      valueType: 'select',
      valueEnum: Object.fromEntries(TRIGGER_EVENT_KINDS.map((k) => [k, { text: t(`triggers.event.${k}`) }])),
    },
    { title: t('triggers.col.subject'), dataIndex: 'subject', hideInSearch: true, render: (_, row) => row.subject ?? '–' },
    {
      title: t('triggers.col.enabled'),
      dataIndex: 'enabled',
      valueType: 'select',
      valueEnum: { true: { text: '✓' }, false: { text: '✗' } },
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.enabled}
          onChange={(v) => void toggle(row, v)}
          aria-label={`${t('triggers.col.enabled')}: ${row.name}`}
          data-testid="trigger-enabled"
        />
      ),
    },
    {
      title: t('triggers.col.nextFire'),
      dataIndex: 'nextFires',
      hideInSearch: true,
      render: (_, row) => (row.nextFires[0] ? dayjs(row.nextFires[0]).format('YYYY-MM-DD HH:mm') : '–'),
    },
    { title: t('triggers.col.owner'), dataIndex: 'ownerLabel', hideInSearch: true },
    {
      title: t('triggers.col.updatedAt'),
      dataIndex: 'updatedAt',
      hideInSearch: true,
      render: (_, row) => dayjs(row.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
  ];
  return (
    <PageContainer title={t('triggers.title')} subTitle={t('triggers.subtitle')}>
      <Tabs
        items={[
          {
            key: 'list',
            label: t('triggers.tab.list'),
            children: (
              <div data-testid="triggers-table">
                <ProTable<Trigger>
                  rowKey="id"
                  actionRef={action}
                  columns={columns}
                  request={async (params) => {
                    const p = params as Record<string, string | number | undefined>;
                    return listTriggers({
                      current: Number(p.current) || 1,
                      pageSize: Number(p.pageSize) || 20,
                      application: p.application ? String(p.application) : undefined,
                      event: p.event ? String(p.event) : undefined,
                      enabled: p.enabled === 'true' || p.enabled === 'false' ? p.enabled : undefined,
                      q: p.q ? String(p.q) : undefined,
                    });
                  }}
                  search={{ labelWidth: 'auto' }}
                  pagination={{ defaultPageSize: 20, showSizeChanger: true }}
                  toolBarRender={() => [
                    <Button key="new" type="primary" onClick={() => history.push('/admin/trigger/new')} data-testid="trigger-new">
                      {t('triggers.new')}
                    </Button>,
                  ]}
                />
              </div>
            ),
          },
          { key: 'dead', label: t('triggers.tab.dead'), children: <RunsTable state="dead" /> },
        ]}
      />
    </PageContainer>
  );
}
