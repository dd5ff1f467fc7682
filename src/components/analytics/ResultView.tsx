/**
 * A query result shown as its visualization says (contracts/queries.ts queryVisualizationSchema;
 * default a table): ResultTable, PivotTable or QueryChart. Shared by the query builder and the
 * dashboards. A result cut by the row cap or the limit says so above. The chart code (ECharts)
 * loads on demand, in its own chunk, the first time a chart shows.
 *
 * Handle: `exportPng(fileName)` downloads the chart as a PNG; `canExportPng()` is false for a
 * table or a pivot table (and a chart that cannot be drawn), when exportPng does nothing.
 */
import { Alert, Spin } from 'antd';
import React, { forwardRef, Suspense, useImperativeHandle, useRef } from 'react';
import type { QueryResult, QueryVisualization } from '../../../contracts';
import { useT } from '../useT';
import { chartColumns } from './chart-option';
import type { QueryChartHandle } from './QueryChart';
import PivotTable from './PivotTable';
import { canPivot } from './pivot';
import ResultTable from './ResultTable';

const DEFAULT_CHART = { type: 'bar' } as const;
const QueryChart = React.lazy(() => import(/* webpackChunkName: "analytics-chart" */ './QueryChart'));

export interface ResultViewProps {
  result: QueryResult;
  visualization?: QueryVisualization;
  /** A row, cell, bar, slice… clicked: the dimension output names → the raw values it stands for. */
  onDrill?: (values: Record<string, unknown>) => void;
  /** Height in px of the chart (default 360) or of the tables' scrolling body. */
  height?: number;
}

export interface ResultViewHandle {
  /** Downloads the chart as `fileName` (".png" added when missing); nothing for a table or pivot table. */
  exportPng(fileName: string): void;
  /** Whether exportPng has a chart to export. */
  canExportPng(): boolean;
}

/** Whether `visualization` shows `result` as a chart that can be drawn (and so exported as PNG). */
export function showsChart(result: QueryResult, visualization?: QueryVisualization): boolean {
  if (visualization?.display !== 'chart') return false;
  const chart = visualization.chart ?? DEFAULT_CHART;
  const { ys, measures } = chartColumns(result, chart);
  if (ys.length === 0) return false;
  return chart.type !== 'scatter' || ys.length >= 2 || measures.length >= 2;
}

const ResultView = forwardRef<ResultViewHandle, ResultViewProps>(function ResultView({ result, visualization, onDrill, height }, ref) {
  const t = useT();
  const chartRef = useRef<QueryChartHandle>(null);
  const display = visualization?.display ?? 'table';

  useImperativeHandle(
    ref,
    () => ({
      exportPng(fileName: string) {
        if (showsChart(result, visualization)) chartRef.current?.exportPng(fileName);
      },
      canExportPng: () => showsChart(result, visualization) && chartRef.current !== null,
    }),
    [result, visualization],
  );

  let body: React.ReactNode;
  if (display === 'chart') {
    body = (
      <Suspense fallback={<Spin tip={t('analytics.chart.loading')}><div style={{ height: height ?? 360 }} /></Spin>}>
        <QueryChart ref={chartRef} result={result} chart={visualization?.chart ?? DEFAULT_CHART} onDrill={onDrill} height={height} />
      </Suspense>
    );
  } else if (display === 'pivot' && canPivot(result)) {
    body = <PivotTable result={result} pivot={visualization?.pivot} onDrill={onDrill} height={height} />;
  } else {
    body = (
      <>
        {display === 'pivot' && <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('analytics.pivot.needsGroups')} data-testid="pivot-problem" />}
        <ResultTable result={result} onDrill={onDrill} height={height} />
      </>
    );
  }
  return (
    <div data-testid="result-view" data-display={display}>
      {result.truncated && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} data-testid="result-truncated" message={t('analytics.truncated', { n: result.rows.length })} />
      )}
      {body}
    </div>
  );
});

export default ResultView;
