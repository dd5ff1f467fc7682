/**
 * Pure helpers of the dashboard grid (react-grid-layout 2, 12 columns; contracts/dashboards.ts
 * DashboardCard x, y, w, h in grid units) and of the shared filters' fields. Tested in layout.test.ts.
 */
import type { DashboardCard, DashboardFilter } from '../../../contracts';
import type { FieldType } from '../../../contracts/constants';

/** Columns of the grid. */
export const GRID_COLS = 12;
/** Height in px of one grid row. */
export const ROW_HEIGHT = 60;
/** A new card's size in grid units. */
export const NEW_CARD = { w: 6, h: 5 } as const;

/** One item of react-grid-layout's layout. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  minH?: number;
  static?: boolean;
}

/** The grid's layout of `cards`: movable and resizable when `editing`, fixed otherwise. */
export function toLayout(cards: readonly DashboardCard[], editing: boolean): GridItem[] {
  return cards.map((c) => ({ i: c.id, x: c.x, y: c.y, w: c.w, h: c.h, minW: 2, minH: 2, static: !editing }));
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(n)));

/** `cards` placed as `layout` says (items matched by id; sizes kept inside the grid and the schema's bounds). */
export function applyLayout(cards: readonly DashboardCard[], layout: readonly GridItem[]): DashboardCard[] {
  const byId = new Map(layout.map((l) => [l.i, l]));
  return cards.map((c) => {
    const l = byId.get(c.id);
    if (!l) return c;
    const w = clamp(l.w, 1, GRID_COLS);
    return { ...c, x: clamp(l.x, 0, GRID_COLS - w), y: clamp(l.y, 0, 1000), w, h: clamp(l.h, 1, 40) };
  });
}

/** Whether two card lists sit in the same places (ids, x, y, w, h). */
export function samePlaces(a: readonly DashboardCard[], b: readonly DashboardCard[]): boolean {
  if (a.length !== b.length) return false;
  const byId = new Map(b.map((c) => [c.id, c]));
  return a.every((c) => {
    const o = byId.get(c.id);
    return !!o && o.x === c.x && o.y === c.y && o.w === c.w && o.h === c.h;
  });
}

/** Where a new card of `size` goes: the first row under every card, at the left. */
export function nextPlace(
  cards: readonly DashboardCard[],
  size: { w: number; h: number } = NEW_CARD,
): Pick<DashboardCard, 'x' | 'y' | 'w' | 'h'> {
  const bottom = cards.reduce((m, c) => Math.max(m, c.y + c.h), 0);
  return { x: 0, y: Math.min(bottom, 1000), w: size.w, h: size.h };
}

/** A short id for a new card or filter, not among `taken`. */
export function newId(prefix: string, taken: readonly { id: string }[]): string {
  const used = new Set(taken.map((t) => t.id));
  for (let n = taken.length + 1; ; n += 1) {
    const id = `${prefix}${n}`;
    if (!used.has(id)) return id;
  }
}

/** The field types a shared filter of `kind` narrows (the server's rules: dashboard-filters.ts). */
export const FILTER_FIELD_TYPES: Record<DashboardFilter['kind'], readonly FieldType[]> = {
  date: ['date', 'datetime', 'createdAt', 'updatedAt'],
  client: ['text', 'email', 'phone', 'url', 'autoNumber', 'singleSelect'],
  select: ['singleSelect', 'multiSelect', 'text'],
};

/** A shared filter's value is set (a date range with both ends, a non-empty option). */
export function hasValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 2 && value.every((v) => typeof v === 'string' && v !== '');
  return value !== undefined && value !== null && value !== '';
}

/** The values that are set, by filter id (what a card's run sends). */
export function setValues(filters: readonly DashboardFilter[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of filters) if (hasValue(values[f.id])) out[f.id] = values[f.id];
  return out;
}
