/**
 * The field-level diff of one audit entry: a table of field (dot path), before and
 * after, changed rows highlighted, with the number of changed fields. Logic in ../diff.ts.
 */
import { Table, Tag, Typography, theme } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import { cellText, diffFields, type DiffRow } from '../diff';

export default function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const rows = diffFields(before, after);
  const changed = rows.filter((r) => r.changed).length;
  const cell = (value: unknown, row: DiffRow) => (
    <Typography.Text code={value !== undefined && typeof value !== 'string'} delete={false} style={{ wordBreak: 'break-all' }}>
      {row.changed ? <strong>{cellText(value)}</strong> : cellText(value)}
    </Typography.Text>
  );
  return (
    <div data-testid="audit-diff">
      <Tag color={changed ? 'orange' : 'default'} style={{ marginBottom: 8 }}>
        {intl.formatMessage({ id: 'audit.diff.changed' }, { count: changed })}
      </Tag>
      <Table<DiffRow>
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: intl.formatMessage({ id: 'audit.diff.empty' }) }}
        onRow={(row) => ({
          'data-changed': row.changed ? 'true' : 'false',
          style: row.changed ? { background: token.colorWarningBg } : undefined,
        } as React.HTMLAttributes<HTMLElement>)}
        columns={[
          { title: intl.formatMessage({ id: 'audit.diff.field' }), dataIndex: 'field', width: '28%', render: (f: string) => <Typography.Text code>{f}</Typography.Text> },
          { title: intl.formatMessage({ id: 'audit.diff.before' }), dataIndex: 'before', width: '36%', render: (v: unknown, r) => cell(v, r) },
          { title: intl.formatMessage({ id: 'audit.diff.after' }), dataIndex: 'after', width: '36%', render: (v: unknown, r) => cell(v, r) },
        ]}
      />
    </div>
  );
}
