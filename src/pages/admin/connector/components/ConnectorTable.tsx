/**
 * The connectors' list (ProTable on server paging): name (opens the connector), kind (filter),
 * where it points (host:port/database, or the URL's host), its syncs, the latest run of its syncs
 * and when it was changed; search by name. An empty list says what a connector is and offers
 * "New connector". Row actions: edit, delete (asked first; to the recycle bin).
 */
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { Button, Empty, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type { Connector, ConnectorRun } from '../../../../../contracts';
import { CONNECTOR_KINDS, type ConnectorKind } from '../../../../../contracts/connectors.constants';
import { useT } from '../../../../components/useT';
import { listConnectors, listSyncs } from '../../../../services/connectors';
import { hostLabel, latestRunByConnector, syncsByConnector } from '../logic';
import RunStatus from './RunStatus';

type Row = Connector & { lastRun: ConnectorRun | null };

export default function ConnectorTable({
  actionRef,
  onOpen,
  onCreate,
  onEdit,
  onDelete,
}: {
  actionRef: React.MutableRefObject<ActionType | undefined>;
  onOpen: (c: Connector) => void;
  onCreate: () => void;
  onEdit: (c: Connector) => void;
  onDelete: (c: Connector) => void;
}) {
  const t = useT();
  const columns: ProColumns<Row>[] = [
    {
      title: t('connectors.col.name'),
      dataIndex: 'q',
      render: (_, r) => (
        // a real link (keyboard, new tab); a plain click stays in the page
        <a
          href={`/admin/connector?connector=${encodeURIComponent(r.id)}`}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey) return;
            e.preventDefault();
            onOpen(r);
          }}
          data-testid={`open-connector-${r.name}`}
        >
          {r.name}
        </a>
      ),
    },
    {
      title: t('connectors.col.kind'),
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: Object.fromEntries(CONNECTOR_KINDS.map((k) => [k, { text: t(`connectors.kind.${k}`) }])),
      render: (_, r) => t(`connectors.kind.${r.kind}`),
    },
    { title: t('connectors.col.host'), dataIndex: 'host', hideInSearch: true, render: (_, r) => <Typography.Text code>{hostLabel(r.kind, r.config)}</Typography.Text> },
    { title: t('connectors.col.syncs'), dataIndex: 'syncs', hideInSearch: true, width: 90 },
    { title: t('connectors.col.lastRun'), dataIndex: 'lastRun', hideInSearch: true, render: (_, r) => <RunStatus run={r.lastRun} withTime /> },
    {
      title: t('connectors.col.updatedAt'),
      dataIndex: 'updatedAt',
      hideInSearch: true,
      width: 170,
      render: (_, r) => dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('connectors.col.actions'),
      valueType: 'option',
      width: 160,
      render: (_, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => onEdit(r)}>
            {t('connectors.edit')}
          </Button>
          <Button type="link" size="small" danger onClick={() => onDelete(r)} data-testid={`delete-connector-${r.name}`}>
            {t('connectors.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div data-testid="connectors-table">
      <ProTable<Row>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        form={{ name: 'connectorSearch' }}
        request={async (params) => {
          const { current, pageSize, q, kind } = params as Record<string, string | number | undefined>;
          // the latest run of each connector comes from its syncs (the list of connectors does not carry it)
          const [page, syncs] = await Promise.all([
            listConnectors({
              current: Number(current) || 1,
              pageSize: Number(pageSize) || 20,
              q: q ? String(q) : undefined,
              kind: kind ? (String(kind) as ConnectorKind) : undefined,
            }),
            listSyncs({ pageSize: 100 }).catch(() => ({ data: [] })),
          ]);
          const last = latestRunByConnector(syncs.data);
          const counted = syncsByConnector(syncs.data);
          return { ...page, data: page.data.map((c) => ({ ...c, syncs: Math.max(c.syncs, counted.get(c.id) ?? 0), lastRun: last.get(c.id) ?? null })) };
        }}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{
          emptyText: (
            <Empty description={t('connectors.empty')} data-testid="connectors-empty">
              <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
                {t('connectors.new')}
              </Button>
            </Empty>
          ),
        }}
        toolBarRender={() => [
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="new-connector">
            {t('connectors.new')}
          </Button>,
        ]}
      />
    </div>
  );
}
