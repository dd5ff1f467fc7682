/**
 * The records behind one row of a grouped result (a table row, a bar, a slice, a pivot cell):
 * POST …/queries/drill pages of the base subject's records (20 a page, paged on the server), each
 * with a link to open it, and CSV / XLSX exports of all of them. `values` null = closed.
 * A refused drill shows the server's message (src/services/api-error.ts).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Space, Table, Typography, message } from 'antd';
import type { TableColumnsType } from 'antd';
import React, { useMemo, useState } from 'react';
import { Link } from 'umi';
import type { AnalyticsQueryDefinition, QueryDrillPage, QueryResult } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { keys } from '../../services/query-keys';
import { drillQuery, exportDrill, type RunOptions } from '../../services/queries';
import type { QueryExportFormat } from '../../services/recordQueries';
import { useT } from '../useT';
import { drillTitleParts } from './drill-title';
import { formatCell } from './format';
import { useFormatContext } from './useFormatContext';

export interface DrillDrawerProps {
  slug: string;
  definition: AnalyticsQueryDefinition;
  /** Dimension output name → raw value of the drilled row; null = the drawer is closed. */
  values: Record<string, unknown> | null;
  options?: RunOptions;
  onClose: () => void;
  /** Optional: the drilled result's columns and id names, so that the title names values exactly as the result shows them. */
  result?: Pick<QueryResult, 'columns' | 'labels'>;
}

type Row = QueryDrillPage['data'][number];

/** A refused drill: the server's message and each 400 detail (`definition.dimensions.0`: why). */
function DrillError({ error }: { error: unknown }) {
  const e = toApiError(error);
  return (
    <Alert
      type="error"
      showIcon
      data-testid="drill-error"
      style={{ marginBottom: 12 }}
      message={e.message}
      description={
        e.details.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {e.details.map((d, i) => (
              <li key={i}>
                <strong>{d.field}</strong>: {d.message}
              </li>
            ))}
          </ul>
        )
      }
    />
  );
}
const PAGE_SIZE = 20;
const NO_LABELS: Record<string, string> = {};

export default function DrillDrawer({ slug, definition, values, options, onClose, result }: DrillDrawerProps) {
  const t = useT();
  // the page belongs to the drilled values: new values start again at page 1 (no fetch of the old page)
  const [paging, setPaging] = useState<{ of: typeof values; current: number }>({ of: values, current: 1 });
  const current = paging.of === values ? paging.current : 1;
  const setCurrent = (page: number) => setPaging({ of: values, current: page });
  const [exporting, setExporting] = useState<QueryExportFormat | null>(null);
  const query = useQuery({
    queryKey: keys('records').action('drill', slug, definition, values, current, options ?? {}),
    queryFn: () => drillQuery(slug, definition, values ?? {}, { current, pageSize: PAGE_SIZE }, options),
    enabled: values !== null,
    placeholderData: (previous) => previous,
    retry: false,
  });
  const page = query.data;
  const ctx = useFormatContext(page?.labels ?? NO_LABELS);
  const titleLabels = useMemo(() => ({ ...page?.labels, ...result?.labels }), [page?.labels, result?.labels]);
  const titleCtx = useFormatContext(titleLabels, 'word');

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const cols: TableColumnsType<Row> = (page?.columns ?? []).map((c) => ({
      key: c.name,
      title: c.label,
      align: c.type === 'number' ? 'right' : 'left',
      render: (_: unknown, row: Row) => formatCell(c, row.cells[c.name], ctx),
    }));
    cols.push({
      key: '__open',
      title: t('analytics.drill.actions'),
      fixed: 'right',
      width: 80,
      render: (_: unknown, row: Row) => (
        <Link to={`/${slug}/${page?.subject ?? ''}/${row.id}`} data-testid="drill-open">
          {t('analytics.drill.open')}
        </Link>
      ),
    });
    return cols;
  }, [page, ctx, slug, t]);

  const parts = values ? drillTitleParts(definition, values, page?.columns ?? [], titleCtx, result?.columns) : [];
  const title = parts.length === 0 ? t('analytics.drill.all') : t('analytics.drill.title', { values: parts.join(' · ') });

  const doExport = async (format: QueryExportFormat) => {
    if (!values) return;
    setExporting(format);
    try {
      const name = await exportDrill(slug, definition, values, format, options);
      message.success(t('analytics.drill.exported', { name }));
    } catch (e) {
      message.error(toApiError(e).message);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Drawer
      open={values !== null}
      onClose={onClose}
      width="min(960px, 100vw)"
      title={<span data-testid="drill-title">{title}</span>}
      destroyOnHidden
      data-testid="drill-drawer"
      extra={
        <Space>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'csv'}
            disabled={!page || page.total === 0}
            onClick={() => void doExport('csv')}
            data-testid="drill-export-csv"
          >
            {t('analytics.drill.exportCsv')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'xlsx'}
            disabled={!page || page.total === 0}
            onClick={() => void doExport('xlsx')}
            data-testid="drill-export-xlsx"
          >
            {t('analytics.drill.exportXlsx')}
          </Button>
        </Space>
      }
    >
      {query.isError ? (
        <DrillError error={query.error} />
      ) : (
        <Table<Row>
          size="small"
          rowKey="id"
          data-testid="drill-table"
          loading={query.isFetching}
          columns={columns}
          dataSource={page?.data ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('analytics.drill.none')} /> }}
          pagination={{
            current,
            pageSize: PAGE_SIZE,
            total: page?.total ?? 0,
            showSizeChanger: false,
            onChange: setCurrent,
            showTotal: (total) => (
              <Typography.Text type="secondary">
                {t(page?.totalExact === false ? 'analytics.drill.totalAbout' : 'analytics.drill.total', { total })}
              </Typography.Text>
            ),
          }}
        />
      )}
    </Drawer>
  );
}
