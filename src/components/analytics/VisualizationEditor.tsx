/**
 * How a result shows (contracts/queries.ts queryVisualizationSchema): table, pivot table or chart,
 * the chart's type, category axis, series, values and stacking, the pivot's rows, columns, values
 * and totals. The choices are the result's group-by (dimension) and aggregate (measure) columns.
 * Controlled: every change calls `onChange` with the whole new visualization.
 */
import { Form, Segmented, Select, Space, Switch } from 'antd';
import React, { useId } from 'react';
import type { ChartType, QueryDisplay, QueryResult, QueryVisualization } from '../../../contracts';
import { CHART_TYPES, QUERY_DISPLAYS } from '../../../contracts/constants';
import { useT } from '../useT';
import ChartTypeIcon from './ChartTypeIcon';
import { canPivot, defaultPivot } from './pivot';

export interface VisualizationEditorProps {
  result: QueryResult;
  value: QueryVisualization;
  onChange: (value: QueryVisualization) => void;
}

type Chart = NonNullable<QueryVisualization['chart']>;
type Pivot = NonNullable<QueryVisualization['pivot']>;

/** Chart types that take a series split (a second dimension) and stacking. */
const SERIES_TYPES: ChartType[] = ['bar', 'line', 'area', 'scatter', 'heatmap'];
const STACK_TYPES: ChartType[] = ['bar', 'line', 'area'];
/** Chart types that draw one measure (the first of `y`). */
const ONE_MEASURE_TYPES: ChartType[] = ['pie', 'funnel', 'gauge', 'heatmap'];

export default function VisualizationEditor({ result, value, onChange }: VisualizationEditorProps) {
  const t = useT();
  const id = useId();
  const dims = result.columns.filter((c) => c.role === 'dimension').map((c) => ({ value: c.name, label: c.label }));
  const measures = result.columns.filter((c) => c.role === 'measure').map((c) => ({ value: c.name, label: c.label }));
  const display: QueryDisplay = value.display ?? 'table';
  const chart: Chart = value.chart ?? { type: 'bar' };
  const pivot: Pivot = value.pivot ?? defaultPivot(result);
  const setChart = (patch: Partial<Chart>) => onChange({ ...value, display: 'chart', chart: { ...chart, ...patch } });
  const setPivot = (patch: Partial<Pivot>) => onChange({ ...value, display: 'pivot', pivot: { ...pivot, ...patch } });
  const setDisplay = (d: QueryDisplay) =>
    onChange({
      ...value,
      display: d,
      ...(d === 'chart' && !value.chart ? { chart } : {}),
      ...(d === 'pivot' && !value.pivot ? { pivot } : {}),
    });
  const x = chart.x ?? dims[0]?.value;

  return (
    <Form
      name={`visualization${id.replace(/[^a-zA-Z0-9]/g, '')}`}
      layout="vertical"
      component="div"
      data-testid="visualization-editor"
    >
      <Form.Item label={<span id={`${id}-display`}>{t('analytics.display')}</span>}>
        <Segmented<QueryDisplay>
          aria-labelledby={`${id}-display`}
          data-testid="viz-display"
          value={display}
          onChange={setDisplay}
          options={QUERY_DISPLAYS.map((d) => ({
            value: d,
            label: t(`analytics.display.${d}`),
            disabled: (d === 'pivot' && !canPivot(result)) || (d === 'chart' && measures.length === 0),
          }))}
        />
      </Form.Item>
      {display === 'chart' && (
        <Space wrap align="start" size="middle">
          <Form.Item label={t('analytics.chartType')} htmlFor={`${id}-type`}>
            <Select<ChartType>
              id={`${id}-type`}
              data-testid="viz-chart-type"
              style={{ minWidth: 140 }}
              value={chart.type}
              onChange={(type) => setChart({ type })}
              options={CHART_TYPES.map((ct) => ({
                value: ct,
                label: (
                  <Space size={6}>
                    <ChartTypeIcon type={ct} />
                    {t(`analytics.chartType.${ct}`)}
                  </Space>
                ),
              }))}
            />
          </Form.Item>
          {chart.type !== 'gauge' && chart.type !== 'scatter' && (
            <Form.Item
              label={t(chart.type === 'pie' || chart.type === 'funnel' ? 'analytics.slices' : 'analytics.x')}
              htmlFor={`${id}-x`}
            >
              <Select
                id={`${id}-x`}
                data-testid="viz-chart-x"
                style={{ minWidth: 160 }}
                value={x}
                options={dims}
                onChange={(v: string) => setChart({ x: v, series: chart.series === v ? undefined : chart.series })}
              />
            </Form.Item>
          )}
          {SERIES_TYPES.includes(chart.type) && (
            <Form.Item label={t(chart.type === 'heatmap' ? 'analytics.heatmapY' : 'analytics.series')} htmlFor={`${id}-series`}>
              <Select
                id={`${id}-series`}
                data-testid="viz-chart-series"
                style={{ minWidth: 160 }}
                allowClear
                placeholder={
                  chart.type === 'heatmap' ? (dims.find((d) => d.value !== x)?.label ?? t('analytics.none')) : t('analytics.none')
                }
                value={chart.series}
                options={dims.filter((d) => d.value !== x)}
                onChange={(v?: string) => setChart({ series: v || undefined })}
              />
            </Form.Item>
          )}
          <Form.Item label={t('analytics.y')} htmlFor={`${id}-y`}>
            {ONE_MEASURE_TYPES.includes(chart.type) ? (
              <Select
                id={`${id}-y`}
                data-testid="viz-chart-y"
                style={{ minWidth: 200 }}
                allowClear
                placeholder={t('analytics.yFirst')}
                value={chart.y?.[0]}
                options={measures}
                onChange={(v?: string) => setChart({ y: v ? [v] : undefined })}
              />
            ) : (
              <Select
                id={`${id}-y`}
                data-testid="viz-chart-y"
                mode="multiple"
                style={{ minWidth: 200 }}
                allowClear
                maxCount={chart.type === 'scatter' ? 2 : 10}
                placeholder={t(chart.type === 'scatter' ? 'analytics.yFirstTwo' : 'analytics.yAll')}
                value={chart.y ?? []}
                options={measures}
                onChange={(v: string[]) => setChart({ y: v.length ? v : undefined })}
              />
            )}
          </Form.Item>
          {STACK_TYPES.includes(chart.type) && (
            <Form.Item label={t('analytics.stacked')} htmlFor={`${id}-stacked`}>
              <Switch
                id={`${id}-stacked`}
                data-testid="viz-chart-stacked"
                checked={chart.stacked ?? false}
                onChange={(stacked) => setChart({ stacked })}
              />
            </Form.Item>
          )}
        </Space>
      )}
      {display === 'pivot' && (
        <Space wrap align="start" size="middle">
          <Form.Item label={t('analytics.pivot.rows')} htmlFor={`${id}-rows`}>
            <Select
              id={`${id}-rows`}
              data-testid="viz-pivot-rows"
              mode="multiple"
              style={{ minWidth: 200 }}
              value={pivot.rows}
              options={dims.filter((d) => !pivot.columns.includes(d.value))}
              onChange={(rows: string[]) => setPivot({ rows: rows.slice(0, 4) })}
            />
          </Form.Item>
          <Form.Item label={t('analytics.pivot.columns')} htmlFor={`${id}-columns`}>
            <Select
              id={`${id}-columns`}
              data-testid="viz-pivot-columns"
              mode="multiple"
              style={{ minWidth: 200 }}
              maxCount={2}
              value={pivot.columns}
              options={dims.filter((d) => !pivot.rows.includes(d.value))}
              onChange={(columns: string[]) => setPivot({ columns: columns.slice(0, 2) })}
            />
          </Form.Item>
          <Form.Item label={t('analytics.pivot.values')} htmlFor={`${id}-values`}>
            <Select
              id={`${id}-values`}
              data-testid="viz-pivot-values"
              mode="multiple"
              style={{ minWidth: 200 }}
              value={pivot.values}
              options={measures}
              onChange={(values: string[]) => values.length > 0 && setPivot({ values: values.slice(0, 10) })}
            />
          </Form.Item>
          <Form.Item label={t('analytics.pivot.totals')} htmlFor={`${id}-totals`}>
            <Switch
              id={`${id}-totals`}
              data-testid="viz-pivot-totals"
              checked={pivot.totals ?? true}
              onChange={(totals) => setPivot({ totals })}
            />
          </Form.Item>
        </Space>
      )}
    </Form>
  );
}
