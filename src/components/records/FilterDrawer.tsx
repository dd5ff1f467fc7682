/**
 * The grid's filter button and drawer: the button shows how many conditions are applied; the
 * drawer holds the FilterBuilder over a draft (nothing is sent while editing; room for nested
 * groups, and the selects' dropdowns stay inside it) and applies the cleaned filter (unfinished
 * conditions dropped, with a note saying how many) or clears it.
 */
import { FilterOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Space, Typography } from 'antd';
import React, { useState } from 'react';
import { useIntl } from 'umi';
import type { FilterGroup } from '../../../contracts';
import { cleanFilter, countConditions, FilterBuilder, newCondition, type FilterField } from '../fields';

export default function FilterDrawer({
  fields,
  value,
  onChange,
}: {
  fields: FilterField[];
  /** The applied filter (undefined = none). */
  value: FilterGroup | undefined;
  onChange: (filter: FilterGroup | undefined) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterGroup>({ op: 'and', items: [] });
  const applied = countConditions(value);
  const unfinished = countConditions(draft) - countConditions(cleanFilter(draft, fields));

  const show = () => {
    setDraft(value ?? { op: 'and', items: fields.length > 0 ? [newCondition(fields[0])] : [] });
    setOpen(true);
  };
  const apply = (filter: FilterGroup | undefined) => {
    onChange(filter);
    setOpen(false);
  };
  return (
    <>
      <Badge count={applied} size="small">
        <Button
          icon={<FilterOutlined />}
          type={applied > 0 ? 'primary' : 'default'}
          ghost={applied > 0}
          onClick={show}
          data-testid="filter-button"
        >
          {t('records.filter.button')}
        </Button>
      </Badge>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('records.filter.title')}
        width={820}
        destroyOnHidden
        footer={
          <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Text type="secondary">
              {unfinished > 0 ? t('records.filter.unfinished', { count: unfinished }) : ''}
            </Typography.Text>
            <Space>
              <Button onClick={() => apply(undefined)} data-testid="filter-clear">
                {t('records.filter.clear')}
              </Button>
              <Button type="primary" onClick={() => apply(cleanFilter(draft, fields))} data-testid="filter-apply">
                {t('records.filter.apply')}
              </Button>
            </Space>
          </Space>
        }
      >
        <div data-testid="filter-panel">
          <FilterBuilder fields={fields} value={draft} onChange={setDraft} />
        </div>
      </Drawer>
    </>
  );
}
