/**
 * The rows of a record query (POST /api/v1/record-queries/run) in a ProTable paged on the server:
 * one column per definition column, values formatted by their field (FieldValue; users and
 * related records named by the page's `labels`); a relation column through a many-relation shows
 * each related record's value as a tag, a many-relation itself its records as tags. The first
 * column opens the record (`/admin/record/:id`).
 */
import { LinkOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Space, Tag, Typography } from 'antd';
import React, { useMemo, useState } from 'react';
import { Link, useIntl } from 'umi';
import type { RecordQueryDefinition } from '../../../../../contracts';
import { RECORD_PAGE_MAX } from '../../../../../contracts/constants';
import FieldValue from '../../../../components/fields/FieldValue';
import { FieldContextProvider } from '../../../../components/fields/FieldContext';
import { runRecordQuery } from '../../../../services/recordQueries';
import { shortId } from '../../../compare_record_field/labels';
import type { ResolvedColumn } from '../columns';

type Row = { id: string; cells: Record<string, unknown> };

interface Props {
  app: string;
  subjectKey?: string;
  definition: RecordQueryDefinition;
  /** Changes on every Run (reloads from page 1). */
  runKey: number;
  resolve: (key: string) => ResolvedColumn | null;
  onError: (error: unknown) => void;
  onSuccess: () => void;
}

/** Types shown bare inside a list (they draw their own tags). */
const SELF_TAGGED = ['singleSelect', 'multiSelect', 'boolean'];

function Cell({ column, value, labels }: { column: ResolvedColumn; value: unknown; labels: Record<string, string> }) {
  const { field, via } = column;
  if (field.type === 'relation' && Array.isArray(value)) {
    return (
      <Space size={[0, 4]} wrap>
        {value.map((id) => (
          <Tag key={String(id)}>{labels[String(id)] ?? shortId(String(id))}</Tag>
        ))}
      </Space>
    );
  }
  if (via?.options.multiple && Array.isArray(value)) {
    return (
      <Space size={[0, 4]} wrap data-testid="many-values">
        {value.map((v, i) =>
          SELF_TAGGED.includes(field.type) || Array.isArray(v) ? (
            <FieldValue key={i} field={field} value={v} compact />
          ) : (
            <Tag key={i}>
              <FieldValue field={field} value={v} compact />
            </Tag>
          ),
        )}
      </Space>
    );
  }
  if (column.key === 'id' && typeof value === 'string') return <Typography.Text code>{shortId(value)}</Typography.Text>;
  return <FieldValue field={field} value={value} compact />;
}

export default function ResultGrid({ app, subjectKey, definition, runKey, resolve, onError, onSuccess }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [totalExact, setTotalExact] = useState(true);
  const context = useMemo(() => ({ app, subjectKey, labels, files: {} }), [app, subjectKey, labels]);

  const columns: ProColumns<Row>[] = [
    {
      key: '__open',
      title: '',
      width: 48,
      fixed: 'left',
      render: (_, row) => (
        <Link to={`/admin/record/${row.id}`} title={t('recordQuery.openRecord')} aria-label={t('recordQuery.openRecord')}>
          <LinkOutlined />
        </Link>
      ),
    },
    ...definition.columns.map((key): ProColumns<Row> => {
      const column = resolve(key);
      return {
        key,
        title: column?.title ?? key,
        ellipsis: false,
        render: (_, row) =>
          column ? <Cell column={column} value={row.cells[key]} labels={labels} /> : <Typography.Text type="secondary">{String(row.cells[key] ?? '-')}</Typography.Text>,
      };
    }),
  ];

  return (
    <FieldContextProvider value={context}>
      <ProTable<Row>
        rowKey="id"
        search={false}
        size="small"
        bordered
        params={{ runKey }}
        columns={columns}
        scroll={{ x: 'max-content' }}
        headerTitle={t('recordQuery.results')}
        options={{ density: true, setting: true, reload: true, fullScreen: true }}
        pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [20, 50, 100, RECORD_PAGE_MAX] }}
        locale={{ emptyText: t('recordQuery.results.empty') }}
        data-testid="query-results"
        request={async (params) => {
          try {
            const res = await runRecordQuery(definition, params.current ?? 1, params.pageSize ?? 50);
            setLabels(res.labels);
            setTotalExact(res.totalExact);
            onSuccess();
            return { data: res.data, total: res.total, success: true };
          } catch (e) {
            onError(e);
            return { data: [], total: 0, success: false };
          }
        }}
        tableAlertRender={false}
        footer={() =>
          !totalExact && <Typography.Text type="secondary">{t('recordQuery.results.estimate')}</Typography.Text>
        }
      />
    </FieldContextProvider>
  );
}
