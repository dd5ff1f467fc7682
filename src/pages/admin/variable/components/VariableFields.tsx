/**
 * The fields of a variable's form (create modal and detail page): key, type, scope, value (by
 * type: a password field for a secret, write-only), description. Value rules mirror the server's
 * (contracts/constants `variableValueProblem`): a number parses, JSON parses, a secret is not empty.
 */
import { ProFormDependency, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import React from 'react';
import { useIntl } from 'umi';
import {
  VARIABLE_KEY_PATTERN,
  VARIABLE_TYPES,
  variableValueProblem,
  type VariableType,
} from '../../../../../contracts/constants';
import { useApplicationOptions } from './useApplicationOptions';

export interface VariableFieldsProps {
  /** Editing an existing variable: a secret's value may stay empty (= keep the stored one). */
  editing?: { type: VariableType; hasValue: boolean };
}

export default function VariableFields({ editing }: VariableFieldsProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const apps = useApplicationOptions();
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
    <>
      <ProFormText
        name="key"
        label={t('variable.key')}
        extra={t('variable.keyHelp')}
        rules={[
          { required: true, message: t('common.required') },
          { pattern: VARIABLE_KEY_PATTERN, message: t('variable.keyHelp') },
        ]}
        fieldProps={{ autoComplete: 'off' }}
      />
      <ProFormSelect
        name="type"
        label={t('variable.type')}
        rules={[{ required: true, message: t('common.required') }]}
        options={VARIABLE_TYPES.map((v) => ({ value: v, label: t(`variable.type.${v}`) }))}
        allowClear={false}
      />
      <ProFormSelect
        name="applicationId"
        label={t('variable.application')}
        extra={t('variable.applicationHelp')}
        options={apps}
        placeholder={t('variable.scope.global')}
        fieldProps={{ showSearch: true, optionFilterProp: 'label' }}
      />
      <ProFormDependency name={['type']}>
        {({ type }: { type?: VariableType }) => {
          const kind: VariableType = type ?? 'text';
          if (kind === 'secret') {
            const keeping = editing?.type === 'secret' && editing.hasValue;
            return (
              <ProFormText.Password
                name="value"
                label={keeping ? t('variable.newSecret') : t('variable.value')}
                extra={keeping ? t('variable.newSecretHelp') : t('variable.secretHelp')}
                rules={[valueRule('secret')]}
                fieldProps={{ autoComplete: 'new-password', visibilityToggle: true }}
              />
            );
          }
          if (kind === 'number') return <ProFormText name="value" label={t('variable.value')} rules={[valueRule('number')]} />;
          return (
            <ProFormTextArea
              name="value"
              label={t('variable.value')}
              rules={[valueRule(kind)]}
              fieldProps={{ rows: kind === 'json' ? 6 : 3, style: kind === 'json' ? { fontFamily: 'monospace' } : undefined }}
            />
          );
        }}
      </ProFormDependency>
      <ProFormTextArea name="description" label={t('catalog.description')} fieldProps={{ rows: 3 }} />
    </>
  );
}
