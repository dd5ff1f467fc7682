/**
 * The inputs of a rule's definition for its kind (contracts/rules.ts, docs/rules.md "The rule"):
 * field pickers from the subject's fields, the constant or other field of a comparison, a range's
 * bounds, a pattern (RE2), the required-if condition (the views' and triggers' FilterBuilder), the
 * fields of a uniqueness rule, the target of an exists-in rule, or a formula. Errors of the server
 * name `definition.<path>`; `errorOf(path)` gives the message for one path, shown under its input.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import React, { useMemo } from 'react';
import type { Field, FilterGroup } from '../../../contracts';
import { RULE_COMPARISON_OPS, RULE_UNIQUE_FIELDS_MAX, type RuleKind } from '../../../contracts/rules.constants';
import { getSubject, listAppSubjectOptions } from '../../services/subjects';
import { FieldContextProvider } from '../fields/FieldContext';
import FilterBuilder from '../fields/FilterBuilder';
import { filterFieldsOf, newCondition } from '../fields/filter';
import type { DefinitionDraft } from './definition';
import { useT } from '../useT';

interface Props {
  kind: RuleKind;
  value: DefinitionDraft;
  onChange: (v: DefinitionDraft) => void;
  /** The application's slug and the subject's key the rule belongs to. */
  app?: string;
  subject?: string;
  /** The subject's fields. */
  fields: Field[];
  /** The server's message for `definition.<path>`, if any. */
  errorOf: (path: string) => string | undefined;
}

export default function RuleDefinitionFields({ kind, value, onChange, app, subject, fields, errorOf }: Props) {
  const t = useT();
  const set = (patch: DefinitionDraft) => onChange({ ...value, ...patch });
  const err = (path: string) => {
    const m = errorOf(path);
    return m ? { validateStatus: 'error' as const, help: m } : {};
  };
  const fieldOptions = fields.map((f) => ({ value: f.key, label: `${f.name} (${f.key})` }));
  const fieldOf = (key: unknown) => fields.find((f) => f.key === key);
  const filterFields = useMemo(
    () =>
      filterFieldsOf(fields, { createdAt: 'createdAt', updatedAt: 'updatedAt', createdBy: 'createdBy', updatedBy: 'updatedBy' }),
    [fields],
  );
  const subjects = useQuery({
    queryKey: ['subjects', 'options', app],
    queryFn: () => listAppSubjectOptions(app!),
    enabled: kind === 'existsIn' && !!app,
  });
  const target = useQuery({
    queryKey: ['subjects', 'detail', app, value.subject],
    queryFn: () => getSubject(app!, String(value.subject)),
    enabled: kind === 'existsIn' && !!app && typeof value.subject === 'string',
  });

  const fieldPicker = (key = 'field', label = t('rules.def.field')) => (
    <Form.Item label={label} required {...err(key)}>
      <Select
        showSearch
        optionFilterProp="label"
        value={value[key] as string | undefined}
        onChange={(v: string) => set({ [key]: v })}
        options={fieldOptions}
        style={{ width: 260 }}
        placeholder={t('rules.def.pickField')}
        notFoundContent={t('rules.def.noFields')}
        data-testid={`rule-def-${key}`}
      />
    </Form.Item>
  );
  const constant = (key: string, label: string) => {
    const f = fieldOf(value.field);
    if (f?.type === 'boolean')
      return (
        <Form.Item label={label} {...err(key)}>
          <Select
            value={value[key] as boolean | undefined}
            onChange={(v: boolean) => set({ [key]: v })}
            options={[
              { value: true, label: t('rules.def.true') },
              { value: false, label: t('rules.def.false') },
            ]}
            style={{ width: 140 }}
            data-testid={`rule-def-${key}`}
          />
        </Form.Item>
      );
    return (
      <Form.Item label={label} {...err(key)} extra={f?.type === 'date' ? 'YYYY-MM-DD' : undefined}>
        <Input
          value={(value[key] as string | undefined) ?? ''}
          onChange={(e) => set({ [key]: e.target.value === '' ? undefined : e.target.value })}
          style={{ width: 200 }}
          data-testid={`rule-def-${key}`}
        />
      </Form.Item>
    );
  };

  switch (kind) {
    case 'comparison':
      return (
        <Space wrap align="start" size={[16, 0]}>
          {fieldPicker()}
          <Form.Item label={t('rules.def.op')} required {...err('op')}>
            <Select
              value={value.op as string | undefined}
              onChange={(v: string) => set({ op: v })}
              options={RULE_COMPARISON_OPS.map((o) => ({ value: o, label: t(`rules.op.${o}`) }))}
              style={{ width: 160 }}
              data-testid="rule-def-op"
            />
          </Form.Item>
          <Form.Item label={t('rules.def.compareTo')}>
            <Radio.Group value={value.compareTo ?? 'value'} onChange={(e) => set({ compareTo: e.target.value as string })}>
              <Radio value="value">{t('rules.def.compareTo.value')}</Radio>
              <Radio value="field">{t('rules.def.compareTo.field')}</Radio>
            </Radio.Group>
          </Form.Item>
          {value.compareTo === 'field'
            ? fieldPicker('otherField', t('rules.def.otherField'))
            : constant('value', t('rules.def.value'))}
        </Space>
      );
    case 'range':
      return (
        <Space wrap align="start" size={[16, 0]}>
          {fieldPicker()}
          {constant('min', t('rules.def.min'))}
          {constant('max', t('rules.def.max'))}
        </Space>
      );
    case 'pattern':
      return (
        <Space wrap align="start" size={[16, 0]}>
          {fieldPicker()}
          <Form.Item label={t('rules.def.pattern')} required extra={t('rules.def.pattern.help')} {...err('pattern')}>
            <Input
              value={(value.pattern as string | undefined) ?? ''}
              onChange={(e) => set({ pattern: e.target.value })}
              style={{ width: 320, fontFamily: 'monospace' }}
              data-testid="rule-def-pattern"
            />
          </Form.Item>
        </Space>
      );
    case 'requiredIf': {
      const condition = value.condition as FilterGroup | undefined;
      return (
        <Space direction="vertical" style={{ width: '100%' }}>
          {fieldPicker('field', t('rules.def.requiredField'))}
          <Form.Item label={t('rules.def.condition')} required {...err('condition')}>
            {!filterFields.length ? (
              <Typography.Text type="secondary">{t('rules.def.pickSubjectFirst')}</Typography.Text>
            ) : condition ? (
              <FieldContextProvider value={{ app: app ?? '', subjectKey: subject, labels: {}, files: {} }}>
                <div data-testid="rule-def-condition">
                  <FilterBuilder fields={filterFields} value={condition} onChange={(v) => set({ condition: v })} />
                </div>
              </FieldContextProvider>
            ) : (
              <Button
                size="small"
                onClick={() => set({ condition: { op: 'and', items: [newCondition(filterFields[0])] } })}
                data-testid="rule-def-condition-add"
              >
                {t('rules.def.condition.add')}
              </Button>
            )}
          </Form.Item>
        </Space>
      );
    }
    case 'unique':
      return (
        <Form.Item
          label={t('rules.def.fields')}
          required
          extra={t('rules.def.fields.help', { n: RULE_UNIQUE_FIELDS_MAX })}
          {...err('fields')}
        >
          <Select
            mode="multiple"
            maxCount={RULE_UNIQUE_FIELDS_MAX}
            value={(value.fields as string[] | undefined) ?? []}
            onChange={(v: string[]) => set({ fields: v })}
            options={fieldOptions}
            style={{ maxWidth: 560 }}
            data-testid="rule-def-fields"
          />
        </Form.Item>
      );
    case 'existsIn':
      return (
        <Space wrap align="start" size={[16, 0]}>
          {fieldPicker()}
          <Form.Item label={t('rules.def.targetSubject')} required {...err('subject')}>
            <Select
              showSearch
              optionFilterProp="label"
              value={value.subject as string | undefined}
              onChange={(v: string) => set({ subject: v, targetField: undefined })}
              loading={subjects.isLoading}
              options={(subjects.data ?? []).map((s) => ({ value: s.key, label: `${s.name} (${s.key})` }))}
              style={{ width: 240 }}
              data-testid="rule-def-subject"
            />
          </Form.Item>
          <Form.Item label={t('rules.def.targetField')} required {...err('targetField')}>
            <Select
              showSearch
              optionFilterProp="label"
              value={value.targetField as string | undefined}
              onChange={(v: string) => set({ targetField: v })}
              loading={target.isLoading && !!value.subject}
              options={(target.data?.fields ?? []).map((f) => ({ value: f.key, label: `${f.name} (${f.key})` }))}
              style={{ width: 240 }}
              data-testid="rule-def-targetField"
            />
          </Form.Item>
        </Space>
      );
    case 'expression':
      return (
        <Form.Item label={t('rules.def.expression')} required extra={t('rules.def.expression.help')} {...err('expression')}>
          <Input.TextArea
            rows={3}
            value={(value.expression as string | undefined) ?? ''}
            onChange={(e) => set({ expression: e.target.value })}
            style={{ maxWidth: 640, fontFamily: 'monospace' }}
            data-testid="rule-def-expression"
          />
        </Form.Item>
      );
  }
}
