/**
 * Editor of one condition group of a placed field (`visibleIf` or `requiredIf`, contracts/forms.ts):
 * all/any, then rows of field · operator · value. The value input is the field's own FieldInput
 * in filter mode (a list for "is one of" / "is none of"; none for "is empty" / "is not empty").
 * No conditions = no group (always shown / not conditionally required).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Field, FormCondition, FormConditionGroup, FormConditionOp } from '../../../../../../contracts';
import { FORM_CONDITION_OPS } from '../../../../../../contracts/constants';
import { FieldInput } from '../../../../../components/fields';

const NO_VALUE: FormConditionOp[] = ['empty', 'notEmpty'];
const LIST_VALUE: FormConditionOp[] = ['in', 'notIn'];

export default function ConditionEditor({
  group,
  fields,
  onChange,
  emptyText,
  testId,
}: {
  group: FormConditionGroup | undefined;
  /** The fields a condition may name (the subject's, but the edited one). */
  fields: Field[];
  onChange: (group: FormConditionGroup | undefined) => void;
  emptyText: string;
  testId: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const conditions = group?.conditions ?? [];
  const match = group?.match ?? 'all';
  const set = (next: FormCondition[], m = match) => onChange(next.length ? { match: m, conditions: next } : undefined);
  const change = (i: number, patch: Partial<FormCondition>) => set(conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)));

  return (
    <div data-testid={testId}>
      {conditions.length === 0 ? (
        <Typography.Text type="secondary">{emptyText}</Typography.Text>
      ) : (
        <Select
          size="small"
          value={match}
          onChange={(m) => set(conditions, m)}
          style={{ marginBottom: 8 }}
          options={[
            { value: 'all', label: t('forms.designer.match.all') },
            { value: 'any', label: t('forms.designer.match.any') },
          ]}
          data-testid={`${testId}-match`}
        />
      )}
      {conditions.map((c, i) => {
        const field = fields.find((f) => f.key === c.field);
        return (
          <Space key={i} direction="vertical" size={4} style={{ width: '100%', marginBottom: 8, padding: 8, background: 'rgba(0,0,0,0.02)', borderRadius: 6 }}>
            <Space.Compact style={{ width: '100%' }}>
              <Select
                size="small"
                style={{ width: '55%' }}
                value={c.field}
                showSearch
                optionFilterProp="label"
                aria-label={t('forms.designer.conditionField')}
                options={fields.map((f) => ({ value: f.key, label: f.name }))}
                onChange={(key) => change(i, { field: key, value: undefined })}
                data-testid={`${testId}-field-${i}`}
              />
              <Select
                size="small"
                style={{ width: '45%' }}
                value={c.op}
                options={FORM_CONDITION_OPS.map((op) => ({ value: op, label: t(`forms.designer.op.${op}`) }))}
                onChange={(op: FormConditionOp) => change(i, { op, value: NO_VALUE.includes(op) ? undefined : c.value })}
                data-testid={`${testId}-op-${i}`}
              />
              <Button size="small" icon={<DeleteOutlined />} aria-label="remove condition" onClick={() => set(conditions.filter((_, j) => j !== i))} />
            </Space.Compact>
            {field && !NO_VALUE.includes(c.op) && (
              <FieldInput
                field={field}
                mode="filter"
                multiple={LIST_VALUE.includes(c.op)}
                value={c.value}
                onChange={(value) => change(i, { value })}
                data-testid={`${testId}-value-${i}`}
              />
            )}
          </Space>
        );
      })}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={fields.length === 0}
        onClick={() => set([...conditions, { field: fields[0].key, op: 'eq' }])}
        data-testid={`${testId}-add`}
      >
        {t('forms.designer.addCondition')}
      </Button>
    </div>
  );
}
