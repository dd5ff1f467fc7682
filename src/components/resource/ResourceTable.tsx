/**
 * The resource kit's list (docs/resource-kit.md "Web"): a ProTable on server paging, sort, filter
 * and `q`, whose columns and search fields derive from the definition (columns.tsx), with the
 * app's ProTable conventions (20 rows a page with a size changer, reload button, no density or
 * column settings, search labels auto-sized, an empty text of its own). Built in, each when the
 * definition's `access` gives the operation a role the user has (`admin` = administrators): a
 * create button and an edit link (ResourceFormModal), a delete link asked first (to the recycle bin
 * when `recycle`), and CSV/XLSX export buttons of the current filter and sort (when `export`).
 *
 * Minimal page: `<ResourceTable resource={def} />`. Pages add or override columns, toolbar and row
 * actions, and the form's fields (props below).
 */
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import { Button, Space, Tooltip } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { Link, useIntl, useModel } from 'umi';
import { EXPORT_FORMATS, type ExportFormat } from '../../../contracts/constants';
import type { ResourceDef, ResourceOperation, ResourceRecord } from '../../../contracts/resource';
import { resourceApi, type ResourceApi, type ResourceExportParams } from '../../services/resource-api';
import { download } from '../../utils/download';
import { resourceColumns, toFilterParams, toListParams, type ColumnOverrides } from './columns';
import { useResourceDelete } from './hooks';
import { resourceText, rowTitle } from './messages';
import type { ResourceFormModalProps } from './ResourceFormModal';

/** The dialog loads when first opened: a list page's first load carries no form inputs. */
const ResourceFormModal = React.lazy(() => import('./ResourceFormModal')) as unknown as <D extends ResourceDef>(props: ResourceFormModalProps<D>) => React.ReactElement;

/** What toolbar and row-action renderers receive. */
export interface TableContext<D extends ResourceDef> {
  /** Reloads the current page. */
  reload: () => void;
  /** The current filter and sort (what an export would take). */
  filter: ResourceExportParams<D>;
}

export interface ResourceTableProps<D extends ResourceDef> {
  resource: D;
  /** Default `resourceApi(resource)`. */
  api?: ResourceApi<D>;
  /** Per field (or `createdAt`/`updatedAt`, `q`): a partial column over the derived one, or false to drop it. */
  columns?: ColumnOverrides<ResourceRecord<D>>;
  /** More columns, before the actions column. */
  extraColumns?: ProColumns<ResourceRecord<D>>[];
  /** Which timestamps are columns (default `['updatedAt']`). */
  timestamps?: readonly ('createdAt' | 'updatedAt')[];
  /** The row's page: the first column links there. */
  detailPath?: (row: ResourceRecord<D>) => string;
  /** More row actions, before the built-in edit and delete. */
  rowActions?: (row: ResourceRecord<D>, ctx: TableContext<D>) => React.ReactNode[];
  /** More toolbar actions, before the built-in export and create. */
  toolbar?: (ctx: TableContext<D>) => React.ReactNode[];
  /** Props of the built-in create/edit dialog. */
  form?: Omit<ResourceFormModalProps<D>, 'resource' | 'api' | 'row' | 'trigger' | 'open' | 'onOpenChange'>;
  /** `false` hides a built-in action. */
  create?: boolean;
  edit?: boolean;
  remove?: boolean;
  exportable?: boolean;
  /** `data-testid`s (see docs/resource-kit.md for the defaults). */
  testIds?: {
    table?: string;
    create?: string;
    edit?: (row: ResourceRecord<D>) => string;
    delete?: (row: ResourceRecord<D>) => string;
    export?: (format: ExportFormat) => string;
  };
  actionRef?: React.MutableRefObject<ActionType | undefined>;
  /** Any other ProTable prop. */
  tableProps?: Omit<ProTableProps<ResourceRecord<D>, Record<string, unknown>>, 'columns' | 'request' | 'actionRef'>;
}

/** The list of a resource (see the file's comment). */
export default function ResourceTable<D extends ResourceDef>(props: ResourceTableProps<D>) {
  type Row = ResourceRecord<D>;
  const { resource: def, testIds = {} } = props;
  const api = useMemo(() => props.api ?? resourceApi(def), [props.api, def]);
  const intl = useIntl();
  const text = resourceText(intl, def);
  const { initialState } = useModel('@@initialState');
  const ownRef = useRef<ActionType>();
  const action = props.actionRef ?? ownRef;
  const filter = useRef<ResourceExportParams<D>>({} as ResourceExportParams<D>);
  /** The open dialog: `{}` creates, `{ row }` edits. */
  const [dialog, setDialog] = useState<{ row?: Row }>();
  const reload = () => void action.current?.reload();
  const ctx: TableContext<D> = {
    reload,
    get filter() {
      return filter.current;
    },
  };
  const { remove, contextHolder } = useResourceDelete(api, reload);

  /** True when `op` has a route and its role is not `admin`, or the user is an administrator. */
  const can = (op: ResourceOperation, shown = true) => shown && def.access[op] !== undefined && (def.access[op] !== 'admin' || initialState?.currentUser?.isAdmin === true);
  const title = (row: Row) => rowTitle(def, row as Record<string, unknown>);
  const canEdit = can('update', props.edit !== false);
  const canRemove = can('delete', props.remove !== false);

  const actionsColumn: ProColumns<Row> = {
    title: text.t('resource.actions'),
    key: 'option',
    valueType: 'option',
    render: (_, row) => (
      <Space size={0}>
        {props.rowActions?.(row, ctx)}
        {canEdit && (
          <Button type="link" size="small" onClick={() => setDialog({ row })} data-testid={testIds.edit?.(row) ?? `${def.singular}-edit-${title(row)}`}>
            {text.t('resource.edit')}
          </Button>
        )}
        {canRemove && (
          <Button type="link" size="small" danger onClick={() => remove(row)} data-testid={testIds.delete?.(row) ?? `${def.singular}-delete-${title(row)}`}>
            {text.t('resource.delete')}
          </Button>
        )}
      </Space>
    ),
  };
  const hasActions = canEdit || canRemove || props.rowActions !== undefined;
  const columns = [
    ...resourceColumns<Row>(def, text, {
      overrides: props.columns,
      timestamps: props.timestamps,
      link: props.detailPath
        ? (row, children) => (
            <Link to={props.detailPath!(row)} data-testid={`${def.singular}-link`}>
              {children}
            </Link>
          )
        : undefined,
    }),
    ...(props.extraColumns ?? []),
    ...(hasActions ? [actionsColumn] : []),
  ];

  const exportButton = (format: ExportFormat) => (
    <Tooltip key={format} title={text.msg('export.hint', { max: def.export?.maxRows ?? 0 })}>
      <Button icon={<DownloadOutlined />} onClick={() => download(api.exportUrl(format, filter.current))} data-testid={testIds.export?.(format) ?? `${def.singular}-export-${format}`}>
        {text.t(`resource.export.${format}`)}
      </Button>
    </Tooltip>
  );
  const formProps = { resource: def, api, ...props.form, onDone: (saved: Row) => (reload(), props.form?.onDone?.(saved)) };

  return (
    <div data-testid={testIds.table ?? `${def.name}-table`}>
      {contextHolder}
      <ProTable<Row, Record<string, unknown>>
        rowKey="id"
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        options={{ density: false, setting: false, reload: true }}
        locale={{ emptyText: text.msg('empty') }}
        {...props.tableProps}
        actionRef={action}
        columns={columns}
        request={async (params, sort) => {
          filter.current = toFilterParams(def, params, sort) as ResourceExportParams<D>;
          const res = await api.list(toListParams(def, params, sort) as never);
          return { data: res.data, total: res.total, success: true };
        }}
        toolBarRender={() => [
          ...(props.toolbar?.(ctx) ?? []),
          ...(def.export && can('export', props.exportable !== false) ? EXPORT_FORMATS.map(exportButton) : []),
          ...(can('create', props.create !== false)
            ? [
                <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setDialog({})} data-testid={testIds.create ?? `${def.singular}-create`}>
                  {text.msg('create')}
                </Button>,
              ]
            : []),
        ]}
      />
      {dialog && (
        <React.Suspense fallback={null}>
          <ResourceFormModal
            key={dialog.row?.id ?? 'create'}
            {...formProps}
            row={dialog.row}
            open
            onOpenChange={(open) => {
              if (!open) setDialog(undefined);
            }}
          />
        </React.Suspense>
      )}
    </div>
  );
}
