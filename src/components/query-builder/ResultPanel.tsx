/**
 * A run's result under the builder: counts and timing, the visualization
 * editor above the result view (table, pivot or chart; components/analytics), a click on a row,
 * bar or cell opening the drill drawer with the records behind it, exports (CSV/XLSX of the whole
 * result, PNG of a chart), and — when the server sent it (administrators only) — the generated SQL
 * and its parameters, read-only, in a collapsible panel.
 */
import { DownloadOutlined, FileImageOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Dropdown, Space, Typography } from 'antd';
import React, { useRef } from 'react';
import type { AnalyticsQueryDefinition, QueryResult, QueryVisualization } from '../../../contracts';
import type { QueryExportFormat } from '../../services/recordQueries';
import DrillDrawer from '../analytics/DrillDrawer';
import ResultView, { showsChart, type ResultViewHandle } from '../analytics/ResultView';
import VisualizationEditor from '../analytics/VisualizationEditor';
import { useT } from '../useT';

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

export default function ResultPanel({ app, definition, drill, result, visualization, onVisualization, onDrill, onExport, exporting, fileName }: Props) {
  const t = useT();
  const view = useRef<ResultViewHandle>(null);
  const chart = showsChart(result, visualization);
  return (
    <Card
      size="small"
      title={t('queries.result.title')}
      data-testid="qb-result"
      extra={
        <Space wrap>
          <Typography.Text type="secondary" data-testid="qb-result-stats">
            {t(result.cached ? 'queries.result.statsCached' : 'queries.result.stats', { rows: result.rows.length, ms: Math.round(result.elapsedMs) })}
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
            disabled={!chart}
            onClick={() => view.current?.exportPng(`${fileName}.png`)}
            data-testid="qb-export-png"
          >
            {t('queries.export.png')}
          </Button>
        </Space>
      }
    >
      <div style={{ marginBottom: 12 }} data-testid="qb-visualization">
        <VisualizationEditor result={result} value={visualization} onChange={onVisualization} />
      </div>
      <ResultView ref={view} result={result} visualization={visualization} onDrill={onDrill} />
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
      <DrillDrawer slug={app} definition={definition} values={drill} result={result} onClose={() => onDrill(null)} />
    </Card>
  );
}
