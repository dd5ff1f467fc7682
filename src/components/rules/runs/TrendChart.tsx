/**
 * A small line chart of a subject's scores over its last runs (oldest left), drawn as SVG: the
 * project has no chart library. Each point has a tooltip (score, failing records, time).
 */
import { Empty, Tooltip } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import { useIntl } from 'umi';
import type { RuleRunTrendPoint } from '../../../../contracts';

const W = 480;
const H = 120;
const PAD = 24;

export default function TrendChart({ points }: { points: RuleRunTrendPoint[] }) {
  const intl = useIntl();
  const scored = points.filter((p) => p.score !== null);
  if (scored.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={intl.formatMessage({ id: 'ruleRuns.trend.empty' })} />;
  const x = (i: number) => PAD + (scored.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (scored.length - 1));
  const y = (score: number) => H - PAD - (score / 100) * (H - 2 * PAD);
  const path = scored.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.score!).toFixed(1)}`).join(' ');
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W }} role="img" aria-label={intl.formatMessage({ id: 'ruleRuns.trend.title' })} data-testid="rule-run-trend">
      <line x1={PAD} x2={W - PAD} y1={y(100)} y2={y(100)} stroke="#f0f0f0" />
      <line x1={PAD} x2={W - PAD} y1={y(50)} y2={y(50)} stroke="#f0f0f0" />
      <line x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} stroke="#d9d9d9" />
      <text x={2} y={y(100) + 4} fontSize={10} fill="#8c8c8c">100</text>
      <text x={8} y={y(50) + 4} fontSize={10} fill="#8c8c8c">50</text>
      <text x={14} y={y(0) + 4} fontSize={10} fill="#8c8c8c">0</text>
      <path d={path} fill="none" stroke="#1677ff" strokeWidth={2} />
      {scored.map((p, i) => (
        <Tooltip
          key={p.runId}
          title={intl.formatMessage({ id: 'ruleRuns.trend.point' }, { score: p.score!, failing: p.failingRecords, at: dayjs(p.at).format('YYYY-MM-DD HH:mm') })}
        >
          <circle cx={x(i)} cy={y(p.score!)} r={4} fill="#1677ff" />
        </Tooltip>
      ))}
    </svg>
  );
}
