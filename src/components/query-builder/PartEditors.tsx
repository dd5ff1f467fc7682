/**
 * The query builder's row editors (contracts/queries.ts): joins (added from the possible joins,
 * each with an alias), calculated columns (name + formula), group by (field, date bucket),
 * aggregates (function, field, p), conditions on aggregates, sorts (by output name). Each row's
 * inputs carry accessible names; a row the server's 400 named (`bad(part, index)`) is outlined red.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, InputNumber, Select, Space, Typography } from 'antd';
import React from 'react';
import type { DateBucket, QueryAggregate, QueryHavingOp, QueryJoin } from '../../../contracts';
import {
  DATE_BUCKETS,
  QUERY_AGGREGATES,
  QUERY_CALCULATED_MAX,
  QUERY_DIMENSIONS_MAX,
  QUERY_HAVING_OPS,
  QUERY_JOINS_MAX,
  QUERY_MEASURES_MAX,
} from '../../../contracts/constants';
import { useT } from '../useT';
import {
  FIELD_AGGREGATES,
  measureName,
  NUMERIC_AGGREGATES,
  dimensionName,
  type DimensionDraft,
  type HavingDraft,
  type JoinChoice,
  type MeasureDraft,
  type RefOption,
  type SortDraft,
} from './model';

/** Whether the last error named row `index` of `part`. */
export type BadRow = (part: string, index: number) => boolean;

const status = (bad: boolean) => (bad ? ('error' as const) : undefined);

function RemoveButton({ label, onClick, testId }: { label: string; onClick: () => void; testId?: string }) {
  return <Button type="text" icon={<DeleteOutlined />} aria-label={label} title={label} onClick={onClick} data-testid={testId} />;
}

/** Field picker options grouped by where they come from (base, each join, calculated). */
export function groupedRefs(options: RefOption[], baseName: string, calculatedLabel: string) {
  const groups = new Map<string, { label: string; options: { value: string; label: string }[] }>();
  for (const o of options) {
    const label = o.group === '' ? baseName : o.group === 'calculated' ? calculatedLabel : o.group;
    const g = groups.get(o.group) ?? { label, options: [] };
    g.options.push({ value: o.ref, label: o.label });
    groups.set(o.group, g);
  }
  return [...groups.values()];
}

interface JoinsProps {
  joins: QueryJoin[];
  choices: JoinChoice[];
  describe: (index: number) => Omit<JoinChoice, 'key'> | undefined;
  onAdd: (choice: JoinChoice) => void;
  onRename: (index: number, alias: string) => void;
  onRemove: (index: number) => void;
  bad: BadRow;
}

/** The label of a join: "Invoices · Client → Clients (many to one)". */
export function useJoinLabel() {
  const t = useT();
  return (c: Pick<JoinChoice, 'holder' | 'fieldName' | 'target' | 'source' | 'join'>): string =>
    c.join.kind === 'many_to_one'
      ? t('queries.join.label.m2o', { source: c.source.name, field: c.fieldName, target: c.target.name })
      : t('queries.join.label.o2m', { holder: c.holder.name, field: c.fieldName, source: c.source.name });
}

export function JoinsEditor({ joins, choices, describe, onAdd, onRename, onRemove, bad }: JoinsProps) {
  const t = useT();
  const label = useJoinLabel();
  const full = joins.length >= QUERY_JOINS_MAX;
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="qb-joins">
      {joins.length === 0 && <Typography.Text type="secondary">{t('queries.joins.none')}</Typography.Text>}
      {joins.map((j, i) => {
        const d = describe(i);
        return (
          <Space key={i} wrap data-testid={`qb-join-${i}`}>
            <Typography.Text>{d ? label(d) : j.field}</Typography.Text>
            {j.from && <Typography.Text type="secondary">{t('queries.join.from', { alias: j.from })}</Typography.Text>}
            <Input
              prefix={<Typography.Text type="secondary">{t('queries.join.alias')}</Typography.Text>}
              aria-label={t('queries.join.aliasOf', { n: i + 1 })}
              value={j.as}
              status={status(bad('joins', i))}
              maxLength={40}
              style={{ width: 220 }}
              onChange={(e) => onRename(i, e.target.value.toLowerCase())}
              data-testid={`qb-join-${i}-alias`}
            />
            <RemoveButton label={t('queries.join.remove')} onClick={() => onRemove(i)} />
          </Space>
        );
      })}
      <Dropdown
        disabled={full || choices.length === 0}
        trigger={['click']}
        menu={{
          items: choices.map((c) => ({ key: c.key, label: label(c), 'data-testid': `qb-join-choice-${c.key}` })),
          onClick: ({ key }) => {
            const c = choices.find((x) => x.key === key);
            if (c) onAdd(c);
          },
        }}
      >
        <Button size="small" icon={<PlusOutlined />} data-testid="qb-add-join">
          {full ? t('queries.max', { max: QUERY_JOINS_MAX }) : choices.length === 0 ? t('queries.joins.noChoice') : t('queries.join.add')}
        </Button>
      </Dropdown>
    </Space>
  );
}

interface CalculatedProps {
  value: { name: string; formula: string }[];
  onChange: (v: { name: string; formula: string }[]) => void;
  bad: BadRow;
}

export function CalculatedEditor({ value, onChange, bad }: CalculatedProps) {
  const t = useT();
  const set = (i: number, patch: Partial<{ name: string; formula: string }>) => onChange(value.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="qb-calculated">
      {value.map((c, i) => (
        <Space key={i} wrap align="start" style={{ width: '100%' }}>
          <Input
            aria-label={t('queries.calculated.nameOf', { n: i + 1 })}
            placeholder={t('queries.calculated.name')}
            value={c.name}
            maxLength={40}
            status={status(bad('calculated', i))}
            style={{ width: 180 }}
            onChange={(e) => set(i, { name: e.target.value })}
            data-testid={`qb-calc-${i}-name`}
          />
          <Input
            aria-label={t('queries.calculated.formulaOf', { n: i + 1 })}
            placeholder={t('queries.calculated.formula')}
            value={c.formula}
            maxLength={2000}
            status={status(bad('calculated', i))}
            style={{ width: 380, fontFamily: 'monospace' }}
            onChange={(e) => set(i, { formula: e.target.value })}
            data-testid={`qb-calc-${i}-formula`}
          />
          <RemoveButton label={t('queries.calculated.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={value.length >= QUERY_CALCULATED_MAX}
        onClick={() => onChange([...value, { name: '', formula: '' }])}
        data-testid="qb-add-calc"
      >
        {t('queries.calculated.add')}
      </Button>
    </Space>
  );
}

type Groups = ReturnType<typeof groupedRefs>;

interface DimensionsProps {
  value: DimensionDraft[];
  onChange: (v: DimensionDraft[]) => void;
  groups: Groups;
  isDate: (ref: string | undefined) => boolean;
  bad: BadRow;
}

export function DimensionsEditor({ value, onChange, groups, isDate, bad }: DimensionsProps) {
  const t = useT();
  const set = (i: number, patch: Partial<DimensionDraft>) => onChange(value.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="qb-dimensions">
      {value.map((d, i) => (
        <Space key={i} wrap>
          <Select<string>
            showSearch
            optionFilterProp="label"
            aria-label={t('queries.dimension.fieldOf', { n: i + 1 })}
            placeholder={t('queries.field')}
            value={d.field}
            options={groups}
            status={status(bad('dimensions', i))}
            style={{ width: 240 }}
            onChange={(field) => set(i, { field, bucket: isDate(field) ? d.bucket ?? 'month' : undefined })}
            data-testid={`qb-dim-${i}-field`}
          />
          {isDate(d.field) && (
            <Select<DateBucket>
              aria-label={t('queries.dimension.bucketOf', { n: i + 1 })}
              value={d.bucket}
              allowClear
              placeholder={t('queries.bucket.none')}
              options={DATE_BUCKETS.map((b) => ({ value: b, label: t(`queries.bucket.${b}`) }))}
              style={{ width: 120 }}
              onChange={(bucket) => set(i, { bucket })}
              data-testid={`qb-dim-${i}-bucket`}
            />
          )}
          <Typography.Text type="secondary" code>
            {dimensionName(d) || '…'}
          </Typography.Text>
          <RemoveButton label={t('queries.dimension.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={value.length >= QUERY_DIMENSIONS_MAX}
        onClick={() => onChange([...value, {}])}
        data-testid="qb-add-dim"
      >
        {t('queries.dimension.add')}
      </Button>
    </Space>
  );
}

interface MeasuresProps {
  value: MeasureDraft[];
  onChange: (v: MeasureDraft[]) => void;
  groups: Groups;
  numericGroups: Groups;
  bad: BadRow;
}

export function MeasuresEditor({ value, onChange, groups, numericGroups, bad }: MeasuresProps) {
  const t = useT();
  const set = (i: number, patch: Partial<MeasureDraft>) => onChange(value.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="qb-measures">
      {value.map((m, i) => {
        const numeric = NUMERIC_AGGREGATES.includes(m.fn);
        const needsField = FIELD_AGGREGATES.includes(m.fn);
        return (
          <Space key={i} wrap>
            <Select<QueryAggregate>
              aria-label={t('queries.measure.fnOf', { n: i + 1 })}
              value={m.fn}
              options={QUERY_AGGREGATES.map((fn) => ({ value: fn, label: t(`queries.fn.${fn}`) }))}
              style={{ width: 150 }}
              onChange={(fn) => set(i, { fn, p: fn === 'percentile' ? m.p ?? 0.9 : undefined })}
              data-testid={`qb-measure-${i}-fn`}
            />
            <Select<string>
              showSearch
              allowClear={!needsField}
              optionFilterProp="label"
              aria-label={t('queries.measure.fieldOf', { n: i + 1 })}
              placeholder={needsField ? t('queries.field') : t('queries.measure.rows')}
              value={m.field}
              options={numeric ? numericGroups : groups}
              status={status(bad('measures', i))}
              style={{ width: 240 }}
              onChange={(field) => set(i, { field })}
              data-testid={`qb-measure-${i}-field`}
            />
            {m.fn === 'percentile' && (
              <InputNumber<number>
                aria-label={t('queries.measure.pOf', { n: i + 1 })}
                prefix="p"
                min={0.01}
                max={0.99}
                step={0.05}
                value={m.p ?? 0.9}
                style={{ width: 130 }}
                onChange={(p) => set(i, { p: p ?? 0.9 })}
                data-testid={`qb-measure-${i}-p`}
              />
            )}
            <Typography.Text type="secondary" code>
              {measureName(m)}
            </Typography.Text>
            <RemoveButton label={t('queries.measure.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))} />
          </Space>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={value.length >= QUERY_MEASURES_MAX}
        onClick={() => onChange([...value, { fn: 'count' }])}
        data-testid="qb-add-measure"
      >
        {t('queries.measure.add')}
      </Button>
    </Space>
  );
}

interface HavingProps {
  value: HavingDraft[];
  onChange: (v: HavingDraft[]) => void;
  measures: string[];
  bad: BadRow;
}

export function HavingEditor({ value, onChange, measures, bad }: HavingProps) {
  const t = useT();
  const set = (i: number, patch: Partial<HavingDraft>) => onChange(value.map((h, j) => (j === i ? { ...h, ...patch } : h)));
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="qb-having">
      {value.map((h, i) => (
        <Space key={i} wrap>
          <Select<string>
            aria-label={t('queries.having.measureOf', { n: i + 1 })}
            placeholder={t('queries.having.measure')}
            value={h.measure}
            options={measures.map((m) => ({ value: m, label: m }))}
            status={status(bad('having', i))}
            style={{ width: 200 }}
            onChange={(measure) => set(i, { measure })}
          />
          <Select<QueryHavingOp>
            aria-label={t('queries.having.opOf', { n: i + 1 })}
            value={h.op}
            options={QUERY_HAVING_OPS.map((op) => ({ value: op, label: t(`queries.op.${op}`) }))}
            style={{ width: 100 }}
            onChange={(op) => set(i, { op })}
          />
          <InputNumber<number>
            aria-label={t('queries.having.valueOf', { n: i + 1 })}
            value={h.value ?? null}
            status={status(bad('having', i))}
            onChange={(v) => set(i, { value: v })}
          />
          <RemoveButton label={t('queries.having.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button size="small" icon={<PlusOutlined />} disabled={value.length >= 5 || measures.length === 0} onClick={() => onChange([...value, { op: 'gt' }])} data-testid="qb-add-having">
        {t('queries.having.add')}
      </Button>
    </Space>
  );
}

interface SortProps {
  value: SortDraft[];
  onChange: (v: SortDraft[]) => void;
  names: string[];
  bad: BadRow;
}

export function SortEditor({ value, onChange, names, bad }: SortProps) {
  const t = useT();
  const set = (i: number, patch: Partial<SortDraft>) => onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="qb-sort">
      {value.map((s, i) => (
        <Space key={i} wrap>
          <Select<string>
            aria-label={t('queries.sort.byOf', { n: i + 1 })}
            placeholder={t('queries.sort.by')}
            value={s.by}
            options={names.map((n) => ({ value: n, label: n }))}
            status={status(bad('sort', i))}
            style={{ width: 220 }}
            onChange={(by) => set(i, { by })}
            data-testid={`qb-sort-${i}-by`}
          />
          <Select<'asc' | 'desc'>
            aria-label={t('queries.sort.orderOf', { n: i + 1 })}
            value={s.order}
            options={[
              { value: 'asc', label: t('queries.sort.asc') },
              { value: 'desc', label: t('queries.sort.desc') },
            ]}
            style={{ width: 110 }}
            onChange={(order) => set(i, { order })}
          />
          <RemoveButton label={t('queries.sort.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))} />
        </Space>
      ))}
      <Button size="small" icon={<PlusOutlined />} disabled={value.length >= 5 || names.length === 0} onClick={() => onChange([...value, { order: 'asc' }])} data-testid="qb-add-sort">
        {t('queries.sort.add')}
      </Button>
    </Space>
  );
}
