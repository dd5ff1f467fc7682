/**
 * Pure: the charts on two axes (chart-option.ts has the rules): scatter, heat map, and bar, line
 * and area.
 */
import { at, sum, type ChartPlan, type ChartProblem, type Col, type Scope } from './chart-data';
import { formatNumber, toNumber } from './format';

/** One point per row, across the first measure and up the second; `series` splits; a point drills to its row's x and series values. */
export function scatterPlan(s: Scope): ChartPlan | { problem: ChartProblem } {
  const { rows, x, series, ys, measures, groups, name, valueFormatter, drillOf } = s;
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
        data: rs.map((r) => ({
          name: name(x, rows[r][x?.i ?? -1]),
          value: [toNumber(rows[r][pair[0].i]) ?? 0, toNumber(rows[r][pair[1].i]) ?? 0],
        })),
      })),
    },
    drill: ({ seriesIndex, dataIndex }) => {
      const r = byGroup[seriesIndex ?? -1]?.[dataIndex ?? -1];
      if (r === undefined || !x) return null;
      return drillOf(rows[r][x.i] ?? null, series ? (rows[r][series.i] ?? null) : undefined, true);
    },
  };
}

/** x across × series up, coloured by the first measure (visual map); a cell drills to both values. */
export function heatmapPlan(s: Scope): ChartPlan {
  const { rows, x, series, ys, cats, groups, name, valueFormatter, drillOf, ctx } = s;
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
      grid: { top: 32, left: 8, right: 88, bottom: 28 },
      xAxis: {
        type: 'category',
        data: cats.values.map((v) => name(x, v)),
        name: x?.c.label,
        nameLocation: 'middle',
        nameGap: 28,
        splitArea: { show: true },
      },
      yAxis: {
        type: 'category',
        data: groups.values.map((v) => name(series, v)),
        name: series?.c.label,
        splitArea: { show: true },
      },
      visualMap: {
        type: 'continuous',
        min,
        max: max === min ? min + 1 : max,
        calculable: true,
        orient: 'vertical',
        right: 8,
        top: 'middle',
        formatter: (v: unknown) => formatNumber(v, ctx.locale),
      },
      series: [
        {
          type: 'heatmap',
          name: m.c.label,
          // the name says which cell the tooltip is about (x · series)
          data: list.map((c) => ({
            name: `${name(x, cats.values[c.xi])} · ${name(series, groups.values[c.yi])}`,
            value: [c.xi, c.yi, c.v ?? 0],
          })),
          label: {
            show: list.length <= 100,
            formatter: (p: { value?: unknown }) => formatNumber((p.value as number[])[2], ctx.locale),
          },
        },
      ],
    },
    drill: ({ dataIndex }) => {
      const c = list[dataIndex ?? -1];
      return c && x ? drillOf(cats.values[c.xi], groups.values[c.yi], true) : null;
    },
  };
}

/** Bar, line, area: categories across, a series per measure (× series value); a bar or point drills to its x (and series) value. */
export function barLinePlan(s: Scope): ChartPlan {
  const { rows, x, series, ys, cats, groups, name, valueFormatter, drillOf, ctx, chart } = s;
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
    series
      ? ys.length > 1
        ? `${name(series, groups.values[l.g])} · ${l.m.c.label}`
        : name(series, groups.values[l.g])
      : l.m.c.label;
  const stack = (l: (typeof lines)[number]) => (chart.stacked ? (series && ys.length > 1 ? l.m.c.name : 'total') : undefined);
  return {
    option: {
      tooltip: { trigger: 'axis', valueFormatter },
      legend: lines.length > 1 ? { type: 'scroll', top: 0 } : undefined,
      grid: { top: lines.length > 1 ? 48 : 32, left: 8, right: 16, bottom: 28 },
      xAxis: {
        type: 'category',
        data: cats.values.map((v) => name(x, v)),
        name: x?.c.label,
        nameLocation: 'middle',
        nameGap: 28,
      },
      yAxis: {
        type: 'value',
        name: ys.length === 1 ? ys[0].c.label : undefined,
        axisLabel: { formatter: (v: number) => formatNumber(v, ctx.locale) },
      },
      series: lines.map((l) =>
        chart.type === 'bar'
          ? { type: 'bar', name: seriesName(l), data: l.data, stack: stack(l) }
          : {
              type: 'line',
              name: seriesName(l),
              data: l.data,
              stack: stack(l),
              areaStyle: chart.type === 'area' ? {} : undefined,
              connectNulls: false,
            },
      ),
    },
    drill: ({ seriesIndex, dataIndex }) => {
      const l = lines[seriesIndex ?? -1];
      if (!l || dataIndex === undefined || dataIndex >= cats.values.length || !x) return null;
      return drillOf(cats.values[dataIndex], groups.values[l.g], true);
    },
  };
}
