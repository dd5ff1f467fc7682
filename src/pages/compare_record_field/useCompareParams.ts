/**
 * The state of `/compare_record_field`, kept in the URL query so a link opens a comparison:
 * `mode` (versions | records), `app`, `subject`, `field`, `record` (versions) or `records=a,b,c`
 * (records, the first is the baseline). Without `mode`, `records` alone means the records mode.
 * Choosing an application clears the subject and below; choosing a subject clears the records and
 * field; switching modes carries the record(s) over.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'umi';

export type CompareMode = 'versions' | 'records';

/** At most this many records compared side by side. */
export const MAX_RECORDS = 10;

export interface CompareParams {
  mode: CompareMode;
  app?: string;
  subject?: string;
  field?: string;
  record?: string;
  records: string[];
}

/** Reads the comparison from a query string (pure; unit-tested). */
export function parseCompareParams(search: URLSearchParams): CompareParams {
  const get = (k: string) => search.get(k)?.trim() || undefined;
  const records = [...new Set((search.get('records') ?? '').split(',').map((s) => s.trim()).filter(Boolean))].slice(0, MAX_RECORDS);
  const modeParam = get('mode');
  const mode: CompareMode = modeParam === 'records' || modeParam === 'versions' ? modeParam : records.length > 0 && !get('record') ? 'records' : 'versions';
  return { mode, app: get('app'), subject: get('subject'), field: get('field'), record: get('record'), records };
}

/** The query of a comparison (empty values left out; `records` joined by commas, which the URL encodes as %2C). */
export function toSearch(p: CompareParams): URLSearchParams {
  const out = new URLSearchParams();
  out.set('mode', p.mode);
  if (p.app) out.set('app', p.app);
  if (p.subject) out.set('subject', p.subject);
  if (p.mode === 'versions' && p.record) out.set('record', p.record);
  if (p.mode === 'records' && p.records.length > 0) out.set('records', p.records.join(','));
  if (p.field) out.set('field', p.field);
  return out;
}

/** The next state after a change, with the resets described above. */
export function nextParams(p: CompareParams, change: Partial<CompareParams>): CompareParams {
  const next = { ...p, ...change };
  if ('app' in change && change.app !== p.app) Object.assign(next, { subject: undefined, field: undefined, record: undefined, records: [] });
  else if ('subject' in change && change.subject !== p.subject) Object.assign(next, { field: undefined, record: undefined, records: [] });
  if (change.mode === 'records' && p.mode === 'versions' && next.records.length === 0 && next.record) next.records = [next.record];
  if (change.mode === 'versions' && p.mode === 'records' && !next.record && next.records.length > 0) next.record = next.records[0];
  return next;
}

/** The comparison in the URL and a setter that replaces the query (no new history entry per pick). */
export function useCompareParams(): [CompareParams, (change: Partial<CompareParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseCompareParams(search), [search]);
  const update = useCallback(
    (change: Partial<CompareParams>) => setSearch(toSearch(nextParams(params, change)), { replace: true }),
    [params, setSearch],
  );
  return [params, update];
}
