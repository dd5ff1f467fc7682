/**
 * /compare_record_field (docs/product.md "Data core"): one field compared side by
 * side, either across a record's versions (each with who/when and its change from the version
 * before) or across 2–10 records of a subject (each against the first, the baseline). Text gets a
 * word or character diff, numbers their delta and % change, dates the days between, selects the
 * options added and removed. The choice lives in the URL (`useCompareParams`), so a record's page
 * links straight to it. Any signed-in user: the server checks membership of the application.
 */
import { DiffOutlined } from '@ant-design/icons';
import { PageContainer } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Result, Segmented, Space, Switch, Tabs, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import { ApiError } from '../../services/api-error';
import { getSubject } from '../../services/subjects';
import { compareKind, type TextMode } from './compare';
import { AppSelect, FieldSelect, RecordSelect, RecordsSelect, SubjectSelect } from './components/Pickers';
import RecordsCompare, { useRecordsByIds } from './components/RecordsCompare';
import VersionsCompare from './components/VersionsCompare';
import { MAX_RECORDS, useCompareParams, type CompareMode } from './useCompareParams';
import { keys } from '../../services/query-keys';

export default function CompareRecordFieldPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [p, update] = useCompareParams();
  const [textMode, setTextMode] = useState<TextMode>('auto');
  const [onlyChanges, setOnlyChanges] = useState(false);

  const subjectQuery = useQuery({
    queryKey: keys('subjects').detail(p.app, p.subject),
    queryFn: ({ signal }) => getSubject(p.app ?? '', p.subject ?? '', signal),
    enabled: !!p.app && !!p.subject,
    retry: false,
  });
  const subject = subjectQuery.data;
  const chosenIds = p.mode === 'versions' ? (p.record ? [p.record] : []) : p.records;
  const known = useRecordsByIds(p.app ?? '', p.subject ?? '', subject ? chosenIds : []).data?.data;
  const field = subject?.fields.find((f) => f.key === p.field);

  const missing = !p.app
    ? 'app'
    : !p.subject
      ? 'subject'
      : subjectQuery.isLoading
        ? null
        : !subject
          ? 'subjectGone'
          : subject.fields.length === 0
            ? 'noFields'
            : p.mode === 'versions' && !p.record
              ? 'record'
              : p.mode === 'records' && p.records.length < 2
                ? 'records'
                : !field
                  ? 'field'
                  : null;

  const pickers = (
    <Space wrap size={[12, 12]} data-testid="compare-pickers">
      <AppSelect value={p.app} onChange={(app) => update({ app })} data-testid="pick-app" aria-label={t('compare.label.app')} />
      <SubjectSelect app={p.app} value={p.subject} onChange={(s) => update({ subject: s })} data-testid="pick-subject" aria-label={t('compare.label.subject')} />
      {subject && p.app && p.mode === 'versions' && (
        <RecordSelect
          app={p.app}
          subject={subject}
          known={known}
          value={p.record}
          onChange={(record) => update({ record })}
          data-testid="pick-record"
          aria-label={t('compare.label.record')}
        />
      )}
      {subject && p.app && p.mode === 'records' && (
        <RecordsSelect
          app={p.app}
          subject={subject}
          known={known}
          max={MAX_RECORDS}
          value={p.records}
          onChange={(records) => update({ records })}
          data-testid="pick-records"
          aria-label={t('compare.label.records')}
        />
      )}
      {subject && (
        <FieldSelect fields={subject.fields} value={p.field} onChange={(f) => update({ field: f })} data-testid="pick-field" aria-label={t('compare.label.field')} />
      )}
    </Space>
  );

  const options = field && (
    <Space wrap size={[16, 8]} style={{ marginTop: 12 }}>
      {compareKind(field) === 'text' && (
        <Space size={8}>
          <Typography.Text type="secondary">{t('compare.textMode')}</Typography.Text>
          <Segmented<TextMode>
            size="small"
            value={textMode}
            onChange={setTextMode}
            options={(['auto', 'words', 'chars'] as const).map((m) => ({ value: m, label: t(`compare.textMode.${m}`) }))}
            data-testid="text-mode"
          />
        </Space>
      )}
      {p.mode === 'versions' && (
        <Space size={8}>
          <Switch size="small" checked={onlyChanges} onChange={setOnlyChanges} data-testid="only-changes" aria-label={t('compare.onlyChanges')} />
          <Typography.Text type="secondary">{t('compare.onlyChanges')}</Typography.Text>
        </Space>
      )}
    </Space>
  );

  let body: React.ReactNode;
  if (subjectQuery.error && !(subjectQuery.error instanceof ApiError && subjectQuery.error.status === 404)) {
    body = <Result status="warning" title={t('compare.subject.failed')} subTitle={subjectQuery.error.message} />;
  } else if (missing) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t(`compare.empty.${missing}`, { max: MAX_RECORDS })}
        data-testid={`compare-empty-${missing}`}
      />
    );
  } else if (p.app && subject && field && p.mode === 'versions' && p.record) {
    body = <VersionsCompare app={p.app} subject={subject.key} record={p.record} field={field} textMode={textMode} onlyChanges={onlyChanges} />;
  } else if (p.app && subject && field) {
    body = (
      <RecordsCompare
        app={p.app}
        subject={subject}
        ids={p.records}
        field={field}
        textMode={textMode}
        onBaseline={(id) => update({ records: [id, ...p.records.filter((r) => r !== id)] })}
      />
    );
  }

  return (
    <PageContainer title={t('compare.title')} subTitle={t('compare.subtitle')} avatar={{ icon: <DiffOutlined /> }}>
      <div data-testid="compare-page">
        <Card>
          <Tabs
            activeKey={p.mode}
            onChange={(mode) => update({ mode: mode as CompareMode })}
            items={[
              { key: 'versions', label: <span data-testid="tab-versions">{t('compare.mode.versions')}</span> },
              { key: 'records', label: <span data-testid="tab-records">{t('compare.mode.records')}</span> },
            ]}
          />
          <Typography.Paragraph type="secondary">{t(`compare.mode.${p.mode}.help`, { max: MAX_RECORDS })}</Typography.Paragraph>
          {pickers}
          {options}
        </Card>
        <Card style={{ marginTop: 16 }} data-testid="compare-result">
          {body}
        </Card>
      </div>
    </PageContainer>
  );
}
