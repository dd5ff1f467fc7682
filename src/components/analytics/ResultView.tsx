/**
 * A query result shown as its visualization says (contracts/queries.ts queryVisualizationSchema;
 * default a table): ResultTable, PivotTable or QueryChart. Shared by the query builder and the
 * dashboards. A result cut by the row cap or the limit says so above. The chart code (ECharts)
 * loads on demand, in its own chunk `heavy-charts`, the first time a chart shows: ECharts' core
 * alone is ~170 KB gzip (the eight types ~220 KB), over the 150 KB budget of one chunk
 * (docs/performance.md), so it is one of the named heavy chunks no first screen loads.
 *
 * Handle: `exportPng(fileName)` downloads the chart as a PNG; `canExportPng()` is false for a
 * table or a pivot table (and a chart that cannot be drawn), when exportPng does nothing.
 */
import { Alert, Spin } from 'antd';
import React, { forwardRef, Suspense, useImperativeHandle, useRef } from 'react';
import type { QueryResult, QueryVisualization } from '../../../contracts';
import { useT } from '../useT';
import { chartProblem } from './chart-option';
import type { QueryChartHandle } from './QueryChart';
import PivotTable from './PivotTable';
import { canPivot } from './pivot';
import ResultTable from './ResultTable';

const DEFAULT_CHART = { type: 'bar' } as const;
const QueryChart = React.lazy(() => import(/* webpackChunkName: "heavy-charts" */ './QueryChart'));

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
  return visualization?.display === 'chart' && chartProblem(result, visualization.chart ?? DEFAULT_CHART) === null;
}

const ResultView = forwardRef<ResultViewHandle, ResultViewProps>(function ResultView(
  { result, visualization, onDrill, height },
  ref,
) {
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

  const chart = visualization?.chart ?? DEFAULT_CHART;
  // a chart that cannot be drawn says why above the table, without loading the chart library
  const problem = display === 'chart' ? chartProblem(result, chart) : display === 'pivot' && !canPivot(result) ? 'pivot' : null;
  const problemText: Record<string, string> = {
    pivot: 'analytics.pivot.needsGroups',
    needsMeasure: 'analytics.chart.needsMeasure',
    needsTwoMeasures: 'analytics.chart.needsTwoMeasures',
  };
  let body: React.ReactNode;
  if (display === 'chart' && !problem) {
    body = (
      <Suspense
        fallback={
          <Spin tip={t('analytics.chart.loading')}>
            <div style={{ height: height ?? 360 }} />
          </Spin>
        }
      >
        <QueryChart ref={chartRef} result={result} chart={chart} onDrill={onDrill} height={height} />
      </Suspense>
    );
  } else if (display === 'pivot' && !problem) {
    body = <PivotTable result={result} pivot={visualization?.pivot} onDrill={onDrill} height={height} />;
  } else {
    body = (
      <>
        {problem && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            message={t(problemText[problem])}
            data-testid="result-view-problem"
          />
        )}
        <ResultTable result={result} onDrill={onDrill} height={height} />
      </>
    );
  }
  return (
    <div data-testid="result-view" data-display={display}>
      {result.truncated && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="result-truncated"
          message={t('analytics.truncated', { n: result.rows.length })}
        />
      )}
      {body}
    </div>
  );
});

export default ResultView;
