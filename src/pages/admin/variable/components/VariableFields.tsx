/**
 * What a variable's forms do beyond the resource definition: the value's input by type (a
 * password field for a secret, write-only: on an edit an empty one keeps the stored secret; a
 * monospace area for JSON) with rules that mirror the server's (contracts/constants
 * `variableValueProblem`: a number parses, JSON parses, a secret is not empty), and the scope as an
 * application picker labelled "name (slug)" (empty = global). `variableFormProps` are the kit
 * dialog's overrides (the list's create); `VariableFields` is the detail page's inline edit form.
 */
import { ProFormDependency, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Form } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import {
  VARIABLE_KEY_PATTERN,
  VARIABLE_TYPES,
  variableValueProblem,
  type VariableType,
} from '../../../../../contracts/constants';
import type { Variable } from '../../../../../contracts';
import type { VariableResource } from '../../../../../contracts/variables.resource';
import ReferenceSelect, { type ReferencedRow } from '../../../../components/resource/ReferenceSelect';
import type { ResourceFormModalProps } from '../../../../components/resource/ResourceFormModal';

export interface VariableEditing {
  /** Editing an existing variable: a secret's value may stay empty (= keep the stored one). */
  editing?: { type: VariableType; hasValue: boolean };
}

/** The scope input: an application (labelled "name (slug)"), empty = global. */
export function ScopeSelect(props: {
  value?: string | null;
  onChange?: (v: string | string[] | undefined) => void;
  known?: ReferencedRow[];
}) {
  const intl = useIntl();
  return (
    <ReferenceSelect
      {...props}
      to="applications"
      labelOf={(a) => `${String(a.name)} (${String(a.slug)})`}
      placeholder={intl.formatMessage({ id: 'variable.scope.global' })}
      testId="variable-field-application"
    />
  );
}

/** The value's input by the form's `type` (see the file's comment). */
export function VariableValueInput({ editing }: VariableEditing) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const label = t('resources.variables.fields.value.label');
  const valueRule = (type: VariableType) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const keepSecret = type === 'secret' && editing?.type === 'secret' && editing.hasValue && !value;
      if (keepSecret) return;
      const problem = variableValueProblem(type, value ?? '');
      if (problem === 'errors.variable.number') throw new Error(t('variable.valueNumber'));
      if (problem === 'errors.variable.json') throw new Error(t('variable.valueJson'));
      if (problem === 'errors.required') throw new Error(t('common.required'));
    },
  });
  return (
    <ProFormDependency name={['type']}>
      {({ type }: { type?: VariableType }) => {
        const kind: VariableType = type ?? 'text';
        if (kind === 'secret') {
          const keeping = editing?.type === 'secret' && editing.hasValue;
          return (
            <ProFormText.Password
              name="value"
              label={keeping ? t('variable.newSecret') : label}
              extra={keeping ? t('variable.newSecretHelp') : t('variable.secretHelp')}
              rules={[valueRule('secret')]}
              // an empty secret on an edit is left out of the body: the stored one stays
              transform={(v: string | undefined) => ({ value: keeping && !v ? undefined : v })}
              fieldProps={{ autoComplete: 'new-password', visibilityToggle: true }}
            />
          );
        }
        if (kind === 'number') return <ProFormText name="value" label={label} rules={[valueRule('number')]} />;
        return (
          <ProFormTextArea
            name="value"
            label={label}
            rules={[valueRule(kind)]}
            fieldProps={{ rows: kind === 'json' ? 6 : 3, style: kind === 'json' ? { fontFamily: 'monospace' } : undefined }}
          />
        );
      }}
    </ProFormDependency>
  );
}

/** The kit dialog's overrides for variables (the list's create): the scope picker and the value by type. */
export const variableFormProps: Pick<ResourceFormModalProps<VariableResource>, 'fields' | 'initialValues' | 'width'> = {
  width: 560,
  initialValues: { type: 'text', value: '' },
  fields: {
    type: { fieldProps: { allowClear: false } },
    applicationId: { input: () => <ScopeSelect /> },
    value: {
      render: ({ row }) => (
        <VariableValueInput editing={row ? { type: row.type, hasValue: (row as unknown as Variable).hasValue } : undefined} />
      ),
    },
  },
};

/** The detail page's inline edit form: key, type, scope, value by type, description. */
export default function VariableFields({ editing, known }: VariableEditing & { known?: ReferencedRow[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const label = (f: string) => t(`resources.variables.fields.${f}.label`);
  return (
    <>
      <ProFormText
        name="key"
        label={label('key')}
        extra={t('resources.variables.fields.key.help')}
        rules={[
          { required: true, message: t('common.required') },
          { pattern: VARIABLE_KEY_PATTERN, message: t('resources.variables.fields.key.help') },
        ]}
        fieldProps={{ autoComplete: 'off' }}
      />
      <ProFormSelect
        name="type"
        label={label('type')}
        rules={[{ required: true, message: t('common.required') }]}
        options={VARIABLE_TYPES.map((v) => ({ value: v, label: t(`resources.variables.fields.type.values.${v}`) }))}
        allowClear={false}
      />
      <Form.Item name="applicationId" label={label('applicationId')} extra={t('resources.variables.fields.applicationId.help')}>
        <ScopeSelect known={known} />
      </Form.Item>
      <VariableValueInput editing={editing} />
      <ProFormTextArea name="description" label={label('description')} fieldProps={{ rows: 3 }} />
    </>
  );
}
