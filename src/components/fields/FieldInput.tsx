/**
 * FieldInput: the edit control of one field, a controlled form field whose value is the API's
 * JSON value itself (contracts/records.ts), so a form's values are sent as they are:
 * text types → Input (TextArea for long text), rich text → the lazy tiptap editor, number/money/
 * percent → DecimalInput (exact decimal strings; text that is no number is kept and named by the
 * field's rule; filters keep InputNumber in stringMode), date → DatePicker ('YYYY-MM-DD'),
 * datetime → DatePicker with time (ISO UTC), boolean → Switch, selects → Select with coloured
 * options, user → UserPicker, relation → RecordPicker, attachment → AttachmentUpload. Computed
 * types (formula, auto number, system fields) show their value read-only.
 *
 * Bounds (validation min/max) are checked by fieldRules, not by an input's min/max, which would
 * silently clamp a typed value instead of saying what is wrong.
 *
 * `mode="filter"` adapts it to a filter condition's value: plain inputs for long and rich text,
 * `multiple` for the list operators (in, notIn, hasAny, hasAll), no uploads.
 */
import { DatePicker, Input, InputNumber, Select, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import React from 'react';
import { useIntl } from 'umi';
import type { Field } from '../../../contracts';
import { textColorOn } from '../../../config/theme';
import LazyRichTextEditor from '../../pages/admin/notice/components/LazyRichTextEditor';
import FieldValue from './FieldValue';
import { AttachmentUpload, RecordPicker, UserPicker } from './pickers';
import { choiceText, typedDecimal } from './format';
import { isWritable } from './rules';

export interface FieldInputProps {
  field: Pick<Field, 'type' | 'options' | 'name'> & Partial<Pick<Field, 'key' | 'validation' | 'helpText' | 'locked' | 'managed'>>;
  value?: unknown;
  onChange?: (value: unknown) => void;
  mode?: 'form' | 'filter';
  /** Several values (filters' list operators; a relation's `multiple` in forms). */
  multiple?: boolean;
  disabled?: boolean;
  /** The record being edited (attachment uploads name it). */
  recordId?: string;
  /** Form.Item's id, so the label points at the control. */
  id?: string;
  /** The hint shown while empty (a dynamic form's per-field placeholder). */
  placeholder?: string;
  'data-testid'?: string;
}

/** The currency symbol of an ISO 4217 code in the interface language ("¥", "$", "€"). */
function currencySymbol(currency: string, locale: string): string {
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}

function toDayjs(value: unknown, withTime: boolean): Dayjs | null {
  if (typeof value !== 'string' || !value) return null;
  const d = withTime ? dayjs(value) : dayjs(value.slice(0, 10), 'YYYY-MM-DD');
  return d.isValid() ? d : null;
}

function asArray(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/**
 * A number, money or percent value in a form: a text box that keeps exactly what was typed. Its
 * value is the decimal string (typedDecimal: "1,234.5" → "1234.5"), or the typed text itself when
 * that is not a number, so fieldRules says so under the field and nothing typed is lost (antd's
 * InputNumber silently drops such text on blur, and the form then saw no change at all).
 */
function DecimalInput({
  value,
  onChange,
  ...rest
}: { value: unknown; onChange?: (value: unknown) => void } & Pick<React.ComponentProps<typeof Input>, 'id' | 'disabled' | 'placeholder' | 'prefix' | 'addonAfter'> & { 'data-testid'?: string }) {
  const outer = value === null || value === undefined ? '' : String(value);
  const [text, setText] = React.useState(outer);
  // a value set from outside (reset, a re-applied edit) replaces the text; our own echo does not
  React.useEffect(() => {
    if ((typedDecimal(text) ?? '') !== outer) setText(outer);
  }, [outer]);
  return (
    <Input
      {...rest}
      inputMode="decimal"
      autoComplete="off"
      style={{ width: '100%' }}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(typedDecimal(e.target.value));
      }}
    />
  );
}

export default function FieldInput({
  field,
  value,
  onChange,
  mode = 'form',
  multiple,
  disabled,
  recordId,
  id,
  placeholder: hint,
  ...rest
}: FieldInputProps) {
  const intl = useIntl();
  const testId = rest['data-testid'];
  const opts = field.options ?? {};
  const v = field.validation ?? {};
  const filter = mode === 'filter';
  const common = { id, disabled, 'data-testid': testId };
  const placeholder = filter ? intl.formatMessage({ id: 'records.filter.value' }) : hint;

  if (!isWritable(field) && !filter) return <FieldValue field={field} value={value} />;
  // A formula is filtered as its result: number, boolean, date or text.
  const type: Field['type'] =
    field.type !== 'formula' ? field.type : opts.resultType && opts.resultType !== 'text' ? opts.resultType : 'text';

  switch (type) {
    case 'longText':
    case 'richText':
      if (filter || type === 'longText')
        return filter ? (
          <Input
            {...common}
            placeholder={placeholder}
            value={(value as string | null) ?? ''}
            onChange={(e) => onChange?.(e.target.value)}
          />
        ) : (
          <Input.TextArea
            {...common}
            // Fixed rows: antd's autoSize measures through a style attribute, which the CSP refuses.
            rows={4}
            placeholder={placeholder}
            maxLength={v.maxLength}
            showCount={v.maxLength !== undefined}
            value={(value as string | null) ?? ''}
            onChange={(e) => onChange?.(e.target.value)}
          />
        );
      return (
        <div id={id} data-testid={testId}>
          <LazyRichTextEditor
            value={(value as string | null) ?? ''}
            onChange={(html) => onChange?.(html)}
            ariaLabel={field.name}
          />
        </div>
      );
    case 'number':
    case 'money':
    case 'percent':
      if (!filter)
        return (
          <DecimalInput
            {...common}
            placeholder={placeholder}
            prefix={type === 'money' ? currencySymbol(opts.currency ?? 'CNY', intl.locale) : undefined}
            addonAfter={type === 'percent' ? '%' : undefined}
            value={value}
            onChange={onChange}
          />
        );
      return (
        <InputNumber<string>
          {...common}
          stringMode
          style={{ width: filter ? 160 : '100%' }}
          placeholder={placeholder}
          precision={opts.precision ?? (type === 'money' ? 2 : undefined)}
          prefix={type === 'money' ? currencySymbol(opts.currency ?? 'CNY', intl.locale) : undefined}
          addonAfter={type === 'percent' ? '%' : undefined}
          value={value === null || value === undefined || value === '' ? null : String(value)}
          onChange={(n) => onChange?.(n === null || n === '' ? null : n)}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          style={{ width: filter ? 160 : '100%' }}
          placeholder={placeholder}
          value={toDayjs(value, false)}
          onChange={(d) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
        />
      );
    case 'datetime':
    case 'createdAt':
    case 'updatedAt':
      return (
        <DatePicker
          {...common}
          style={{ width: filter ? 200 : '100%' }}
          showTime={{ format: opts.showSeconds ? 'HH:mm:ss' : 'HH:mm' }}
          format={opts.showSeconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm'}
          value={toDayjs(value, true)}
          onChange={(d) => onChange?.(d ? d.toDate().toISOString() : null)}
        />
      );
    case 'boolean':
      if (filter)
        return (
          <Select<string>
            {...common}
            style={{ width: 120 }}
            value={value === true ? 'true' : value === false ? 'false' : undefined}
            options={[
              { value: 'true', label: intl.formatMessage({ id: 'records.value.yes' }) },
              { value: 'false', label: intl.formatMessage({ id: 'records.value.no' }) },
            ]}
            onChange={(s) => onChange?.(s === 'true')}
          />
        );
      return <Switch {...common} checked={value === true} onChange={(c) => onChange?.(c)} />;
    case 'singleSelect':
    case 'multiSelect': {
      const many = type === 'multiSelect' || multiple === true;
      const choices = opts.choices ?? [];
      return (
        <Select<string | string[]>
          {...common}
          mode={many ? 'multiple' : undefined}
          allowClear
          showSearch
          placeholder={placeholder}
          style={{ width: '100%', minWidth: filter ? 180 : undefined }}
          value={many ? asArray(value) : ((value as string | null) ?? undefined)}
          onChange={(s) => onChange?.(s === undefined ? null : s)}
          options={choices.map((c) => ({ value: c.label, label: choiceText(field, c.label, intl.messages), color: c.color }))}
          optionRender={(o) => (
            <Tag color={o.data.color} style={{ color: textColorOn(o.data.color) }}>
              {o.data.label}
            </Tag>
          )}
          tagRender={({ value: tv, closable, onClose }) => {
            const color = choices.find((c) => c.label === tv)?.color;
            return (
              <Tag color={color} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4, color: textColorOn(color) }}>
                {String(tv)}
              </Tag>
            );
          }}
        />
      );
    }
    case 'user':
    case 'createdBy':
    case 'updatedBy':
      return (
        <UserPicker
          {...common}
          multiple={multiple}
          style={{ width: '100%', minWidth: filter ? 220 : undefined }}
          value={multiple ? asArray(value) : ((value as string | null) ?? null)}
          onChange={(x) => onChange?.(x)}
        />
      );
    case 'relation': {
      const many = multiple ?? opts.multiple === true;
      return (
        <RecordPicker
          {...common}
          targetSubjectId={opts.targetSubjectId}
          multiple={many}
          style={{ width: '100%', minWidth: filter ? 220 : undefined }}
          value={many ? asArray(value) : ((value as string | null) ?? null)}
          onChange={(x) => onChange?.(x)}
        />
      );
    }
    case 'attachment':
      if (filter) return null;
      return <AttachmentUpload {...common} recordId={recordId} value={asArray(value)} onChange={(ids) => onChange?.(ids)} />;
    default:
      if (multiple)
        return (
          <Select<string[]>
            {...common}
            mode="tags"
            style={{ width: '100%', minWidth: 220 }}
            placeholder={intl.formatMessage({ id: 'records.filter.values' })}
            value={asArray(value)}
            onChange={(s) => onChange?.(s)}
            open={false}
            tokenSeparators={[',', '，']}
          />
        );
      return (
        <Input
          {...common}
          type={type === 'email' ? 'email' : type === 'url' ? 'url' : type === 'phone' ? 'tel' : 'text'}
          placeholder={placeholder ?? (type === 'url' ? 'https://' : undefined)}
          maxLength={filter ? undefined : v.maxLength}
          style={filter ? { minWidth: 180 } : undefined}
          value={(value as string | null) ?? ''}
          onChange={(e) => onChange?.(filter || e.target.value !== '' ? e.target.value : null)}
        />
      );
  }
}
