/**
 * The choosers of `/compare_record_field` (also used by `/admin/record-query`): the caller's
 * applications (GET /api/v1/applications), an application's subjects, a subject's fields, and
 * records of a subject searched on the server (`q`, debounced) for one or several records. Each
 * loads through react-query and shows its own loading state.
 */
import { useQuery } from '@tanstack/react-query';
import { useDebounce } from 'ahooks';
import { Select, Spin } from 'antd';
import type { SelectProps } from 'antd';
import React, { useMemo, useState } from 'react';
import { useIntl } from 'umi';
import type { Field, RecordItem, Subject, SubjectDetail } from '../../../../contracts';
import { listApplications } from '../../../services/applications';
import { listRecords } from '../../../services/records';
import { listAppSubjectOptions } from '../../../services/subjects';
import { recordLabel } from '../labels';
import { keys } from '../../../services/query-keys';

type Base = Omit<SelectProps, 'options' | 'value' | 'onChange' | 'mode'>;

/** The applications the caller may open (an administrator: all), first 100 by the server's order. */
export function AppSelect({ value, onChange, ...rest }: Base & { value?: string; onChange: (slug: string | undefined) => void }) {
  const intl = useIntl();
  const { data, isLoading } = useQuery({
    queryKey: keys('applications').list({ pageSize: 100 }),
    queryFn: () => listApplications({ pageSize: 100 }),
  });
  const options = (data?.data ?? []).map((a) => ({ value: a.slug, label: `${a.name} (${a.slug})` }));
  return (
    <Select
      showSearch
      allowClear
      optionFilterProp="label"
      loading={isLoading}
      placeholder={intl.formatMessage({ id: 'compare.pick.app' })}
      notFoundContent={isLoading ? <Spin size="small" /> : undefined}
      style={{ minWidth: 220 }}
      {...rest}
      value={value}
      options={options}
      onChange={(v?: string) => onChange(v)}
    />
  );
}

/** The subjects of one application (first 100 by name). */
export function useAppSubjects(app: string | undefined) {
  return useQuery({
    queryKey: keys('subjects').options({ app }),
    queryFn: () => listAppSubjectOptions(app ?? ''),
    enabled: !!app,
  });
}

/** The subjects of `app`; disabled until an application is chosen. */
export function SubjectSelect({
  app,
  value,
  onChange,
  ...rest
}: Base & { app?: string; value?: string; onChange: (key: string | undefined, subject?: Subject) => void }) {
  const intl = useIntl();
  const { data, isLoading } = useAppSubjects(app);
  const options = (data ?? []).map((s) => ({ value: s.key, label: `${s.name} (${s.key})` }));
  return (
    <Select
      showSearch
      allowClear
      optionFilterProp="label"
      disabled={!app}
      loading={!!app && isLoading}
      placeholder={intl.formatMessage({ id: 'compare.pick.subject' })}
      style={{ minWidth: 220 }}
      {...rest}
      value={value}
      options={options}
      onChange={(v?: string) => onChange(v, data?.find((s) => s.key === v))}
    />
  );
}

/** A field of the subject, with its type named; `filter` narrows the choice. */
export function FieldSelect({
  fields,
  value,
  onChange,
  ...rest
}: Base & { fields: Field[]; value?: string; onChange: (key: string | undefined) => void }) {
  const intl = useIntl();
  const options = fields.map((f) => ({
    value: f.key,
    label: `${f.name} (${intl.formatMessage({ id: `fieldType.${f.type}`, defaultMessage: f.type })})`,
  }));
  return (
    <Select
      showSearch
      allowClear
      optionFilterProp="label"
      placeholder={intl.formatMessage({ id: 'compare.pick.field' })}
      style={{ minWidth: 220 }}
      {...rest}
      value={value}
      options={options}
      onChange={(v?: string) => onChange(v)}
    />
  );
}

interface RecordSelectProps extends Base {
  app: string;
  subject: SubjectDetail;
  /** Records already chosen, so their names show before any search (e.g. opened from a link). */
  known?: RecordItem[];
}

/** Records matching the typed text (quick search on the server, 300 ms debounce), 20 at a time. */
function useRecordSearch(app: string, subject: SubjectDetail) {
  const [text, setText] = useState('');
  const q = useDebounce(text.trim(), { wait: 300 });
  const query = useQuery({
    queryKey: keys('records').action('picker', app, subject.key, q),
    // No abort signal: a search superseded while in flight would surface as a "network error" toast
    // (listRecords shows failures); its answer is simply dropped.
    queryFn: () => listRecords(app, subject.key, { q: q || undefined, pageSize: 20, sort: 'updatedAt:desc' }),
  });
  return { setText, query };
}

function recordOptions(subject: SubjectDetail, found: RecordItem[], known: RecordItem[], locale: string) {
  const seen = new Set<string>();
  return [...known, ...found]
    .filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)))
    .map((r) => ({ value: r.id, label: recordLabel(subject, r, locale) }));
}

/** One record of the subject, searched on the server. */
export function RecordSelect({
  app,
  subject,
  known = [],
  value,
  onChange,
  ...rest
}: RecordSelectProps & { value?: string; onChange: (id: string | undefined) => void }) {
  const intl = useIntl();
  const { setText, query } = useRecordSearch(app, subject);
  const options = useMemo(() => recordOptions(subject, query.data?.data ?? [], known, intl.locale), [subject, query.data, known, intl.locale]);
  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={setText}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? <Spin size="small" /> : undefined}
      placeholder={intl.formatMessage({ id: 'compare.pick.record' })}
      style={{ minWidth: 260 }}
      {...rest}
      value={value}
      options={options}
      onChange={(v?: string) => onChange(v)}
    />
  );
}

/** Several records of the subject (in the order picked), at most `max`. */
export function RecordsSelect({
  app,
  subject,
  known = [],
  value,
  onChange,
  max,
  ...rest
}: RecordSelectProps & { value: string[]; max: number; onChange: (ids: string[]) => void }) {
  const intl = useIntl();
  const { setText, query } = useRecordSearch(app, subject);
  const options = useMemo(
    () =>
      recordOptions(subject, query.data?.data ?? [], known, intl.locale).map((o) => ({
        ...o,
        disabled: value.length >= max && !value.includes(o.value),
      })),
    [subject, query.data, known, intl.locale, value, max],
  );
  return (
    <Select
      mode="multiple"
      showSearch
      allowClear
      filterOption={false}
      onSearch={setText}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? <Spin size="small" /> : undefined}
      placeholder={intl.formatMessage({ id: 'compare.pick.records' }, { max })}
      style={{ minWidth: 360, maxWidth: 720 }}
      {...rest}
      value={value}
      options={options}
      onChange={(ids: string[]) => onChange(ids.slice(0, max))}
    />
  );
}
