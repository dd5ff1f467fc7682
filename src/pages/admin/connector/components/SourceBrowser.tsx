/**
 * The source browser of a connector: its schemas (a select, when the source has more than one),
 * the tables and views of the chosen schema (a menu walked with the arrow keys, filtered by name),
 * and for the chosen table its columns (source type, nullable) and a preview of its first rows
 * (GET …/preview, at most 20 here; NULL shown as such). From the table: "Make a subject from this
 * table" (the subject wizard) or "Sync into an existing subject" (the sync form). A source that
 * fails (502) or a host off the allow-list (422) is said in place, with a retry.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Col, Empty, Input, Menu, Row, Select, Space, Spin, Table, Tag, Typography } from 'antd';
import React, { useMemo, useState } from 'react';
import type { Connector, SourcePreview } from '../../../../../contracts';
import { useT } from '../../../../components/useT';
import { listSourceSchemas, listSourceTables, previewSource } from '../../../../services/connectors';
import { keys } from '../../../../services/query-keys';
import ProblemAlert from './ProblemAlert';

/** Rows the preview shows. */
const PREVIEW_ROWS = 20;
/** Source answers are not retried: a refusal does not improve by waiting, and each try may take the source's time limit. */
const once = { retry: false, refetchOnWindowFocus: false } as const;

/** The first rows of a table as a grid (one column per source column; NULL in grey). */
export function PreviewGrid({ preview }: { preview: SourcePreview }) {
  const t = useT();
  const columns = preview.columns.map((c, i) => ({
    key: c.name,
    title: c.name,
    ellipsis: true,
    width: 160,
    render: (_: unknown, row: { cells: (string | null)[] }) =>
      row.cells[i] === null ? <Typography.Text type="secondary">NULL</Typography.Text> : row.cells[i],
  }));
  return (
    <>
      <Table
        size="small"
        rowKey="i"
        pagination={false}
        columns={columns}
        dataSource={preview.rows.map((cells, i) => ({ i, cells }))}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('connectors.browse.noRows') }}
        data-testid="connector-preview"
      />
      {preview.truncated && (
        <Typography.Text type="secondary">{t('connectors.browse.truncated', { n: preview.rows.length })}</Typography.Text>
      )}
    </>
  );
}

export default function SourceBrowser({
  connector,
  onMakeSubject,
  onSyncInto,
}: {
  connector: Connector;
  onMakeSubject: (schema: string, table: string) => void;
  onSyncInto: (schema: string, table: string) => void;
}) {
  const t = useT();
  const k = keys('connectors');
  const schemas = useQuery({ queryKey: k.action('schemas', connector.id, connector.updatedAt), queryFn: () => listSourceSchemas(connector.id), ...once });
  const [picked, setPicked] = useState<string | undefined>();
  const list = schemas.data ?? [];
  const schema = picked ?? (list.includes('public') ? 'public' : list[0]);
  const tables = useQuery({
    queryKey: k.action('tables', connector.id, connector.updatedAt, schema),
    queryFn: () => listSourceTables(connector.id, schema ?? ''),
    enabled: schema !== undefined,
    ...once,
  });
  const [table, setTable] = useState<string | undefined>();
  const [filter, setFilter] = useState('');
  const preview = useQuery({
    queryKey: k.action('preview', connector.id, connector.updatedAt, schema, table),
    queryFn: () => previewSource(connector.id, schema ?? '', table ?? '', PREVIEW_ROWS),
    enabled: !!table,
    ...once,
  });
  const shown = useMemo(
    () => (tables.data ?? []).filter((x) => x.name.toLowerCase().includes(filter.trim().toLowerCase())),
    [tables.data, filter],
  );

  if (schemas.isError)
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <ProblemAlert error={schemas.error} testId="browse-problem" />
        <Button onClick={() => void schemas.refetch()} loading={schemas.isFetching}>
          {t('connectors.retry')}
        </Button>
      </Space>
    );
  if (schemas.isPending) return <Spin tip={t('connectors.browse.connecting')} data-testid="browse-loading"><div style={{ minHeight: 120 }} /></Spin>;

  return (
    <Row gutter={16} data-testid="source-browser">
      <Col xs={24} md={8} lg={6}>
        <Space direction="vertical" style={{ width: '100%' }}>
          {list.length > 1 && (
            <Select
              style={{ width: '100%' }}
              value={schema}
              onChange={(v: string) => {
                setPicked(v);
                setTable(undefined);
              }}
              options={list.map((s) => ({ value: s, label: s }))}
              aria-label={t('connectors.browse.schema')}
              data-testid="browse-schema"
              showSearch
            />
          )}
          <Input.Search
            allowClear
            placeholder={t('connectors.browse.filter')}
            aria-label={t('connectors.browse.filter')}
            onChange={(e) => setFilter(e.target.value)}
          />
          {tables.isError ? (
            <ProblemAlert error={tables.error} testId="browse-problem" />
          ) : tables.isPending ? (
            <Spin />
          ) : shown.length === 0 ? (
            <Empty description={t('connectors.browse.noTables')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Menu
              mode="inline"
              selectedKeys={table ? [table] : []}
              onClick={({ key }) => setTable(key)}
              style={{ borderInlineEnd: 'none', maxHeight: 480, overflow: 'auto' }}
              aria-label={t('connectors.browse.tables')}
              data-testid="browse-tables"
              items={shown.map((x) => ({
                key: x.name,
                label: (
                  <span data-testid={`browse-table-${x.name}`}>
                    {x.name} {x.type === 'view' && <Tag>{t('connectors.browse.view')}</Tag>}
                  </span>
                ),
              }))}
            />
          )}
        </Space>
      </Col>
      <Col xs={24} md={16} lg={18}>
        {!table ? (
          <Empty description={t('connectors.browse.pick')} data-testid="browse-pick" />
        ) : preview.isError ? (
          <ProblemAlert error={preview.error} testId="browse-problem" />
        ) : preview.isPending ? (
          <Spin />
        ) : (
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Title level={5} style={{ margin: 0 }} data-testid="browse-table-title">
                {schema ? `${schema}.${table}` : table}
              </Typography.Title>
              <Space wrap>
                <Button type="primary" onClick={() => onMakeSubject(schema ?? '', table)} data-testid="make-subject">
                  {t('connectors.browse.makeSubject')}
                </Button>
                <Button onClick={() => onSyncInto(schema ?? '', table)} data-testid="sync-into">
                  {t('connectors.browse.syncInto')}
                </Button>
              </Space>
            </Space>
            <Table
              size="small"
              rowKey="name"
              pagination={false}
              data-testid="browse-columns"
              dataSource={preview.data.columns}
              columns={[
                { title: t('connectors.browse.column'), dataIndex: 'name' },
                { title: t('connectors.browse.sourceType'), dataIndex: 'sourceType', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
                { title: t('connectors.browse.nullable'), dataIndex: 'nullable', render: (v: boolean) => (v ? t('connectors.yes') : t('connectors.no')) },
              ]}
            />
            <Typography.Text strong>{t('connectors.browse.preview')}</Typography.Text>
            <PreviewGrid preview={preview.data} />
          </Space>
        )}
      </Col>
    </Row>
  );
}
