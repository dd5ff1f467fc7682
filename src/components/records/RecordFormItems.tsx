/**
 * The form items of a record (create drawer, detail edit): one Form.Item per writable field, named
 * by the field's key, with its rules (fieldRules), help text and FieldInput. Computed fields
 * (formula, auto number, system) are left out: the server fills them.
 */
import { Form } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Field } from '../../../contracts';
import { FieldInput, fieldRules, isWritable } from '../fields';

/** The values a form holds that were set (undefined = left out, so the server's default applies). */
export function definedValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

export default function RecordFormItems({
  fields,
  recordId,
  extra,
}: {
  fields: Field[];
  recordId?: string;
  extra?: (field: Field) => React.ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <>
      {fields.filter(isWritable).map((f) => (
        <Form.Item
          key={f.key}
          name={f.key}
          label={f.name}
          rules={fieldRules(f, t)}
          required={f.required}
          extra={
            <>
              {f.helpText}
              {extra?.(f)}
            </>
          }
          data-testid={`record-item-${f.key}`}
        >
          <FieldInput field={f} recordId={recordId} data-testid={`field-input-${f.key}`} />
        </Form.Item>
      ))}
    </>
  );
}
