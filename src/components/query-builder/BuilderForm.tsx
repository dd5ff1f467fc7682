/**
 * The query builder's inputs over one application's subjects: the base subject, joins, the filter
 * (FilterBuilder over the base subject's fields and own columns), calculated columns, group by,
 * aggregates, conditions on aggregates, sorts, the row limit, and — without group by and
 * aggregates — the columns of a record list. Controlled: the draft and its setter come from the
 * page (useQueryBuilder). Says so when the application has no subjects.
 */
import { Empty, Form, InputNumber, Select, Skeleton, Typography } from 'antd';
import React, { useMemo } from 'react';
import type { FilterGroup } from '../../../contracts';
import { QUERY_COLUMNS_MAX, QUERY_ROW_CAP } from '../../../contracts/constants';
import { FieldContextProvider } from '../fields/FieldContext';
import FilterBuilder from '../fields/FilterBuilder';
import type { FilterField } from '../fields/filter';
import { useT } from '../useT';
import { isGrouped, measureName, outputNames, type BuilderDraft, type BuilderSubject, type JoinChoice, type RefOption } from './model';
import { CalculatedEditor, DimensionsEditor, groupedRefs, HavingEditor, JoinsEditor, MeasuresEditor, SortEditor, type BadRow } from './PartEditors';

interface Props {
  app: string;
  subjects: Pick<BuilderSubject, 'id' | 'key' | 'name'>[] | undefined;
  loading: boolean;
  base: BuilderSubject | undefined;
  draft: BuilderDraft;
  onChange: (patch: Partial<BuilderDraft>) => void;
  onSubject: (id: string | undefined) => void;
  refs: RefOption[];
  filterFields: FilterField[];
  joinChoices: JoinChoice[];
  joinTargets: (Omit<JoinChoice, 'key'> | undefined)[];
  onAddJoin: (c: JoinChoice) => void;
  onRenameJoin: (index: number, alias: string) => void;
  onRemoveJoin: (index: number) => void;
  bad: BadRow;
}

export default function BuilderForm(p: Props) {
  const t = useT();
  const { draft, base } = p;
  const groups = useMemo(() => groupedRefs(p.refs, base?.name ?? '', t('queries.calculated')), [p.refs, base?.name, t]);
  const numericGroups = useMemo(() => groupedRefs(p.refs.filter((r) => r.numeric), base?.name ?? '', t('queries.calculated')), [p.refs, base?.name, t]);
  const context = useMemo(() => ({ app: p.app, subjectKey: base?.key, labels: {}, files: {} }), [p.app, base?.key]);
  const isDate = (ref: string | undefined) => !!ref && !!p.refs.find((r) => r.ref === ref)?.date;
  const grouped = isGrouped(draft);

  if (p.loading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (p.subjects && p.subjects.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('queries.empty.noSubjects')} data-testid="qb-no-subjects" />;

  return (
    <Form name="analyticsQueryBuilder" layout="vertical" component="div" data-testid="qb-form">
      <Form.Item label={t('queries.subject')} required htmlFor="qb-subject">
        <Select<string>
          id="qb-subject"
          showSearch
          optionFilterProp="label"
          aria-label={t('queries.subject')}
          placeholder={t('queries.subject.pick')}
          value={draft.subjectId}
          options={(p.subjects ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.key})` }))}
          style={{ width: 320 }}
          onChange={(id) => p.onSubject(id)}
          data-testid="qb-subject"
        />
      </Form.Item>
      {!base ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('queries.empty.subject')} data-testid="qb-pick-subject" />
      ) : (
        <FieldContextProvider value={context}>
          <Form.Item label={t('queries.joins')} extra={t('queries.joins.help')}>
            <JoinsEditor
              joins={draft.joins}
              choices={p.joinChoices}
              describe={(i) => p.joinTargets[i]}
              onAdd={p.onAddJoin}
              onRename={p.onRenameJoin}
              onRemove={p.onRemoveJoin}
              bad={p.bad}
            />
          </Form.Item>
          <Form.Item label={t('queries.filter')}>
            <div data-testid="qb-filter">
              <FilterBuilder fields={p.filterFields} value={draft.filter} onChange={(filter: FilterGroup) => p.onChange({ filter })} />
            </div>
          </Form.Item>
          <Form.Item label={t('queries.calculated')} extra={t('queries.calculated.help')}>
            <CalculatedEditor value={draft.calculated} onChange={(calculated) => p.onChange({ calculated })} bad={p.bad} />
          </Form.Item>
          <Form.Item label={t('queries.dimensions')}>
            <DimensionsEditor value={draft.dimensions} onChange={(dimensions) => p.onChange({ dimensions })} groups={groups} isDate={isDate} bad={p.bad} />
          </Form.Item>
          <Form.Item label={t('queries.measures')}>
            <MeasuresEditor
              value={draft.measures}
              onChange={(measures) => p.onChange({ measures })}
              groups={groups}
              numericGroups={numericGroups}
              bad={p.bad}
            />
          </Form.Item>
          {grouped ? (
            <Form.Item label={t('queries.having')}>
              <HavingEditor value={draft.having} onChange={(having) => p.onChange({ having })} measures={draft.measures.map(measureName)} bad={p.bad} />
            </Form.Item>
          ) : (
            <Form.Item label={t('queries.columns')} required extra={t('queries.columns.help')} htmlFor="qb-columns">
              <Select<string[]>
                id="qb-columns"
                mode="multiple"
                allowClear
                showSearch
                optionFilterProp="label"
                maxCount={QUERY_COLUMNS_MAX}
                aria-label={t('queries.columns')}
                placeholder={t('queries.columns.placeholder')}
                value={draft.columns}
                options={groups}
                status={p.bad('columns', -1) ? 'error' : undefined}
                onChange={(columns) => p.onChange({ columns })}
                data-testid="qb-columns"
              />
            </Form.Item>
          )}
          <Form.Item label={t('queries.sort')}>
            <SortEditor value={draft.sort} onChange={(sort) => p.onChange({ sort })} names={outputNames(draft)} bad={p.bad} />
          </Form.Item>
          <Form.Item label={t('queries.limit')} htmlFor="qb-limit" extra={<Typography.Text type="secondary">{t('queries.limit.help', { max: QUERY_ROW_CAP })}</Typography.Text>}>
            <InputNumber<number>
              id="qb-limit"
              aria-label={t('queries.limit')}
              min={1}
              max={QUERY_ROW_CAP}
              precision={0}
              value={draft.limit}
              onChange={(limit) => p.onChange({ limit: limit ?? 1000 })}
              data-testid="qb-limit"
            />
          </Form.Item>
        </FieldContextProvider>
      )}
    </Form>
  );
}
