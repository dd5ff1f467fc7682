/**
 * The builder's inputs: application and subject, the columns (the subject's fields, the system
 * columns and, per relation field, the target subject's fields; in the order picked), the filter
 * (FilterBuilder over the subject's fields and system columns), the sorts and the quick search.
 */
import { Button, Empty, Form, Input, Select, Skeleton, Space, Typography } from 'antd';
import React, { useMemo } from 'react';
import { useIntl } from 'umi';
import { FieldContextProvider } from '../../../../components/fields/FieldContext';
import FilterBuilder from '../../../../components/fields/FilterBuilder';
import { AppSelect, SubjectSelect } from '../../../compare_record_field/components/Pickers';
import { columnOptions, defaultColumns, MAX_COLUMNS, sortableColumns } from '../columns';
import type { QueryBuilder as Builder } from '../useQueryBuilder';
import SortEditor from './SortEditor';

export default function QueryBuilder({ b }: { b: Builder }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { subject } = b;
  const groups = subject
    ? columnOptions(subject, b.targets, {
        fields: t('recordQuery.columns.fields'),
        system: t('recordQuery.columns.system'),
        systemNames: b.systemNames,
        via: (relation, target) => t('recordQuery.columns.via', { relation, target }),
      })
    : [];
  const sortOptions = useMemo(() => (subject ? sortableColumns(subject, b.systemNames, b.targets) : []), [subject, b.systemNames, b.targets]);
  const context = useMemo(() => ({ app: b.app ?? '', subjectKey: b.subjectKey, labels: {}, files: {} }), [b.app, b.subjectKey]);

  return (
    <Form name="queryBuilder" layout="vertical" component="div" data-testid="query-builder">
      <Space wrap size={[16, 0]}>
        <Form.Item label={t('recordQuery.application')} required>
          <AppSelect value={b.app} onChange={b.chooseApp} data-testid="query-app" aria-label={t('recordQuery.application')} />
        </Form.Item>
        <Form.Item label={t('recordQuery.subject')} required>
          <SubjectSelect app={b.app} value={b.subjectKey} onChange={(key) => b.chooseSubject(key)} data-testid="query-subject" aria-label={t('recordQuery.subject')} />
        </Form.Item>
      </Space>
      {!b.app || !b.subjectKey ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(b.app ? 'recordQuery.empty.subject' : 'recordQuery.empty.app')} data-testid="query-empty" />
      ) : b.subjectLoading || !subject ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <FieldContextProvider value={context}>
          <Form.Item
            label={t('recordQuery.columns')}
            required
            extra={t('recordQuery.columns.help', { max: MAX_COLUMNS })}
            validateStatus={b.columns.length === 0 ? 'warning' : undefined}
            help={b.columns.length === 0 ? t('recordQuery.columns.none') : undefined}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Select<string[]>
                mode="multiple"
                allowClear
                showSearch
                optionFilterProp="label"
                maxCount={MAX_COLUMNS}
                style={{ width: '100%' }}
                value={b.columns}
                onChange={b.setColumns}
                options={groups.map((g) => ({ label: g.label, title: g.label, options: g.options }))}
                placeholder={t('recordQuery.columns.placeholder')}
                aria-label={t('recordQuery.columns')}
                data-testid="query-columns"
              />
              <Button onClick={() => b.setColumns(defaultColumns(subject))} data-testid="columns-default">
                {t('recordQuery.columns.default')}
              </Button>
              <Button onClick={() => b.setColumns(subject.fields.map((f) => f.key).slice(0, MAX_COLUMNS))}>{t('recordQuery.columns.all')}</Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('recordQuery.filter')}>
            <div data-testid="query-filter">
              <FilterBuilder fields={b.filterFields} value={b.filter} onChange={b.setFilter} />
            </div>
          </Form.Item>
          <Form.Item label={t('recordQuery.sort')}>
            <SortEditor options={sortOptions} value={b.sort} onChange={b.setSort} />
          </Form.Item>
          <Form.Item label={t('recordQuery.q')} extra={<Typography.Text type="secondary">{t('recordQuery.q.help')}</Typography.Text>}>
            <Input
              allowClear
              maxLength={100}
              value={b.q}
              onChange={(e) => b.setQ(e.target.value)}
              placeholder={t('recordQuery.q.placeholder')}
              aria-label={t('recordQuery.q')}
              style={{ maxWidth: 360 }}
              data-testid="query-q"
            />
          </Form.Item>
        </FieldContextProvider>
      )}
    </Form>
  );
}
