/**
 * A query result as an ECharts chart (chart-option.ts). Only the pieces the eight chart types use
 * are registered on `echarts/core` (tree-shaken), and ResultView loads this file on demand, so the
 * chart library sits in its own chunk, fetched by the pages that show a chart. A click on a bar,
 * point, slice, funnel part or heat-map cell drills with the raw values it stands for.
 * The handle exports the chart as a PNG (2× pixels, white background).
 */
import { BarChart, FunnelChart, GaugeChart, HeatmapChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { Alert } from 'antd';
import React, { forwardRef, useImperativeHandle, useMemo, useRef } from 'react';
import type { QueryResult, QueryVisualization } from '../../../contracts';
import { saveBlob } from '../../services/download';
import { useT } from '../useT';
import { buildChartOption, chartColumns, type ChartClick } from './chart-option';
import ResultTable from './ResultTable';
import { useFormatContext } from './useFormatContext';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  HeatmapChart,
  FunnelChart,
  GaugeChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export interface QueryChartProps {
  result: QueryResult;
  chart: NonNullable<QueryVisualization['chart']>;
  onDrill?: (values: Record<string, unknown>) => void;
  /** px; default 360. */
  height?: number;
}

/** What ResultView asks of a chart: a PNG of it, downloaded as `fileName`; false when there is no chart to export. */
export interface QueryChartHandle {
  exportPng(fileName: string): boolean;
}

/** A data URL ("data:image/png;base64,…") as a Blob. */
function dataUrlBlob(url: string): Blob {
  const [head, body] = url.split(',', 2);
  const bytes = atob(body);
  const buf = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) buf[i] = bytes.charCodeAt(i);
  return new Blob([buf], { type: /data:([^;]+)/.exec(head)?.[1] ?? 'image/png' });
}

const QueryChart = forwardRef<QueryChartHandle, QueryChartProps>(function QueryChart(
  { result, chart, onDrill, height = 360 },
  ref,
) {
  const t = useT();
  const ctx = useFormatContext(result.labels, 'word');
  // by value: a parent that rebuilds its visualization object on each render must not restart the chart
  const chartKey = JSON.stringify(chart);
  const plan = useMemo(() => buildChartOption(result, chart, ctx), [result, chartKey, ctx]);
  const echartsRef = useRef<ReactEChartsCore>(null);

  useImperativeHandle(
    ref,
    () => ({
      exportPng(fileName: string) {
        const instance = echartsRef.current?.getEchartsInstance();
        if (!instance) return false;
        const url = instance.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
        saveBlob(dataUrlBlob(url), fileName.endsWith('.png') ? fileName : `${fileName}.png`);
        return true;
      },
    }),
    [],
  );

  const onEvents = useMemo(
    () => ({
      click: (e: ChartClick) => {
        if (!onDrill || 'problem' in plan) return;
        const values = plan.drill(e);
        if (values) onDrill(values);
      },
    }),
    [plan, onDrill],
  );

  const cols = chartColumns(result, chart);
  // what a screen reader says of the canvas: its type, values and axis (the table view has the figures)
  const ariaLabel = [t(`analytics.chartType.${chart.type}`), cols.ys.map((y) => y.c.label).join(', '), cols.x?.c.label]
    .filter(Boolean)
    .join(' · ');
  if ('problem' in plan) {
    return (
      <>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          message={t(`analytics.chart.${plan.problem}`)}
          data-testid="chart-problem"
        />
        <ResultTable result={result} onDrill={onDrill} height={height} />
      </>
    );
  }
  return (
    <div data-testid="result-chart" data-chart-type={chart.type} role="img" aria-label={ariaLabel}>
      <ReactEChartsCore
        ref={echartsRef}
        echarts={echarts}
        option={withRichTextTooltip(plan.option)}
        notMerge
        autoResize
        onEvents={onEvents}
        style={{ height, width: '100%', cursor: onDrill ? 'pointer' : undefined }}
      />
    </div>
  );
});

/**
 * The option with its tooltip drawn on the canvas (`renderMode: 'richText'`): ECharts' HTML tooltip
 * writes inline style attributes through innerHTML, which the page's Content-Security-Policy
 * refuses (docs/queries.md "Results on screen").
 */
function withRichTextTooltip<T extends { tooltip?: unknown }>(option: T): T {
  const tooltip = option.tooltip && typeof option.tooltip === 'object' ? option.tooltip : {};
  return { ...option, tooltip: { ...tooltip, renderMode: 'richText' } };
}

export default QueryChart;
