/**
 * One dashboard (docs/queries.md "Dashboards"): its cards on a 12-column grid (react-grid-layout 2),
 * each loading on its own (DashboardCardPanel), the shared filter bar, the auto-refresh period and
 * full screen (ahooks useFullscreen). Who may change it (`canEdit`: its owner, the application's
 * owners, administrators) switches to edit mode: cards are dragged by their header and resized by
 * their corner, added (AddCardModal) and removed; filters are added (AddFilterModal) and removed.
 * Every change is saved at once through PATCH; in view mode the grid is static.
 *
 * Full screen is the browser's (the Fullscreen API on the dashboard's own element); the dropdowns,
 * pickers and dialogs opened inside render into that element (ConfigProvider getPopupContainer),
 * else they would open behind it. (ahooks' page full screen injects a <style> element, which the
 * app's Content-Security-Policy refuses.)
 */
import { EditOutlined, FullscreenExitOutlined, FullscreenOutlined, PlusOutlined, CheckOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useFullscreen } from 'ahooks';
import { message as antMessage, Button, ConfigProvider, Empty, Select, Space, Tooltip, Typography } from 'antd';
import React, { useEffect, useRef, useState } from 'react';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import type { Dashboard, DashboardCard, DashboardFilter, DashboardInput } from '../../../contracts';
import { DASHBOARD_REFRESH_SECONDS } from '../../../contracts/constants';
import { toApiError } from '../../services/api-error';
import { dashboardKeys, updateDashboard } from '../../services/dashboards';
import { useT } from '../useT';
import AddCardModal from './AddCardModal';
import AddFilterModal from './AddFilterModal';
import DashboardCardPanel, { GRID_MARGIN } from './DashboardCardPanel';
import FilterBar from './FilterBar';
import { applyLayout, GRID_COLS, ROW_HEIGHT, samePlaces, setValues, toLayout, type GridItem } from './layout';
import { useDashboardFields } from './useDashboardFields';

export interface DashboardViewProps {
  /** The application's slug and id (its clients for a client filter). */
  slug: string;
  appId: string;
  dashboard: Dashboard;
}

export default function DashboardView({ slug, appId, dashboard }: DashboardViewProps) {
  const t = useT();
  const [message, messageHolder] = antMessage.useMessage();
  const queryClient = useQueryClient();
  const frame = useRef<HTMLDivElement>(null);
  const [full, { toggleFullscreen }] = useFullscreen(frame);
  const { width, containerRef, mounted } = useContainerWidth();
  const [editing, setEditing] = useState(false);
  const [cards, setCards] = useState<DashboardCard[]>(dashboard.cards);
  const [filters, setFilters] = useState<DashboardFilter[]>(dashboard.filters);
  const [refreshSeconds, setRefreshSeconds] = useState(dashboard.refreshSeconds);
  const [values, setFilterValues] = useState<Record<string, unknown>>({});
  const [adding, setAdding] = useState<'card' | 'filter' | null>(null);
  const { fields } = useDashboardFields(slug, cards);

  useEffect(() => {
    setCards(dashboard.cards);
    setFilters(dashboard.filters);
    setRefreshSeconds(dashboard.refreshSeconds);
  }, [dashboard]);

  const save = useMutation({
    mutationFn: (input: Partial<DashboardInput>) => updateDashboard(slug, dashboard.id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(dashboardKeys.detail(slug, dashboard.id), saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.lists() });
    },
    onError: (e) => {
      message.error(toApiError(e).message);
      setCards(dashboard.cards);
      setFilters(dashboard.filters);
    },
  });

  const saveCards = (next: DashboardCard[]) => {
    setCards(next);
    save.mutate({ cards: next });
  };
  const saveFilters = (next: DashboardFilter[]) => {
    setFilters(next);
    save.mutate({ filters: next });
  };
  const onLayoutChange = (layout: Layout) => {
    if (!editing) return;
    const next = applyLayout(cards, layout as readonly GridItem[]);
    if (!samePlaces(cards, next)) saveCards(next);
  };
  const shown = setValues(filters, values);

  return (
    <div
      ref={frame}
      data-testid="dashboard-view"
      data-fullscreen={full ? 'true' : 'false'}
      style={
        full
          ? {
              position: 'relative',
              background: 'var(--ant-color-bg-layout, #f5f5f5)',
              padding: 16,
              overflow: 'auto',
              height: '100%',
            }
          : { position: 'relative' }
      }
    >
      <ConfigProvider getPopupContainer={() => frame.current ?? document.body}>
        {messageHolder}
        <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
          <Space wrap>
            {full && (
              <Typography.Title level={4} style={{ margin: 0 }}>
                {dashboard.name}
              </Typography.Title>
            )}
            {editing && (
              <>
                <Button icon={<PlusOutlined />} data-testid="dashboard-add-card" onClick={() => setAdding('card')}>
                  {t('dashboards.card.add')}
                </Button>
                <Button icon={<PlusOutlined />} data-testid="dashboard-add-filter" onClick={() => setAdding('filter')}>
                  {t('dashboards.filters.add')}
                </Button>
              </>
            )}
          </Space>
          <Space wrap>
            <Typography.Text type="secondary">{t('dashboards.refresh')}</Typography.Text>
            <Select
              data-testid="dashboard-refresh"
              aria-label={t('dashboards.refresh')}
              style={{ width: 130 }}
              value={refreshSeconds}
              options={DASHBOARD_REFRESH_SECONDS.map((s) => ({
                value: s,
                label:
                  s === 0
                    ? t('dashboards.refresh.off')
                    : t('dashboards.refresh.every', {
                        n: s >= 60 ? s / 60 : s,
                        unit: t(s >= 60 ? 'dashboards.refresh.min' : 'dashboards.refresh.sec'),
                      }),
              }))}
              onChange={(s: number) => {
                setRefreshSeconds(s);
                if (dashboard.canEdit) save.mutate({ refreshSeconds: s });
              }}
            />
            <Tooltip title={full ? t('dashboards.fullscreen.exit') : t('dashboards.fullscreen')}>
              <Button
                icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={full ? t('dashboards.fullscreen.exit') : t('dashboards.fullscreen')}
                data-testid="dashboard-fullscreen"
                onClick={toggleFullscreen}
              />
            </Tooltip>
            {dashboard.canEdit && !full && (
              <Button
                type={editing ? 'primary' : 'default'}
                icon={editing ? <CheckOutlined /> : <EditOutlined />}
                data-testid="dashboard-edit"
                onClick={() => setEditing((e) => !e)}
              >
                {editing ? t('dashboards.edit.done') : t('dashboards.edit')}
              </Button>
            )}
          </Space>
        </Space>
        <FilterBar
          filters={filters}
          values={values}
          onValue={(id, v) => setFilterValues((old) => ({ ...old, [id]: v }))}
          appId={appId}
          fields={fields}
          editing={editing}
          onRemove={(id) => saveFilters(filters.filter((f) => f.id !== id))}
        />
        <div
          ref={containerRef as React.RefObject<HTMLDivElement>}
          data-testid="dashboard-grid"
          data-editing={editing ? 'true' : 'false'}
        >
          {cards.length === 0 ? (
            <Empty description={dashboard.canEdit ? t('dashboards.empty.edit') : t('dashboards.empty')} />
          ) : (
            mounted && (
              <ReactGridLayout
                width={width}
                layout={toLayout(cards, editing)}
                gridConfig={{ cols: GRID_COLS, rowHeight: ROW_HEIGHT, margin: [GRID_MARGIN, GRID_MARGIN] }}
                dragConfig={{ enabled: editing, handle: '.dashboard-card-drag', cancel: '.dashboard-card-nodrag' }}
                resizeConfig={{ enabled: editing, handles: ['se'] }}
                compactor={verticalCompactor}
                onLayoutChange={onLayoutChange}
              >
                {cards.map((card) => (
                  <div key={card.id}>
                    <DashboardCardPanel
                      slug={slug}
                      dashboardId={dashboard.id}
                      card={card}
                      filters={filters}
                      values={shown}
                      refreshSeconds={refreshSeconds}
                      editing={editing}
                      onRemove={() => saveCards(cards.filter((c) => c.id !== card.id))}
                    />
                  </div>
                ))}
              </ReactGridLayout>
            )
          )}
        </div>
        <AddCardModal
          open={adding === 'card'}
          slug={slug}
          cards={cards}
          saving={save.isPending}
          onCancel={() => setAdding(null)}
          onAdd={(card) =>
            // shown once saved: the card's run asks the server for it by id
            void save
              .mutateAsync({ cards: [...cards, card] })
              .then((saved) => {
                setCards(saved.cards);
                setAdding(null);
              })
              .catch(() => undefined /* onError said why; the dialog stays open */)
          }
        />
        <AddFilterModal
          open={adding === 'filter'}
          filters={filters}
          fields={fields}
          saving={save.isPending}
          onCancel={() => setAdding(null)}
          onAdd={(filter) => {
            saveFilters([...filters, filter]);
            setAdding(null);
          }}
        />
      </ConfigProvider>
    </div>
  );
}
