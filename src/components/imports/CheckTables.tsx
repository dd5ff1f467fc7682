/**
 * What the dry run found (import wizard): `PreviewTable` shows the first rows as they will be
 * written (values after type conversion; users and related records by name as the grid shows
 * them, whether the cell gave an id, an e-mail or a name; a red cell = an error of that column), `ErrorTable` pages
 * through every bad row with its errors (column, value, message), `WarningTable` every valid row
 * failing a warning rule (written all the same, its record flagged), `CheckCounts` the counts.
 * Columns: the mapped columns in the file's column order, as on the mapping step (wizard-logic
 * mappedColumns). Row numbers: CSV/XLSX rows as in the file (the header is row 1), JSON items from
 * 1; each table says which (rowNumberHint).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { ImportBatch, ImportRow, SubjectDetail } from '../../../contracts';
import { listImportRows } from '../../services/imports';
import { valueToText } from '../fields/format';
import { mappedColumns, rowNumberHint } from './wizard-logic';
import { keys } from '../../services/query-keys';

const text = (v: unknown) => (v === null || v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));

/** Valid / invalid / with warnings / total of a checked batch. */
export function CheckCounts({ batch }: { batch: ImportBatch }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Space size={48} data-testid="import-counts">
      <Statistic title={t('imports.check.total')} value={batch.total} />
      <Statistic title={t('imports.check.valid')} value={batch.valid} valueStyle={{ color: '#389e0d' }} />
      <Statistic title={t('imports.check.invalid')} value={batch.invalid} valueStyle={{ color: batch.invalid ? '#cf1322' : undefined }} />
      {batch.warned > 0 ? (
        <Statistic title={t('imports.check.warned')} value={batch.warned} valueStyle={{ color: '#d48806' }} data-testid="import-warned" />
      ) : null}
    </Space>
  );
}

/** The first rows, coerced values per mapped field, errors in red. */
export function PreviewTable({ batch, subject }: { batch: ImportBatch; subject: SubjectDetail }) {
  const intl = useIntl();
  const rows = useQuery({
    queryKey: keys('imports').action('rows', batch.id, 'preview', batch.processed, batch.status),
    queryFn: () => listImportRows(batch.id, { current: 1, pageSize: 20 }),
  });
  const mapped = mappedColumns(batch.headers, batch.mapping);
  const nameOf = (key: string) => subject.fields.find((f) => f.key === key)?.name ?? key;
  // users and related records by the page's labels (the resolved ids' names), like the grid
  const shown = (key: string, value: unknown) => {
    const field = subject.fields.find((f) => f.key === key);
    return field && (field.type === 'user' || field.type === 'relation') ? valueToText(field, value, intl.locale, rows.data?.labels) : text(value);
  };
  return (
    <>
      <Typography.Paragraph type="secondary">
        {intl.formatMessage({ id: 'imports.preview.hint' })} {intl.formatMessage({ id: rowNumberHint(batch.format) })}
      </Typography.Paragraph>
      <Table<ImportRow>
        rowKey="rowNumber"
        size="small"
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="import-preview"
        columns={[
          { title: intl.formatMessage({ id: 'imports.preview.row' }), dataIndex: 'rowNumber', width: 70, fixed: 'left' },
          ...mapped.map(({ header, index, key }) => ({
            title: `${nameOf(key)} ← ${header}`,
            key: header,
            render: (_: unknown, r: ImportRow) => {
              const error = r.errors.find((e) => e.column === header);
              if (error) {
                return (
                  <Tooltip title={error.message}>
                    <Typography.Text type="danger">{r.raw[index] || '∅'} ⚠</Typography.Text>
                  </Tooltip>
                );
              }
              return r.values ? shown(key, r.values[key]) : <Typography.Text type="secondary">{r.raw[index]}</Typography.Text>;
            },
          })),
        ]}
      />
    </>
  );
}

/** Every bad row (paged) with its errors. */
export function ErrorTable({ batch }: { batch: ImportBatch }) {
  const intl = useIntl();
  if (batch.invalid === 0) return <Alert type="success" showIcon message={intl.formatMessage({ id: 'imports.check.none' })} data-testid="import-no-errors" />;
  return <ProblemRows batch={batch} kind="errors" />;
}

/** Every valid row failing a warning rule (paged): it is written, and its record gets an open incident. */
export function WarningTable({ batch }: { batch: ImportBatch }) {
  const intl = useIntl();
  if (batch.warned === 0) return null;
  return (
    <div>
      <Alert type="warning" showIcon message={intl.formatMessage({ id: 'imports.check.warnedHint' }, { n: batch.warned })} style={{ marginBottom: 8 }} />
      <ProblemRows batch={batch} kind="warnings" />
    </div>
  );
}

/** The rows with errors, or with warnings, paged, each with its messages (column, value, message). */
function ProblemRows({ batch, kind }: { batch: ImportBatch; kind: 'errors' | 'warnings' }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const rows = useQuery({
    queryKey: keys('imports').action('rows', batch.id, kind, page, batch.processed, batch.status),
    queryFn: () => listImportRows(batch.id, { ...page, ...(kind === 'errors' ? { errorsOnly: true } : { warningsOnly: true }) }),
  });
  return (
    <div>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t(rowNumberHint(batch.format))}
      </Typography.Paragraph>
      <Table<ImportRow>
        rowKey="rowNumber"
        size="small"
        loading={rows.isLoading}
        dataSource={rows.data?.data ?? []}
        data-testid={kind === 'errors' ? 'import-errors' : 'import-warnings'}
        pagination={{ ...page, total: rows.data?.total ?? 0, showSizeChanger: true, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
        columns={[
          { title: t('imports.preview.row'), dataIndex: 'rowNumber', width: 70 },
          {
            title: t(kind === 'errors' ? 'imports.check.errors' : 'imports.check.warnings'),
            render: (_, r) => (
              <Space direction="vertical" size={2}>
                {r[kind].map((e, i) => (
                  <span key={i}>
                    {e.column && <Tag>{e.column}</Tag>}
                    {e.value ? <Typography.Text code>{e.value}</Typography.Text> : null} {e.message}
                  </span>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
