/**
 * The resource kit's detail view (docs/resource-kit.md "Web"): ProDescriptions of one row over the
 * same column definitions as the table (columns.tsx), so labels and renderings agree; fields the
 * table does not list (`listed: false`) show here too. `fields` picks and orders what shows
 * (fields, `createdAt`, `updatedAt`); `columns` overrides per field as on the table (e.g. `span`).
 */
import { ProDescriptions, type ProDescriptionsItemProps } from '@ant-design/pro-components';
import React from 'react';
import { useIntl } from 'umi';
import type { ResourceDef, ResourceRecord } from '../../../contracts/resource';
import { resourceColumns, type ColumnOverrides } from './columns';
import { resourceText } from './messages';

export interface ResourceDetailProps<D extends ResourceDef> {
  resource: D;
  row: ResourceRecord<D>;
  /** What shows, in order (default: every field, then the timestamps). */
  fields?: string[];
  /** Per field: a partial column over the derived one, or false to leave it out. */
  columns?: ColumnOverrides<ResourceRecord<D>>;
  /** Description columns per breakpoint (default 1 / 2 / 3). */
  column?: React.ComponentProps<typeof ProDescriptions>['column'];
}

/** The description items of `def` (the table's columns, every field shown). */
export function detailColumns<Row extends Record<string, unknown> & { id: string }>(
  columns: ReturnType<typeof resourceColumns<Row>>,
  fields?: string[],
): ProDescriptionsItemProps<Row>[] {
  const shown = columns.filter((c) => !c.hideInDescriptions && c.key !== 'q').map((c) => ({ ...c, hideInTable: false }));
  const ordered = fields ? fields.flatMap((k) => shown.filter((c) => c.key === k)) : shown;
  return ordered as ProDescriptionsItemProps<Row>[];
}

/** One row's details (see the file's comment). */
export default function ResourceDetail<D extends ResourceDef>({ resource, row, fields, columns, column }: ResourceDetailProps<D>) {
  type Row = ResourceRecord<D>;
  const text = resourceText(useIntl(), resource);
  const items = detailColumns<Row>(resourceColumns<Row>(resource, text, { overrides: columns, timestamps: ['createdAt', 'updatedAt'] }), fields);
  return <ProDescriptions<Row> column={column ?? { xs: 1, sm: 2, lg: 3 }} dataSource={row} columns={items} />;
}
