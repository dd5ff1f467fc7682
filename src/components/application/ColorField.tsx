/**
 * A theme colour `#rrggbb` (antd ColorPicker, no alpha) with a row of presets; clearing gives null
 * (the site's colour). For antd Form items: `value` / `onChange`.
 */
import { ColorPicker } from 'antd';
import React from 'react';

/** antd's preset primaries that read well as a workspace colour. */
export const THEME_PRESETS = ['#1677ff', '#2f54eb', '#722ed1', '#eb2f96', '#f5222d', '#fa541c', '#fa8c16', '#faad14', '#52c41a', '#13c2c2'];

export default function ColorField({
  value,
  onChange,
  presetsLabel,
  testId,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  presetsLabel: string;
  testId?: string;
}) {
  return (
    <ColorPicker
      value={value ?? null}
      allowClear
      showText
      disabledAlpha
      format="hex"
      presets={[{ label: presetsLabel, colors: THEME_PRESETS }]}
      onChange={(color) => onChange?.(color.cleared ? null : color.toHexString())}
      onClear={() => onChange?.(null)}
      data-testid={testId}
    />
  );
}
