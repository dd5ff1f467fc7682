/**
 * TagPicker (the picker other modules use to tag anything): a
 * multiple Select of tags shown in their colours, searched on the server (GET /api/v1/tags?q),
 * controlled by `value`/`onChange` (tag ids), so it drops into a ProForm/Form.Item as is.
 * `allowCreate` (administrators) offers "Create tag “…”" for a name that matches none.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDebounce } from 'ahooks';
import { message, Select, Spin, Tag as AntTag } from 'antd';
import React, { useMemo, useRef, useState } from 'react';
import { useIntl } from 'umi';
import type { Tag } from '../../contracts';
import { toApiError } from '../services/api-error';
import { createTag, listTags } from '../services/tags';
import { keys } from '../services/query-keys';

export interface TagPickerProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Offer to create a tag from the typed name (the caller must be an administrator). */
  allowCreate?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Tags already known (e.g. the object's current tags), so their names show before any search. */
  known?: Tag[];
  id?: string;
  'data-testid'?: string;
}

/** A colour for a tag created from the picker: a fixed palette, picked by the name. */
const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#f5222d', '#2f54eb'];
const CREATE_PREFIX = '__create__:';

export default function TagPicker({ value, onChange, allowCreate, disabled, placeholder, known, id, ...rest }: TagPickerProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebounce(search.trim(), { wait: 250 });
  const seen = useRef(new Map<string, Tag>());
  for (const t of known ?? []) seen.current.set(t.id, t);
  const { data, isFetching } = useQuery({
    queryKey: keys('tags').options({ q }),
    queryFn: () => listTags({ q: q || undefined, pageSize: 100, sort: 'name:asc' }),
    placeholderData: keepPreviousData,
  });
  for (const t of data?.data ?? []) seen.current.set(t.id, t);

  const options = useMemo(() => {
    const list = (data?.data ?? []).map((t) => ({ value: t.id, label: t.name, color: t.color }));
    const typed = search.trim();
    if (allowCreate && typed && !list.some((o) => o.label.toLowerCase() === typed.toLowerCase())) {
      list.push({
        value: CREATE_PREFIX + typed,
        label: intl.formatMessage({ id: 'tag.picker.create' }, { name: typed }),
        color: '',
      });
    }
    return list;
  }, [data, search, allowCreate, intl]);

  const handleChange = async (ids: string[]) => {
    const creating = ids.find((v) => v.startsWith(CREATE_PREFIX));
    if (!creating) return onChange?.(ids);
    const name = creating.slice(CREATE_PREFIX.length);
    try {
      const created = await createTag({ name, color: PALETTE[name.length % PALETTE.length] });
      seen.current.set(created.id, created);
      setSearch('');
      void queryClient.invalidateQueries({ queryKey: keys('tags').all });
      onChange?.(ids.map((v) => (v === creating ? created.id : v)));
    } catch (e) {
      message.error(toApiError(e).message);
    }
  };

  return (
    <Select<string[]>
      id={id}
      data-testid={rest['data-testid']}
      mode="multiple"
      value={value ?? []}
      onChange={(ids) => void handleChange(ids)}
      disabled={disabled}
      placeholder={placeholder ?? intl.formatMessage({ id: 'tag.picker.placeholder' })}
      showSearch
      filterOption={false}
      searchValue={search}
      onSearch={setSearch}
      notFoundContent={isFetching ? <Spin size="small" /> : undefined}
      options={options}
      optionRender={(o) => (o.data.color ? <AntTag color={o.data.color}>{o.data.label}</AntTag> : <span>{o.data.label}</span>)}
      tagRender={({ value: v, closable, onClose }) => {
        const t = seen.current.get(String(v));
        return (
          <AntTag color={t?.color} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
            {t?.name ?? String(v)}
          </AntTag>
        );
      }}
      style={{ width: '100%' }}
    />
  );
}
