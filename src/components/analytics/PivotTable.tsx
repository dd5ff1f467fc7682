/**
 * A grouped result as a pivot table (pivot.ts): row-dimension values down, column-dimension
 * values × measures across, totals (each measure combined by its aggregate, pivot.ts) at the right and at the bottom. A cell click drills into
 * its row's and column's values; a total drills with its own dimensions only.
 */
import { Alert, Button, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ColumnType } from 'antd/es/table';
import React, { useMemo } from 'react';
import type { QueryResult, QueryVisualization } from '../../../contracts';
import { useT } from '../useT';
import { formatCell, type FormatContext } from './format';
import { buildPivot, NOT_COMBINED, pivotDrillValues, type PivotMatrix } from './pivot';
import { useFormatContext } from './useFormatContext';

export interface PivotTableProps {
  result: QueryResult;
  pivot?: QueryVisualization['pivot'];
  onDrill?: (values: Record<string, unknown>) => void;
  height?: number;
}

/** A line of the table: a row key's index, or the totals line (-1). */
interface Line {
  key: number;
}
const TOTAL = -1;
/** Column values shown at most (a dimension with thousands of values would make as many columns); totals count them all. */
const COLUMNS_SHOWN = 50;

const keyText = (dims: PivotMatrix['colDims'], key: unknown[], ctx: FormatContext) =>
  dims.map((d, i) => formatCell(d, key[i], ctx)).join(' / ');

export default function PivotTable({ result, pivot, onDrill, height }: PivotTableProps) {
  const t = useT();
  const ctx = useFormatContext(result.labels);
  const headCtx = useFormatContext(result.labels, 'word');
  const m = useMemo(() => buildPivot(result, pivot ?? undefined), [result, pivot]);
  const lines = useMemo<Line[]>(() => [...m.rowKeys.map((_, key) => ({ key })), ...(m.totals ? [{ key: TOTAL }] : [])], [m]);

  const columns = useMemo<TableColumnsType<Line>>(() => {
    const totalLabel = t('analytics.total');
    const valueColumn = (title: React.ReactNode, mi: number, col: number | null): ColumnType<Line> => ({
      key: `${col ?? 'total'}-${m.measures[mi].name}`,
      title,
      align: 'right',
      render: (_: unknown, line: Line) => {
        const v =
          line.key === TOTAL
            ? col === null
              ? m.grandTotals[mi]
              : m.colTotals[col][mi]
            : col === null
              ? m.rowTotals[line.key][mi]
              : m.cells[line.key][col][mi];
        const text =
          v === NOT_COMBINED ? (
            <Typography.Text type="secondary" title={t('analytics.notCombined', { fn: m.measures[mi].label })} data-testid="pivot-not-combined">
              —
            </Typography.Text>
          ) : (
            formatCell(m.measures[mi], v, ctx)
          );
        if (!onDrill) return text;
        // a button for the keyboard; the whole cell takes a mouse click (onCell)
        return (
          <Button
            type="link"
            size="small"
            style={{ padding: 0, height: 'auto', fontWeight: 'inherit' }}
            onClick={(e) => {
              e.stopPropagation();
              onDrill(pivotDrillValues(m, line.key === TOTAL ? null : line.key, col));
            }}
          >
            {text}
          </Button>
        );
      },
      onCell: (line: Line) => {
        const total = line.key === TOTAL || col === null;
        const attrs: React.TdHTMLAttributes<HTMLTableCellElement> & { 'data-testid': string } = {
          'data-testid': total ? 'pivot-total' : 'pivot-cell',
          style: { cursor: onDrill ? 'pointer' : undefined, fontWeight: total ? 600 : undefined },
        };
        if (onDrill) attrs.onClick = () => onDrill(pivotDrillValues(m, line.key === TOTAL ? null : line.key, col));
        return attrs;
      },
    });
    const group = (title: React.ReactNode, col: number | null, key: string) =>
      m.measures.length === 1
        ? { ...valueColumn(title, 0, col), key }
        : { key, title, children: m.measures.map((meas, mi) => valueColumn(meas.label, mi, col)) };

    const rowHeaders: TableColumnsType<Line> = m.rowDims.map((d, i) => ({
      key: `row-${d.name}`,
      title: d.label,
      fixed: 'left',
      render: (_: unknown, line: Line) =>
        line.key === TOTAL ? i === 0 ? <strong>{totalLabel}</strong> : null : formatCell(d, m.rowKeys[line.key][i], headCtx),
    }));
    const byCol = m.colKeys.slice(0, COLUMNS_SHOWN).map((key, c) => group(keyText(m.colDims, key, headCtx), c, `col-${c}`));
    // one measure: its name heads the column values (with several, each value's columns name them)
    const colGroups =
      m.colDims.length === 0
        ? m.measures.map((meas, mi) => valueColumn(meas.label, mi, 0))
        : m.measures.length === 1
          ? [{ key: 'measure', title: `${m.measures[0].label} · ${m.colDims.map((d) => d.label).join(' / ')}`, children: byCol }]
          : byCol;
    const totals = m.totals && m.colDims.length > 0 ? [group(totalLabel, null, 'total')] : [];
    return [...rowHeaders, ...colGroups, ...totals] as TableColumnsType<Line>;
  }, [m, ctx, headCtx, onDrill, t]);

  return (
    <>
      {m.colKeys.length > COLUMNS_SHOWN && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid="pivot-columns-cut"
          message={t('analytics.pivot.columnsCut', { n: COLUMNS_SHOWN })}
        />
      )}
      {m.unplaced.length > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          message={t('analytics.pivot.unplaced', { names: m.unplaced.map((d) => d.label).join(', ') })}
        />
      )}
      <Table<Line>
        size="small"
        bordered
        data-testid="pivot-table"
        rowKey="key"
        columns={columns}
        dataSource={lines}
        pagination={lines.length > 100 ? { defaultPageSize: 100, showSizeChanger: true } : false}
        scroll={{ x: 'max-content', y: height }}
        locale={{ emptyText: t('analytics.noRows') }}
        rowClassName={(line) => (line.key === TOTAL ? 'pivot-total' : '')}
      />
    </>
  );
}
