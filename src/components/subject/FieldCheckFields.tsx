/**
 * The field drawer's checks (contracts/subjects.ts fieldValidationSchema, form path `validation.*`)
 * and its default value, each offered only for the types that read it (fieldTypes.ts): required,
 * unique, min/max (numbers, dates), min/max length and pattern (text). The default value's input
 * follows the type (text, number, date, yes/no, one or more of the choices).
 */
import { Alert, DatePicker, Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import React from 'react';
import { useIntl } from 'umi';
import { PHONE_PATTERN, USER_PATTERN_MAX_LENGTH } from '../../../contracts/constants';
import type { FieldType } from '../../../contracts/constants';
import type { ChoiceRow, FieldFormValues } from './fieldTypes';
import { DEFAULT_TYPES, isComputed, patternError, UNIQUE_TYPES, validationKeys } from './fieldTypes';

type T = (id: string, values?: Record<string, string | number>) => string;

/** A value comparable as a number or a date, for the min ≤ max check. */
const comparable = (v: unknown): number | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  if (dayjs.isDayjs(v)) return v.valueOf();
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** Required and unique switches (required not for computed types; unique only where the server allows it). */
export function ConstraintFields({ type }: { type: FieldType }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  if (isComputed(type) && !UNIQUE_TYPES.includes(type)) return null;
  return (
    <Space size="large">
      {!isComputed(type) && (
        <Form.Item name="required" label={t('field.required')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
      {UNIQUE_TYPES.includes(type) && (
        <Form.Item name="unique" label={t('field.unique')} valuePropName="checked">
          <Switch />
        </Form.Item>
      )}
    </Space>
  );
}

/**
 * min/max, length and pattern, as the type reads them. The pattern is checked by the linear-time
 * engine the server runs (fieldTypes.patternError); `stored` is the field's pattern as saved and
 * `storedIssue` the server's `patternIssue` for it (a pattern saved before that engine which it
 * cannot run): it is shown as a warning and may be kept unchanged, as the server allows.
 */
export function ValidationFields({ type, stored, storedIssue }: { type: FieldType; stored?: string; storedIssue?: string }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const keys = isComputed(type) ? [] : validationKeys(type);
  if (keys.length === 0) return <Typography.Paragraph type="secondary">{t('field.validation.none')}</Typography.Paragraph>;
  const isDate = type === 'date' || type === 'datetime';
  const minNotAboveMax =
    (a: 'min' | 'minLength', b: 'max' | 'maxLength') =>
    ({ getFieldValue }: { getFieldValue: (name: string[]) => unknown }) => ({
      validator: async () => {
        const lo = comparable(getFieldValue(['validation', a]));
        const hi = comparable(getFieldValue(['validation', b]));
        if (lo !== undefined && hi !== undefined && lo > hi) throw new Error(t('field.validation.minAboveMax'));
      },
    });
  const bound = isDate ? (
    <DatePicker showTime={type === 'datetime'} style={{ width: 200 }} />
  ) : (
    <InputNumber style={{ width: 180 }} />
  );
  return (
    <>
      {keys.includes('min') && (
        <Space size="large" align="start">
          <Form.Item
            name={['validation', 'min']}
            label={t(isDate ? 'field.validation.minDate' : 'field.validation.min')}
            dependencies={[['validation', 'max']]}
            rules={[minNotAboveMax('min', 'max')]}
          >
            {bound}
          </Form.Item>
          <Form.Item name={['validation', 'max']} label={t(isDate ? 'field.validation.maxDate' : 'field.validation.max')}>
            {bound}
          </Form.Item>
        </Space>
      )}
      {keys.includes('minLength') && (
        <Space size="large" align="start">
          <Form.Item
            name={['validation', 'minLength']}
            label={t('field.validation.minLength')}
            extra={t('field.validation.lengthHelp')}
            dependencies={[['validation', 'maxLength']]}
            rules={[minNotAboveMax('minLength', 'maxLength')]}
          >
            <InputNumber min={0} max={100000} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name={['validation', 'maxLength']} label={t('field.validation.maxLength')}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: 140 }} />
          </Form.Item>
        </Space>
      )}
      {keys.includes('pattern') && storedIssue && (
        <Alert
          type="warning"
          showIcon
          data-testid="pattern-issue"
          style={{ marginBottom: 12 }}
          message={t('field.validation.patternStored', { detail: storedIssue })}
        />
      )}
      {keys.includes('pattern') && (
        <Form.Item
          name={['validation', 'pattern']}
          label={t('field.validation.pattern')}
          extra={t('field.validation.patternHelp')}
          rules={[
            { max: USER_PATTERN_MAX_LENGTH },
            {
              validator: async (_, v?: string) => {
                if (!v || (storedIssue && v === stored)) return;
                const error = await patternError(v, t);
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <Input style={{ fontFamily: 'monospace' }} />
        </Form.Item>
      )}
    </>
  );
}

/** The default value's input for `type` (choices from the form's current choice rows); value/onChange come from Form.Item. */
function DefaultInput({
  type,
  choices,
  t,
  id,
  value,
  onChange,
}: {
  type: FieldType;
  choices: ChoiceRow[];
  t: T;
  value?: unknown;
  onChange?: (v: unknown) => void;
  id?: string;
}) {
  const choiceOptions = choices.filter((c) => c?.label?.trim()).map((c) => ({ value: c.label.trim(), label: c.label.trim() }));
  const none = t('field.defaultNone');
  switch (type) {
    case 'longText':
      return <Input.TextArea id={id} rows={2} value={value as string | undefined} onChange={(e) => onChange?.(e.target.value)} />;
    case 'number':
    case 'money':
    case 'percent':
      return (
        <InputNumber<string> id={id} stringMode style={{ width: 200 }} value={value as string | undefined} onChange={onChange} />
      );
    case 'date':
    case 'datetime':
      return <DatePicker id={id} showTime={type === 'datetime'} value={value as Dayjs | undefined} onChange={onChange} />;
    case 'boolean':
      return (
        <Select<'true' | 'false'>
          id={id}
          allowClear
          placeholder={none}
          style={{ width: 200 }}
          value={value === true ? 'true' : value === false ? 'false' : undefined}
          onChange={(v) => onChange?.(v === undefined ? undefined : v === 'true')}
          options={[
            { value: 'true', label: t('field.yes') },
            { value: 'false', label: t('field.no') },
          ]}
        />
      );
    case 'singleSelect':
      return (
        <Select<string>
          id={id}
          allowClear
          placeholder={none}
          options={choiceOptions}
          value={value as string | undefined}
          onChange={onChange}
        />
      );
    case 'multiSelect':
      return (
        <Select<string[]>
          id={id}
          mode="multiple"
          allowClear
          placeholder={none}
          options={choiceOptions}
          value={value as string[] | undefined}
          onChange={onChange}
        />
      );
    default:
      return <Input id={id} value={value as string | undefined} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

/**
 * The default value's own checks: the format of an e-mail or URL (antd's rules) or a phone
 * (PHONE_PATTERN, as the server checks it); the server checks again and names `defaultValue`.
 */
function defaultRules(type: FieldType, t: T) {
  if (type === 'email') return [{ type: 'email' as const, message: t('field.default.email') }];
  if (type === 'url') return [{ type: 'url' as const, message: t('field.default.url') }];
  if (type === 'phone') return [{ pattern: PHONE_PATTERN, message: t('field.default.phone') }];
  return [];
}

/** Default value (for the types that take one) and help text. */
export function DefaultAndHelpFields({ type, form }: { type: FieldType; form: FormInstance<FieldFormValues> }) {
  const intl = useIntl();
  const t: T = (id, values) => intl.formatMessage({ id }, values);
  const choices = (Form.useWatch(['options', 'choices'], form) as ChoiceRow[] | undefined) ?? [];
  return (
    <>
      {DEFAULT_TYPES.includes(type) && !isComputed(type) && (
        <Form.Item name="defaultValue" label={t('field.default')} extra={t('field.defaultHelp')} rules={defaultRules(type, t)}>
          <DefaultInput type={type} choices={choices} t={t} />
        </Form.Item>
      )}
      <Form.Item name="helpText" label={t('field.help')} extra={t('field.helpHelp')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </>
  );
}
