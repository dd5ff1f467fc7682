/**
 * A Select that searches the server as one types (debounced 300 ms, the first 20 matches), for
 * picking a user, a group or an application out of lists too long to load whole.
 */
import { useDebounceFn } from 'ahooks';
import { Select, Spin } from 'antd';
import React, { useEffect, useState } from 'react';

export interface RemoteOption {
  value: string;
  label: string;
}

export default function RemoteSelect({
  fetch,
  value,
  onChange,
  placeholder,
  style,
  testId,
  id,
  ariaLabel,
}: {
  /** Options matching the typed text ('' = the first ones). */
  fetch: (q: string) => Promise<RemoteOption[]>;
  value?: string;
  onChange?: (value: string | undefined, option?: RemoteOption) => void;
  placeholder?: string;
  style?: React.CSSProperties;
  testId?: string;
  /** The input's id, for the label that names it (a Form.Item with a name hands it in). */
  id?: string;
  /** The select's accessible name when no label names it (a select in a table row). */
  ariaLabel?: string;
}) {
  const [options, setOptions] = useState<RemoteOption[]>([]);
  const [loading, setLoading] = useState(false);
  const load = async (q: string) => {
    setLoading(true);
    try {
      setOptions(await fetch(q));
    } finally {
      setLoading(false);
    }
  };
  const { run } = useDebounceFn((q: string) => void load(q), { wait: 300 });
  useEffect(() => {
    void load('');
  }, []);
  return (
    <Select<string, RemoteOption>
      id={id}
      showSearch
      allowClear
      filterOption={false}
      value={value}
      placeholder={placeholder}
      style={style ?? { minWidth: 240 }}
      options={options}
      onSearch={run}
      onChange={(v, option) => onChange?.(v, Array.isArray(option) ? undefined : option)}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      data-testid={testId}
      aria-label={ariaLabel}
    />
  );
}
