/**
 * Picks several live applications by id, searching slug and name on the server as one types
 * (debounced 300 ms, the first 20 matches). `known` seeds the labels of values already chosen.
 */
import { useDebounceFn } from 'ahooks';
import { Select, Spin } from 'antd';
import React, { useEffect, useState } from 'react';
import type { ClientApplication } from '../../../../../contracts';
import { listApplications } from '../../../../services/applications';

const labelOf = (a: ClientApplication) => `${a.name} (/${a.slug})`;

export default function ApplicationsSelect({
  value,
  onChange,
  known = [],
  placeholder,
  testId,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  known?: ClientApplication[];
  placeholder?: string;
  testId?: string;
}) {
  const [options, setOptions] = useState<{ value: string; label: string }[]>(known.map((a) => ({ value: a.id, label: labelOf(a) })));
  const [loading, setLoading] = useState(false);
  const load = async (q: string) => {
    setLoading(true);
    try {
      const page = await listApplications({ q: q || undefined, pageSize: 20 });
      setOptions((current) => {
        const byId = new Map(current.filter((o) => value?.includes(o.value)).map((o) => [o.value, o]));
        for (const a of page.data) byId.set(a.id, { value: a.id, label: labelOf(a) });
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
    <Select<string[]>
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      onSearch={run}
      options={options}
      placeholder={placeholder}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      data-testid={testId}
    />
  );
}
