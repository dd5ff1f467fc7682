/**
 * The field-level changes of one version (`changes`: field key → { before, after }) as
 * "Field: before → after", each value shown by FieldValue; a field no longer in the subject shows
 * its key and raw values. `extra(key)` adds to each line (a compare link, a "you changed this" mark);
 * `created` shows only the values (a record's first version has no "before").
 */
import { ArrowRightOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { Field, RecordVersion } from '../../../../contracts';
import { FieldValue } from '../../fields';

export default function ChangeList({
  fields,
  changes,
  extra,
  labels,
  created,
}: {
  fields: Field[];
  changes: RecordVersion['changes'];
  extra?: (key: string) => React.ReactNode;
  labels?: Record<string, string>;
  created?: boolean;
}) {
  const intl = useIntl();
  const keys = Object.keys(changes);
  if (keys.length === 0)
    return <Typography.Text type="secondary">{intl.formatMessage({ id: 'records.history.noChanges' })}</Typography.Text>;
  const order = new Map(fields.map((f, i) => [f.key, i]));
  keys.sort((a, b) => (order.get(a) ?? 1e6) - (order.get(b) ?? 1e6));
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      {keys.map((key) => {
        const field = fields.find((f) => f.key === key) ?? { key, name: key, type: 'text' as const, options: {} };
        const c = changes[key];
        return (
          <div
            key={key}
            data-testid={`change-${key}`}
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'baseline' }}
          >
            <Typography.Text strong>{field.name}</Typography.Text>
            {!created && (
              <>
                <span style={{ textDecoration: 'line-through', opacity: 0.65 }}>
                  <FieldValue field={field} value={c.before} compact labels={labels} />
                </span>
                <ArrowRightOutlined style={{ fontSize: 11, opacity: 0.6 }} />
              </>
            )}
            <FieldValue field={field} value={c.after} compact labels={labels} />
            {extra?.(key)}
          </div>
        );
      })}
    </Space>
  );
}
