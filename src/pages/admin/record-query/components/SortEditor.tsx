/**
 * The sorts of a record query: up to MAX_SORTS rows of a column (the subject's sortable fields and
 * the system columns; each at most once) and ascending/descending, applied in order (then `id`).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Segmented, Select, Space, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import { MAX_SORTS, type ColumnOption } from '../columns';
import type { SortDraft } from '../useQueryBuilder';

interface Props {
  options: ColumnOption[];
  value: SortDraft[];
  onChange: (value: SortDraft[]) => void;
}

export default function SortEditor({ options, value, onChange }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const set = (i: number, patch: Partial<SortDraft>) => onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const used = new Set(value.map((s) => s.field));
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="sort-editor">
      {value.length === 0 && <Typography.Text type="secondary">{t('recordQuery.sort.none')}</Typography.Text>}
      {value.map((s, i) => (
        <Space key={i} wrap data-testid={`sort-${i}`}>
          <Typography.Text type="secondary" style={{ width: 56, display: 'inline-block' }}>
            {t(i === 0 ? 'recordQuery.sort.first' : 'recordQuery.sort.then')}
          </Typography.Text>
          <Select<string>
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('recordQuery.sort.field')}
            aria-label={t('recordQuery.sort.field')}
            value={s.field}
            options={options.map((o) => ({ ...o, disabled: o.value !== s.field && used.has(o.value) }))}
            onChange={(field) => set(i, { field })}
            data-testid={`sort-${i}-field`}
          />
          <Segmented<SortDraft['order']>
            value={s.order}
            onChange={(order) => set(i, { order })}
            options={[
              { value: 'asc', label: t('recordQuery.sort.asc') },
              { value: 'desc', label: t('recordQuery.sort.desc') },
            ]}
            data-testid={`sort-${i}-order`}
          />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('recordQuery.sort.remove')}
            title={t('recordQuery.sort.remove')}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={value.length >= MAX_SORTS || options.length === 0}
        onClick={() => onChange([...value, { order: 'asc' }])}
        data-testid="add-sort"
      >
        {value.length >= MAX_SORTS ? t('recordQuery.sort.max', { max: MAX_SORTS }) : t('recordQuery.sort.add')}
      </Button>
    </Space>
  );
}
