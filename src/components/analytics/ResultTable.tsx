/**
 * A query result as a table: pages of 50 rows in the browser (the whole result is at hand, up to
 * the row cap), columns sorted in the browser. On a grouped result a row click, or its "Records"
 * button, drills into the records behind the row (`onDrill({dimension name: raw value})`); a
 * record list does not drill.
 */
import { Button, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import React, { useMemo } from 'react';
import type { QueryResult } from '../../../contracts';
import { useT } from '../useT';
import { compareCells, formatCell, isGrouped, rowDrillValues, sortValue } from './format';
import { useFormatContext } from './useFormatContext';

export interface ResultTableProps {
  result: QueryResult;
  onDrill?: (values: Record<string, unknown>) => void;
  /** Height of the scrolling body (px); the table grows with its rows when absent. */
  height?: number;
}

interface Row {
  key: number;
  cells: unknown[];
}

export default function ResultTable({ result, onDrill, height }: ResultTableProps) {
  const t = useT();
  const ctx = useFormatContext(result.labels);
  const drillable = Boolean(onDrill) && isGrouped(result);
  const rows = useMemo<Row[]>(() => result.rows.map((cells, key) => ({ key, cells })), [result.rows]);

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const rowName = (cells: unknown[]) =>
      result.columns
        .map((c, i) => (c.role === 'dimension' ? formatCell(c, cells[i], ctx) : null))
        .filter((x) => x !== null)
        .join(' / ');
    const cols: TableColumnsType<Row> = result.columns.map((c, i) => ({
      key: c.name,
      title: c.label,
      dataIndex: ['cells', i],
      align: c.type === 'number' ? 'right' : 'left',
      sorter: (a: Row, b: Row) => compareCells(sortValue(c, a.cells[i], result.labels), sortValue(c, b.cells[i], result.labels)),
      render: (_: unknown, row: Row) => formatCell(c, row.cells[i], ctx),
      onHeaderCell: () => ({ 'data-column': c.name }) as React.HTMLAttributes<HTMLElement>,
    }));
    if (drillable) {
      cols.push({
        key: '__records',
        title: t('analytics.records'),
        width: 100,
        render: (_: unknown, row: Row) => (
          <Button
            type="link"
            size="small"
            aria-label={t('analytics.recordsOf', { row: rowName(row.cells) })}
            data-testid="result-row-records"
            onClick={(e) => {
              e.stopPropagation();
              onDrill?.(rowDrillValues(result, row.cells));
            }}
          >
            {t('analytics.records')}
          </Button>
        ),
      });
    }
    return cols;
  }, [result, ctx, drillable, onDrill, t]);

  return (
    <Table<Row>
      size="small"
      data-testid="result-table"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      locale={{ emptyText: t('analytics.noRows') }}
      pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 200], hideOnSinglePage: false }}
      scroll={{ x: 'max-content', y: height }}
      onRow={(row) =>
        drillable
          ? ({
              onClick: () => onDrill?.(rowDrillValues(result, row.cells)),
              style: { cursor: 'pointer' },
              'data-testid': 'result-row',
            } as React.HTMLAttributes<HTMLElement>)
          : ({ 'data-testid': 'result-row' } as React.HTMLAttributes<HTMLElement>)
      }
    />
  );
}
