/**
 * The column mapping step of the import wizard: one row per column of the file with its first
 * values and a Select of the subject's writable fields (auto-matched by the server; "Ignore this
 * column" = null). A field can be chosen for one column only.
 */
import { Select, Table, Typography } from 'antd';
import React from 'react';
import { useIntl } from 'umi';
import type { SubjectDetail } from '../../../contracts';
import { COMPUTED_FIELD_TYPES } from '../../../contracts/constants';

export interface MappingStepProps {
  subject: SubjectDetail;
  headers: string[];
  sample: string[][];
  mapping: Record<string, string | null>;
  onChange: (mapping: Record<string, string | null>) => void;
}

export default function MappingStep({ subject, headers, sample, mapping, onChange }: MappingStepProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const writable = subject.fields.filter((f) => !(COMPUTED_FIELD_TYPES as readonly string[]).includes(f.type) || f.type === 'autoNumber');
  const taken = new Set(Object.values(mapping).filter(Boolean));
  return (
    <>
      <Typography.Paragraph type="secondary">{t('imports.mapping.auto')}</Typography.Paragraph>
      <Table
        rowKey="header"
        size="small"
        pagination={false}
        dataSource={headers.map((header, i) => ({ header, i }))}
        data-testid="import-mapping"
        columns={[
          { title: t('imports.mapping.column'), dataIndex: 'header', width: 220 },
          {
            title: t('imports.mapping.sample'),
            render: (_, r) => (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
                {sample
                  .slice(0, 3)
                  .map((row) => row[r.i])
                  .filter((v) => v !== '' && v !== undefined)
                  .join(' · ')}
              </Typography.Text>
            ),
          },
          {
            title: t('imports.mapping.field'),
            width: 280,
            render: (_, r) => (
              <Select
                style={{ width: 260 }}
                value={mapping[r.header] ?? '__ignore'}
                data-testid={`map-${r.header}`}
                onChange={(v: string) => onChange({ ...mapping, [r.header]: v === '__ignore' ? null : v })}
                options={[
                  { value: '__ignore', label: t('imports.mapping.ignore') },
                  ...writable.map((f) => ({
                    value: f.key,
                    label: `${f.name} (${f.key})`,
                    disabled: taken.has(f.key) && mapping[r.header] !== f.key,
                  })),
                ]}
              />
            ),
          },
        ]}
      />
    </>
  );
}
