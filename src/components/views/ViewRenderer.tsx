/**
 * ViewRenderer: a view's records as its type shows them — grid (VirtualGrid over keyset pages),
 * kanban or calendar — for a config that may be unsaved (the toolbar's live preview). Rows come
 * through the records list with the view's filter and sorts (services/views listViewRecords), and
 * the page's quick search `q` (every type: grid rows, kanban cards, calendar events).
 */
import React, { useCallback, useMemo } from 'react';
import { useIntl } from 'umi';
import type { SubjectDetail, ViewConfig } from '../../../contracts';
import { effectiveSort } from '../../../contracts/view-rows';
import { listViewRecords } from '../../services/views';
import ViewCalendar from './ViewCalendar';
import ViewKanban from './ViewKanban';
import VirtualGrid, { type GridPage } from './VirtualGrid';
import { gridColumnsOf } from './viewColumns';
import { keys } from '../../services/query-keys';

export interface ViewRendererProps {
  app: string;
  subject: SubjectDetail;
  config: ViewConfig;
  canEdit: boolean;
  /** Grid body height (px). */
  height?: number;
  /** Column resizing writes the config's widths (grid; omit: fixed). */
  onChange?: (config: ViewConfig) => void;
  /** Quick search over the subject's text fields (the records list's `q`); not part of the view. */
  q?: string;
}

/**
 * The query key root of a view's rows (invalidate it after writes): what decides the rows (type,
 * filter, sorts, group field, page size, quick search), not how they look (columns, widths, row
 * height).
 */
export const viewRowsKey = (app: string, subject: string, config: ViewConfig, q?: string) =>
  keys('records').action(
    'viewRows',
    app,
    subject,
    JSON.stringify({
      type: config.type,
      filter: config.filter ?? null,
      sort: effectiveSort(config),
      group: config.type === 'kanban' ? config.groupField : null,
      end: config.type === 'calendar' ? (config.endField ?? null) : null,
      pageSize: config.type === 'grid' ? config.pageSize : null,
      q: q || null,
    }),
  );

export default function ViewRenderer({ app, subject, config, canEdit, height = 560, onChange, q }: ViewRendererProps) {
  const intl = useIntl();
  const queryKey = viewRowsKey(app, subject.key, config, q);
  const recordHref = useCallback((id: string) => `/${app}/${subject.key}/${id}`, [app, subject.key]);
  const columns = useMemo(() => gridColumnsOf(subject, config, (k) => intl.formatMessage({ id: `records.system.${k}` })), [subject, config, intl]);
  const fetchPage = useCallback(
    async (cursor: string | undefined, signal: AbortSignal): Promise<GridPage> => {
      const pageSize = config.type === 'grid' ? config.pageSize : 100;
      const page = await listViewRecords(app, subject.key, config, { cursor, pageSize, q: q || undefined }, signal);
      return { rows: page.data, labels: page.labels, nextCursor: page.nextCursor, total: page.total, totalExact: page.totalExact };
    },
    // the rows depend on the key's parts only
    [app, subject.key, queryKey[5]],
  );
  if (config.type === 'kanban') return <ViewKanban app={app} subject={subject} config={config} queryKey={queryKey} canEdit={canEdit} recordHref={recordHref} height={height} q={q} />;
  if (config.type === 'calendar') return <ViewCalendar app={app} subject={subject} config={config} queryKey={queryKey} canEdit={canEdit} q={q} />;
  const grid = config;
  return (
    <VirtualGrid
      queryKey={queryKey}
      fetchPage={fetchPage}
      columns={columns}
      groupBy={grid.groupBy}
      rowHeight={grid.rowHeight}
      height={height}
      app={app}
      recordHref={recordHref}
      onResize={onChange ? (key, width) => onChange({ ...grid, widths: { ...grid.widths, [key]: Math.round(Math.max(60, Math.min(1200, width))) } }) : undefined}
    />
  );
}
