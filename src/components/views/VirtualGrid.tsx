/**
 * VirtualGrid: a read-only grid over keyset pages fetched as you scroll ("The grid stays
 * smooth at 100k rows (virtual scrolling over cursor pages fetched as you scroll)"). antd 5's Table
 * with `virtual` renders only the visible rows; react-query's useInfiniteQuery holds the pages and
 * the next one is asked for when the scroll comes within ~2 screens of the end. With `groupBy`, a
 * header row (the group's value) precedes each run of rows (the server sorts by the group first).
 * A new `queryKey` (filter, sort, quick search) starts again from the first page, scrolled to the top.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Empty, Table, Tag, Typography } from 'antd';
import type { ColumnsType, TableRef } from 'antd/es/table';
import React, { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useIntl } from 'umi';
import { FieldContextProvider } from '../fields';
import GridCell from './GridCell';
import { ResizableHeaderCell } from '../records/useColumnWidths';
import { ROW_PX, withGroupRows, type GridColumn, type GridRow } from './viewColumns';

/** One page as the grid needs it. */
export interface GridPage {
  rows: { id: string; version?: number; values: Record<string, unknown> }[];
  labels: Record<string, string>;
  nextCursor: string | null;
  total: number;
  totalExact: boolean;
}

export interface VirtualGridProps {
  /** react-query key of the pages (changes with the filter/sort/config). */
  queryKey: readonly unknown[];
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<GridPage>;
  columns: GridColumn[];
  groupBy?: string;
  rowHeight?: string;
  /** Visible height (px) of the body. */
  height: number;
  /** The application (field context: pickers, links). */
  app: string;
  /** Resizing a column (omit: fixed widths). */
  onResize?: (key: string, width: number) => void;
  /** Renders the first column's cell as a link (record pages). */
  recordHref?: (id: string) => string;
}

export default function VirtualGrid({ queryKey, fetchPage, columns, groupBy, rowHeight = 'short', height, app, onResize, recordHref }: VirtualGridProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const pages = query.data?.pages;
  const labels = useMemo(() => Object.assign({}, ...(pages ?? []).map((p) => p.labels)) as Record<string, string>, [pages]);
  const rows = useMemo(() => withGroupRows((pages ?? []).flatMap((p) => p.rows), groupBy, labels), [pages, groupBy, labels]);
  const first = pages?.[0];
  const fieldContext = useMemo(() => ({ app, labels, files: {} }), [app, labels]);
  const rowPx = ROW_PX[rowHeight] ?? ROW_PX.short;
  const table = useRef<TableRef>(null);
  const keyText = JSON.stringify(queryKey);
  useEffect(() => table.current?.scrollTo({ top: 0 }), [keyText]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const onScroll = useCallback(
    (e: React.UIEvent<HTMLDivElement>) => {
      const el = e.currentTarget;
      if (hasNextPage && !isFetchingNextPage && el.scrollHeight - el.scrollTop - el.clientHeight < height * 2) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage, height],
  );

  const tableColumns: ColumnsType<GridRow> = useMemo(
    () =>
      columns.map((c, i) => ({
        key: c.key,
        title: c.name,
        width: c.width,
        onHeaderCell: () => ({ width: c.width, onResize: onResize ? (w: number) => onResize(c.key, w) : undefined }) as React.HTMLAttributes<HTMLElement>,
        render: (_: unknown, r: GridRow) => {
          if (r.kind === 'group') {
            return i === 0 ? (
              <Typography.Text strong data-testid="group-row">
                {r.label || t('views.group.none')}
              </Typography.Text>
            ) : null;
          }
          const cell = <GridCell field={c.field} value={r.values[c.key]} labels={labels} />;
          return i === 0 && recordHref ? <Link to={recordHref(r.id)}>{cell}</Link> : cell;
        },
      })),
    [columns, onResize, recordHref, intl, labels],
  );
  const width = columns.reduce((n, c) => n + c.width, 0);

  if (query.error) return <Alert type="error" showIcon message={query.error.message} />;
  return (
    <FieldContextProvider value={fieldContext}>
      <div data-testid="view-grid" style={{ '--assay-row-height': `${rowPx}px` } as React.CSSProperties}>
        <Table<GridRow>
          ref={table}
          virtual
          size="small"
          bordered
          rowKey="id"
          loading={query.isLoading}
          columns={tableColumns}
          dataSource={rows}
          pagination={false}
          scroll={{ x: width, y: height }}
          onScroll={onScroll}
          components={onResize ? { header: { cell: ResizableHeaderCell } } : undefined}
          rowClassName={(r) => (r.kind === 'group' ? 'assay-view-group-row' : '')}
          onRow={(r) => ({ style: { height: rowPx, background: r.kind === 'group' ? 'rgba(0,0,0,0.04)' : undefined }, 'data-testid': r.kind === 'group' ? 'view-group' : 'view-row' }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty description={t('views.empty')} /> }}
        />
        <Typography.Text type="secondary" data-testid="view-count">
          {first ? t(first.totalExact ? 'views.count' : 'views.countAbout', { shown: rows.filter((r) => r.kind === 'record').length, total: first.total }) : ' '}
          {isFetchingNextPage && <Tag style={{ marginInlineStart: 8 }}>{t('views.loadingMore')}</Tag>}
        </Typography.Text>
      </div>
    </FieldContextProvider>
  );
}
