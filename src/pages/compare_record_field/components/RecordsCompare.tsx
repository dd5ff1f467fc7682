/**
 * One field across several records of a subject (GET …/records?filter={id in […]}): a table whose
 * columns are the records in the order chosen, the first the baseline; the rows are the field's
 * value and its difference from the baseline's (compare.ts). Any record can be made the baseline;
 * a record that no longer exists is named as such.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import React, { useMemo } from 'react';
import { Link, useIntl } from 'umi';
import type { Field, RecordItem, SubjectDetail } from '../../../../contracts';
import FieldValue from '../../../components/fields/FieldValue';
import { listRecords } from '../../../services/records';
import { compareValues, type TextMode } from '../compare';
import { recordLabel, shortId } from '../labels';
import ComparisonView from './ComparisonView';
import { keys } from '../../../services/query-keys';

interface Props {
  app: string;
  subject: SubjectDetail;
  ids: string[];
  field: Field;
  textMode: TextMode;
  /** Moves a record to the front (the new baseline). */
  onBaseline: (id: string) => void;
}

type Row = { key: 'value' | 'change' };

/** A record's column (px): the table fills the card and scrolls sideways beyond it. */
const COLUMN_WIDTH = 240;

/** The chosen records (one request, filtered by id), with the names of the ids their values hold. */
export function useRecordsByIds(app: string, subject: string, ids: string[]) {
  const sorted = [...ids].sort();
  return useQuery({
    queryKey: keys('records').action('byIds', app, subject, sorted),
    // No abort signal (see useRecordSearch): a cancelled request would show a "network error".
    queryFn: () => listRecords(app, subject, { filter: { op: 'and', items: [{ field: 'id', op: 'in', value: sorted }] }, pageSize: Math.max(sorted.length, 1) }),
    enabled: ids.length > 0,
  });
}

export default function RecordsCompare({ app, subject, ids, field, textMode, onBaseline }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const query = useRecordsByIds(app, subject.key, ids);
  const byId = useMemo(() => new Map((query.data?.data ?? []).map((r) => [r.id, r])), [query.data]);
  const labels = query.data?.labels ?? {};
  const files = query.data?.files ?? {};

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 4 }} data-testid="compare-loading" />;
  if (query.isError) {
    return <Result status="warning" title={t('compare.records.failed')} subTitle={query.error.message} data-testid="compare-error" />;
  }

  const baseline = byId.get(ids[0]);
  const head = (id: string, i: number, r: RecordItem | undefined) => (
    <Space direction="vertical" size={2} data-testid={`record-head-${i}`}>
      <Space size={4} wrap>
        {r ? (
          <Link to={`/${app}/${subject.key}/${r.id}`} style={{ fontWeight: 600 }}>
            {recordLabel(subject, r, intl.locale)}
          </Link>
        ) : (
          <Typography.Text type="danger">{t('compare.records.missing', { id: shortId(id) })}</Typography.Text>
        )}
        {i === 0 && <Tag color="gold">{t('compare.records.baseline')}</Tag>}
      </Space>
      {i > 0 && r && (
        <Button size="small" type="link" style={{ padding: 0 }} onClick={() => onBaseline(id)} data-testid={`make-baseline-${i}`}>
          {t('compare.records.makeBaseline')}
        </Button>
      )}
    </Space>
  );

  const columns: TableColumnsType<Row> = [
    {
      key: 'row',
      title: field.name,
      fixed: 'left',
      width: 140,
      render: (_, row) => <Typography.Text strong>{t(row.key === 'value' ? 'compare.row.value' : 'compare.row.changeFromBaseline')}</Typography.Text>,
    },
    ...ids.map((id, i) => {
      const r = byId.get(id);
      const value = r?.values[field.key] ?? null;
      return {
        key: id,
        width: COLUMN_WIDTH,
        title: head(id, i, r),
        onCell: () => ({ style: { verticalAlign: 'top' as const } }),
        render: (_: unknown, row: Row) => {
          if (!r) return <Typography.Text type="secondary">-</Typography.Text>;
          if (row.key === 'value') {
            return (
              <div data-testid={`record-value-${i}`}>
                <FieldValue field={field} value={value} labels={labels} files={files} />
              </div>
            );
          }
          return (
            <div data-testid={`record-change-${i}`}>
              {i === 0 || !baseline ? (
                <Typography.Text type="secondary">{t(i === 0 ? 'compare.records.isBaseline' : 'compare.records.noBaseline')}</Typography.Text>
              ) : (
                <ComparisonView field={field} comparison={compareValues(field, baseline.values[field.key] ?? null, value, textMode)} labels={labels} />
              )}
            </div>
          );
        },
      };
    }),
  ];

  return (
    <Table<Row>
      rowKey="key"
      bordered
      size="small"
      pagination={false}
      columns={columns}
      dataSource={[{ key: 'value' }, { key: 'change' }]}
      scroll={{ x: 140 + ids.length * COLUMN_WIDTH }}
      data-testid="records-table"
    />
  );
}
