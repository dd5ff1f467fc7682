/**
 * RecordGrid: a subject's records in a ProTable, used by `/:app/:subject` and
 * `/admin/record`. Columns come from the fields (columns.tsx); paging, sorting on any column, the
 * quick search (`q`) and the filter (FilterDrawer → FilterGroup) all run on the server through
 * the toRecordRequest adapter. Columns can be shown, hidden and reordered (ColumnSettings: a drag
 * moves exactly one column, the pinned display field stays first; kept per subject in localStorage) and resized (drag a header's edge; widths kept likewise).
 * Editors select rows for bulk edit and bulk delete (each confirmed with the count) and add
 * records in a drawer; viewers see no write buttons. The total reads "about N" when the server
 * only estimated it (totalExact false).
 */
import { ProTable, type ActionType } from '@ant-design/pro-components';
import { Button, Empty, Input, Modal, Space, message, type CheckboxProps } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { useIntl } from 'umi';
import type { Attachment, FilterGroup, RecordItem, SubjectDetail } from '../../../contracts';
import { toApiError } from '../../services/api-error';
import { bulkDeleteRecords, listRecords } from '../../services/records';
import { FieldContextProvider, filterFieldsOf, useAppSubjects, type FieldContextValue } from '../fields';
import { valueToText } from '../fields/format';
import BulkEditModal from './BulkEditModal';
import ColumnSettings, { useColumnsState, type SettingsColumn } from './ColumnSettings';
import type { ColumnsStateMap } from './columnOrder';
import { recordColumns, SYSTEM_GRID_COLUMNS } from './columns';
import CreateRecordDrawer from './CreateRecordDrawer';
import ExportButton from './ExportButton';
import FilterDrawer from './FilterDrawer';
import { toRecordRequest } from './request';
import { ResizableHeaderCell, useColumnWidths } from './useColumnWidths';
import RenderRecordsButton from '../report-templates/RenderRecordsButton';
import RunTriggerButton from '../triggers/RunTriggerButton';

export interface RecordGridProps {
  /** The application's slug. */
  app: string;
  subject: SubjectDetail;
  /** Editors, owners and administrators: create, bulk edit, bulk delete. */
  canEdit: boolean;
  /** The page of one record of this subject. */
  recordHref: (id: string) => string;
  /**
   * The page of a related record (target subject id, record id); default: the workspace's
   * `/{app}/{targetSubjectKey}/{id}`.
   */
  relatedHref?: (targetSubjectId: string | undefined, id: string) => string | undefined;
  /** The create button's text (default "New record"), e.g. "New engagement". */
  createLabel?: string;
}

export default function RecordGrid({ app, subject, canEdit, recordHref, relatedHref, createLabel }: RecordGridProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const action = useRef<ActionType>();
  const [modal, contextHolder] = Modal.useModal();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<FilterGroup | undefined>();
  const query = useRef<{ q?: string; filter?: FilterGroup }>({});
  const [extras, setExtras] = useState<{
    labels: Record<string, string>;
    files: Record<string, Attachment>;
    totalExact: boolean;
  }>({
    labels: {},
    files: {},
    totalExact: true,
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkOpen, setBulkOpen] = useState(false);
  const storageBase = `assay.records.${app}.${subject.key}`;
  const { widths, setWidth } = useColumnWidths(`${storageBase}.widths`);
  const subjects = useAppSubjects(app);

  const related = useMemo(
    () =>
      relatedHref ??
      ((targetId: string | undefined, id: string) => {
        const target = subjects.data?.find((s) => s.id === targetId);
        return target ? `/${app}/${target.key}/${id}` : undefined;
      }),
    [relatedHref, subjects.data, app],
  );
  const context: FieldContextValue = useMemo(
    () => ({ app, subjectKey: subject.key, labels: extras.labels, files: extras.files, recordHref: related }),
    [app, subject.key, extras.labels, extras.files, related],
  );
  const columns = useMemo(
    () => recordColumns(subject, intl, { widths, setWidth, recordHref }),
    [subject, intl, widths, setWidth, recordHref],
  );
  /** antd's types leave aria-label out of a selection checkbox's props; it hands it to the input (as for its own "select all"). */
  const namedCheckbox = (label: string) => ({ 'aria-label': label }) as Partial<CheckboxProps>;
  /** A row's name for its checkbox: its display field's value as text, else its id. */
  const rowTitle = (r: RecordItem) => {
    const display = subject.fields.find((f) => f.key === subject.displayField);
    return (display && valueToText(display, r.values[display.key], intl.locale, extras.labels)) || r.id;
  };
  const filterFields = useMemo(
    () =>
      filterFieldsOf(subject.fields, {
        createdAt: t('records.system.createdAt'),
        updatedAt: t('records.system.updatedAt'),
        createdBy: t('records.system.createdBy'),
        updatedBy: t('records.system.updatedBy'),
      }),
    [subject.fields, intl],
  );
  // the column settings: every column (pinned = the display field, fixed left), the record's own
  // columns hidden until shown
  const settingsColumns: SettingsColumn[] = useMemo(
    () => columns.map((c) => ({ key: String(c.key), title: c.title as React.ReactNode, ...(c.fixed === 'left' || c.fixed === 'right' ? { fixed: c.fixed } : {}) })),
    [columns],
  );
  const columnDefaults = useMemo(() => Object.fromEntries(SYSTEM_GRID_COLUMNS.map((k) => [k, { show: false }])), []);
  const [columnsMap, setColumnsMap] = useColumnsState(`${storageBase}.columns`, settingsColumns, columnDefaults);
  // what the export sends: the last sort asked for and the column settings the user saved (visible,
  // order); none saved = the fields' order, the record's own columns left out
  const lastSort = useRef<string | undefined>();
  const exportState = () => {
    let map: ColumnsStateMap | null;
    try {
      map = JSON.parse(localStorage.getItem(`${storageBase}.columns`) ?? 'null') as ColumnsStateMap | null;
    } catch {
      map = null;
    }
    const hidden = (k: string) => (map?.[k]?.show ?? !(SYSTEM_GRID_COLUMNS as readonly string[]).includes(k)) === false;
    const keys = columns.map((c) => String(c.key)).filter((k) => !hidden(k));
    const order = (k: string) => map?.[k]?.order ?? keys.indexOf(k);
    return { q: query.current.q, filter: query.current.filter, sort: lastSort.current, columns: [...keys].sort((a, b) => order(a) - order(b)) };
  };
  const request = useMemo(
    () =>
      toRecordRequest(
        (params) => {
          lastSort.current = params.sort;
          return listRecords(app, subject.key, params);
        },
        () => query.current,
        (page) => setExtras({ labels: page.labels, files: page.files, totalExact: page.totalExact }),
      ),
    [app, subject.key],
  );

  /** Applies a new search or filter: back to page 1. */
  const applyQuery = (next: { q?: string; filter?: FilterGroup }) => {
    query.current = { ...query.current, ...next };
    void action.current?.reloadAndRest?.();
  };
  const filtered = !!query.current.q || !!filter;
  const reload = () => void action.current?.reload();
  const clearSelection = () => {
    setSelected([]);
    action.current?.clearSelected?.();
  };

  const bulkDelete = async () => {
    const count = selected.length;
    const confirmed = await modal.confirm({
      title: t('records.grid.bulkDelete'),
      content: t('records.bulkDelete.confirm', { count }),
      okButtonProps: { danger: true, 'data-testid': 'bulk-delete-confirm' },
    });
    if (!confirmed) return;
    try {
      await bulkDeleteRecords(app, subject.key, selected);
      message.success(t('records.bulkDelete.done', { count }));
      clearSelection();
      reload();
    } catch (e) {
      message.error(toApiError(e).message);
    }
  };

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        subject.fields.length === 0
          ? t('records.grid.noFields')
          : filtered
            ? t('records.grid.emptyFiltered')
            : t(canEdit ? 'records.grid.empty' : 'records.grid.emptyViewer')
      }
      data-testid="records-empty"
    >
      {filtered && (
        <Button
          onClick={() => {
            setSearch('');
            setFilter(undefined);
            applyQuery({ q: undefined, filter: undefined });
          }}
        >
          {t('records.grid.clearFilters')}
        </Button>
      )}
    </Empty>
  );

  return (
    <FieldContextProvider value={context}>
      {contextHolder}
      <ProTable<RecordItem>
        rowKey="id"
        actionRef={action}
        columns={columns}
        request={request}
        search={false}
        size="middle"
        scroll={{ x: 'max-content' }}
        components={{ header: { cell: ResizableHeaderCell } }}
        columnsState={{ value: columnsMap, onChange: setColumnsMap }}
        options={{ density: true, reload: true, setting: false }}
        pagination={{
          defaultPageSize: 20,
          showSizeChanger: true,
          pageSizeOptions: [20, 50, 100, 200],
          showTotal: (total) => t(extras.totalExact ? 'records.grid.total' : 'records.grid.totalAbout', { count: total }),
        }}
        locale={{ emptyText: empty }}
        onChange={(_pagination, _filters, _sorter, extra) => {
          // A new order starts from its first page (ProTable keeps the page number otherwise).
          if (extra.action === 'sort') void action.current?.setPageInfo?.({ current: 1 });
        }}
        rowSelection={
          canEdit
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                preserveSelectedRowKeys: true,
                // named checkboxes (docs/accessibility.md): antd leaves a row's unnamed and names "select all" in English
                getTitleCheckboxProps: () => namedCheckbox(t('records.grid.selectAll')),
                getCheckboxProps: (r: RecordItem) => namedCheckbox(t('records.grid.selectRow', { title: rowTitle(r) })),
              }
            : false
        }
        tableAlertRender={({ selectedRowKeys }) => (
          <span data-testid="records-selected">{t('records.grid.selected', { count: selectedRowKeys.length })}</span>
        )}
        tableAlertOptionRender={() => (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => setBulkOpen(true)} data-testid="bulk-edit">
              {t('records.grid.bulkEdit')}
            </Button>
            <Button size="small" type="link" danger onClick={() => void bulkDelete()} data-testid="bulk-delete">
              {t('records.grid.bulkDelete')}
            </Button>
            <RunTriggerButton size="small" app={app} subjectKey={subject.key} recordIds={selected} />
            <RenderRecordsButton app={app} subjectId={subject.id} recordIds={selected} />
            <Button size="small" type="link" onClick={clearSelection}>
              {t('records.grid.clearSelection')}
            </Button>
          </Space>
        )}
        headerTitle={
          <Space wrap>
            <Input.Search
              allowClear
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                if (e.target.value === '' && query.current.q) applyQuery({ q: undefined });
              }}
              onSearch={(q) => applyQuery({ q: q.trim() || undefined })}
              placeholder={t('records.grid.search')}
              style={{ width: 240 }}
              maxLength={100}
              data-testid="records-search"
            />
            <FilterDrawer
              fields={filterFields}
              value={filter}
              onChange={(f) => {
                setFilter(f);
                applyQuery({ filter: f });
              }}
            />
          </Space>
        }
        toolBarRender={() => [
          ...(subject.fields.length > 0 ? [<ExportButton key="export" app={app} subjectKey={subject.key} state={exportState} />] : []),
          ...(canEdit && subject.fields.length > 0 ? [<CreateRecordDrawer key="create" app={app} subject={subject} onDone={reload} label={createLabel} />] : []),
          <ColumnSettings key="columns" columns={settingsColumns} value={columnsMap} onChange={setColumnsMap} />,
        ]}
        data-testid="records-grid"
      />
      {canEdit && (
        <BulkEditModal
          app={app}
          subject={subject}
          ids={selected}
          open={bulkOpen}
          onClose={() => setBulkOpen(false)}
          onDone={() => {
            setBulkOpen(false);
            clearSelection();
            reload();
          }}
        />
      )}
    </FieldContextProvider>
  );
}
