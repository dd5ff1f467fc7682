/**
 * The items of a record form laid out by a dynamic form: its sections in
 * order, each placed field with the form's label, help text and placeholder, and the conditions
 * live — a field whose `visibleIf` fails is not shown, a field whose `requiredIf` holds is
 * required — decided by contracts' `resolveFormState`, the very function the server runs on the
 * write (server modules/forms/forms.rules.ts). Used by the designer's preview, the workspace's
 * create drawer and the record edit form. Computed and unknown fields are skipped.
 *
 * A hidden field keeps what was typed in the form's store (shown again, it is still there), but
 * `visibleValues` leaves it out of what is sent; the server ignores it anyway.
 */
import { useQuery } from '@tanstack/react-query';
import { Form, Typography, type FormInstance } from 'antd';
import React, { useMemo } from 'react';
import { useIntl } from 'umi';
import type { Field, FormLayout } from '../../../contracts';
import { resolveFormState } from '../../../contracts/form-rules';
import { getDefaultForm } from '../../services/forms';
import { FieldInput, fieldRules, isWritable } from '../fields';
import { keys } from '../../services/query-keys';

type Values = Record<string, unknown>;

/**
 * The subject's default form (GET …/default-form), or null while loading, when it has none, or when
 * it could not be read (the plain field list is used then).
 */
export function useDefaultForm(app: string, subjectKey: string) {
  const q = useQuery({
    queryKey: keys('forms').action('default', app, subjectKey),
    queryFn: ({ signal }) => getDefaultForm(app, subjectKey, signal),
    staleTime: 30_000,
  });
  return { form: q.data ?? null, loading: q.isLoading };
}

/** `values` without the fields the layout hides for them (what a form submits). */
export function visibleValues(layout: FormLayout, values: Values): Values {
  const hidden = new Set(resolveFormState(layout, values).hidden);
  return Object.fromEntries(Object.entries(values).filter(([k]) => !hidden.has(k)));
}

/** The new record's starting values: the fields' own defaults, then the form's. */
export function layoutInitialValues(layout: FormLayout, fields: Field[]): Values {
  const out: Values = {};
  for (const f of fields) if (isWritable(f) && f.defaultValue !== undefined && f.defaultValue !== null) out[f.key] = f.defaultValue;
  for (const s of layout.sections) for (const pf of s.fields) if (pf.defaultValue !== undefined && pf.defaultValue !== null) out[pf.key] = pf.defaultValue;
  return out;
}

export default function FormLayoutItems({
  form,
  layout,
  fields,
  recordId,
  testIdPrefix = 'record',
}: {
  form: FormInstance<Values>;
  layout: FormLayout;
  fields: Field[];
  recordId?: string;
  /** data-testid prefix of the items (`<prefix>-item-<key>`) and inputs (`field-input-<key>`). */
  testIdPrefix?: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const watched = Form.useWatch((v: Values) => v, { form, preserve: true });
  const byKey = useMemo(() => new Map(fields.map((f) => [f.key, f])), [fields]);
  const state = useMemo(() => resolveFormState(layout, watched ?? {}), [layout, watched]);
  const hidden = new Set(state.hidden);
  const required = new Set(state.required);
  return (
    <>
      {layout.sections.map((section, si) => {
        const placed = section.fields.filter((pf) => {
          const f = byKey.get(pf.key);
          return f && isWritable(f) && !hidden.has(pf.key);
        });
        return (
          <section key={si} data-testid={`${testIdPrefix}-section-${si}`} style={{ marginBottom: 8 }}>
            {section.title && (
              <Typography.Title level={5} style={{ marginTop: si === 0 ? 0 : 16 }}>
                {section.title}
              </Typography.Title>
            )}
            {section.description && <Typography.Paragraph type="secondary">{section.description}</Typography.Paragraph>}
            {placed.map((pf) => {
              const f = byKey.get(pf.key)!;
              const label = pf.label || f.name;
              const mustFill = required.has(pf.key) && !f.required;
              return (
                <Form.Item
                  key={pf.key}
                  name={pf.key}
                  label={label}
                  required={f.required || mustFill}
                  rules={fieldRules({ ...f, name: label, required: f.required || mustFill }, t)}
                  extra={pf.helpText || f.helpText}
                  data-testid={`${testIdPrefix}-item-${pf.key}`}
                >
                  <FieldInput field={f} recordId={recordId} placeholder={pf.placeholder} data-testid={`field-input-${pf.key}`} />
                </Form.Item>
              );
            })}
          </section>
        );
      })}
    </>
  );
}
