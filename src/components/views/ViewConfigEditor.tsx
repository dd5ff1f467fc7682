/**
 * ViewConfigEditor: the view toolbar ("a toolbar to change filters/sorts/group/columns"):
 * per type — grid: columns (show/hide, order), filter, sorts, group by, row height; kanban: the
 * single-select field, card fields, filter, sorts; calendar: date, end and title fields, filter.
 * Controlled: every change calls `onChange` with a new config (the page previews it live and saves it).
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Segmented, Select, Space, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { RecordSort, SubjectDetail, ViewConfig } from '../../../contracts';
import { ROW_HEIGHTS } from '../../../contracts/view-rows';
import { filterFieldsOf } from '../fields';
import { isSortable } from '../records/columns';
import FilterDrawer from '../records/FilterDrawer';
import { columnKeysOf } from './viewColumns';

interface Props {
  subject: SubjectDetail;
  value: ViewConfig;
  onChange: (config: ViewConfig) => void;
}

export default function ViewConfigEditor({ subject, value, onChange }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const systemName = (k: string) => t(`records.system.${k}`);
  const nameOf = (k: string) => subject.fields.find((f) => f.key === k)?.name ?? systemName(k);
  const option = (k: string) => ({ value: k, label: nameOf(k) });
  const allKeys = columnKeysOf(subject);
  const filterFields = filterFieldsOf(subject.fields, {
    createdAt: systemName('createdAt'),
    updatedAt: systemName('updatedAt'),
    createdBy: systemName('createdBy'),
    updatedBy: systemName('updatedBy'),
  });
  const sortable = allKeys.filter((k) => {
    const f = subject.fields.find((x) => x.key === k);
    return f ? isSortable(f) : true;
  });
  const fieldsOfType = (...types: string[]) => subject.fields.filter((f) => types.includes(f.type)).map((f) => option(f.key));

  const filter = (
    <FilterDrawer key="filter" fields={filterFields} value={value.filter} onChange={(f) => onChange({ ...value, filter: f } as ViewConfig)} />
  );

  const sorts = (list: RecordSort[], set: (s: RecordSort[]) => void) => (
    <Popover
      trigger="click"
      title={t('views.sort.title')}
      content={
        <Space direction="vertical" data-testid="sort-panel">
          {list.map((s, i) => (
            <Space key={`${s.field}-${i}`}>
              <Select
                style={{ width: 180 }}
                value={s.field}
                options={sortable.map(option)}
                onChange={(field) => set(list.map((x, j) => (j === i ? { ...x, field } : x)))}
                data-testid={`sort-field-${i}`}
              />
              <Segmented
                value={s.order}
                options={[
                  { value: 'asc', label: t('views.sort.asc') },
                  { value: 'desc', label: t('views.sort.desc') },
                ]}
                onChange={(order) => set(list.map((x, j) => (j === i ? { ...x, order: order as RecordSort['order'] } : x)))}
                data-testid={`sort-order-${i}`}
              />
              <Button size="small" icon={<DeleteOutlined />} onClick={() => set(list.filter((_, j) => j !== i))} aria-label={t('views.remove')} />
            </Space>
          ))}
          {list.length < 5 && (
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() => set([...list, { field: sortable.find((k) => !list.some((s) => s.field === k)) ?? sortable[0], order: 'asc' }])}
              data-testid="sort-add"
            >
              {t('views.sort.add')}
            </Button>
          )}
        </Space>
      }
    >
      <Button data-testid="sort-button">{list.length > 0 ? t('views.sort.n', { n: list.length }) : t('views.sort.button')}</Button>
    </Popover>
  );

  if (value.type === 'grid') {
    const shown = value.columns.length > 0 ? value.columns : subject.fields.map((f) => f.key);
    const hidden = allKeys.filter((k) => !shown.includes(k));
    const setColumns = (columns: string[]) => onChange({ ...value, columns });
    const moveCol = (i: number, by: number) => {
      const next = [...shown];
      const [k] = next.splice(i, 1);
      next.splice(i + by, 0, k);
      setColumns(next);
    };
    return (
      <Space wrap data-testid="view-toolbar">
        <Popover
          trigger="click"
          title={t('views.columns.title')}
          content={
            <div style={{ maxHeight: 360, overflowY: 'auto', minWidth: 260 }} data-testid="columns-panel">
              {shown.map((k, i) => (
                <div key={k} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                  <Checkbox checked onChange={() => setColumns(shown.filter((x) => x !== k))} data-testid={`column-${k}`}>
                    {nameOf(k)}
                  </Checkbox>
                  <span style={{ flex: 1 }} />
                  <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => moveCol(i, -1)} aria-label={t('views.columns.up')} />
                  <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={i === shown.length - 1} onClick={() => moveCol(i, 1)} aria-label={t('views.columns.down')} />
                </div>
              ))}
              {hidden.map((k) => (
                <div key={k}>
                  <Checkbox checked={false} onChange={() => setColumns([...shown, k])} data-testid={`column-${k}`}>
                    {nameOf(k)}
                  </Checkbox>
                </div>
              ))}
            </div>
          }
        >
          <Button data-testid="columns-button">{t('views.columns.button', { n: shown.length })}</Button>
        </Popover>
        {filter}
        {sorts(value.sort, (sort) => onChange({ ...value, sort }))}
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('views.groupBy')}
          value={value.groupBy}
          options={subject.fields.filter((f) => isSortable(f) && f.type !== 'richText').map((f) => option(f.key))}
          onChange={(groupBy?: string) => onChange({ ...value, groupBy })}
          data-testid="group-select"
        />
        <Segmented
          value={value.rowHeight}
          options={ROW_HEIGHTS.map((h) => ({ value: h, label: t(`views.rowHeight.${h}`) }))}
          onChange={(rowHeight) => onChange({ ...value, rowHeight: rowHeight as (typeof ROW_HEIGHTS)[number] })}
        />
      </Space>
    );
  }
  if (value.type === 'kanban') {
    return (
      <Space wrap data-testid="view-toolbar">
        <Typography.Text>{t('views.kanban.groupField')}</Typography.Text>
        <Select style={{ width: 180 }} value={value.groupField || undefined} options={fieldsOfType('singleSelect')} onChange={(groupField: string) => onChange({ ...value, groupField })} data-testid="kanban-field" />
        <Select
          mode="multiple"
          style={{ minWidth: 220 }}
          placeholder={t('views.kanban.cardFields')}
          value={value.cardFields}
          options={allKeys.map(option)}
          onChange={(cardFields: string[]) => onChange({ ...value, cardFields })}
          maxTagCount="responsive"
        />
        {filter}
        {sorts(value.sort, (sort) => onChange({ ...value, sort }))}
      </Space>
    );
  }
  return (
    <Space wrap data-testid="view-toolbar">
      <Typography.Text>{t('views.calendar.dateField')}</Typography.Text>
      <Select style={{ width: 160 }} value={value.dateField || undefined} options={fieldsOfType('date', 'datetime')} onChange={(dateField: string) => onChange({ ...value, dateField })} data-testid="calendar-field" />
      <Select allowClear style={{ width: 160 }} placeholder={t('views.calendar.endField')} value={value.endField} options={fieldsOfType('date', 'datetime')} onChange={(endField?: string) => onChange({ ...value, endField })} />
      <Select allowClear style={{ width: 160 }} placeholder={t('views.calendar.titleField')} value={value.titleField} options={allKeys.map(option)} onChange={(titleField?: string) => onChange({ ...value, titleField })} />
      {filter}
    </Space>
  );
}
