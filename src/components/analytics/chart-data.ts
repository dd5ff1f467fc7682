/**
 * Pure parts the chart builders share (chart-option.ts, chart-cartesian.ts): the option's type,
 * the columns a chart draws, the distinct values of a dimension in order of first appearance,
 * and the scope one build works in (names formatted as tables show them, the drill's values).
 */
import type {
  BarSeriesOption,
  FunnelSeriesOption,
  GaugeSeriesOption,
  HeatmapSeriesOption,
  LineSeriesOption,
  PieSeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { QueryResult, QueryResultColumn, QueryVisualization } from '../../../contracts';
import { formatCell, formatNumber, toNumber, type FormatContext } from './format';

export type ChartSettings = NonNullable<QueryVisualization['chart']>;
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | ScatterSeriesOption
  | HeatmapSeriesOption
  | FunnelSeriesOption
  | GaugeSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | VisualMapComponentOption
>;

/** A clicked item as ECharts reports it (the parts the drill reads). */
export interface ChartClick {
  seriesIndex?: number;
  dataIndex?: number;
}

export interface ChartPlan {
  option: ChartOption;
  /** The raw dimension values behind a clicked item (`{x name: value, series name?: value}`); null when it stands for none. */
  drill: (click: ChartClick) => Record<string, unknown> | null;
}

/** Why a result cannot be drawn as asked: no measure at all, or a scatter without two. */
export type ChartProblem = 'needsMeasure' | 'needsTwoMeasures';

export interface Col {
  c: QueryResultColumn;
  i: number;
}

/** Distinct values in order of first appearance, with their keys. */
export function distinct(rows: unknown[][], col: Col | undefined): { values: unknown[]; index: Map<string, number> } {
  const values: unknown[] = [];
  const index = new Map<string, number>();
  for (const row of rows) {
    const v = col ? (row[col.i] ?? null) : null;
    const k = JSON.stringify(v);
    if (!index.has(k)) {
      index.set(k, values.length);
      values.push(v);
    }
  }
  return { values, index };
}

export const at = (index: Map<string, number>, row: unknown[], col: Col | undefined) =>
  index.get(JSON.stringify(col ? (row[col.i] ?? null) : null)) ?? 0;

export const sum = (a: number | null, v: unknown): number | null => {
  const n = toNumber(v);
  return n === null ? a : (a ?? 0) + n;
};

/** A round maximum for a gauge: 100 up to 100, else the value rounded up on its first digit (3,456 → 4,000). */
export function gaugeMax(value: number): number {
  if (value <= 100) return 100;
  const p = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / p) * p;
}

/** The columns a chart draws: its x dimension, its series dimension, its measures. */
export function chartColumns(result: QueryResult, chart: ChartSettings) {
  const cols: Col[] = result.columns.map((c, i) => ({ c, i }));
  const dims = cols.filter((x) => x.c.role === 'dimension');
  const measures = cols.filter((x) => x.c.role === 'measure');
  const x = dims.find((d) => d.c.name === chart.x) ?? dims[0];
  let series = dims.find((d) => d.c.name === chart.series && d !== x);
  if (!series && chart.type === 'heatmap') series = dims.find((d) => d !== x);
  const picked = (chart.y ?? []).map((n) => measures.find((m) => m.c.name === n)).filter((m): m is Col => !!m);
  return { x, series, ys: picked.length > 0 ? picked : measures, measures };
}

/** What keeps `chart` from drawing `result`, or null when it can be drawn. */
export function chartProblem(result: QueryResult, chart: ChartSettings): ChartProblem | null {
  const { ys, measures } = chartColumns(result, chart);
  if (ys.length === 0) return 'needsMeasure';
  if (chart.type === 'scatter' && ys.length < 2 && measures.length < 2) return 'needsTwoMeasures';
  return null;
}

/** What one build works with: the rows, the drawn columns, the x and series values, formatters, the drill's values. */
export interface Scope {
  chart: ChartSettings;
  ctx: FormatContext;
  rows: unknown[][];
  x: Col | undefined;
  series: Col | undefined;
  ys: Col[];
  measures: Col[];
  cats: ReturnType<typeof distinct>;
  groups: ReturnType<typeof distinct>;
  /** A dimension value as its axis or legend shows it. */
  name: (col: Col | undefined, v: unknown) => string;
  valueFormatter: (v: unknown) => string;
  /** The drill values of an x value (and of a series value when `withSeries`). */
  drillOf: (xv: unknown, sv?: unknown, withSeries?: boolean) => Record<string, unknown>;
}

/** The scope of `chart` over `result`. */
export function scopeOf(result: QueryResult, chart: ChartSettings, ctx: FormatContext): Scope {
  const { x, series, ys, measures } = chartColumns(result, chart);
  const rows = result.rows;
  return {
    chart,
    ctx,
    rows,
    x,
    series,
    ys,
    measures,
    cats: distinct(rows, x),
    groups: distinct(rows, series),
    name: (col, v) => (col ? formatCell(col.c, v, ctx) : ''),
    valueFormatter: (v) =>
      Array.isArray(v) ? v.map((e) => formatNumber(e, ctx.locale)).join(', ') : formatNumber(v, ctx.locale),
    drillOf: (xv, sv, withSeries = false) => ({
      ...(x ? { [x.c.name]: xv } : {}),
      ...(withSeries && series ? { [series.c.name]: sv } : {}),
    }),
  };
}
