/**
 * One card of a dashboard (docs/queries.md "Dashboards"): its own run (POST …/cards/:cardId/run
 * with the shared filters' values, react-query, refreshed every `refreshSeconds`), so cards load
 * side by side and one card's error (its query deleted, a refused filter value) shows in that card
 * only. Shows the result as the card's visualization or else the saved query's (ResultView), says
 * which shared filters do not apply to it, exports its chart as PNG and opens the records behind a
 * bar or a row (DrillDrawer). In edit mode its header is the drag handle and it can be removed.
 */
import { DeleteOutlined, DragOutlined, FileImageOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Popconfirm, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import React, { useRef, useState } from 'react';
import type { AnalyticsQueryDefinition, DashboardCard, DashboardFilter } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { dashboardKeys, runDashboardCard } from '../../services/dashboards';
import { readerTimeZone } from '../../services/queries';
import DrillDrawer from '../analytics/DrillDrawer';
import ResultView, { type ResultViewHandle } from '../analytics/ResultView';
import { useT } from '../useT';
import { ROW_HEIGHT } from './layout';

/** Vertical gap between grid rows (px), as the grid's margin. */
export const GRID_MARGIN = 12;
/** Height of a card's header and padding (px), taken off its grid height for the result. */
const CHROME = 64;

export interface DashboardCardPanelProps {
  slug: string;
  dashboardId: string;
  card: DashboardCard;
  filters: readonly DashboardFilter[];
  /** The shared filters' values that are set, by filter id. */
  values: Record<string, unknown>;
  refreshSeconds: number;
  editing: boolean;
  onRemove: () => void;
}

export default function DashboardCardPanel({
  slug,
  dashboardId,
  card,
  filters,
  values,
  refreshSeconds,
  editing,
  onRemove,
}: DashboardCardPanelProps) {
  const t = useT();
  const view = useRef<ResultViewHandle>(null);
  const [drill, setDrill] = useState<Record<string, unknown> | null>(null);
  const run = useQuery({
    queryKey: dashboardKeys.action('run', slug, dashboardId, card.id, card.queryId, values),
    queryFn: ({ signal }) => runDashboardCard(slug, dashboardId, card.id, values, signal),
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
    retry: false,
  });
  const data = run.data;
  const title = card.title || data?.queryName || t('dashboards.card.untitled');
  const visualization = card.visualization ?? data?.visualization ?? undefined;
  const label = (id: string) => filters.find((f) => f.id === id)?.label ?? id;
  const height = Math.max(80, card.h * (ROW_HEIGHT + GRID_MARGIN) - GRID_MARGIN - CHROME - (data?.skipped.length ? 24 : 0));
  const state = run.isPending ? 'loading' : run.isError ? 'error' : 'ready';

  const extra = (
    <Space size={0} className="dashboard-card-nodrag">
      <Tooltip title={t('dashboards.card.refresh')}>
        <Button
          type="text"
          size="small"
          icon={<ReloadOutlined spin={run.isFetching} />}
          aria-label={t('dashboards.card.refresh')}
          onClick={() => void run.refetch()}
        />
      </Tooltip>
      <Tooltip title={t('dashboards.card.png')}>
        <Button
          type="text"
          size="small"
          icon={<FileImageOutlined />}
          aria-label={t('dashboards.card.png')}
          data-testid={`dashboard-card-png-${card.id}`}
          disabled={!data || visualization?.display !== 'chart'}
          onClick={() => view.current?.exportPng(title)}
        />
      </Tooltip>
      {editing && (
        <Popconfirm
          title={t('dashboards.card.removeConfirm')}
          okText={t('dashboards.card.remove')}
          okButtonProps={{ danger: true, 'data-testid': `dashboard-card-remove-ok-${card.id}` }}
          onConfirm={onRemove}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('dashboards.card.remove')}
            data-testid={`dashboard-card-remove-${card.id}`}
          />
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Card
      size="small"
      data-testid={`dashboard-card-${card.id}`}
      data-state={state}
      title={
        <Space size={6} className={editing ? 'dashboard-card-drag' : undefined} style={{ cursor: editing ? 'move' : undefined }}>
          {editing && <DragOutlined aria-hidden />}
          <Typography.Text strong ellipsis style={{ maxWidth: 360 }}>
            {title}
          </Typography.Text>
        </Space>
      }
      extra={extra}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, overflow: 'auto', minHeight: 0 } }}
    >
      {run.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : run.isError ? (
        <Alert
          type="error"
          showIcon
          data-testid={`dashboard-card-error-${card.id}`}
          message={t('dashboards.card.error')}
          description={toApiError(run.error).message}
          action={
            <Button size="small" onClick={() => void run.refetch()}>
              {t('dashboards.card.retry')}
            </Button>
          }
        />
      ) : (
        data && (
          <>
            {data.skipped.length > 0 && (
              <div data-testid={`dashboard-card-skipped-${card.id}`} style={{ marginBottom: 4 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('dashboards.card.skipped')}{' '}
                </Typography.Text>
                {data.skipped.map((id) => (
                  <Tag key={id} bordered={false}>
                    {label(id)}
                  </Tag>
                ))}
              </div>
            )}
            <ResultView ref={view} result={data.result} visualization={visualization} height={height} onDrill={setDrill} />
            <DrillDrawer
              slug={slug}
              definition={data.definition as AnalyticsQueryDefinition}
              values={drill}
              options={{ timeZone: readerTimeZone(), conditions: data.conditions }}
              result={data.result}
              onClose={() => setDrill(null)}
            />
          </>
        )
      )}
    </Card>
  );
}
