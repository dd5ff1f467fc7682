/**
 * Pure: a query result and its chart settings (contracts/queries.ts queryVisualizationSchema
 * `chart`) → an ECharts option, and the map from a clicked item back to the RAW dimension values
 * it stands for (the drill; docs/queries.md "Charts").
 *
 * - bar, line, area: the `x` dimension (default the first) on the category axis, one series per
 *   measure of `y` (default all); with `series` (a second dimension) one series per its value (×
 *   measure when several); `stacked` stacks them.
 * - pie, funnel: one slice per `x` value, the first measure.
 * - scatter: one point per row, across the first measure and up the second; `series` splits.
 * - heatmap: `x` across × `series` (default the next dimension) up, coloured by the first measure.
 * - gauge: the first measure of the first row.
 * Rows that fall on the same point (a dimension the chart does not show) are summed. Category
 * names are the values formatted as tables show them (format.ts), empty as "(empty)".
 */
import type { BarSeriesOption, FunnelSeriesOption, GaugeSeriesOption, HeatmapSeriesOption, LineSeriesOption, PieSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption, VisualMapComponentOption } from 'echarts/components';
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

interface Col {
  c: QueryResultColumn;
  i: number;
}

/** Distinct values in order of first appearance, with their keys. */
function distinct(rows: unknown[][], col: Col | undefined): { values: unknown[]; index: Map<string, number> } {
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

const at = (index: Map<string, number>, row: unknown[], col: Col | undefined) => index.get(JSON.stringify(col ? (row[col.i] ?? null) : null)) ?? 0;

const sum = (a: number | null, v: unknown): number | null => {
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

/** The option of `chart` over `result`, or the problem that prevents it. */
export function buildChartOption(result: QueryResult, chart: ChartSettings, ctx: FormatContext): ChartPlan | { problem: ChartProblem } {
  const { x, series, ys, measures } = chartColumns(result, chart);
  if (ys.length === 0) return { problem: 'needsMeasure' };
  const name = (col: Col | undefined, v: unknown) => (col ? formatCell(col.c, v, ctx) : '');
  const valueFormatter = (v: unknown) => (Array.isArray(v) ? v.map((e) => formatNumber(e, ctx.locale)).join(', ') : formatNumber(v, ctx.locale));
  const rows = result.rows;
  const cats = distinct(rows, x);
  const drillOf = (xv: unknown, sv?: unknown, withSeries = false): Record<string, unknown> => ({
    ...(x ? { [x.c.name]: xv } : {}),
    ...(withSeries && series ? { [series.c.name]: sv } : {}),
  });

  if (chart.type === 'gauge') {
    const value = toNumber(rows[0]?.[ys[0].i]) ?? 0;
    return {
      option: {
        tooltip: { valueFormatter },
        series: [{ type: 'gauge', name: ys[0].c.label, min: 0, max: gaugeMax(value), data: [{ value, name: ys[0].c.label }], detail: { formatter: (v: number) => formatNumber(v, ctx.locale) } }],
      },
      drill: () => null,
    };
  }

  if (chart.type === 'pie' || chart.type === 'funnel') {
    const totals = cats.values.map(() => null as number | null);
    for (const row of rows) totals[at(cats.index, row, x)] = sum(totals[at(cats.index, row, x)], row[ys[0].i]);
    const data = cats.values.map((v, j) => ({ name: name(x, v), value: totals[j] ?? 0 }));
    const common = { name: ys[0].c.label, data };
    return {
      option: {
        tooltip: { trigger: 'item', valueFormatter },
        legend: { type: 'scroll', top: 0 },
        series: [chart.type === 'pie' ? { ...common, type: 'pie', radius: '60%', top: 24 } : { ...common, type: 'funnel', sort: 'descending', top: 32, bottom: 8 }],
      },
      drill: ({ dataIndex }) => (dataIndex === undefined || !x ? null : drillOf(cats.values[dataIndex])),
    };
  }

  const groups = distinct(rows, series);

  if (chart.type === 'scatter') {
    const pair = ys.length >= 2 ? ys : measures;
    if (pair.length < 2) return { problem: 'needsTwoMeasures' };
    const byGroup: number[][] = groups.values.map(() => []);
    rows.forEach((row, r) => byGroup[at(groups.index, row, series)].push(r));
    return {
      option: {
        tooltip: { trigger: 'item', valueFormatter },
        legend: series ? { type: 'scroll', top: 0 } : undefined,
        xAxis: { type: 'value', name: pair[0].c.label, nameLocation: 'middle', nameGap: 28, scale: true },
        yAxis: { type: 'value', name: pair[1].c.label, scale: true },
        series: byGroup.map((rs, g) => ({
          type: 'scatter',
          name: series ? name(series, groups.values[g]) : pair[1].c.label,
          data: rs.map((r) => ({ name: name(x, rows[r][x?.i ?? -1]), value: [toNumber(rows[r][pair[0].i]) ?? 0, toNumber(rows[r][pair[1].i]) ?? 0] })),
        })),
      },
      drill: ({ seriesIndex, dataIndex }) => {
        const r = byGroup[seriesIndex ?? -1]?.[dataIndex ?? -1];
        if (r === undefined || !x) return null;
        return drillOf(rows[r][x.i] ?? null, series ? (rows[r][series.i] ?? null) : undefined, true);
      },
    };
  }

  if (chart.type === 'heatmap') {
    const m = ys[0];
    const cells = new Map<string, { xi: number; yi: number; v: number | null }>();
    for (const row of rows) {
      const xi = at(cats.index, row, x);
      const yi = at(groups.index, row, series);
      const k = `${xi}|${yi}`;
      const cell = cells.get(k) ?? { xi, yi, v: null };
      cell.v = sum(cell.v, row[m.i]);
      cells.set(k, cell);
    }
    const list = [...cells.values()];
    const nums = list.map((c) => c.v ?? 0);
    const min = nums.length ? Math.min(...nums) : 0;
    const max = nums.length ? Math.max(...nums) : 1;
    return {
      option: {
        tooltip: { trigger: 'item', valueFormatter },
        grid: { bottom: 64 },
        xAxis: { type: 'category', data: cats.values.map((v) => name(x, v)), name: x?.c.label, splitArea: { show: true } },
        yAxis: { type: 'category', data: groups.values.map((v) => name(series, v)), name: series?.c.label, splitArea: { show: true } },
        visualMap: { type: 'continuous', min, max: max === min ? min + 1 : max, calculable: true, orient: 'horizontal', left: 'center', bottom: 0, formatter: (v: unknown) => formatNumber(v, ctx.locale) },
        series: [{ type: 'heatmap', name: m.c.label, data: list.map((c) => [c.xi, c.yi, c.v ?? 0]), label: { show: list.length <= 100, formatter: (p: { value?: unknown }) => formatNumber((p.value as number[])[2], ctx.locale) } }],
      },
      drill: ({ dataIndex }) => {
        const c = list[dataIndex ?? -1];
        return c && x ? drillOf(cats.values[c.xi], groups.values[c.yi], true) : null;
      },
    };
  }

  // bar, line, area
  const lines: { g: number; m: Col; data: (number | null)[] }[] = [];
  for (let g = 0; g < groups.values.length; g += 1) for (const m of ys) lines.push({ g, m, data: cats.values.map(() => null) });
  for (const row of rows) {
    const g = at(groups.index, row, series);
    ys.forEach((m, j) => {
      const line = lines[g * ys.length + j];
      const xi = at(cats.index, row, x);
      line.data[xi] = sum(line.data[xi], row[m.i]);
    });
  }
  const seriesName = (l: (typeof lines)[number]) =>
    series ? (ys.length > 1 ? `${name(series, groups.values[l.g])} · ${l.m.c.label}` : name(series, groups.values[l.g])) : l.m.c.label;
  const stack = (l: (typeof lines)[number]) => (chart.stacked ? (series && ys.length > 1 ? l.m.c.name : 'total') : undefined);
  return {
    option: {
      tooltip: { trigger: 'axis', valueFormatter },
      legend: lines.length > 1 ? { type: 'scroll', top: 0 } : undefined,
      grid: { top: lines.length > 1 ? 40 : 24, left: 8, right: 16, bottom: 8 },
      xAxis: { type: 'category', data: cats.values.map((v) => name(x, v)), name: x?.c.label },
      yAxis: { type: 'value', name: ys.length === 1 ? ys[0].c.label : undefined, axisLabel: { formatter: (v: number) => formatNumber(v, ctx.locale) } },
      series: lines.map((l) =>
        chart.type === 'bar'
          ? { type: 'bar', name: seriesName(l), data: l.data, stack: stack(l) }
          : { type: 'line', name: seriesName(l), data: l.data, stack: stack(l), areaStyle: chart.type === 'area' ? {} : undefined, connectNulls: false },
      ),
    },
    drill: ({ seriesIndex, dataIndex }) => {
      const l = lines[seriesIndex ?? -1];
      if (!l || dataIndex === undefined || dataIndex >= cats.values.length || !x) return null;
      return drillOf(cats.values[dataIndex], groups.values[l.g], true);
    },
  };
}
