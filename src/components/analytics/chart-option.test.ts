/** Result + chart settings → ECharts option, and a clicked item → the raw drill values (chart-option.ts). */
import { buildChartOption, chartProblem, gaugeMax, type ChartPlan } from './chart-option';
import { amount, client, count, ctx, month, result, status } from './fixtures.test-support';

const plan = (p: ReturnType<typeof buildChartOption>): ChartPlan => {
  if ('problem' in p) throw new Error(p.problem);
  return p;
};
type S = { type: string; name?: string; data: unknown[]; stack?: string; areaStyle?: object };
const series = (p: ChartPlan) => p.option.series as S[];
const axis = (p: ChartPlan, a: 'xAxis' | 'yAxis') => p.option[a] as { data?: string[]; name?: string };

const r = result(
  [month, client, count, amount],
  [
    ['2026-01-01', 'c1', 2, '10.5'],
    ['2026-01-01', 'c2', 1, '4'],
    ['2026-02-01', 'c1', 3, null],
    ['2026-02-01', null, 5, '1'],
  ],
);

describe('chart option', () => {
  it('bar: the first dimension across, one series per measure, rows of a hidden dimension summed', () => {
    const p = plan(buildChartOption(r, { type: 'bar' }, ctx));
    expect(axis(p, 'xAxis').data).toEqual(['2026-01', '2026-02']);
    expect(series(p).map((s) => [s.type, s.name, s.data])).toEqual([
      ['bar', 'Count', [3, 8]],
      ['bar', 'Amount (sum)', [14.5, 1]],
    ]);
    expect(p.drill({ seriesIndex: 1, dataIndex: 1 })).toEqual({ month: '2026-02-01' });
  });

  it('splits into series by a second dimension, stacked, names from labels, empty as (empty)', () => {
    const p = plan(buildChartOption(r, { type: 'bar', x: 'month', y: ['count'], series: 'client', stacked: true }, ctx));
    expect(series(p).map((s) => [s.name, s.data, s.stack])).toEqual([
      ['ACME', [2, 3], 'total'],
      ['Globex', [1, null], 'total'],
      ['(empty)', [null, 5], 'total'],
    ]);
    expect(p.drill({ seriesIndex: 2, dataIndex: 1 })).toEqual({ month: '2026-02-01', client: null });
    expect(p.drill({ seriesIndex: 0, dataIndex: 0 })).toEqual({ month: '2026-01-01', client: 'c1' });
    expect(p.drill({ seriesIndex: 9, dataIndex: 0 })).toBeNull();
  });

  it('names series measure by measure when several are split, and stacks per measure', () => {
    const p = plan(buildChartOption(r, { type: 'line', series: 'client', stacked: true }, ctx));
    expect(
      series(p)
        .slice(0, 2)
        .map((s) => [s.name, s.stack]),
    ).toEqual([
      ['ACME · Count', 'count'],
      ['ACME · Amount (sum)', 'amount'],
    ]);
  });

  it('area is a line with an area', () => {
    const p = plan(buildChartOption(r, { type: 'area', y: ['count'] }, ctx));
    expect(series(p)[0]).toMatchObject({ type: 'line', areaStyle: {} });
  });

  it('pie and funnel: one slice per x value of the first measure; a click drills with the raw value', () => {
    const p = plan(buildChartOption(r, { type: 'pie', x: 'client', y: ['amount'] }, ctx));
    expect(series(p)[0].data).toEqual([
      { name: 'ACME', value: 10.5 },
      { name: 'Globex', value: 4 },
      { name: '(empty)', value: 1 },
    ]);
    expect(p.drill({ seriesIndex: 0, dataIndex: 1 })).toEqual({ client: 'c2' });
    const f = plan(buildChartOption(r, { type: 'funnel', x: 'client' }, ctx));
    expect(series(f)[0]).toMatchObject({ type: 'funnel', name: 'Count' });
  });

  it('scatter: first measure across, second up, a point drills to its row', () => {
    const p = plan(buildChartOption(r, { type: 'scatter', series: 'client' }, ctx));
    expect(series(p).map((s) => s.name)).toEqual(['ACME', 'Globex', '(empty)']);
    expect(series(p)[0].data).toEqual([
      { name: '2026-01', value: [2, 10.5] },
      { name: '2026-02', value: [3, 0] },
    ]);
    expect(p.drill({ seriesIndex: 0, dataIndex: 1 })).toEqual({ month: '2026-02-01', client: 'c1' });
    expect(buildChartOption(result([status, count], [['a', 1]]), { type: 'scatter' }, ctx)).toEqual({
      problem: 'needsTwoMeasures',
    });
  });

  it('heatmap: x across, the series dimension up (default the next), coloured by the first measure', () => {
    const p = plan(buildChartOption(r, { type: 'heatmap', y: ['count'] }, ctx));
    expect(axis(p, 'xAxis').data).toEqual(['2026-01', '2026-02']);
    expect(axis(p, 'yAxis').data).toEqual(['ACME', 'Globex', '(empty)']);
    expect(series(p)[0].data).toEqual([
      { name: '2026-01 · ACME', value: [0, 0, 2] },
      { name: '2026-01 · Globex', value: [0, 1, 1] },
      { name: '2026-02 · ACME', value: [1, 0, 3] },
      { name: '2026-02 · (empty)', value: [1, 2, 5] },
    ]);
    expect(p.option.visualMap).toMatchObject({ min: 1, max: 5 });
    expect(p.drill({ seriesIndex: 0, dataIndex: 3 })).toEqual({ month: '2026-02-01', client: null });
  });

  it('gauge: the first measure of the first row, on a round scale; no drill', () => {
    const p = plan(buildChartOption(result([count], [[3456]]), { type: 'gauge' }, ctx));
    expect(series(p)[0]).toMatchObject({ type: 'gauge', max: 4000, data: [{ value: 3456, name: 'Count' }] });
    expect(p.drill({ seriesIndex: 0, dataIndex: 0 })).toBeNull();
    expect(gaugeMax(42)).toBe(100);
    expect(gaugeMax(101)).toBe(200);
  });

  it('refuses a result without measures', () => {
    expect(buildChartOption(result([status], [['a']]), { type: 'bar' }, ctx)).toEqual({ problem: 'needsMeasure' });
  });

  it('says beforehand what keeps a chart from being drawn', () => {
    expect(chartProblem(r, { type: 'bar' })).toBeNull();
    expect(chartProblem(r, { type: 'scatter', y: ['count'] })).toBeNull(); // falls back on every measure
    expect(chartProblem(result([status, count], [['a', 1]]), { type: 'scatter' })).toBe('needsTwoMeasures');
    expect(chartProblem(result([status], [['a']]), { type: 'pie' })).toBe('needsMeasure');
  });
});
