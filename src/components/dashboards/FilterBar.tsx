/**
 * The shared filters of a dashboard (docs/queries.md "Dashboards"): a date range picker (`[from,
 * to]` days), a client select (the application's clients, value = the client's id) or a select of
 * the field's options, each narrowing every card whose base subject has the field. In edit mode a
 * filter can be removed and new ones added (AddFilterModal).
 */
import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import React from 'react';
import type { DashboardFilter } from '../../../contracts';
import { clientsApi, listClients } from '../../services/clients';
import { useT } from '../useT';
import type { DashboardField } from './useDashboardFields';

export interface FilterBarProps {
  filters: readonly DashboardFilter[];
  values: Record<string, unknown>;
  onValue: (filterId: string, value: unknown) => void;
  /** The application's id (its clients). */
  appId: string;
  fields: readonly DashboardField[];
  editing: boolean;
  onRemove: (filterId: string) => void;
}

const DAY = 'YYYY-MM-DD';

/** The application's clients as select options (the first 100 by code). */
function useClientOptions(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: clientsApi.keys.options({ applicationId: appId }),
    queryFn: () => listClients({ applicationId: appId, pageSize: 100 }),
    enabled: enabled && !!appId,
    select: (page) => page.data.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` })),
  });
}

export default function FilterBar({ filters, values, onValue, appId, fields, editing, onRemove }: FilterBarProps) {
  const t = useT();
  const clients = useClientOptions(
    appId,
    filters.some((f) => f.kind === 'client'),
  );
  if (filters.length === 0) return null;

  const control = (f: DashboardFilter) => {
    const value = values[f.id];
    if (f.kind === 'date') {
      const range =
        Array.isArray(value) && value.length === 2 ? ([dayjs(String(value[0])), dayjs(String(value[1]))] as const) : null;
      return (
        <DatePicker.RangePicker
          data-testid={`dashboard-filter-${f.id}`}
          aria-label={f.label}
          value={range ? [range[0], range[1]] : null}
          onChange={(dates) =>
            onValue(f.id, dates && dates[0] && dates[1] ? [dates[0].format(DAY), dates[1].format(DAY)] : undefined)
          }
        />
      );
    }
    const options =
      f.kind === 'client'
        ? (clients.data ?? [])
        : [...new Set(fields.filter((x) => x.key === f.field).flatMap((x) => x.choices))].map((c) => ({ value: c, label: c }));
    return (
      <Select
        data-testid={`dashboard-filter-${f.id}`}
        aria-label={f.label}
        style={{ minWidth: 180 }}
        allowClear
        showSearch
        optionFilterProp="label"
        loading={f.kind === 'client' && clients.isPending}
        placeholder={t('dashboards.filters.any')}
        options={options}
        value={typeof value === 'string' ? value : undefined}
        onChange={(v: string | undefined) => onValue(f.id, v)}
      />
    );
  };

  return (
    <Space wrap size={[16, 8]} data-testid="dashboard-filters" style={{ marginBottom: 12 }}>
      <FilterOutlined aria-hidden />
      {filters.map((f) => (
        <Space key={f.id} size={4}>
          <Typography.Text type="secondary">{f.label}</Typography.Text>
          {control(f)}
          {editing && (
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('dashboards.filters.remove', { label: f.label })}
              data-testid={`dashboard-filter-remove-${f.id}`}
              onClick={() => onRemove(f.id)}
            />
          )}
        </Space>
      ))}
    </Space>
  );
}
