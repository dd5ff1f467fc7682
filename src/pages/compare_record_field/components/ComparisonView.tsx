/**
 * One comparison (compare.ts `Comparison`) shown for a field: the text diff, the number delta
 * (in the field's own format, with the relative change; a percent field's delta in percentage
 * points), the day difference, the options or records added and removed, or "changed"/"unchanged".
 * Every change carries its sign or a +/− marker besides its colour.
 */
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Field } from '../../../../contracts';
import { formatMoney, formatNumber } from '../../../components/fields/format';
import { splitDuration, type Comparison, type NumberDelta } from '../compare';
import DiffText from './DiffText';

interface Props {
  field: Pick<Field, 'type' | 'options'>;
  comparison: Comparison;
  /** Names of user and record ids (set comparisons of users and relations). */
  labels?: Record<string, string>;
}

/** A delta in the field's format, signed: "+¥234.50", "−3", "+2.5 pp". */
function useDeltaText(field: Props['field'], d: NumberDelta): string {
  const intl = useIntl();
  const abs = d.delta.replace(/^[+-]/, '');
  const sign = d.sign > 0 ? '+' : d.sign < 0 ? '−' : '';
  const opts = field.options;
  if (field.type === 'money') return sign + formatMoney(abs, intl.locale, opts.currency, opts.precision ?? 2);
  if (field.type === 'percent') return intl.formatMessage({ id: 'compare.delta.points' }, { value: sign + formatNumber(abs, intl.locale, opts.precision) });
  return sign + formatNumber(abs, intl.locale, opts.precision);
}

function NumberChange({ field, delta }: { field: Props['field']; delta: NumberDelta }) {
  const intl = useIntl();
  const text = useDeltaText(field, delta);
  const icon = delta.sign > 0 ? <ArrowUpOutlined /> : delta.sign < 0 ? <ArrowDownOutlined /> : <MinusOutlined />;
  const pct =
    delta.percent === null
      ? intl.formatMessage({ id: 'compare.delta.fromZero' })
      : (delta.percent > 0 ? '+' : delta.percent < 0 ? '−' : '') +
        new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 2 }).format(Math.abs(delta.percent)) +
        '%';
  return (
    <Space size={4} wrap data-testid="number-delta">
      <Tag color={delta.sign > 0 ? 'blue' : delta.sign < 0 ? 'orange' : 'default'} icon={icon} style={{ fontVariantNumeric: 'tabular-nums' }}>
        <span data-testid="number-delta-value">{text}</span>
      </Tag>
      <Typography.Text type="secondary" data-testid="number-delta-percent">
        ({pct})
      </Typography.Text>
    </Space>
  );
}

function OptionTags({ ids, added, labels }: { ids: string[]; added: boolean; labels: Record<string, string> }) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: added ? 'compare.diff.added' : 'compare.diff.removed' });
  return (
    <>
      {ids.map((id) => (
        <Tag
          key={id}
          color={added ? 'success' : 'error'}
          title={label}
          data-testid={added ? 'set-added' : 'set-removed'}
          style={added ? undefined : { textDecoration: 'line-through' }}
        >
          {added ? '+ ' : '− '}
          {labels[id] ?? id}
        </Tag>
      ))}
    </>
  );
}

function durationText(ms: number, t: (id: string, v?: Record<string, number | string>) => string): string {
  const { days, hours, minutes } = splitDuration(ms);
  const parts = [
    days ? t('compare.delta.days', { n: days }) : '',
    hours ? t('compare.delta.hours', { n: hours }) : '',
    minutes || (!days && !hours) ? t('compare.delta.minutes', { n: minutes }) : '',
  ].filter(Boolean);
  return (ms > 0 ? '+' : '−') + parts.join(' ');
}

/** Shows what changed (see the module comment). */
export default function ComparisonView({ field, comparison: c, labels = {} }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id }, values);
  switch (c.kind) {
    case 'same':
      return (
        <Tag icon={<MinusOutlined />} data-testid="unchanged">
          {t('compare.unchanged')}
        </Tag>
      );
    case 'text':
      return (
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary" data-testid="text-stats">
            {t('compare.text.stats', { added: c.added, removed: c.removed })}
          </Typography.Text>
          <DiffText parts={c.parts} />
        </Space>
      );
    case 'number':
      return <NumberChange field={field} delta={c.delta} />;
    case 'date':
      return (
        <Tag color={c.days > 0 ? 'blue' : 'orange'} data-testid="date-delta">
          {(c.days > 0 ? '+' : '−') + t('compare.delta.days', { n: Math.abs(c.days) })}
        </Tag>
      );
    case 'datetime':
      return (
        <Tag color={c.ms > 0 ? 'blue' : 'orange'} data-testid="date-delta">
          {durationText(c.ms, t)}
        </Tag>
      );
    case 'set':
      return (
        <Space size={[0, 4]} wrap data-testid="set-delta">
          <OptionTags ids={c.added} added labels={labels} />
          <OptionTags ids={c.removed} added={false} labels={labels} />
        </Space>
      );
    default:
      return (
        <Tag color="processing" data-testid="changed">
          {t(c.fromEmpty ? 'compare.changed.set' : c.toEmpty ? 'compare.changed.cleared' : 'compare.changed')}
        </Tag>
      );
  }
}
