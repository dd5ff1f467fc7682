/** The icon of a chart type (contracts CHART_TYPES), beside its name in pickers. */
import {
  AreaChartOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DotChartOutlined,
  FunnelPlotOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  PieChartOutlined,
} from '@ant-design/icons';
import React from 'react';
import type { ChartType } from '../../../contracts';

const ICONS: Record<ChartType, React.ComponentType> = {
  bar: BarChartOutlined,
  line: LineChartOutlined,
  area: AreaChartOutlined,
  pie: PieChartOutlined,
  scatter: DotChartOutlined,
  heatmap: HeatMapOutlined,
  funnel: FunnelPlotOutlined,
  gauge: DashboardOutlined,
};

export default function ChartTypeIcon({ type }: { type: ChartType }) {
  const Icon = ICONS[type];
  return <Icon aria-hidden />;
}
