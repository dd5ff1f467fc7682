/**
 * CategoryPicker (the picker other modules use to categorise
 * anything): an antd TreeSelect over the category tree (GET /api/v1/categories), searchable by
 * name, controlled by `value`/`onChange` (category ids; one id when `multiple` is false), so it
 * drops into a ProForm/Form.Item as is.
 */
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import React, { useMemo } from 'react';
import { useIntl } from 'umi';
import { listCategories, toCategoryTree } from '../services/categories';
import { keys } from '../services/query-keys';

export interface CategoryPickerProps {
  value?: string[] | string | null;
  onChange?: (value: string[] | string | null) => void;
  /** Several categories (default true); false = one (e.g. a parent). */
  multiple?: boolean;
  /** Ids that may not be chosen, with their subtrees (e.g. the category itself when picking its parent). */
  exclude?: string[];
  disabled?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  'data-testid'?: string;
}

export default function CategoryPicker({
  value,
  onChange,
  multiple = true,
  exclude,
  disabled,
  placeholder,
  allowClear = true,
  id,
  ...rest
}: CategoryPickerProps) {
  const intl = useIntl();
  const { data, isLoading } = useQuery({ queryKey: keys('categories').list(), queryFn: listCategories });
  const treeData = useMemo(() => {
    const excluded = new Set(exclude ?? []);
    type Node = { value: string; title: string; disabled?: boolean; children: Node[] };
    const map = (nodes: ReturnType<typeof toCategoryTree>, parentExcluded: boolean): Node[] =>
      nodes.map((n) => {
        const off = parentExcluded || excluded.has(n.id);
        return { value: n.id, title: n.name, disabled: off, children: map(n.children, off) };
      });
    return map(toCategoryTree(data ?? []), false);
  }, [data, exclude]);
  return (
    <TreeSelect
      id={id}
      data-testid={rest['data-testid']}
      value={value ?? (multiple ? [] : undefined)}
      onChange={(v: string[] | string | undefined) => onChange?.(v ?? (multiple ? [] : null))}
      treeData={treeData}
      multiple={multiple}
      loading={isLoading}
      disabled={disabled}
      allowClear={allowClear}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={placeholder ?? intl.formatMessage({ id: 'category.picker.placeholder' })}
      style={{ width: '100%' }}
    />
  );
}
