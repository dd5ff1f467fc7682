/**
 * The records grid's columns, built from the subject's fields: one per field (FieldValue in
 * compact form, sorted on the server), the record's own times and authors (hidden until shown
 * through the column settings), the display field (or the id) linking to the record's page.
 * Widths come from useColumnWidths (resizable headers).
 */
import type { ProColumns } from '@ant-design/pro-components';
import React from 'react';
import { Link, type useIntl } from 'umi';
import type { Field, RecordItem, SubjectDetail } from '../../../contracts';
import { FieldValue } from '../fields';

/** A sensible first width (px) per field type. */
export function defaultWidth(type: Field['type']): number {
  switch (type) {
    case 'longText':
    case 'richText':
      return 260;
    case 'text':
    case 'email':
    case 'url':
    case 'relation':
    case 'attachment':
    case 'multiSelect':
      return 180;
    case 'datetime':
    case 'createdAt':
    case 'updatedAt':
      return 170;
    case 'boolean':
      return 90;
    default:
      return 140;
  }
}

/** Whether the server can sort by a field (lists of values have no order). */
export function isSortable(field: Pick<Field, 'type' | 'options'>): boolean {
  if (field.type === 'attachment' || field.type === 'multiSelect') return false;
  return !(field.type === 'relation' && field.options.multiple === true);
}

/** System columns shown beside the fields (hidden at first), unless a field already shows them. */
export const SYSTEM_GRID_COLUMNS = ['createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;

export function recordColumns(
  subject: SubjectDetail,
  intl: ReturnType<typeof useIntl>,
  opts: { widths: Record<string, number>; setWidth: (key: string, width: number) => void; recordHref: (id: string) => string },
): ProColumns<RecordItem>[] {
  const t = (id: string) => intl.formatMessage({ id });
  const resizeLabel = t('records.grid.resizeHint');
  const display = subject.fields.find((f) => f.key === subject.displayField) ?? null;
  const sized = (key: string, fallback: number) => {
    const width = opts.widths[key] ?? fallback;
    return {
      width,
      onHeaderCell: () =>
        ({ width, onResize: (w: number) => opts.setWidth(key, w), resizeLabel }) as React.HTMLAttributes<HTMLElement>,
    };
  };
  const link = (r: RecordItem, children: React.ReactNode) => (
    <Link to={opts.recordHref(r.id)} data-testid="record-link">
      {children}
    </Link>
  );

  const columns: ProColumns<RecordItem>[] = [];
  if (!display) {
    columns.push({
      key: 'id',
      dataIndex: 'id',
      title: t('records.system.id'),
      fixed: 'left',
      ...sized('id', 110),
      render: (_, r) => link(r, r.id.slice(0, 8)),
    });
  }
  for (const f of subject.fields) {
    columns.push({
      key: f.key,
      // The key itself (not ['values', key]): ProTable names a column's sort by its dataIndex and
      // reads the sorted state back by its key, so the two must agree. Cells read `values` below.
      dataIndex: f.key,
      title: f.name,
      tooltip: f.helpText ?? undefined,
      sorter: isSortable(f),
      fixed: f === display ? 'left' : undefined,
      ...sized(f.key, defaultWidth(f.type)),
      render: (_, r) => {
        const cell = <FieldValue field={f} value={r.values[f.key]} compact />;
        if (f !== display) return cell;
        const v = r.values[f.key];
        return link(r, v === null || v === undefined || v === '' ? r.id.slice(0, 8) : cell);
      },
    });
  }
  const present = new Set(subject.fields.map((f) => f.type));
  for (const key of SYSTEM_GRID_COLUMNS) {
    if (present.has(key)) continue;
    columns.push({
      key,
      dataIndex: key,
      title: t(`records.system.${key}`),
      sorter: true,
      ...sized(key, defaultWidth(key)),
      render: (_, r) => <FieldValue field={{ type: key, options: {} }} value={r[key]} compact />,
    });
  }
  return columns;
}
