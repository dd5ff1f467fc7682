/**
 * An application's dashboards the caller sees (GET …/dashboards, paged on the server, `q` on the
 * name): name (opens it through `onOpen`), visibility, owner, last change, delete (to the recycle
 * bin, for who may change it); "New dashboard" (editors+: `canCreate`) asks a name and a visibility
 * and opens the new one.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import React, { useState } from 'react';
import type { Dashboard } from '../../../contracts';
import { QUERY_VISIBILITIES } from '../../../contracts/constants';
import { submitForm } from '../../services/api-error';
import { createDashboard, dashboardKeys, listDashboards, removeDashboard } from '../../services/dashboards';
import { useConfirmedDelete } from '../useConfirmedDelete';
import { useT } from '../useT';

export interface DashboardListProps {
  slug: string;
  canCreate: boolean;
  onOpen: (dashboard: Pick<Dashboard, 'id' | 'name'>) => void;
}

const PAGE_SIZE = 20;

export default function DashboardList({ slug, canCreate, onOpen }: DashboardListProps) {
  const t = useT();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [current, setCurrent] = useState(1);
  const [creating, setCreating] = useState(false);
  const [form] = Form.useForm<{ name: string; visibility: Dashboard['visibility'] }>();
  const { confirmDelete, contextHolder } = useConfirmedDelete();
  const list = useQuery({
    queryKey: dashboardKeys.list({ slug, q, current }),
    queryFn: () => listDashboards(slug, { q, current, pageSize: PAGE_SIZE }),
    enabled: !!slug,
  });
  const create = useMutation({
    mutationFn: (v: { name: string; visibility: Dashboard['visibility'] }) => createDashboard(slug, v),
  });

  const columns = [
    {
      title: t('dashboards.list.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, d: Dashboard) => (
        <Typography.Link data-testid={`dashboard-open-${d.id}`} onClick={() => onOpen(d)}>
          {name}
        </Typography.Link>
      ),
    },
    {
      title: t('dashboards.list.visibility'),
      dataIndex: 'visibility',
      key: 'visibility',
      render: (v: Dashboard['visibility']) => <Tag>{t(`dashboards.visibility.${v}`)}</Tag>,
    },
    { title: t('dashboards.list.cards'), key: 'cards', render: (_: unknown, d: Dashboard) => d.cards.length },
    { title: t('dashboards.list.owner'), dataIndex: 'ownerName', key: 'owner', render: (o: string | null) => o ?? '—' },
    {
      title: t('dashboards.list.updated'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (d: string) => dayjs(d).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('dashboards.list.actions'),
      key: 'actions',
      render: (_: unknown, d: Dashboard) =>
        d.canEdit && (
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('dashboards.delete')}
            data-testid={`dashboard-delete-${d.id}`}
            onClick={() =>
              confirmDelete({
                title: t('dashboards.delete.title', { name: d.name }),
                content: t('dashboards.delete.content'),
                okText: t('dashboards.delete'),
                success: t('dashboards.delete.done'),
                run: () => removeDashboard(slug, d.id),
                onDone: () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
              })
            }
          />
        ),
    },
  ];

  return (
    <div data-testid="dashboard-list">
      {contextHolder}
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Input.Search
          allowClear
          placeholder={t('dashboards.list.search')}
          aria-label={t('dashboards.list.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setQ(v.trim());
            setCurrent(1);
          }}
        />
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="dashboard-new" onClick={() => setCreating(true)}>
            {t('dashboards.new')}
          </Button>
        )}
      </Space>
      <Table<Dashboard>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data?.data ?? []}
        columns={columns}
        pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
        locale={{ emptyText: t('dashboards.list.empty') }}
      />
      <Modal
        open={creating}
        title={t('dashboards.new')}
        okText={t('dashboards.new.ok')}
        okButtonProps={{ 'data-testid': 'dashboard-new-ok' }}
        confirmLoading={create.isPending}
        destroyOnHidden
        onCancel={() => setCreating(false)}
        onOk={() =>
          void form.validateFields().then((v) =>
            submitForm(form, async () => {
              const d = await create.mutateAsync({ name: v.name.trim(), visibility: v.visibility });
              await queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
              setCreating(false);
              onOpen(d);
            }),
          )
        }
      >
        <Form form={form} name="dashboardNew" layout="vertical" initialValues={{ visibility: 'application' }} preserve={false}>
          <Form.Item
            name="name"
            label={t('dashboards.list.name')}
            rules={[{ required: true, whitespace: true, message: t('dashboards.required') }, { max: 100 }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="visibility" label={t('dashboards.list.visibility')}>
            <Radio.Group options={QUERY_VISIBILITIES.map((v) => ({ value: v, label: t(`dashboards.visibility.${v}`) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
