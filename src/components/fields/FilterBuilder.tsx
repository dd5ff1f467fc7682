/**
 * FilterBuilder: edits a record filter (contracts/records.ts FilterGroup) — conditions joined by
 * "all"/"any" (and/or), nested groups up to FILTER_MAX_DEPTH, each condition a column, an
 * operator of the column's type (FILTER_OPS_BY_TYPE) and a value through FieldInput in filter
 * mode (two for `between`, a list for in/notIn/hasAny/hasAll, none for empty/notEmpty).
 * Controlled (`value`/`onChange`); unfinished conditions stay in the draft and are dropped by
 * cleanFilter before a filter is sent.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Segmented, Select, Space, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { FilterCondition, FilterGroup, FilterOp } from '../../../contracts';
import FieldInput from './FieldInput';
import {
  countConditions,
  FILTER_MAX_CONDITIONS,
  FILTER_MAX_DEPTH,
  isGroup,
  newCondition,
  opsFor,
  valueForOp,
  valueKind,
  type FilterField,
} from './filter';

export interface FilterBuilderProps {
  /** The columns conditions may test (filterFieldsOf). */
  fields: FilterField[];
  value: FilterGroup;
  onChange: (value: FilterGroup) => void;
}

function ConditionRow({
  fields,
  condition,
  onChange,
  onRemove,
  testId,
}: {
  fields: FilterField[];
  condition: FilterCondition;
  onChange: (c: FilterCondition) => void;
  onRemove: () => void;
  testId: string;
}) {
  const intl = useIntl();
  const field = fields.find((f) => f.key === condition.field);
  const kind = valueKind(condition.op);
  const range = Array.isArray(condition.value) ? condition.value : [undefined, undefined];
  return (
    <Space wrap align="start" data-testid={testId} className="assay-filter-condition">
      <Select<string>
        showSearch
        optionFilterProp="label"
        style={{ width: 180 }}
        value={condition.field}
        aria-label={intl.formatMessage({ id: 'records.filter.field' })}
        data-testid={`${testId}-field`}
        options={fields.map((f) => ({ value: f.key, label: f.name }))}
        onChange={(key) => {
          const f = fields.find((x) => x.key === key);
          if (f) onChange(newCondition(f));
        }}
      />
      <Select<FilterOp>
        style={{ width: 150 }}
        value={condition.op}
        aria-label={intl.formatMessage({ id: 'records.filter.op' })}
        data-testid={`${testId}-op`}
        options={(field ? opsFor(field) : []).map((op) => ({ value: op, label: intl.formatMessage({ id: `records.op.${op}` }) }))}
        onChange={(op) => onChange({ ...condition, op, value: valueForOp(condition, op) })}
      />
      {field && kind === 'single' && (
        <FieldInput
          field={field}
          mode="filter"
          value={condition.value}
          onChange={(value) => onChange({ ...condition, value })}
          data-testid={`${testId}-value`}
        />
      )}
      {field && kind === 'list' && (
        <div style={{ minWidth: 220 }}>
          <FieldInput
            field={field}
            mode="filter"
            multiple
            value={condition.value}
            onChange={(value) => onChange({ ...condition, value })}
            data-testid={`${testId}-value`}
          />
        </div>
      )}
      {field && kind === 'range' && (
        <Space>
          <FieldInput
            field={field}
            mode="filter"
            value={range[0]}
            onChange={(v) => onChange({ ...condition, value: [v, range[1]] })}
            data-testid={`${testId}-from`}
          />
          <Typography.Text type="secondary">~</Typography.Text>
          <FieldInput
            field={field}
            mode="filter"
            value={range[1]}
            onChange={(v) => onChange({ ...condition, value: [range[0], v] })}
            data-testid={`${testId}-to`}
          />
        </Space>
      )}
      <Button
        type="text"
        icon={<DeleteOutlined />}
        onClick={onRemove}
        aria-label={intl.formatMessage({ id: 'records.filter.removeCondition' })}
        data-testid={`${testId}-remove`}
      />
    </Space>
  );
}

function GroupEditor({
  fields,
  group,
  onChange,
  onRemove,
  depth,
  path,
  total,
}: {
  fields: FilterField[];
  group: FilterGroup;
  onChange: (g: FilterGroup) => void;
  onRemove?: () => void;
  depth: number;
  path: string;
  total: number;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const setItem = (i: number, item: FilterCondition | FilterGroup) =>
    onChange({ ...group, items: group.items.map((x, j) => (j === i ? item : x)) });
  const removeItem = (i: number) => onChange({ ...group, items: group.items.filter((_, j) => j !== i) });
  const full = total >= FILTER_MAX_CONDITIONS;
  return (
    <div
      data-testid={`filter-group-${path}`}
      style={depth > 1 ? { borderInlineStart: '2px solid #d9d9d9', paddingInlineStart: 12 } : undefined}
    >
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text>{t('records.filter.match')}</Typography.Text>
        <Segmented<'and' | 'or'>
          size="small"
          value={group.op}
          onChange={(op) => onChange({ ...group, op })}
          options={[
            { value: 'and', label: t('records.filter.and') },
            { value: 'or', label: t('records.filter.or') },
          ]}
          data-testid={`filter-group-${path}-op`}
        />
        <Typography.Text>{t('records.filter.conditions')}</Typography.Text>
        {onRemove && (
          <Button size="small" type="text" danger icon={<DeleteOutlined />} onClick={onRemove}>
            {t('records.filter.removeGroup')}
          </Button>
        )}
      </Space>
      <Space direction="vertical" style={{ width: '100%' }} size={8}>
        {group.items.length === 0 && <Typography.Text type="secondary">{t('records.filter.emptyGroup')}</Typography.Text>}
        {group.items.map((item, i) =>
          isGroup(item) ? (
            <GroupEditor
              key={`g${i}`}
              fields={fields}
              group={item}
              onChange={(g) => setItem(i, g)}
              onRemove={() => removeItem(i)}
              depth={depth + 1}
              path={`${path}-${i}`}
              total={total}
            />
          ) : (
            <ConditionRow
              key={`c${i}`}
              fields={fields}
              condition={item}
              onChange={(c) => setItem(i, c)}
              onRemove={() => removeItem(i)}
              testId={`filter-condition-${path}-${i}`}
            />
          ),
        )}
        <Space>
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={full || fields.length === 0}
            onClick={() => onChange({ ...group, items: [...group.items, newCondition(fields[0])] })}
            data-testid={`filter-group-${path}-add`}
          >
            {t('records.filter.addCondition')}
          </Button>
          {depth < FILTER_MAX_DEPTH && (
            <Button
              size="small"
              type="dashed"
              icon={<PlusOutlined />}
              disabled={full || fields.length === 0}
              onClick={() =>
                onChange({
                  ...group,
                  items: [...group.items, { op: group.op === 'and' ? 'or' : 'and', items: [newCondition(fields[0])] }],
                })
              }
              data-testid={`filter-group-${path}-addGroup`}
            >
              {t('records.filter.addGroup')}
            </Button>
          )}
        </Space>
      </Space>
    </div>
  );
}

export default function FilterBuilder({ fields, value, onChange }: FilterBuilderProps) {
  return (
    <Card size="small" variant="borderless" styles={{ body: { padding: 0 } }} data-testid="filter-builder">
      <GroupEditor fields={fields} group={value} onChange={onChange} depth={1} path="0" total={countConditions(value)} />
    </Card>
  );
}
