/**
 * Pure: a query result and its chart settings (contracts/queries.ts queryVisualizationSchema
 * `chart`) → an ECharts option, and the map from a clicked item back to the RAW dimension values
 * it stands for (the drill; docs/queries.md "Results on screen", "Drill-through").
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
import type { QueryResult } from '../../../contracts';
import { barLinePlan, heatmapPlan, scatterPlan } from './chart-cartesian';
import { at, gaugeMax, scopeOf, sum, type ChartPlan, type ChartProblem, type ChartSettings } from './chart-data';
import { formatNumber, toNumber, type FormatContext } from './format';

export { chartColumns, chartProblem, gaugeMax } from './chart-data';
export type { ChartClick, ChartOption, ChartPlan, ChartProblem, ChartSettings } from './chart-data';

/** The option of `chart` over `result`, or the problem that prevents it. */
export function buildChartOption(
  result: QueryResult,
  chart: ChartSettings,
  ctx: FormatContext,
): ChartPlan | { problem: ChartProblem } {
  const s = scopeOf(result, chart, ctx);
  const { rows, x, ys, cats, name, valueFormatter, drillOf } = s;
  if (ys.length === 0) return { problem: 'needsMeasure' };

  if (chart.type === 'gauge') {
    const value = toNumber(rows[0]?.[ys[0].i]) ?? 0;
    return {
      option: {
        tooltip: { valueFormatter },
        series: [
          {
            type: 'gauge',
            name: ys[0].c.label,
            min: 0,
            max: gaugeMax(value),
            data: [{ value, name: ys[0].c.label }],
            detail: { formatter: (v: number) => formatNumber(v, ctx.locale) },
          },
        ],
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
        series: [
          chart.type === 'pie'
            ? { ...common, type: 'pie', radius: '60%', top: 24 }
            : { ...common, type: 'funnel', sort: 'descending', top: 32, bottom: 8 },
        ],
      },
      drill: ({ dataIndex }) => (dataIndex === undefined || !x ? null : drillOf(cats.values[dataIndex])),
    };
  }

  if (chart.type === 'scatter') return scatterPlan(s);
  if (chart.type === 'heatmap') return heatmapPlan(s);
  return barLinePlan(s);
}
