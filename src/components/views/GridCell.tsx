/**
 * GridCell: one cell of the virtual grid, cheap to render while scrolling ("smooth at
 * 100k rows"). Select options are coloured pills (plain spans, not antd Tags), links and files go
 * through FieldValue, everything else is `valueToText` in one ellipsised line (no Typography
 * measuring per cell). Memoised on field and value.
 */
import React from 'react';
import { getLocale } from 'umi';
import type { Field } from '../../../contracts';
import { textColorOn } from '../../../config/theme';
import { FieldValue } from '../fields';
import { choiceColor, valueToText } from '../fields/format';

const LINE: React.CSSProperties = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

const PILL: React.CSSProperties = { display: 'inline-block', padding: '0 7px', marginInlineEnd: 4, borderRadius: 4, fontSize: 12, lineHeight: '20px' };
/** An option without a colour (or one the field no longer has): antd's default tag, dark text on light grey. */
const PLAIN_PILL: React.CSSProperties = { ...PILL, lineHeight: '18px', color: 'rgba(0, 0, 0, 0.88)', background: '#fafafa', border: '1px solid #d9d9d9' };

/**
 * A select option as a chip: white or black on the option's colour, whichever reads (config/theme.ts textColorOn),
 * or a plain grey chip when it has none (never white on nothing).
 */
export function pillStyle(color: string): React.CSSProperties {
  return color ? { ...PILL, color: textColorOn(color) ?? '#fff', background: color } : PLAIN_PILL;
}

function Pill({ label, color }: { label: string; color: string }) {
  return (
    <span style={pillStyle(color)} data-testid="grid-pill">
      {label}
    </span>
  );
}

function GridCell({ field, value, labels }: { field: Pick<Field, 'type' | 'options'>; value: unknown; labels: Record<string, string> }) {
  if (value === null || value === undefined || value === '') return null;
  if (field.type === 'singleSelect' || field.type === 'multiSelect') {
    const list = Array.isArray(value) ? value.map(String) : [String(value)];
    return (
      <span style={LINE}>
        {list.map((label) => (
          <Pill key={label} label={label} color={choiceColor(field, label)} />
        ))}
      </span>
    );
  }
  if (field.type === 'attachment' || field.type === 'url' || field.type === 'email') return <FieldValue field={field} value={value} compact />;
  const text = valueToText(field, value, getLocale(), labels);
  return (
    <span style={LINE} title={text}>
      {text}
    </span>
  );
}

export default React.memo(GridCell);
