/**
 * The resource kit's table derivations (docs/resource-kit.md "Web"), pure and unit-tested:
 *  - `resourceColumns`: one ProColumn per field — title from the label key, shown when `listed`,
 *    `sorter` when `sortable` (the default sort's column starts sorted), a search-form field when
 *    `filterable` (enum and boolean as selects; other kinds as text unless the page gives a
 *    `renderFormItem`), a rendering per kind — plus the `q` search field when something is
 *    `searchable` and the `createdAt`/`updatedAt` columns asked for. The same columns feed the
 *    detail view (ProDescriptions), where the non-listed fields show too.
 *  - `toListParams`: ProTable's `request(params, sort)` as the list's query (the adapter of
 *    docs/code-style.md "ProTable through an adapter"): paging, trimmed `q`, each filter under its
 *    query parameter, `sort=field:asc|desc`.
 */
import type { ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import React from 'react';
import { filterableFields, listedFields, searchableFields, type FieldDef, type ResourceDef } from '../../../contracts/resource';
import type { ResourceText } from './messages';

/** A row as the kit handles it inside (the pages see `ResourceRecord<D>`). */
export type AnyRow = Record<string, unknown> & { id: string };

/** Per field (or `createdAt`/`updatedAt`): a partial column merged over the derived one (`span`: in the detail view), or `false` to drop it. */
export type ColumnOverrides<Row> = Record<string, (Partial<ProColumns<Row>> & { span?: number }) | false>;

export interface ColumnOptions<Row> {
  overrides?: ColumnOverrides<Row>;
  /** Which timestamps are columns (default `['updatedAt']`). */
  timestamps?: readonly ('createdAt' | 'updatedAt')[];
  /** Renders the first column's value as a link to the row's page. */
  link?: (row: Row, children: React.ReactNode) => React.ReactNode;
}

/** The key a field is read under: a reference's `readAs.key`, else the field's name. */
export function readKeyOf(field: string, f: FieldDef): string {
  return f.kind === 'reference' && f.readAs ? f.readAs.key : field;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const EMPTY = '—';

/** The value of a field as text (exports, descriptions of lists). */
function scalarText(v: unknown): string {
  if (isEmpty(v)) return EMPTY;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The colours a colour input offers first (antd's palette: blue, green, orange, red, magenta, purple, cyan, grey). */
export const COLOR_PRESETS = ['#1677ff', '#52c41a', '#fa8c16', '#f5222d', '#eb2f96', '#722ed1', '#13c2c2', '#8c8c8c'];

/** A colour value (`form.input: 'color'`): a swatch and its code. */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <Space>
      <span
        aria-hidden
        style={{ display: 'inline-block', width: 16, height: 16, borderRadius: 4, background: color, border: '1px solid rgba(0,0,0,0.15)', verticalAlign: 'middle' }}
      />
      <Typography.Text code>{color}</Typography.Text>
    </Space>
  );
}

/** How a field's value renders in a cell, by kind (null and empty show `—`). */
export function renderValue(def: ResourceDef, field: string, value: unknown, text: ResourceText): React.ReactNode {
  const f = def.fields[field];
  if (isEmpty(value)) return EMPTY;
  if (f.form?.input === 'color') return <ColorSwatch color={String(value)} />;
  switch (f.kind) {
    case 'enum':
      return text.valueLabel(field, String(value));
    case 'boolean':
      return text.t(value ? 'resource.yes' : 'resource.no');
    case 'url':
      return (
        <a href={String(value)} target="_blank" rel="noreferrer noopener">
          {String(value)}
        </a>
      );
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'longText':
      return <span style={{ whiteSpace: 'pre-wrap' }}>{String(value)}</span>;
    case 'tags':
      return (
        <Space size={[0, 4]} wrap>
          {(value as string[]).map((v) => (
            <Tag key={v}>{v}</Tag>
          ))}
        </Space>
      );
    case 'reference': {
      if (!Array.isArray(value)) return String(value);
      const display = f.readAs?.display ?? [];
      const shown = display.includes('name') ? 'name' : display[0];
      return (
        <Space size={[0, 4]} wrap>
          {(value as (string | Record<string, string>)[]).map((v) =>
            typeof v === 'string' ? <Tag key={v}>{v}</Tag> : <Tag key={v.id}>{shown ? v[shown] : v.id}</Tag>,
          )}
        </Space>
      );
    }
    case 'list': {
      const items = value as Record<string, unknown>[];
      const subs = Object.keys(f.of);
      return (
        <Typography.Text>
          {subs.length > 0 ? scalarText(items[0][subs[0]]) : items.length}
          {items.length > 1 && <Typography.Text type="secondary"> +{items.length - 1}</Typography.Text>}
        </Typography.Text>
      );
    }
    case 'json':
      return <Typography.Text code>{JSON.stringify(value).slice(0, 80)}</Typography.Text>;
    default:
      return String(value);
  }
}

/** The derived column of one field (see the file's comment). */
function fieldColumn<Row extends AnyRow>(def: ResourceDef, field: string, text: ResourceText): ProColumns<Row> {
  const f = def.fields[field];
  const [sortField, dir] = def.defaultSort.split(':');
  const col: ProColumns<Row> = {
    key: field,
    title: text.label(field),
    dataIndex: readKeyOf(field, f),
    hideInTable: f.listed === false,
    search: f.filterable ? undefined : false,
    render: (_, row) => renderValue(def, field, row[readKeyOf(field, f)], text),
  };
  if (f.sortable) {
    col.sorter = true;
    if (field === sortField) col.defaultSortOrder = dir === 'desc' ? 'descend' : 'ascend';
  }
  if (f.kind === 'enum') {
    col.valueType = 'select';
    col.valueEnum = Object.fromEntries(f.values.map((v) => [v, { text: text.valueLabel(field, v) }]));
  } else if (f.kind === 'boolean') {
    col.valueType = 'select';
    col.valueEnum = { true: { text: text.t('resource.yes') }, false: { text: text.t('resource.no') } };
  } else if (f.kind === 'email' || f.kind === 'phone' || (f.kind === 'text' && f.unique)) {
    col.copyable = true;
    col.render = undefined; // ProTable's copyable text renders the value itself
  } else if (f.kind === 'date' || f.kind === 'datetime') {
    col.valueType = f.kind === 'date' ? 'date' : 'dateTime';
    col.render = undefined;
  } else if (f.kind === 'list' || f.kind === 'json' || f.kind === 'longText') {
    col.ellipsis = f.kind === 'longText';
  }
  if (f.kind === 'longText' || f.kind === 'list' || f.kind === 'json') col.responsive = ['lg'];
  return col;
}

/** The table's columns (see the file's comment); a page's overrides are merged per field. */
export function resourceColumns<Row extends AnyRow>(def: ResourceDef, text: ResourceText, options: ColumnOptions<Row> = {}): ProColumns<Row>[] {
  const { overrides = {}, timestamps = ['updatedAt'], link } = options;
  const cols: ProColumns<Row>[] = [];
  const searchable = searchableFields(def);
  if (searchable.length > 0) {
    const fields = searchable.map((k) => text.label(k)).join(text.t('resource.search.or'));
    cols.push({
      key: 'q',
      title: text.t('resource.search'),
      dataIndex: 'q',
      hideInTable: true,
      hideInDescriptions: true,
      fieldProps: { placeholder: text.first([`resources.${def.name}.search.placeholder`, 'resource.search.placeholder'], { fields }) },
    });
  }
  const fields = Object.keys(def.fields);
  const listed = listedFields(def);
  for (const field of fields) cols.push(fieldColumn<Row>(def, field, text));
  for (const ts of ['createdAt', 'updatedAt'] as const) {
    cols.push({
      key: ts,
      title: text.label(ts),
      dataIndex: ts,
      valueType: 'dateTime',
      sorter: true,
      search: false,
      hideInTable: !timestamps.includes(ts),
      responsive: ['md'],
    });
  }
  if (link && listed.length > 0) {
    const firstCol = cols.find((c) => c.key === listed[0]);
    if (firstCol) {
      const inner = firstCol.render;
      firstCol.copyable = false;
      firstCol.render = (dom, row, ...rest) => link(row, (inner ? inner(dom, row, ...rest) : row[String(firstCol.dataIndex)]) as React.ReactNode);
    }
  }
  return cols.flatMap((c) => {
    const o = overrides[String(c.key)];
    if (o === false) return [];
    return [o ? { ...c, ...o } : c];
  });
}

/** ProTable's sort object (`{ [dataIndex]: 'ascend' | 'descend' | null }`) as `field:asc|desc`, mapping read keys back to fields. */
export function sortParamOf(def: ResourceDef, sort: Record<string, 'ascend' | 'descend' | null | undefined> | undefined): string | undefined {
  const entry = Object.entries(sort ?? {}).find(([, order]) => order);
  if (!entry) return undefined;
  const byReadKey = Object.fromEntries(Object.entries(def.fields).map(([k, f]) => [readKeyOf(k, f), k]));
  return `${byReadKey[entry[0]] ?? entry[0]}:${entry[1] === 'descend' ? 'desc' : 'asc'}`;
}

/** A form value as a filter value: trimmed text, else the value; empty → undefined. */
function filterValue(v: unknown): unknown {
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
  if (v === null || (Array.isArray(v) && v.length === 0)) return undefined;
  return v;
}

/** The list's filter part (`q`, the filters under their query parameters, `sort`) from ProTable's params and sort. */
export function toFilterParams(
  def: ResourceDef,
  params: Record<string, unknown>,
  sort?: Record<string, 'ascend' | 'descend' | null | undefined>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const q = filterValue(params.q);
  if (q !== undefined && searchableFields(def).length > 0) out.q = q;
  for (const { field, param } of filterableFields(def)) {
    const v = filterValue(params[param] ?? params[readKeyOf(field, def.fields[field])] ?? params[field]);
    if (v !== undefined) out[param] = v;
  }
  const s = sortParamOf(def, sort);
  if (s) out.sort = s;
  return out;
}

/** ProTable's `request(params, sort)` arguments as the list's query: paging plus `toFilterParams`. */
export function toListParams(
  def: ResourceDef,
  params: Record<string, unknown> & { current?: number; pageSize?: number },
  sort?: Record<string, 'ascend' | 'descend' | null | undefined>,
): Record<string, unknown> {
  return { current: params.current, pageSize: params.pageSize, ...toFilterParams(def, params, sort) };
}
