/**
 * Pure pivot of a grouped query result (docs/queries.md "Results on screen"): row-dimension values down, the
 * column dimensions' values (at most 2) × the chosen measures across, one cell per combination.
 * Rows keep the server's order (the query's sort) by first appearance; column headers go in the
 * order of their values (ids by their names, empty last). Groups of dimensions placed
 * in neither rows nor columns fall into one cell, and totals combine cells, each measure by its
 * aggregate (`combinerOf`): counts and sums add up, minima and maxima keep the least and the
 * greatest; an average, a median, a percentile or a distinct count of parts is not the figure of
 * the whole, so there the combination is NOT_COMBINED (shown as "—" with the reason). A column
 * without its aggregate (a result saved before columns carried it) adds up.
 */
import type { QueryResult, QueryResultColumn, QueryVisualization } from '../../../contracts';
import { compareCells, sortValue, toNumber } from './format';

export type PivotSpec = NonNullable<QueryVisualization['pivot']>;

/** One combination of dimension values (raw, as the result has them). */
export type PivotKey = unknown[];

export interface PivotMatrix {
  rowDims: QueryResultColumn[];
  colDims: QueryResultColumn[];
  measures: QueryResultColumn[];
  /** Dimensions of the result in neither rows nor columns (their groups are summed). */
  unplaced: QueryResultColumn[];
  rowKeys: PivotKey[];
  /** Column combinations; one empty key when there are no column dimensions. */
  colKeys: PivotKey[];
  /** cells[row][col][measure]: the result's raw value when one row falls there, the combination of several (combinerOf), null when none. */
  cells: unknown[][][];
  totals: boolean;
  /** rowTotals[row][measure]: combined across the columns. */
  rowTotals: unknown[][];
  /** colTotals[col][measure]: combined down the rows. */
  colTotals: unknown[][];
  /** grandTotals[measure]. */
  grandTotals: unknown[];
}

/** A cell or total whose parts cannot be combined into the figure of the whole (an average of averages). */
export const NOT_COMBINED = Symbol('not combined');

const keyOf = (values: readonly unknown[]): string => JSON.stringify(values.map((v) => (v === undefined ? null : v)));

/** The pivot of a result with no pivot settings: every dimension but the last down, the last across, all measures, totals. */
export function defaultPivot(result: QueryResult): PivotSpec {
  const dims = result.columns.filter((c) => c.role === 'dimension').map((c) => c.name);
  const measures = result.columns.filter((c) => c.role === 'measure').map((c) => c.name);
  return {
    rows: dims.length > 1 ? dims.slice(0, -1) : dims,
    columns: dims.length > 1 ? dims.slice(-1) : [],
    values: measures,
    totals: true,
  };
}

/** Whether a result can be pivoted: at least one dimension and one measure. */
export const canPivot = (result: QueryResult): boolean =>
  result.columns.some((c) => c.role === 'dimension') && result.columns.some((c) => c.role === 'measure');

const add = (a: unknown, v: unknown): unknown => {
  const n = toNumber(v);
  if (n === null) return a;
  return (toNumber(a) ?? 0) + n;
};

/** The lesser (`sign` -1) or greater (+1) of two values: numbers as numbers, dates as their ISO text; null is none. */
const extreme =
  (sign: 1 | -1) =>
  (a: unknown, v: unknown): unknown => {
    if (v === null || v === undefined) return a;
    if (a === null || a === undefined) return v;
    const x = toNumber(a);
    const y = toNumber(v);
    const cmp = x !== null && y !== null ? Math.sign(y - x) : String(v) < String(a) ? -1 : String(v) > String(a) ? 1 : 0;
    return cmp === sign ? v : a;
  };

/** How values of a measure combine (cells of several groups, totals); null: they do not. */
export function combinerOf(c: QueryResultColumn): ((a: unknown, v: unknown) => unknown) | null {
  switch (c.fn) {
    case undefined:
    case 'count':
    case 'sum':
      return add;
    case 'min':
      return extreme(-1);
    case 'max':
      return extreme(1);
    default:
      return null;
  }
}

/** Combines `values` with `combine` (null → NOT_COMBINED when two or more are not null). */
function combineAll(values: unknown[], combine: ((a: unknown, v: unknown) => unknown) | null): unknown {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return null;
  if (present.includes(NOT_COMBINED)) return NOT_COMBINED;
  if (!combine) return present.length === 1 ? present[0] : NOT_COMBINED;
  return present.reduce<unknown>((acc, v) => combine(acc, v), null);
}

/**
 * The matrix of `result` per `spec` (names not in the result, or of the wrong role, are dropped;
 * no values → every measure; more than 2 column dimensions → the first 2).
 */
export function buildPivot(result: QueryResult, spec: PivotSpec = defaultPivot(result)): PivotMatrix {
  const byName = new Map(result.columns.map((c, i) => [c.name, { c, i }]));
  const pick = (names: string[], role: QueryResultColumn['role']) =>
    [...new Set(names)]
      .map((n) => byName.get(n))
      .filter((x): x is { c: QueryResultColumn; i: number } => !!x && x.c.role === role);
  const rowDims = pick(spec.rows, 'dimension');
  const colDims = pick(spec.columns, 'dimension')
    .filter((d) => !rowDims.some((r) => r.c.name === d.c.name))
    .slice(0, 2);
  let measures = pick(spec.values, 'measure');
  if (measures.length === 0) measures = pick(defaultPivot(result).values, 'measure');
  const combiners = measures.map((m) => combinerOf(m.c));
  const placed = new Set([...rowDims, ...colDims].map((d) => d.c.name));
  const unplaced = result.columns.filter((c) => c.role === 'dimension' && !placed.has(c.name));

  const rowIndex = new Map<string, number>();
  const colIndex = new Map<string, number>();
  const rowKeys: PivotKey[] = [];
  const colKeys: PivotKey[] = [];
  const counts: number[][][] = [];
  const cells: unknown[][][] = [];
  const place = (map: Map<string, number>, keys: PivotKey[], key: PivotKey) => {
    const k = keyOf(key);
    let at = map.get(k);
    if (at === undefined) {
      at = keys.length;
      map.set(k, at);
      keys.push(key);
    }
    return at;
  };
  if (colDims.length === 0) colKeys.push([]);
  else {
    // column headers in the order of their values (ids by their names), whatever the query's sort
    const seen: PivotKey[] = [];
    const keysSeen = new Map<string, number>();
    for (const row of result.rows)
      place(
        keysSeen,
        seen,
        colDims.map((d) => row[d.i] ?? null),
      );
    const sortable = (d: (typeof colDims)[number], v: unknown) => sortValue(d.c, v, result.labels);
    seen.sort((a, b) => {
      for (let i = 0; i < colDims.length; i += 1) {
        const c = compareCells(sortable(colDims[i], a[i]), sortable(colDims[i], b[i]));
        if (c !== 0) return c;
      }
      return 0;
    });
    for (const key of seen) place(colIndex, colKeys, key);
  }
  for (const row of result.rows) {
    const r = place(
      rowIndex,
      rowKeys,
      rowDims.map((d) => row[d.i] ?? null),
    );
    const c =
      colDims.length === 0
        ? 0
        : place(
            colIndex,
            colKeys,
            colDims.map((d) => row[d.i] ?? null),
          );
    cells[r] ??= [];
    counts[r] ??= [];
    const cell = (cells[r][c] ??= measures.map(() => null));
    const n = (counts[r][c] ??= measures.map(() => 0));
    measures.forEach((m, j) => {
      const v = row[m.i] ?? null;
      if (v === null) return;
      cell[j] = n[j] === 0 ? v : combineAll([cell[j], v], combiners[j]);
      n[j] += 1;
    });
  }
  for (let r = 0; r < rowKeys.length; r += 1) {
    cells[r] ??= [];
    for (let c = 0; c < colKeys.length; c += 1) cells[r][c] ??= measures.map(() => null);
  }

  const totals = spec.totals ?? true;
  const rowTotals = rowKeys.map((_, r) => measures.map((__, j) => combineAll(cells[r].map((cell) => cell[j]), combiners[j])));
  const colTotals = colKeys.map((_, c) => measures.map((__, j) => combineAll(cells.map((row) => row[c][j]), combiners[j])));
  const grandTotals = measures.map((_, j) => combineAll(cells.flatMap((row) => row.map((cell) => cell[j])), combiners[j]));
  return {
    rowDims: rowDims.map((d) => d.c),
    colDims: colDims.map((d) => d.c),
    measures: measures.map((m) => m.c),
    unplaced,
    rowKeys,
    colKeys,
    cells,
    totals,
    rowTotals,
    colTotals,
    grandTotals,
  };
}

/**
 * The drill values of a pivot cell: the row's and the column's dimension values by output name.
 * `row` or `col` null = a total (its own dimensions only; both null = the grand total, no narrowing).
 */
export function pivotDrillValues(m: PivotMatrix, row: number | null, col: number | null): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (row !== null) m.rowDims.forEach((d, i) => (values[d.name] = m.rowKeys[row][i]));
  if (col !== null) m.colDims.forEach((d, i) => (values[d.name] = m.colKeys[col][i]));
  return values;
}
