/** Results the analytics unit tests share (contracts QueryResult). */
import type { QueryResult, QueryResultColumn } from '../../../contracts';
import type { FormatContext } from './format';

export const ctx: FormatContext = {
  locale: 'en-US',
  labels: { c1: 'ACME', c2: 'Globex' },
  empty: '(empty)',
  yes: 'Yes',
  no: 'No',
  week: '{date} (wk)',
};

export function result(
  columns: QueryResultColumn[],
  rows: unknown[][],
  labels: Record<string, string> = ctx.labels,
): QueryResult {
  return { columns, rows, labels, truncated: false, rowCap: 10_000, cost: 1, elapsedMs: 1 };
}

export const month: QueryResultColumn = {
  name: 'month',
  label: 'Month',
  role: 'dimension',
  type: 'date',
  field: 'date',
  bucket: 'month',
};
export const client: QueryResultColumn = { name: 'client', label: 'Client', role: 'dimension', type: 'id', field: 'client' };
export const status: QueryResultColumn = { name: 'status', label: 'Status', role: 'dimension', type: 'text', field: 'status' };
export const count: QueryResultColumn = { name: 'count', label: 'Count', role: 'measure', type: 'number' };
export const amount: QueryResultColumn = { name: 'amount', label: 'Amount (sum)', role: 'measure', type: 'number' };
