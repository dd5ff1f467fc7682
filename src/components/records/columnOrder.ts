/**
 * The column settings' order logic (records grid): which columns show, in what order, and a drag
 * that moves exactly one column. Pinned columns (fixed left, e.g. the display field; fixed right)
 * never move and stay at their ends; a column dropped before a left-pinned one lands just after it.
 * The state is ProTable's `columnsState` map, so ProTable renders it: every entry of a pinned
 * column keeps its `fixed` (ProTable reads `fixed` from the map once a key has an entry there, so an
 * entry without it would unpin the column), and orders count from 1 (ProTable treats order 0 as
 * "none").
 */

/** One column as the settings know it: its key and whether it is pinned. */
export interface ColumnSlot {
  key: string;
  fixed?: 'left' | 'right';
}

/** ProTable's per-column state: shown or not, position, pin. */
export type ColumnsStateMap = Record<string, { show?: boolean; order?: number; fixed?: 'left' | 'right' }>;

/** Where a dragged column goes relative to the column it was dropped on. */
export type DropPlace = 'before' | 'after';

/** Left-pinned keys, then the others, then right-pinned keys, each run keeping its order in `keys`. */
function withPinsAtEnds(keys: readonly string[], slots: readonly ColumnSlot[]): string[] {
  const fixedOf = new Map(slots.map((s) => [s.key, s.fixed]));
  return [
    ...keys.filter((k) => fixedOf.get(k) === 'left'),
    ...keys.filter((k) => fixedOf.get(k) === undefined),
    ...keys.filter((k) => fixedOf.get(k) === 'right'),
  ];
}

/**
 * The columns' current order: by each key's `order` in `map` (keys without one keep their place
 * among the definitions), pinned ones at their ends; keys in `map` that are no column are ignored.
 */
export function orderedKeys(slots: readonly ColumnSlot[], map: ColumnsStateMap | null | undefined): string[] {
  const index = new Map(slots.map((s, i) => [s.key, i]));
  const rank = (k: string) => map?.[k]?.order ?? index.get(k)! + 1;
  const sorted = slots.map((s) => s.key).sort((a, b) => rank(a) - rank(b) || index.get(a)! - index.get(b)!);
  return withPinsAtEnds(sorted, slots);
}

/**
 * `order` with `dragKey` moved before or after `dropKey`, everything else in place. A pinned
 * column is not moved (the order comes back unchanged), and the pinned ones stay at their ends.
 * Unknown keys or a drop on itself change nothing.
 */
export function moveColumn(order: readonly string[], slots: readonly ColumnSlot[], dragKey: string, dropKey: string, place: DropPlace): string[] {
  const pinned = new Set(slots.filter((s) => s.fixed).map((s) => s.key));
  if (dragKey === dropKey || pinned.has(dragKey) || !order.includes(dragKey) || !order.includes(dropKey)) return [...order];
  const rest = order.filter((k) => k !== dragKey);
  const at = rest.indexOf(dropKey) + (place === 'after' ? 1 : 0);
  return withPinsAtEnds([...rest.slice(0, at), dragKey, ...rest.slice(at)], slots);
}

/**
 * Where antd Tree's drop lands, from its onDrop info: `relative` is the drop position minus the
 * drop node's index (-1 the gap above, 1 the gap below, 0 onto the node). A drop onto a column
 * takes its place: after it when dragged down, before it when dragged up.
 */
export function dropPlaceOf(relative: number, dropToGap: boolean, dragIndex: number, dropIndex: number): DropPlace {
  if (dropToGap) return relative < 0 ? 'before' : 'after';
  return dragIndex < dropIndex ? 'after' : 'before';
}

/** The ProTable map for `order` with `hidden` keys hidden: orders from 1, pins kept on every pinned entry. */
export function toColumnsState(order: readonly string[], hidden: ReadonlySet<string>, slots: readonly ColumnSlot[]): ColumnsStateMap {
  const fixedOf = new Map(slots.map((s) => [s.key, s.fixed]));
  const map: ColumnsStateMap = {};
  order.forEach((k, i) => {
    const fixed = fixedOf.get(k);
    map[k] = { show: !hidden.has(k), order: i + 1, ...(fixed ? { fixed } : {}) };
  });
  return map;
}

/** The keys `map` hides (show === false), among the columns. */
export function hiddenKeys(slots: readonly ColumnSlot[], map: ColumnsStateMap | null | undefined): Set<string> {
  return new Set(slots.filter((s) => map?.[s.key]?.show === false).map((s) => s.key));
}
