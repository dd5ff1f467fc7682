/**
 * Picks one of APP_ICONS (contracts/constants.ts), each option drawn with its icon; clearing
 * gives null (the default icon). For antd Form items: `value` / `onChange`.
 */
import { Select, Space } from 'antd';
import React from 'react';
import { APP_ICONS, type AppIcon } from '../../../contracts/constants';
import IconByName from '../IconByName';

export default function IconSelect({
  value,
  onChange,
  placeholder,
  testId,
  id,
}: {
  value?: AppIcon | null;
  onChange?: (value: AppIcon | null) => void;
  placeholder?: string;
  testId?: string;
  /** The input's id, handed in by the Form.Item, so that its label names it. */
  id?: string;
}) {
  return (
    <Select<AppIcon>
      id={id}
      showSearch
      allowClear
      value={value ?? undefined}
      placeholder={placeholder}
      onChange={(v) => onChange?.(v ?? null)}
      optionFilterProp="value"
      data-testid={testId}
      options={APP_ICONS.map((name) => ({
        value: name,
        label: (
          <Space>
            <IconByName name={name} />
            {name.replace(/Outlined$/, '')}
          </Space>
        ),
      }))}
    />
  );
}
