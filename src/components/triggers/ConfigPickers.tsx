/**
 * Small pieces of the action configuration forms (ActionConfigForm): the translation hook, a
 * groups picker (several live groups, GET /api/v1/groups), a variable picker (the variables list,
 * GET /api/v1/variables, secret ones first), the "insert a placeholder" menu of the notify and webhook
 * texts (docs/outbound.md "Placeholders"), and the subject of an application with its fields.
 */
import { DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Select, Tag } from 'antd';
import React from 'react';
import type { Field } from '../../../contracts';
import { listGroups } from '../../services/groups';
import { getSubject } from '../../services/subjects';
import { variablesApi } from '../../services/variables';
import { EVENT_PLACEHOLDERS } from './actionConfig';

import { useT } from '../useT';

/** The screens' translation hook (components/useT.ts), which the trigger pages import from here. */
export { useT };

interface MultiProps {
  value?: string[];
  onChange?: (v: string[]) => void;
  id?: string;
  'data-testid'?: string;
}

/** Several groups (the first 100 by name; searched by name in the list). Value: group ids. */
export function GroupsSelect({ value, onChange, id, ...rest }: MultiProps) {
  const t = useT();
  const { data, isLoading } = useQuery({
    queryKey: ['groups', 'options', 100],
    queryFn: () => listGroups({ pageSize: 100, sort: 'name:asc' }),
  });
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      placeholder={t('actionForm.notify.groups.placeholder')}
      value={value ?? []}
      onChange={(v: string[]) => onChange?.(v)}
      options={(data?.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
      data-testid={rest['data-testid']}
    />
  );
}

/** A variable key (global or of any application), secret ones first; free text is not allowed. */
export function VariableSelect({
  value,
  onChange,
  id,
  ...rest
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  id?: string;
  'data-testid'?: string;
}) {
  const t = useT();
  const { data, isLoading } = useQuery({
    queryKey: [...variablesApi.keys.all, 'options', 100],
    queryFn: () => variablesApi.list({ pageSize: 100, sort: 'key:asc' }),
  });
  const rows = [...(data?.data ?? [])].sort((a, b) => Number(b.type === 'secret') - Number(a.type === 'secret'));
  const options = rows.map((v) => ({
    value: v.key,
    label: v.key,
    type: v.type,
    scope: (v as { applicationSlug?: string | null }).applicationSlug ?? null,
  }));
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value, type: 'secret', scope: null });
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      placeholder={t('actionForm.webhook.secret.placeholder')}
      value={value}
      onChange={(v?: string) => onChange?.(v)}
      options={options}
      optionRender={(o) => (
        <span>
          {o.data.label} <Tag style={{ marginInlineStart: 8 }}>{o.data.type}</Tag>
          {o.data.scope ? <Tag color="cyan">{o.data.scope}</Tag> : null}
        </span>
      )}
      data-testid={rest['data-testid']}
    />
  );
}

/** A "{{…}}" menu: the event's placeholders and the subject's field keys; `onPick` gets the name. */
export function PlaceholderMenu({
  fields,
  onPick,
  testId,
}: {
  fields: Field[];
  onPick: (name: string) => void;
  testId?: string;
}) {
  const t = useT();
  const items = [
    ...fields.map((f) => ({ key: f.key, label: `{{${f.key}}} ${f.name}` })),
    ...EVENT_PLACEHOLDERS.map((n) => ({ key: n, label: `{{${n}}}` })),
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => onPick(key), style: { maxHeight: 320, overflow: 'auto' } }}
    >
      <Button size="small" type="link" style={{ paddingInline: 0 }} data-testid={testId}>
        {t('actionForm.placeholder.insert')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** The subject `key` of application `app` with its fields (react-query; disabled without both). */
export function useSubjectFields(app: string | undefined, key: string | undefined) {
  const q = useQuery({
    queryKey: ['subjects', 'detail', app, key],
    queryFn: () => getSubject(app!, key!),
    enabled: !!app && !!key,
    retry: false,
  });
  return { fields: q.data?.fields ?? [], subject: q.data, loading: q.isLoading && !!app && !!key };
}
