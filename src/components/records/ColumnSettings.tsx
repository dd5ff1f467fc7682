/**
 * The records grid's column settings (a toolbar button with a popover): tick a column to show or
 * hide it, drag it to reorder; "Reset" goes back to the fields' order with the record's own
 * columns hidden. Pinned columns (the display field, fixed left) are listed first with a pin and
 * cannot be dragged; a drag moves exactly the dragged column to where it was dropped
 * (columnOrder.ts). It replaces ProTable's own column setting, whose drag put a column dropped on
 * another at the front and unpinned the pinned one. The state is ProTable's `columnsState` map,
 * kept per subject in localStorage by `useColumnsState`.
 */
import { HolderOutlined, PushpinOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Popover, Space, Tooltip, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import React, { useCallback, useMemo, useState } from 'react';
import { useIntl } from 'umi';
import { dropPlaceOf, hiddenKeys, moveColumn, orderedKeys, toColumnsState, type ColumnSlot, type ColumnsStateMap } from './columnOrder';

/** A column as the settings list it: key, title, pin. */
export interface SettingsColumn extends ColumnSlot {
  title: React.ReactNode;
}

function readStored(key: string): ColumnsStateMap | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as ColumnsStateMap | null;
  } catch {
    return null;
  }
}

/**
 * The grid's column state kept in localStorage under `storageKey` (ProTable's map format):
 * `defaults` for keys never set (e.g. the system columns hidden). Answers the map (every column
 * with its order, pinned ones with `fixed`) and a setter.
 */
export function useColumnsState(storageKey: string, slots: readonly ColumnSlot[], defaults: ColumnsStateMap) {
  const [stored, setStored] = useState<ColumnsStateMap | null>(() => readStored(storageKey));
  const map = useMemo(() => {
    const merged: ColumnsStateMap = { ...defaults, ...(stored ?? {}) };
    return toColumnsState(orderedKeys(slots, merged), hiddenKeys(slots, merged), slots);
  }, [stored, slots, defaults]);
  const setMap = useCallback(
    (next: ColumnsStateMap | null) => {
      setStored(next);
      try {
        if (next) localStorage.setItem(storageKey, JSON.stringify(next));
        else localStorage.removeItem(storageKey);
      } catch {
        // storage full or off: the choice lasts for this page only
      }
    },
    [storageKey],
  );
  return [map, setMap] as const;
}

export default function ColumnSettings({
  columns,
  value,
  onChange,
}: {
  columns: SettingsColumn[];
  /** The current state (useColumnsState). */
  value: ColumnsStateMap;
  /** A new state; null = back to the defaults. */
  onChange: (map: ColumnsStateMap | null) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const order = useMemo(() => orderedKeys(columns, value), [columns, value]);
  const hidden = useMemo(() => hiddenKeys(columns, value), [columns, value]);
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);

  const treeData = order.map((key) => {
    const c = byKey.get(key)!;
    return {
      key,
      isLeaf: true,
      title: (
        <Space size={6} data-testid={`column-setting-${key}`}>
          {c.fixed ? (
            <Tooltip title={t('records.columns.pinned')}>
              <PushpinOutlined aria-label={t('records.columns.pinned')} />
            </Tooltip>
          ) : (
            <HolderOutlined style={{ cursor: 'grab', color: 'rgba(0,0,0,0.45)' }} />
          )}
          <span>{c.title}</span>
        </Space>
      ),
    };
  });

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragKey = String(info.dragNode.key);
    const dropKey = String(info.node.key);
    const dropIndex = order.indexOf(dropKey);
    const relative = info.dropPosition - Number(String(info.node.pos).split('-').pop());
    const place = dropPlaceOf(relative, info.dropToGap, order.indexOf(dragKey), dropIndex);
    onChange(toColumnsState(moveColumn(order, columns, dragKey, dropKey, place), hidden, columns));
  };

  const content = (
    <div style={{ minWidth: 240 }} data-testid="column-settings-panel">
      <Tree
        blockNode
        checkable
        selectable={false}
        height={400}
        treeData={treeData}
        checkedKeys={order.filter((k) => !hidden.has(k))}
        draggable={{ icon: false, nodeDraggable: (node) => !byKey.get(String(node.key))?.fixed }}
        onDrop={onDrop}
        onCheck={(_checked, e) => {
          const next = new Set(hidden);
          const key = String(e.node.key);
          if (e.checked) next.delete(key);
          else next.add(key);
          onChange(toColumnsState(order, next, columns));
        }}
      />
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text strong>{t('records.columns.title')}</Typography.Text>
          <Button type="link" size="small" onClick={() => onChange(null)} data-testid="column-settings-reset">
            {t('records.columns.reset')}
          </Button>
        </Space>
      }
      content={content}
    >
      <Tooltip title={t('records.columns.title')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('records.columns.title')} data-testid="column-settings" />
      </Tooltip>
    </Popover>
  );
}
