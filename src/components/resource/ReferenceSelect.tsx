/**
 * The resource kit's input of a `reference` field: picks rows of the referenced resource by id,
 * searching `GET /api/v1/<to>?q=…&pageSize=20` as one types (debounced 300 ms). One id, or a list
 * when `many`. `known` seeds the labels of ids already chosen (a row's `readAs` objects), so an
 * edit shows names before any search. A row's label is `labelOf(row)`, by default its `name`,
 * else its first display column, else its id.
 */
import { useDebounceFn } from 'ahooks';
import { Select, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import { request } from 'umi';
import type { Page } from '../../../contracts/envelope';

/** A referenced row as lists answer it (any columns). */
export type ReferencedRow = { id: string } & Record<string, unknown>;

export interface ReferenceSelectProps {
  /** The referenced resource's name (the URL segment). */
  to: string;
  many?: boolean;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  /** Rows already known (their labels show at once). */
  known?: ReferencedRow[];
  labelOf?: (row: ReferencedRow) => string;
  placeholder?: string;
  testId?: string;
  /** The most ids that may be picked (many). */
  maxCount?: number;
}

const defaultLabel = (row: ReferencedRow) => String(row.name ?? row.title ?? row.slug ?? row.id);

export default function ReferenceSelect({ to, many, value, onChange, known = [], labelOf = defaultLabel, placeholder, testId, maxCount }: ReferenceSelectProps) {
  const toOption = (r: ReferencedRow) => ({ value: r.id, label: labelOf(r) });
  const [options, setOptions] = useState(known.map(toOption));
  const [loading, setLoading] = useState(false);
  const chosen = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const load = async (q: string) => {
    setLoading(true);
    try {
      const page = await request<Page<ReferencedRow>>(`/api/v1/${to}`, { method: 'GET', params: { q: q || undefined, pageSize: 20 } });
      setOptions((current) => {
        const byId = new Map(current.filter((o) => chosen.includes(o.value)).map((o) => [o.value, o]));
        for (const r of page.data) byId.set(r.id, toOption(r));
        return [...byId.values()];
      });
    } finally {
      setLoading(false);
    }
  };
  const { run } = useDebounceFn((q: string) => void load(q), { wait: 300 });
  useEffect(() => {
    void load('');
  }, []);
  return (
    <Select<string | string[]>
      mode={many ? 'multiple' : undefined}
      maxCount={many ? maxCount : undefined}
      allowClear
      showSearch
      filterOption={false}
      value={many ? chosen : (chosen[0] ?? undefined)}
      onChange={(v) => onChange?.(v ?? (many ? [] : undefined))}
      onSearch={run}
      options={options}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      data-testid={testId}
    />
  );
}
