/**
 * One field across one record's versions (GET …/records/:id/versions, newest first, the newest 100):
 * a table whose columns are the versions, oldest left, each headed by its number, action, who and
 * when; the rows are the field's value and its change from the version before (compare.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import React, { useMemo } from 'react';
import { useIntl } from 'umi';
import type { Field, RecordVersion } from '../../../../contracts';
import FieldValue from '../../../components/fields/FieldValue';
import { listRecordVersions } from '../../../services/records';
import { versionSteps, type TextMode, type VersionStep } from '../compare';
import { useVersionLabels } from '../useVersionLabels';
import ComparisonView from './ComparisonView';
import { keys } from '../../../services/query-keys';

/** How many versions the view loads (the newest). */
export const VERSIONS_SHOWN = 100;

interface Props {
  app: string;
  subject: string;
  record: string;
  field: Field;
  textMode: TextMode;
  onlyChanges: boolean;
}

type Row = { key: 'value' | 'change' };

/** A version's column (px): the table fills the card and scrolls sideways beyond it. */
const COLUMN_WIDTH = 240;

const ACTION_COLORS: Record<RecordVersion['action'], string> = { create: 'green', update: 'blue', delete: 'red', restore: 'purple' };

export default function VersionsCompare({ app, subject, record, field, textMode, onlyChanges }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const query = useQuery({
    queryKey: keys('records').action('versions', app, subject, record, VERSIONS_SHOWN),
    queryFn: () => listRecordVersions(app, subject, record, { current: 1, pageSize: VERSIONS_SHOWN }),
  });
  const versions = useMemo(() => query.data?.data ?? [], [query.data]);
  const steps = useMemo(() => versionSteps(versions, field, textMode, onlyChanges), [versions, field, textMode, onlyChanges]);
  const labels = useVersionLabels(
    app,
    field,
    steps.map((s) => s.value),
  );

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 4 }} data-testid="compare-loading" />;
  if (query.isError) {
    return <Result status="warning" title={t('compare.versions.failed')} subTitle={query.error.message} data-testid="compare-error" />;
  }
  if (steps.length === 0) return <Empty description={t('compare.versions.none')} />;

  const columns: TableColumnsType<Row> = [
    {
      key: 'row',
      title: field.name,
      fixed: 'left',
      width: 140,
      render: (_, row) => <Typography.Text strong>{t(row.key === 'value' ? 'compare.row.value' : 'compare.row.changeFromPrevious')}</Typography.Text>,
    },
    ...steps.map((step: VersionStep<RecordVersion>) => ({
      key: String(step.version.version),
      width: COLUMN_WIDTH,
      title: (
        <Space direction="vertical" size={0} data-testid={`version-head-${step.version.version}`}>
          <Space size={4}>
            <Tag color="geekblue">v{step.version.version}</Tag>
            <Tag color={ACTION_COLORS[step.version.action]}>{t(`compare.action.${step.version.action}`)}</Tag>
          </Space>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {step.version.actorLabel ?? t('compare.actor.system')} · {dayjs(step.version.at).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
        </Space>
      ),
      onCell: () => ({ style: { verticalAlign: 'top' } }),
      render: (_: unknown, row: Row) =>
        row.key === 'value' ? (
          <div data-testid={`version-value-${step.version.version}`}>
            <FieldValue field={field} value={step.value} labels={labels} />
          </div>
        ) : (
          <div data-testid={`version-change-${step.version.version}`}>
            {step.comparison ? (
              <ComparisonView field={field} comparison={step.comparison} labels={labels} />
            ) : (
              <Typography.Text type="secondary">{t('compare.versions.first')}</Typography.Text>
            )}
          </div>
        ),
    })),
  ];

  const total = query.data?.total ?? versions.length;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="versions-compare">
      {total > versions.length && <Alert type="info" showIcon message={t('compare.versions.truncated', { shown: versions.length, total })} />}
      <Typography.Text type="secondary">
        {t('compare.versions.summary', { shown: steps.length, total: versions.length })}
      </Typography.Text>
      <Table<Row>
        rowKey="key"
        bordered
        size="small"
        pagination={false}
        columns={columns}
        dataSource={[{ key: 'value' }, { key: 'change' }]}
        scroll={{ x: 140 + steps.length * COLUMN_WIDTH }}
        data-testid="versions-table"
      />
    </Space>
  );
}
